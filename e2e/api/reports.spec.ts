/**
 * POST /svc/v1/updates/report and the failure-rate gate: a site's report counts once per release, an unknown
 * version is 404, and a release whose failure rate goes over its threshold pauses itself exactly once, with one
 * `release.paused` event that outbound webhooks deliver. Runs with the fast lane on and off (the api projects).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import { clearBlocked, runOutboundJob } from '../fixtures/outbound';
import { race } from '../fixtures/race';
import {
	awaitRoomInMinute,
	LOCAL_PROXIES,
	randomIp,
} from '../fixtures/rate-window';
import { startReceiver, type Receiver } from '../fixtures/webhook-receiver';
import { makeZip } from '../fixtures/zip';
import { fastLane } from '../fixtures/env';

const ADMIN = '/wp-json/svc/v1/admin';
const REPORT = '/wp-json/svc/v1/updates/report';

interface Release {
	id: number;
	version: string;
	reports: { installed: number; failed: number };
	gate: { threshold: number; min_reports: number };
	paused_at: string | null;
	pause_reason: string;
}

interface Fixture {
	slug: string;
	licenseKey: string;
	productId: number;
	release: Release;
	headers: Record< string, string >;
	/** The key each reporting site is activated with (by host): one licence per site, one vote each. */
	keys: Record< string, string >;
}

/**
 * A product with a published release 2.0.0, its gate set as given, and a licence per given site, activated
 * there: only an activated site on a usable licence reports, and each licence is one vote (docs/rollouts-gate.md).
 */
async function setup(
	request: APIRequestContext,
	gate: { gate_threshold?: number; gate_min_reports?: number } = {},
	sites: string[] = []
): Promise< Fixture > {
	const slug = `gate-${ randomUUID().slice( 0, 8 ) }`;
	const license = await createLicense(
		request,
		{ slug },
		{ count: Math.max( 1, sites.length ) }
	);
	const keys: Record< string, string > = {};
	for ( const [ i, site ] of sites.entries() ) {
		const key = license.licenses[ i ].license_key;
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{ data: { license_key: key, product_slug: slug, site_url: site } }
		);
		expect( activated.status(), await activated.text() ).toBe( 200 );
		keys[ hostOf( site ) ] = key;
	}
	const headers = await keyHeaders( request, 'admin' );
	const created = await request.post(
		`${ ADMIN }/products/${ license.product_id }/releases`,
		{
			headers,
			multipart: {
				version: '2.0.0',
				package: {
					name: `${ slug }.zip`,
					mimeType: 'application/zip',
					buffer: makeZip( {
						[ `${ slug }/${ slug }.php` ]: '<?php',
					} ),
				},
			},
		}
	);
	expect( created.status(), await created.text() ).toBe( 201 );
	let release = ( await created.json() ) as Release;
	if ( Object.keys( gate ).length > 0 ) {
		const changed = await request.patch(
			`${ ADMIN }/releases/${ release.id }`,
			{ headers, data: gate }
		);
		expect( changed.status(), await changed.text() ).toBe( 200 );
		release = ( await changed.json() ) as Release;
	}
	return {
		slug,
		licenseKey: license.license_key,
		productId: license.product_id,
		release,
		headers,
		keys,
	};
}

const hostOf = ( site: string ) => new URL( site ).host.toLowerCase();

const body = (
	f: Fixture,
	site: string,
	outcome: 'installed' | 'failed',
	extra: Record< string, string > = {}
) => ( {
	license_key: f.keys[ hostOf( site ) ] ?? f.licenseKey,
	product_slug: f.slug,
	site_url: site,
	version: '2.0.0',
	outcome,
	...extra,
} );

async function readRelease(
	request: APIRequestContext,
	f: Fixture
): Promise< Release > {
	const response = await request.get(
		`${ ADMIN }/releases/${ f.release.id }`,
		{
			headers: f.headers,
		}
	);
	expect( response.status() ).toBe( 200 );
	return ( await response.json() ) as Release;
}

