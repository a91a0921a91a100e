/**
 * Several web nodes behind one load balancer, sharing one database (README: Scaling out). On the MariaDB test
 * site nginx balances across two php-fpm masters (nodes a and b; the test header X-Svc-Test-Node names the
 * one that answered). Limits are counted in the database, never per process or per node, so they hold exactly
 * across nodes; the fast lane's switch is a setting in the database, so every node follows it.
 */
import { randomUUID } from 'node:crypto';
import {
	expect,
	test,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { database, server, webNodes } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import { race, type RaceAnswer } from '../fixtures/race';
import {
	LOCAL_PROXIES,
	awaitRoomInMinute,
	randomIp,
} from '../fixtures/rate-window';
import {
	applySuiteSettings,
	createLicense,
	writeLaneLoader,
} from '../fixtures/test-helpers';

/** The nodes that answered, each response's node checked against the site's. */
function nodesOf( responses: Array< APIResponse | RaceAnswer > ): string[] {
	const nodes = responses.map(
		( r ) =>
			( typeof r.headers === 'function' ? r.headers() : r.headers )[
				'x-svc-test-node'
			]
	);
	for ( const node of nodes ) {
		expect( webNodes, 'a node of the site answered' ).toContain( node );
	}
	return [ ...new Set( nodes ) ].sort();
}

const inParallel = (
	count: number,
	send: ( i: number ) => Promise< APIResponse >
): Promise< APIResponse[] > =>
	Promise.all( Array.from( { length: count }, ( _, i ) => send( i ) ) );

test.describe( 'scaling out: several web nodes, one database', () => {
	test.skip(
		webNodes.length < 2,
		`The ${ database } test site on ${ server } is one web node (the MariaDB test site on nginx is two), so there is nothing to balance across.`
	);

	let product: string;
	let licenseKey: string;

	test.beforeEach( async ( { request } ) => {
		product = `scale-${ randomUUID().slice( 0, 8 ) }`;
		( { license_key: licenseKey } = await createLicense(
			request,
			{ slug: product },
			{ activation_limit: 4 }
		) );
	} );

	test.afterEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	const call = (
		request: APIRequestContext,
		route: 'validate' | 'activate',
		site: string,
		headers: Record< string, string > = {}
	) =>
		request.post( `/wp-json/svc/v1/licenses/${ route }`, {
			headers,
			data: {
				license_key: licenseKey,
				product_slug: product,
				site_url: site,
			},
		} );

	test( 'the load balancer spreads requests over every node', async ( {
		request,
	} ) => {
		const responses = [];
		for ( let i = 0; i < 12; i++ ) {
			responses.push( await request.get( '/wp-json/svc/v1/health' ) );
		}
		expect( responses.every( ( r ) => r.ok() ) ).toBe( true );
		expect( nodesOf( responses ) ).toEqual( [ ...webNodes ].sort() );
	} );

	test( 'the rate limit is exact across nodes: of limit + 20 parallel calls from one client, exactly limit pass', async ( {
		request,
	} ) => {
		const limit = 10;
		await (
			await adminClient( request )
		).updateSettings( {
			rate_limits: { validate: limit },
			trusted_proxies: LOCAL_PROXIES,
		} );
		await race( request, `${ limit + 20 } validates, limit ${ limit }`, {
			setup: async () => {
				await awaitRoomInMinute();
				return randomIp();
			},
			fire: ( fresh, ip ) =>
				Array.from( { length: limit + 20 }, () =>
					call( fresh, 'validate', 'limits.example', {
						'X-Forwarded-For': ip,
					} )
				),
			check: async ( answers ) => {
				expect( nodesOf( answers ) ).toEqual( [ ...webNodes ].sort() );
				const passed = answers.filter( ( a ) => a.status === 200 );
				const refused = answers.filter( ( a ) => a.status !== 200 );
				expect( passed.length, 'calls that passed' ).toBe( limit );
				expect( refused.length, 'calls refused' ).toBe( 20 );
				// One counter for all nodes: each passing call saw its own count.
				expect(
					passed
						.map( ( a ) =>
							Number( a.headers[ 'x-ratelimit-remaining' ] )
						)
						.sort( ( x, y ) => x - y )
				).toEqual( Array.from( { length: limit }, ( _, i ) => i ) );
				for ( const answer of refused ) {
					const body = await expectError(
						answer,
						429,
						'rate_limit_exceeded'
					);
					const retryAfter = Number(
						answer.headers[ 'retry-after' ]
					);
					expect( retryAfter ).toBeGreaterThanOrEqual( 1 );
					expect( retryAfter ).toBeLessThanOrEqual( 60 );
					expect( body.data.retry_after ).toBe( retryAfter );
					expect( answer.headers[ 'x-ratelimit-limit' ] ).toBe(
						String( limit )
					);
					expect( answer.headers[ 'x-ratelimit-remaining' ] ).toBe(
						'0'
					);
				}
			},
		} );
	} );

	test( 'the activation limit is exact across nodes: 12 parallel activations of distinct sites on a limit of 4 give 4', async ( {
		request,
	} ) => {
		await race( request, '12 activations, limit 4', {
			setup: async () => {
				const slug = `scale-${ randomUUID().slice( 0, 8 ) }`;
				const created = await createLicense(
					request,
					{ slug },
					{ activation_limit: 4 }
				);
				return { slug, ...created };
			},
			fire: ( fresh, { slug, license_key } ) =>
				Array.from( { length: 12 }, ( _, i ) =>
					fresh.post( '/wp-json/svc/v1/licenses/activate', {
						data: {
							license_key,
							product_slug: slug,
							site_url: `https://node-site-${ i }.example.com`,
						},
					} )
				),
			check: async ( answers, { license_id } ) => {
				expect( nodesOf( answers ) ).toEqual( [ ...webNodes ].sort() );
				const codes = answers.map( ( a ) =>
					a.status === 200 ? 'ok' : a.json?.code
				);
				expect( codes.filter( ( c ) => c === 'ok' ) ).toHaveLength( 4 );
				expect(
					codes.filter( ( c ) => c === 'activation_limit_reached' )
				).toHaveLength( 8 );

				const admin = await adminClient( request );
				expect(
					( await admin.license( license_id ) ).activation_count
				).toBe( 4 );
				expect( await admin.activations( license_id ) ).toHaveLength(
					4
				);
			},
		} );
	} );

	test( 'the fast lane switch holds on every node: off once, WordPress answers everywhere; on again, the lane does', async ( {
		request,
	} ) => {
		const admin = await adminClient( request );
		await call( request, 'activate', 'lane-switch.example' );
		for ( const on of [ false, true ] ) {
			await admin.updateSettings( { fast_lane: on } );
			if ( ! on ) {
				// The node that saved the setting removed its loader; another node still has its own. The
				// stack's nodes share one folder, so put that copy back: the setting alone must stop it.
				expect( ( await writeLaneLoader( request ) ).written ).toBe(
					true
				);
			}
			const responses = await inParallel( 12, () =>
				call( request, 'validate', 'lane-switch.example' )
			);
			expect( nodesOf( responses ), `lane ${ on }` ).toEqual(
				[ ...webNodes ].sort()
			);
			for ( const response of responses ) {
				expect( response.status() ).toBe( 200 );
				expect(
					response.headers()[ 'x-svc-test-lane' ],
					`node ${ response.headers()[ 'x-svc-test-node' ] }, lane ${ on }`
				).toBe( on ? '1' : '0' );
			}
		}
	} );
} );
