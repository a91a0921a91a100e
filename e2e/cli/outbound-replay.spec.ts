/**
 * `wp svc webhook replay`: an outbound delivery sent again as a new delivery of the same event, through the
 * same use case as POST /admin/webhook-deliveries/{id}/replay, to a loopback receiver that verifies signatures.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { testToken } from '../fixtures/env';
import { clearBlocked, readBlocked } from '../fixtures/outbound';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import { startReceiver, type Receiver } from '../fixtures/webhook-receiver';
import { cliLines, wp, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';

// No request of this spec starts a WP-Cron run that could send deliveries at its own moment.
test.use( { extraHTTPHeaders: { 'X-Svc-Test-No-Cron': testToken } } );

let receiver: Receiver;

test.beforeAll( async () => {
	receiver = await startReceiver();
} );

test.afterAll( async () => {
	await receiver.close();
} );

test( 'a delivery is replayed from the command line as a new delivery of the same event; an unknown one is refused in words', async ( {
	request,
} ) => {
	test.setTimeout( 180_000 );
	const headers = await keyHeaders( request, 'admin' );
	await setSettings( request, { webhooks_allow_private: true } );
	await clearBlocked( request );
	const made = await request.post( `${ ADMIN }/products`, {
		headers,
		data: { name: `Replay ${ randomUUID().slice( 0, 8 ) }` },
	} );
	expect( made.status() ).toBe( 201 );
	const hook = await request.post( `${ ADMIN }/webhook-endpoints`, {
		headers,
		data: {
			url: receiver.url( '/cli-replay' ),
			event_types: [ 'license.created' ],
			product_id: ( await made.json() ).id,
		},
	} );
	expect( hook.status(), await hook.text() ).toBe( 201 );
	const endpoint = await hook.json();
	receiver.setSecret( '/cli-replay', String( endpoint.secret ) );
	try {
		const sent = await request.post(
			`${ ADMIN }/webhook-endpoints/${ endpoint.id }/test`,
			{ headers }
		);
		expect( sent.status(), await sent.text() ).toBe( 201 );
		const original = await sent.json();

		const replayedId = Number(
			(
				await wpOk( [
					'svc',
					'webhook',
					'replay',
					String( original.id ),
					'--porcelain',
				] )
			).trim()
		);
		expect( replayedId ).toBeGreaterThan( original.id );
		const replayed = await (
			await request.get(
				`${ ADMIN }/webhook-deliveries/${ replayedId }`,
				{
					headers,
				}
			)
		).json();
		expect( replayed ).toMatchObject( {
			replay_of: original.id,
			endpoint_id: endpoint.id,
			event_type: 'webhook.test',
			status: 'succeeded',
			attempts: 1,
		} );
		expect( replayed.delivery_id ).not.toBe( original.delivery_id );
		const hits = receiver.hits( '/cli-replay' );
		expect( hits.map( ( hit ) => hit.verified ) ).toEqual( [ true, true ] );
		expect( JSON.parse( hits[ 1 ].body ).event ).toEqual(
			JSON.parse( hits[ 0 ].body ).event
		);

		// Without --porcelain it says what happened, in words.
		const again = await wp( [
			'svc',
			'webhook',
			'replay',
			String( original.id ),
		] );
		expect( again.code ).toBe( 0 );
		expect( cliLines( again.stdout + again.stderr ) ).toEqual( [
			expect.stringMatching(
				new RegExp(
					`^Success: Delivery ${ original.id } replayed as delivery \\d+: succeeded \\(HTTP 200\\)\\.$`
				)
			),
		] );

		// An unknown delivery: the REST API's 404 message, exit 1, nothing sent.
		const unknown = await wp( [ 'svc', 'webhook', 'replay', '999999999' ] );
		expect( unknown.code ).toBe( 1 );
		const rest = await (
			await request.post(
				`${ ADMIN }/webhook-deliveries/999999999/replay`,
				{ headers }
			)
		).json();
		expect( cliLines( unknown.stderr ) ).toEqual( [
			`Error: ${ rest.message }`,
		] );
		expect( receiver.hits( '/cli-replay' ) ).toHaveLength( 3 );
	} finally {
		await request.delete( `${ ADMIN }/webhook-endpoints/${ endpoint.id }`, {
			headers,
		} );
		await setSettings( request, { webhooks_allow_private: false } );
	}
	expect( await readBlocked( request ) ).toEqual( [] );
} );
