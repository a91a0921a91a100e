/**
 * WP-Cron under lane-only traffic. WP-Cron runs from requests that boot WordPress (core's wp_cron on init); the
 * fast lane answers before init, so it starts WP-Cron itself after its answer (FastLane::after_response). With
 * every request taking the lane, a licence past its expiry must still be stored as expired and a failed webhook
 * event must still be retried.
 *
 * How no full-WordPress request can start the run instead: every setup and read request below goes through a
 * context that sends X-Svc-Test-No-Cron, with which the test helpers take core's wp_cron off init before init
 * fires, so those requests never start WP-Cron. The jobs are made due by such a request too, and only after the
 * state they act on is set up. The test helpers also tag each WP-Cron spawn URL with the kind of request that
 * started it (the lane, or a full WordPress request), and wp-cron.php logs the tag with each run of the plugin's jobs: the test
 * asserts that every run it saw was started by the lane. The traffic is our validate route, and then an old EDD SL
 * client's check_license on the front URL: the lane answers those too while edd_sl_protocol is on, and with the lane
 * off WordPress answers them at init and ends the request before wp_loaded, where core would start WP-Cron, so that
 * answer must start it too (OldProtocolCall::answer_on_init); that case runs in the lane-off pass, its runs started
 * by full WordPress requests.
 */
