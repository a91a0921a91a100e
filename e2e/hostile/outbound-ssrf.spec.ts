/**
 * The outbound webhooks' SSRF guard against the holes the security review found: a non-ASCII host checked as written
 * while WordPress connects to its punycode (so the pin never matched and curl resolved the name again), and a
 * forward proxy, which looks the name up itself. Names come from the test site's resolver
 * (e2e/mu-plugins/svc-test-outbound.php); no DNS here knows them, and the test mu-plugin stops any delivery that is
 * not for the loopback in pre_http_request, so no packet can leave even if the guard fails.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { testToken } from '../fixtures/env';
import {
	clearBlocked,
	readBlocked,
	runOutboundJob,
	setNetwork,
} from '../fixtures/outbound';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import { startReceiver, type Receiver } from '../fixtures/webhook-receiver';

const ADMIN = '/wp-json/svc/v1/admin';
/**
 * A non-ASCII name, and the same as WordPress' HTTP API sends it. Under svc-test.invalid: a reserved TLD no DNS
 * answers, which the test sites let WordPress request (WP_ACCESSIBLE_HOSTS), so only the test resolver knows it.
 */
const IDN = 'bücher.svc-test.invalid';
const PUNYCODE = 'xn--bcher-kva.svc-test.invalid';
const NAMED = 'receiver.svc-test.invalid';

test.use( { extraHTTPHeaders: { 'X-Svc-Test-No-Cron': testToken } } );

let receiver: Receiver;
let headers: Record< string, string >;
const created: number[] = [];

test.beforeAll( async () => {
	receiver = await startReceiver();
} );

test.afterAll( async () => {
	await receiver.close();
} );

test.beforeEach( async ( { request } ) => {
	headers = await keyHeaders( request, 'admin' );
	await clearBlocked( request );
} );

test.afterEach( async ( { request } ) => {
	await setSettings( request, { webhooks_allow_private: false } );
	await setNetwork( request, {} );
	while ( created.length > 0 ) {
		await request.delete(
			`${ ADMIN }/webhook-endpoints/${ created.pop() }`,
			{ headers }
		);
	}
	// Nothing was sent anywhere but the loopback.
	expect( await readBlocked( request ) ).toEqual( [] );
} );

/** The receiver's URL for a path, under another host name (resolved by the test resolver, pinned by the guard). */
const urlAt = ( host: string, path: string ) =>
	receiver.url( path ).replace( '127.0.0.1', host );

async function productWithLicense(
	request: APIRequestContext
): Promise< number > {
	const product = await request.post( `${ ADMIN }/products`, {
		headers,
		data: { name: `SSRF ${ randomUUID().slice( 0, 8 ) }` },
	} );
	expect( product.status() ).toBe( 201 );
	return ( await product.json() ).id;
}

async function createEndpoint(
	request: APIRequestContext,
	url: string,
	productId: number
) {
	const response = await request.post( `${ ADMIN }/webhook-endpoints`, {
		headers,
		data: {
			url,
			event_types: [ 'license.created' ],
			product_id: productId,
		},
	} );
	if ( response.status() === 201 ) {
		created.push( ( await response.json() ).id );
	}
	return response;
}

/** One license.created event for the product, then the outbound job; answers the endpoint's delivery. */
async function deliverOnce(
	request: APIRequestContext,
	productId: number,
	endpointId: number
) {
	const license = await request.post( `${ ADMIN }/licenses`, {
		headers,
		data: {
			product_id: productId,
			customer_email: `ssrf-${ randomUUID().slice( 0, 8 ) }@example.com`,
		},
	} );
	expect( license.status() ).toBe( 201 );
	await runOutboundJob( request, Math.floor( Date.now() / 1000 ) );
	const list = await request.get( `${ ADMIN }/webhook-deliveries`, {
		headers,
		params: { endpoint_id: endpointId, per_page: 10 },
	} );
	const [ row ] = ( await list.json() ).data;
	const detail = await request.get(
		`${ ADMIN }/webhook-deliveries/${ row.id }`,
		{ headers }
	);
	return detail.json();
}

test.describe( 'hostile: the outbound webhook SSRF guard', () => {
	test( 'a non-ASCII host is checked as its punycode: one whose punycode resolves to the loopback is refused', async ( {
		request,
	} ) => {
		// As written, the name looks public; WordPress connects to the punycode, which is the loopback.
		await setNetwork( request, {
			hosts: {
				[ IDN ]: [ '93.184.216.34' ],
				[ PUNYCODE ]: [ '127.0.0.1' ],
			},
		} );
		const productId = await productWithLicense( request );
		const refused = await createEndpoint(
			request,
			urlAt( IDN, '/idn' ),
			productId
		);
		expect( refused.status() ).toBe( 400 );
		expect( await refused.text() ).toContain( '127.0.0.1' );
	} );

	test( 'a delivery to a non-ASCII host is pinned to the address checked for its punycode', async ( {
		request,
	} ) => {
		// Private targets allowed: the punycode name stands for the loopback receiver, and no DNS here knows it,
		// so the delivery arrives only if the pin holds the name WordPress actually connects to.
		await setSettings( request, { webhooks_allow_private: true } );
		await setNetwork( request, {
			hosts: { [ PUNYCODE ]: [ '127.0.0.1' ] },
		} );
		const productId = await productWithLicense( request );
		const endpoint = await createEndpoint(
			request,
			urlAt( IDN, '/pinned' ),
			productId
		);
		expect( endpoint.status(), await endpoint.text() ).toBe( 201 );
		const { id, secret } = await endpoint.json();
		receiver.setSecret( '/pinned', String( secret ) );
		const delivery = await deliverOnce( request, productId, id );
		expect( delivery.attempts_log[ 0 ] ).toMatchObject( {
			status_code: 200,
			error: null,
		} );
		expect( receiver.hits( '/pinned' ) ).toHaveLength( 1 );
		expect( receiver.hits( '/pinned' )[ 0 ].verified ).toBe( true );
	} );

	test( 'behind a forward proxy, which looks the name up itself, nothing is sent and the log says why', async ( {
		request,
	} ) => {
		await setSettings( request, { webhooks_allow_private: true } );
		await setNetwork( request, {
			hosts: { [ NAMED ]: [ '127.0.0.1' ] },
			proxy: true,
		} );
		const productId = await productWithLicense( request );
		const endpoint = await createEndpoint(
			request,
			urlAt( NAMED, '/proxied' ),
			productId
		);
		expect( endpoint.status(), await endpoint.text() ).toBe( 201 );
		const delivery = await deliverOnce(
			request,
			productId,
			( await endpoint.json() ).id
		);
		expect( delivery.attempts_log[ 0 ].status_code ).toBeNull();
		expect( delivery.attempts_log[ 0 ].error ).toContain(
			'Not sent: this site sends its web requests through a proxy'
		);
		expect( receiver.hits( '/proxied' ) ).toHaveLength( 0 );
	} );
} );