async function pausedEvents( request: APIRequestContext, f: Fixture ) {
	const response = await request.get( `${ ADMIN }/events`, {
		headers: f.headers,
		params: {
			type: 'release.paused',
			product_id: f.productId,
			per_page: 100,
		},
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return ( await response.json() ).data as Array< {
		type: string;
		subject: { type: string; id: number };
		payload: Record< string, unknown >;
	} >;
}

test.beforeEach( async ( { request } ) => {
	await applySuiteSettings( request );
} );

test.describe( 'health reports', () => {
	test( 'a site is counted once per release, whatever it sends again', async ( {
		request,
	} ) => {
		const f = await setup( request, {}, [
			'https://one.example.com',
			'https://two.example.com',
		] );
		expect( f.release ).toMatchObject( {
			reports: { installed: 0, failed: 0 },
			gate: { threshold: 10, min_reports: 5 },
			paused_at: null,
			pause_reason: '',
		} );
		const first = await request.post( REPORT, {
			data: body( f, 'https://one.example.com', 'installed' ),
		} );
		expect( first.status(), await first.text() ).toBe( 200 );
		expect( await first.json() ).toEqual( { recorded: true } );
		// The route is declared once: the fast lane answers it when it is on, WordPress when it is off.
		expect( first.headers()[ 'x-svc-test-lane' ] ).toBe(
			fastLane ? '1' : '0'
		);

		// The same site again, in another spelling of its URL, and with the other outcome: not counted.
		for ( const again of [
			body( f, 'https://one.example.com', 'installed' ),
			body( f, 'https://ONE.example.com/', 'failed', {
				error_code: 'download_failed',
			} ),
		] ) {
			const response = await request.post( REPORT, { data: again } );
			expect( response.status() ).toBe( 200 );
			expect( await response.json() ).toEqual( { recorded: false } );
		}
		const second = await request.post( REPORT, {
			data: body( f, 'https://two.example.com', 'failed', {
				error_code: 'incompatible_archive',
			} ),
		} );
		expect( await second.json() ).toEqual( { recorded: true } );

		expect( ( await readRelease( request, f ) ).reports ).toEqual( {
			installed: 1,
			failed: 1,
		} );
	} );

	test( 'an unknown version, key or outcome is refused in the envelope', async ( {
		request,
	} ) => {
		const f = await setup( request, {}, [ 'https://one.example.com' ] );
		await expectError(
			await request.post( REPORT, {
				data: {
					...body( f, 'https://one.example.com', 'installed' ),
					version: '9.9.9',
				},
			} ),
			404,
			'not_found'
		);
		await expectError(
			await request.post( REPORT, {
				data: {
					...body( f, 'https://one.example.com', 'installed' ),
					license_key: 'AAAA-BBBB-CCCC-DDDD',
				},
			} ),
			404,
			'license_not_found'
		);
		await expectError(
			await request.post( REPORT, {
				data: {
					...body( f, 'https://one.example.com', 'installed' ),
					outcome: 'maybe',
				},
			} ),
			400,
			'invalid_params'
		);
		expect( ( await readRelease( request, f ) ).reports ).toEqual( {
			installed: 0,
			failed: 0,
		} );
	} );

	test( 'reports are rate-limited like the update check', async ( {
		request,
	} ) => {
		const f = await setup(
			request,
			{},
			[ 0, 1, 2 ].map( ( i ) => `https://rl-${ i }.example.com` )
		);
		// A caller of its own (X-Forwarded-For from a trusted local proxy), in a window that does not roll over.
		await setSettings( request, {
			rate_limits: { updates_check: 2 },
			trusted_proxies: LOCAL_PROXIES,
		} );
		await awaitRoomInMinute();
		const ip = randomIp();
		try {
			const codes: number[] = [];
			for ( let i = 0; i < 3; i++ ) {
				codes.push(
					(
						await request.post( REPORT, {
							headers: { 'X-Forwarded-For': ip },
							data: body(
								f,
								`https://rl-${ i }.example.com`,
								'installed'
							),
						} )
					).status()
				);
			}
			expect( codes.slice( 0, 2 ) ).toEqual( [ 200, 200 ] );
			expect( codes[ 2 ] ).toBe( 429 );
		} finally {
			await applySuiteSettings( request );
		}
	} );
} );

test.describe( 'the failure-rate gate', () => {
	test( 'pauses only over the threshold with enough reports, and once', async ( {
		request,
	} ) => {
		const f = await setup(
			request,
			{
				gate_threshold: 20,
				gate_min_reports: 5,
			},
			[
				...[ 0, 1, 2, 3 ].map(
					( i ) => `https://ok-${ i }.example.com`
				),
				...[ 0, 1, 2 ].map( ( i ) => `https://bad-${ i }.example.com` ),
			]
		);
		for ( let i = 0; i < 4; i++ ) {
			await request.post( REPORT, {
				data: body( f, `https://ok-${ i }.example.com`, 'installed' ),
			} );
		}
		// 1 failure in 5 reports is exactly 20 %: not over the threshold.
		await request.post( REPORT, {
			data: body( f, 'https://bad-0.example.com', 'failed', {
				error_code: 'fatal_error',
			} ),
		} );
		expect( ( await readRelease( request, f ) ).paused_at ).toBeNull();
		expect( await pausedEvents( request, f ) ).toEqual( [] );

		// 2 in 6 is 33 %: paused, with the figures.
		await request.post( REPORT, {
			data: body( f, 'https://bad-1.example.com', 'failed', {
				error_code: 'fatal_error',
			} ),
		} );
		const paused = await readRelease( request, f );
		expect( paused.paused_at ).not.toBeNull();
		expect( paused.pause_reason ).toBe(
			'Failure rate 33 % (2 of 6 licences reported a failure) is over the 20 % threshold.'
		);
		expect( paused.reports ).toEqual( { installed: 4, failed: 2 } );

		// Another failure pauses nothing again.
		await request.post( REPORT, {
			data: body( f, 'https://bad-2.example.com', 'failed' ),
		} );
		const events = await pausedEvents( request, f );
		expect( events ).toHaveLength( 1 );
		expect( events[ 0 ] ).toMatchObject( {
			subject: { type: 'release', id: f.release.id },
			payload: {
				version: '2.0.0',
				reason: paused.pause_reason,
				installed: 4,
				failed: 2,
			},
		} );
		expect( ( await readRelease( request, f ) ).paused_at ).toBe(
			paused.paused_at
		);
	} );

	test( 'parallel failed reports on several workers pause the release exactly once, and the webhook delivers it', async ( {
		request,
	} ) => {
		let receiver: Receiver | null = null;
		try {
			receiver = await startReceiver();
			await setSettings( request, { webhooks_allow_private: true } );
			await clearBlocked( request );
			const outcome = await race( request, '12 failed reports', {
				setup: async () => {
					const f = await setup(
						request,
						{},
						Array.from(
							{ length: 12 },
							( _, i ) => `https://race-${ i }.example.com`
						)
					);
					const hook = await request.post(
						`${ ADMIN }/webhook-endpoints`,
						{
							headers: f.headers,
							data: {
								url: receiver!.url( `/paused-${ f.slug }` ),
								event_types: [ 'release.paused' ],
								product_id: f.productId,
							},
						}
					);
					expect( hook.status(), await hook.text() ).toBe( 201 );
					receiver!.setSecret(
						`/paused-${ f.slug }`,
						String( ( await hook.json() ).secret )
					);
					return f;
				},
				fire: ( fresh, f ) =>
					Array.from( { length: 12 }, ( _, i ) =>
						fresh.post( REPORT, {
							data: body(
								f,
								`https://race-${ i }.example.com`,
								'failed',
								{
									error_code: 'incompatible_archive',
								}
							),
						} )
					),
				check: async ( answers, f ) => {
					expect( answers.map( ( a ) => a.status ) ).toEqual(
						Array( 12 ).fill( 200 )
					);
					expect(
						answers.filter( ( a ) => a.json?.recorded === true )
					).toHaveLength( 12 );
					const release = await readRelease( request, f );
					expect( release.reports ).toEqual( {
						installed: 0,
						failed: 12,
					} );
					expect( release.paused_at ).not.toBeNull();
					expect( await pausedEvents( request, f ) ).toHaveLength(
						1
					);
				},
			} );
			const f = outcome.state;
			await runOutboundJob( request, Math.floor( Date.now() / 1000 ) );
			const hits = receiver.hits( `/paused-${ f.slug }` );
			expect( hits ).toHaveLength( 1 );
			expect( hits[ 0 ].verified ).toBe( true );
			const delivered = JSON.parse( hits[ 0 ].body );
			expect( delivered.type ).toBe( 'release.paused' );
			expect( delivered.event ).toMatchObject( {
				type: 'release.paused',
				subject: { type: 'release', id: f.release.id },
				product_id: f.productId,
				payload: { version: '2.0.0', installed: 0 },
			} );
			expect( delivered.event.payload.failed ).toBeGreaterThanOrEqual(
				5
			);
		} finally {
			await setSettings( request, { webhooks_allow_private: false } );
			await receiver?.close();
		}
	} );
} );