import {
	expect,
	test,
	request as requestFactory,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';
import { baseURL, fastLane, testToken } from '../fixtures/env';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import {
	createLicense,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import { holdSource } from '../fixtures/import';

const ADMIN = '/wp-json/svc/v1/admin';
const SECRET = `whsec_${ unique( 'cron' ) }`;
const EXPIRE = 'svc_licensing_expire_licenses';
const RETRY = 'svc_licensing_retry_webhooks';

interface CronRun {
	hook: string;
	spawned_by: string;
}

async function helper(
	request: APIRequestContext,
	method: 'GET' | 'POST',
	route: string,
	data?: unknown
) {
	const response = await request.fetch( `/wp-json/svc-test/v1${ route }`, {
		method,
		headers: { 'X-Svc-Test-Token': testToken },
		data,
	} );
	expect( response.status(), route ).toBe( 200 );
	return response.json();
}

test.describe( 'WP-Cron with the fast lane', () => {
	let quiet: APIRequestContext;
	test.beforeAll( async () => {
		quiet = await requestFactory.newContext( {
			baseURL,
			extraHTTPHeaders: { 'X-Svc-Test-No-Cron': testToken },
		} );
		await setSettings( quiet, { webhook_signing_secret: SECRET } );
	} );
	test.afterAll( async () => {
		// Later specs (the panel's health) expect the fresh site's state: no secret, no old protocol answered.
		await setSettings( quiet, { webhook_signing_secret: '' } );
		await quiet.dispose();
	} );
	// edd_sl_protocol is one per site: each test holds EDD SL's turn (e2e/fixtures/site-turn.ts) while it is on.
	let giveBack: ( () => void ) | undefined;
	test.afterEach( async () => {
		if ( giveBack ) {
			await setSettings( quiet, { edd_sl_protocol: null } );
			giveBack();
			giveBack = undefined;
		}
	} );

	/**
	 * The traffic: one kind of request, each answered before WordPress reaches wp_loaded, where core starts WP-Cron.
	 * `laneOnly`: with the lane off WordPress answers it in full, which runs WP-Cron itself (nothing to test).
	 */
	const TRAFFIC: Array< {
		name: string;
		laneOnly: boolean;
		call: (
			request: APIRequestContext,
			key: string,
			slug: string
		) => Promise< APIResponse >;
	} > = [
		{
			name: 'validate',
			laneOnly: true,
			call: ( request, key, slug ) =>
				request.post( '/wp-json/svc/v1/licenses/validate', {
					data: {
						license_key: key,
						product_slug: slug,
						site_url: 'https://cron.example',
					},
				} ),
		},
		{
			// Answered by the lane, or with the lane off at WordPress' init, which ends the request there.
			name: "an old EDD SL client's check_license",
			laneOnly: false,
			// An item this store does not have: answered (item_name_mismatch) all the same.
			call: ( request, key ) =>
				request.post( '/', {
					form: {
						edd_action: 'check_license',
						license: key,
						item_name: 'No such item',
						url: 'https://cron.example',
					},
				} ),
		},
	];

	for ( const traffic of TRAFFIC ) {
		test( `a licence expiry and a webhook retry run when every request takes the lane (${ traffic.name })`, async ( {
			request,
		} ) => {
			test.skip(
				traffic.laneOnly && ! fastLane,
				'With the lane off every licence call boots WordPress, which runs WP-Cron itself: there is no lane-only traffic to test.'
			);
			test.setTimeout( 150_000 );
			giveBack = await holdSource( 'edd-sl' );
			await setSettings( quiet, { edd_sl_protocol: true } );
			const headers = await keyHeaders( quiet );
			const slug = unique( 'cron' ).toLowerCase();
			const expired = await createLicense(
				quiet,
				{ slug },
				{
					expires: new Date(
						Date.now() - 2 * 86400_000
					).toISOString(),
				}
			);
			const { license_key: key } = await createLicense( quiet, { slug } );
			// An invoice for a price no product is mapped to: stored, failed once, retried later.
			const payload = event(
				'invoice.paid',
				invoice(
					{
						invoice: unique( 'in' ),
						subscription: unique( 'sub' ),
						price: unique( 'price_unmapped' ),
						email: `${ unique( 'buyer' ).toLowerCase() }@example.com`,
						periodEnd: nowSeconds() + 30 * 86400,
					},
					'classic'
				)
			);
			expect( ( await deliver( quiet, payload, SECRET ) ).status() ).toBe(
				202
			);

			const license = async () =>
				(
					await (
						await quiet.get(
							`${ ADMIN }/licenses/${ expired.license_id }`,
							{ headers }
						)
					).json()
				).status as string;
			const retries = async () => {
				const page = await (
					await quiet.get( `${ ADMIN }/webhooks`, {
						headers,
						params: { event_id: payload.id },
					} )
				).json();
				return page.data[ 0 ].retry_count as number;
			};

			expect(
				await helper( quiet, 'POST', '/fixtures/webhook-due', {
					event_id: payload.id,
				} )
			).toEqual( { changed: 1 } );
			const due = await helper( quiet, 'POST', '/cron/due', {
				hooks: [ EXPIRE, RETRY ],
			} );
			expect( due[ EXPIRE ] ).toBeLessThan( nowSeconds() );
			expect( due[ RETRY ] ).toBeLessThan( nowSeconds() );
			// Due, and not run yet.
			expect( await license() ).toBe( 'active' );
			expect( await retries() ).toBe( 1 );
			expect( await helper( quiet, 'GET', '/cron/runs' ) ).toEqual( [] );

			// From here on, only lane requests: each may start WP-Cron after its answer (a run already under way
			// holds WP-Cron's lock for up to a minute, so several may be needed).
			const lanes: string[] = [];
			await expect
				.poll(
					async () => {
						const answer = await traffic.call( request, key, slug );
						lanes.push(
							`${ answer.status() } lane=${ answer.headers()[ 'x-svc-test-lane' ] }`
						);
						return [ await license(), await retries() ];
					},
					{ timeout: 120_000, intervals: [ 500, 1000, 2000 ] }
				)
				.toEqual( [ 'expired', 2 ] );

			expect(
				lanes.filter(
					( lane ) => lane !== `200 lane=${ fastLane ? '1' : '0' }`
				)
			).toEqual( [] );
			const runs: CronRun[] = await helper( quiet, 'GET', '/cron/runs' );
			expect( runs.map( ( run ) => run.hook ).sort() ).toEqual(
				expect.arrayContaining( [ EXPIRE, RETRY ] )
			);
			expect(
				runs.filter(
					( run ) => run.spawned_by !== ( fastLane ? 'lane' : 'full' )
				)
			).toEqual( [] );
		} );
	}
} );
