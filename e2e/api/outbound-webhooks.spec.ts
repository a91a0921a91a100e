/**
 * Outbound webhooks: endpoints registered through the admin API get the event log's events, signed, from the
 * every-minute job (run here at chosen moments); failures are retried on the schedule and logged attempt by
 * attempt; deliveries can be replayed; an endpoint that keeps failing is disabled; private and loopback
 * addresses are refused unless the setting allows them; redirects are never followed. The receiver is a Node
 * server on the loopback (e2e/fixtures/webhook-receiver.ts, the TypeScript example of the docs) and verifies
 * every signature. Every test scopes its endpoints to a product of its own, so other events never reach them.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { testToken } from '../fixtures/env';
import {
	clearBlocked,
	readBlocked,
	runOutboundJob,
} from '../fixtures/outbound';
import {
	keyHeaders,
	scanPersonalData,
	setSettings,
} from '../fixtures/test-helpers';
import { startReceiver, type Receiver } from '../fixtures/webhook-receiver';

const ADMIN = '/wp-json/svc/v1/admin';

// No request of this spec starts a WP-Cron run: the job runs only when a test runs it, at the test's moment.
test.use( { extraHTTPHeaders: { 'X-Svc-Test-No-Cron': testToken } } );

interface Endpoint {
	id: number;
	url: string;
	event_types: string[];
	product_id: number | null;
	is_active: boolean;
	failing_since: string | null;
	disabled_at: string | null;
	disabled_reason: string | null;
	secret?: string;
}

interface Attempt {
	attempt: number;
	status_code: number | null;
	error: string | null;
	duration_ms: number;
	response_excerpt: string;
}

interface Delivery {
	id: number;
	delivery_id: string;
	endpoint_id: number;
	event_id: number | null;
	event_type: string;
	status: string;
	attempts: number;
	next_attempt_at: string | null;
	last_status_code: number | null;
	replay_of: number | null;
	body?: string;
	attempts_log?: Attempt[];
}

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
	// Delivery tests send to the receiver on the loopback; the SSRF tests switch this off themselves.
	await setSettings( request, { webhooks_allow_private: true } );
	await clearBlocked( request );
} );

test.afterEach( async ( { request } ) => {
	await setSettings( request, { webhooks_allow_private: false } );
	while ( created.length > 0 ) {
		await request.delete(
			`${ ADMIN }/webhook-endpoints/${ created.pop() }`,
			{ headers }
		);
	}
	// Whatever a test did, no delivery request was ever on its way off the loopback.
	expect( await readBlocked( request ) ).toEqual( [] );
} );

const now = () => Math.floor( Date.now() / 1000 );

async function product( request: APIRequestContext ): Promise< number > {
	const response = await request.post( `${ ADMIN }/products`, {
		headers,
		data: { name: `Outbound ${ randomUUID().slice( 0, 8 ) }` },
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	return ( await response.json() ).id;
}

/** A licence for the product: one license.created event. */
async function license( request: APIRequestContext, productId: number ) {
	const response = await request.post( `${ ADMIN }/licenses`, {
		headers,
		data: {
			product_id: productId,
			customer_email: `hooks-${ randomUUID().slice( 0, 8 ) }@example.com`,
		},
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	return ( await response.json() ) as {
		id: number;
		license_key: string;
		customer_email: string;
	};
}

/** A registered endpoint on a receiver path, whose secret the receiver verifies with. */
async function endpoint(
	request: APIRequestContext,
	path: string,
	productId: number,
	eventTypes: string[] = [ 'license.created' ]
): Promise< Endpoint > {
	const response = await request.post( `${ ADMIN }/webhook-endpoints`, {
		headers,
		data: {
			url: receiver.url( path ),
			event_types: eventTypes,
			product_id: productId,
		},
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	const body = ( await response.json() ) as Endpoint;
	created.push( body.id );
	receiver.setSecret( path, String( body.secret ) );
	return body;
}

async function deliveries(
	request: APIRequestContext,
	endpointId: number
): Promise< Delivery[] > {
	const response = await request.get( `${ ADMIN }/webhook-deliveries`, {
		headers,
		params: { endpoint_id: endpointId, per_page: 100 },
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return ( await response.json() ).data;
}

async function delivery(
	request: APIRequestContext,
	id: number
): Promise< Delivery > {
	const response = await request.get(
		`${ ADMIN }/webhook-deliveries/${ id }`,
		{
			headers,
		}
	);
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

async function readEndpoint(
	request: APIRequestContext,
	id: number
): Promise< Endpoint > {
	const response = await request.get(
		`${ ADMIN }/webhook-endpoints/${ id }`,
		{
			headers,
		}
	);
	expect( response.status() ).toBe( 200 );
	return response.json();
}

test.describe( 'outbound webhooks', () => {
	test( 'an event is delivered once, signed, with its delivery id; the secret is shown only at creation', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const other = await product( request );
		const hook = await endpoint( request, '/ok', productId );
		expect( hook.secret ).toMatch( /^svcwh_[A-Za-z0-9]{40}$/ );
		const shown = await readEndpoint( request, hook.id );
		expect( shown ).not.toHaveProperty( 'secret' );
		expect( JSON.stringify( shown ) ).not.toContain(
			String( hook.secret )
		);

		const issued = await license( request, productId );
		await license( request, other ); // Another product's event: not for this endpoint.
		const t = now();
		await runOutboundJob( request, t );

		const hits = receiver.hits( '/ok' );
		expect( hits ).toHaveLength( 1 );
		expect( hits[ 0 ].verified ).toBe( true );
		const body = JSON.parse( hits[ 0 ].body );
		expect( body.type ).toBe( 'license.created' );
		expect( body.id ).toBe( hits[ 0 ].headers[ 'svc-webhook-id' ] );
		expect( hits[ 0 ].headers[ 'svc-webhook-event' ] ).toBe(
			'license.created'
		);
		expect( body.event ).toMatchObject( {
			type: 'license.created',
			subject: { type: 'license', id: issued.id },
			product_id: productId,
		} );
		expect( hits[ 0 ].body ).not.toContain( issued.license_key );

		// The log has the one delivery, succeeded at the first attempt, with the answer's first bytes.
		const [ row ] = await deliveries( request, hook.id );
		expect( row ).toMatchObject( {
			delivery_id: body.id,
			event_id: body.event.id,
			status: 'succeeded',
			attempts: 1,
			last_status_code: 200,
		} );
		const detail = await delivery( request, row.id );
		expect( detail.body ).toBe( hits[ 0 ].body );
		expect( detail.attempts_log ).toHaveLength( 1 );
		expect( detail.attempts_log?.[ 0 ] ).toMatchObject( {
			attempt: 1,
			status_code: 200,
			error: null,
			response_excerpt: 'receiver 200 verified',
		} );
		expect( detail.attempts_log?.[ 0 ].duration_ms ).toEqual(
			expect.any( Number )
		);

		// Running the job again sends nothing new.
		await runOutboundJob( request, t + 120 );
		expect( receiver.hits( '/ok' ) ).toHaveLength( 1 );
		expect( await deliveries( request, hook.id ) ).toHaveLength( 1 );
	} );

	test( 'a receiver that answers 500 twice gets the delivery on the third attempt, on the schedule, each attempt logged', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const hook = await endpoint( request, '/flaky', productId );
		receiver.answer( '/flaky', [ 500, 500 ] );
		await license( request, productId );

		const t = now();
		await runOutboundJob( request, t );
		expect( receiver.hits( '/flaky' ) ).toHaveLength( 1 );
		let [ row ] = await deliveries( request, hook.id );
		expect( row ).toMatchObject( {
			status: 'pending',
			attempts: 1,
			last_status_code: 500,
		} );

		// Not due before a minute has passed.
		await runOutboundJob( request, t + 30 );
		expect( receiver.hits( '/flaky' ) ).toHaveLength( 1 );

		await runOutboundJob( request, t + 61 );
		expect( receiver.hits( '/flaky' ) ).toHaveLength( 2 );
		[ row ] = await deliveries( request, hook.id );
		expect( row ).toMatchObject( { status: 'pending', attempts: 2 } );

		// The second retry waits five minutes after the second failure.
		await runOutboundJob( request, t + 61 + 200 );
		expect( receiver.hits( '/flaky' ) ).toHaveLength( 2 );
		await runOutboundJob( request, t + 61 + 301 );

		const hits = receiver.hits( '/flaky' );
		expect( hits ).toHaveLength( 3 );
		expect( hits.every( ( hit ) => hit.verified ) ).toBe( true );
		// One delivery id and one body on every attempt: a receiver can deduplicate.
		expect(
			new Set( hits.map( ( hit ) => hit.headers[ 'svc-webhook-id' ] ) )
				.size
		).toBe( 1 );
		expect( new Set( hits.map( ( hit ) => hit.body ) ).size ).toBe( 1 );

		[ row ] = await deliveries( request, hook.id );
		expect( row ).toMatchObject( {
			status: 'succeeded',
			attempts: 3,
			last_status_code: 200,
		} );
		const detail = await delivery( request, row.id );
		expect(
			detail.attempts_log?.map( ( a ) => [
				a.attempt,
				a.status_code,
				a.error,
			] )
		).toEqual( [
			[ 1, 500, 'HTTP 500' ],
			[ 2, 500, 'HTTP 500' ],
			[ 3, 200, null ],
		] );
		expect( detail.attempts_log?.[ 0 ].response_excerpt ).toBe(
			'receiver 500 verified'
		);
		expect(
			( await readEndpoint( request, hook.id ) ).failing_since
		).toBeNull();
	} );

	test( 'a delivery can be replayed as a new delivery of the same event, and a test event sent', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const hook = await endpoint( request, '/replay', productId );
		await license( request, productId );
		await runOutboundJob( request, now() );
		const [ original ] = await deliveries( request, hook.id );
		expect( original.status ).toBe( 'succeeded' );

		const response = await request.post(
			`${ ADMIN }/webhook-deliveries/${ original.id }/replay`,
			{ headers }
		);
		expect( response.status(), await response.text() ).toBe( 201 );
		const replayed = ( await response.json() ) as Delivery;
		expect( replayed ).toMatchObject( {
			replay_of: original.id,
			event_id: original.event_id,
			status: 'succeeded',
			attempts: 1,
		} );
		expect( replayed.delivery_id ).not.toBe( original.delivery_id );

		const hits = receiver.hits( '/replay' );
		expect( hits ).toHaveLength( 2 );
		expect(
			hits.map( ( hit ) => [ hit.verified, hit.duplicate ] )
		).toEqual( [
			[ true, false ],
			[ true, false ],
		] );
		expect( JSON.parse( hits[ 1 ].body ).event ).toEqual(
			JSON.parse( hits[ 0 ].body ).event
		);

		const sent = await request.post(
			`${ ADMIN }/webhook-endpoints/${ hook.id }/test`,
			{
				headers,
			}
		);
		expect( sent.status(), await sent.text() ).toBe( 201 );
		expect( await sent.json() ).toMatchObject( {
			event_type: 'webhook.test',
			status: 'succeeded',
		} );
		const last = receiver.hits( '/replay' )[ 2 ];
		expect( last.verified ).toBe( true );
		expect( JSON.parse( last.body ) ).toMatchObject( {
			type: 'webhook.test',
			event: {
				type: 'webhook.test',
				subject: { type: 'webhook_endpoint', id: hook.id },
			},
		} );

		await expectError(
			await request.post(
				`${ ADMIN }/webhook-deliveries/999999999/replay`,
				{ headers }
			),
			404,
			'not_found'
		);
	} );

	test( 'an endpoint whose delivery fails every attempt for more than a day is disabled and gets nothing more', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const hook = await endpoint( request, '/down', productId );
		receiver.answer( '/down', Array( 20 ).fill( 503 ) );
		await license( request, productId );

		// The first attempt, then the six retries 1 min, 5 min, 30 min, 2 h, 12 h and 24 h after each failure.
		let t = now();
		const moments = [ t ];
		for ( const delay of [ 60, 300, 1800, 7200, 43200, 86400 ] ) {
			t += delay + 1;
			moments.push( t );
		}
		for ( const [ index, moment ] of moments.entries() ) {
			await runOutboundJob( request, moment );
			expect(
				receiver.hits( '/down' ),
				`attempt ${ index + 1 }`
			).toHaveLength( index + 1 );
			if ( index < moments.length - 1 ) {
				expect(
					( await readEndpoint( request, hook.id ) ).is_active
				).toBe( true );
			}
		}

		const [ row ] = await deliveries( request, hook.id );
		expect( row ).toMatchObject( {
			status: 'failed',
			attempts: 7,
			next_attempt_at: null,
			last_status_code: 503,
		} );
		const disabled = await readEndpoint( request, hook.id );
		expect( disabled.is_active ).toBe( false );
		expect( disabled.disabled_at ).not.toBeNull();
		expect( disabled.disabled_reason ).toContain( 'failed all 7 attempts' );

		// Disabled: a new event is not sent to it.
		await license( request, productId );
		await runOutboundJob( request, t + 100000 );
		expect( receiver.hits( '/down' ) ).toHaveLength( 7 );

		// Switched on again by an admin, its failure record is cleared and the waiting delivery goes out.
		const patched = await request.patch(
			`${ ADMIN }/webhook-endpoints/${ hook.id }`,
			{
				headers,
				data: { is_active: true },
			}
		);
		expect( patched.status(), await patched.text() ).toBe( 200 );
		expect( await patched.json() ).toMatchObject( {
			is_active: true,
			disabled_at: null,
			failing_since: null,
		} );
		receiver.answer( '/down', [] );
		await runOutboundJob( request, t + 100001 );
		expect( receiver.hits( '/down' ) ).toHaveLength( 8 );
		expect( receiver.hits( '/down' )[ 7 ].verified ).toBe( true );
	} );

	test( 'a redirect is never followed: the 302 is logged as a failed attempt', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const hook = await endpoint( request, '/moved', productId );
		receiver.redirect( '/moved', receiver.url( '/landing' ) );
		await license( request, productId );
		await runOutboundJob( request, now() );

		expect( receiver.hits( '/moved' ) ).toHaveLength( 1 );
		expect( receiver.hits( '/landing' ) ).toHaveLength( 0 );
		const [ row ] = await deliveries( request, hook.id );
		expect( row ).toMatchObject( {
			status: 'pending',
			attempts: 1,
			last_status_code: 302,
		} );
		const detail = await delivery( request, row.id );
		expect( detail.attempts_log?.[ 0 ] ).toMatchObject( {
			status_code: 302,
			error: 'HTTP 302',
		} );
	} );

	test( 'loopback and private addresses are refused unless the setting allows them, and nothing is sent to them', async ( {
		request,
	} ) => {
		const productId = await product( request );
		await setSettings( request, { webhooks_allow_private: false } );
		const port = new URL( receiver.url( '/' ) ).port;
		for ( const url of [
			`http://127.0.0.1:${ port }/ssrf`,
			'http://10.0.0.1/hook',
			'http://10.20.30.40:8080/hook',
			`http://localhost:${ port }/ssrf`,
			`http://[::1]:${ port }/ssrf`,
			`http://[::ffff:127.0.0.1]:${ port }/ssrf`,
			'http://169.254.169.254/latest/meta-data/',
		] ) {
			const body = await expectError(
				await request.post( `${ ADMIN }/webhook-endpoints`, {
					headers,
					data: {
						url,
						event_types: [ 'license.created' ],
						product_id: productId,
					},
				} ),
				400,
				'invalid_params'
			);
			expect( body.message, url ).toContain( 'webhooks_allow_private' );
		}
		for ( const url of [
			'ftp://example.com/hook',
			'file:///etc/passwd',
			'http://user:pw@example.com/',
		] ) {
			const body = await expectError(
				await request.post( `${ ADMIN }/webhook-endpoints`, {
					headers,
					data: {
						url,
						event_types: [ 'license.created' ],
						product_id: productId,
					},
				} ),
				400,
				'invalid_params'
			);
			expect( body.message, url ).toContain( 'http://' );
		}

		// Allowed, both register; switched off again, the job refuses to send to either, and logs why.
		await setSettings( request, { webhooks_allow_private: true } );
		const loopback = await endpoint( request, '/ssrf', productId );
		const privateNet = await request.post( `${ ADMIN }/webhook-endpoints`, {
			headers,
			data: {
				url: 'http://10.20.30.40:8080/hook',
				event_types: [ 'license.created' ],
				product_id: productId,
			},
		} );
		expect( privateNet.status(), await privateNet.text() ).toBe( 201 );
		const privateHook = ( await privateNet.json() ) as Endpoint;
		created.push( privateHook.id );
		await setSettings( request, { webhooks_allow_private: false } );

		await license( request, productId );
		await runOutboundJob( request, now() );
		expect( receiver.hits( '/ssrf' ) ).toHaveLength( 0 );
		expect( await readBlocked( request ) ).toEqual( [] );
		for ( const hook of [ loopback, privateHook ] ) {
			const [ row ] = await deliveries( request, hook.id );
			expect( row ).toMatchObject( {
				status: 'pending',
				attempts: 1,
				last_status_code: null,
			} );
			const detail = await delivery( request, row.id );
			expect( detail.attempts_log?.[ 0 ].error ).toContain( 'Not sent' );
		}
	} );

	test( 'bad input gets the error envelope; reading needs read, changing needs admin', async ( {
		request,
	} ) => {
		const productId = await product( request );
		await expectError(
			await request.post( `${ ADMIN }/webhook-endpoints`, {
				headers,
				data: {
					url: receiver.url( '/x' ),
					event_types: [ 'license.exploded' ],
				},
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.post( `${ ADMIN }/webhook-endpoints`, {
				headers,
				data: { url: receiver.url( '/x' ), event_types: [] },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.post( `${ ADMIN }/webhook-endpoints`, {
				headers,
				data: {
					url: receiver.url( '/x' ),
					event_types: [ 'license.created' ],
					product_id: 999999999,
				},
			} ),
			400,
			'invalid_params'
		);
		const read = await keyHeaders( request, 'read' );
		await expectError(
			await request.post( `${ ADMIN }/webhook-endpoints`, {
				headers: read,
				data: {
					url: receiver.url( '/x' ),
					event_types: [ 'license.created' ],
				},
			} ),
			403,
			'forbidden'
		);
		const hook = await endpoint( request, '/scoped', productId );
		const list = await request.get( `${ ADMIN }/webhook-endpoints`, {
			headers: read,
		} );
		expect( list.status() ).toBe( 200 );
		expect(
			( await list.json() ).data.map( ( e: Endpoint ) => e.id )
		).toContain( hook.id );
		// A key limited to another product neither sees nor reaches it.
		const otherKey = await keyHeaders(
			request,
			'admin',
			await product( request )
		);
		const scoped = await request.get( `${ ADMIN }/webhook-endpoints`, {
			headers: otherKey,
		} );
		expect(
			( await scoped.json() ).data.map( ( e: Endpoint ) => e.id )
		).not.toContain( hook.id );
		await expectError(
			await request.get( `${ ADMIN }/webhook-endpoints/${ hook.id }`, {
				headers: otherKey,
			} ),
			403,
			'product_out_of_scope'
		);
		await expectError(
			await request.get( `${ ADMIN }/webhook-endpoints/999999999`, {
				headers,
			} ),
			404,
			'not_found'
		);
	} );

	test( 'a privacy erase redacts the customer in the delivery log too', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const hook = await endpoint( request, '/privacy', productId );
		const { customer_email: email } = await license( request, productId );
		await runOutboundJob( request, now() );
		expect( receiver.hits( '/privacy' ) ).toHaveLength( 1 );
		expect( await scanPersonalData( request, email ) ).toMatchObject( {
			svc_events: 1,
			svc_webhook_deliveries: 1,
		} );
		const replayed = await request.post(
			`${ ADMIN }/webhook-deliveries/${ ( await deliveries( request, hook.id ) )[ 0 ].id }/replay`,
			{ headers }
		);
		expect( replayed.status() ).toBe( 201 );

		const erased = await request.post( `${ ADMIN }/privacy/erase`, {
			headers,
			data: { email },
		} );
		expect( erased.status(), await erased.text() ).toBe( 200 );
		const found = await scanPersonalData( request, email );
		expect(
			Object.values( found ).every( ( count ) => count === 0 ),
			JSON.stringify( found )
		).toBe( true );
		const [ latest ] = await deliveries( request, hook.id );
		const body = JSON.parse(
			String( ( await delivery( request, latest.id ) ).body )
		);
		expect( body.event.payload.customer_email ).toBe( '[erased]' );
	} );

	test( 'several job runs at once send each delivery exactly once', async ( {
		request,
	} ) => {
		const productId = await product( request );
		const hook = await endpoint( request, '/race', productId );
		for ( let i = 0; i < 4; i++ ) {
			await license( request, productId );
		}
		const t = now();
		await Promise.all(
			Array.from( { length: 6 }, () => runOutboundJob( request, t ) )
		);
		const hits = receiver.hits( '/race' );
		expect( hits ).toHaveLength( 4 );
		expect( hits.every( ( hit ) => hit.verified && ! hit.duplicate ) ).toBe(
			true
		);
		const rows = await deliveries( request, hook.id );
		expect( rows.map( ( r ) => [ r.status, r.attempts ] ) ).toEqual(
			Array( 4 ).fill( [ 'succeeded', 1 ] )
		);
	} );
} );
