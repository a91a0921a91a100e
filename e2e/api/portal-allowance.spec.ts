/**
 * The customer portal's monthly allowance of self-serve site releases (/svc/v1/portal, docs/api-decisions.md): over
 * it is 403 with when it resets, the key alone counts against the same allowance, and it holds under concurrency.
 * Shared setup: ../fixtures/portal-api.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { race } from '../fixtures/race';
import { database } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import {
	createLicense,
	keyHeaders,
	setSettings,
	slowQuery,
} from '../fixtures/test-helpers';
import {
	API,
	PORTAL,
	seedCustomer,
	type PortalLicense,
} from '../fixtures/portal';
import { licenses, portalSpecHooks, signedIn } from '../fixtures/portal-api';

test.describe( 'customer portal: self-serve release allowance', () => {
	portalSpecHooks();

	test( 'the monthly allowance of self-serve releases: over it is 403 with when it resets; 0 allows none', async ( {
		request,
	} ) => {
		await setSettings( request, { portal_releases_per_month: 1 } );
		const customer = await seedCustomer( request );
		const { context, csrf } = await signedIn( request, customer.email );
		const headers = { 'X-Svc-Portal-Csrf': csrf };
		const { id } = customer.withRelease;
		const [ first, second ] = (
			( await licenses( context ) ).find(
				( license ) => license.id === id
			) as PortalLicense
		 ).activations;
		expect(
			(
				await context.post(
					`${ PORTAL }/licenses/${ id }/activations/${ first.id }/deactivate`,
					{ headers }
				)
			).status()
		).toBe( 200 );
		const over = await expectError(
			await context.post(
				`${ PORTAL }/licenses/${ id }/activations/${ second.id }/deactivate`,
				{ headers }
			),
			403,
			'portal_release_limit'
		);
		const now = new Date();
		const resets = new Date(
			Date.UTC( now.getUTCFullYear(), now.getUTCMonth() + 1, 1 )
		);
		expect( over.data.resets ).toBe(
			resets.toISOString().replace( '.000Z', 'Z' )
		);
		expect( over.message ).toContain( resets.toISOString().slice( 0, 10 ) );
		const listed = ( await licenses( context ) ).find(
			( license ) => license.id === id
		) as PortalLicense;
		expect( listed.activation_count ).toBe( 1 );
		expect( listed.self_serve_releases_left ).toBe( 0 );

		// The allowance is per licence: the other licence of the email is untouched by it, and 0 allows none.
		await setSettings( request, { portal_releases_per_month: 0 } );
		expect(
			( await licenses( context ) ).every(
				( license ) => license.self_serve_releases_left === 0
			)
		).toBe( true );
		await expectError(
			await context.post(
				`${ PORTAL }/licenses/${ id }/activations/${ second.id }/deactivate`,
				{ headers }
			),
			403,
			'portal_release_limit'
		);
	} );

	test( 'the key alone freeing a site counts against the same allowance; a site freeing itself (its own fingerprint) never does', async ( {
		request,
	} ) => {
		await setSettings( request, { portal_releases_per_month: 2 } );
		const tag = randomUUID().slice( 0, 8 );
		const product = `allow-${ tag }`;
		const { license_key: key } = await createLicense(
			request,
			{ slug: product },
			{ activation_limit: 10 }
		);
		const fingerprint = ( site: string ) =>
			createHash( 'sha256' ).update( site ).digest( 'hex' );
		const sites = [ 1, 2, 3, 4, 5 ].map(
			( n ) => `site${ n }-${ tag }.example.com`
		);
		for ( const site of sites ) {
			const on = await request.post( `${ API }/licenses/activate`, {
				data: {
					license_key: key,
					product_slug: product,
					site_url: site,
					server_fingerprint: fingerprint( site ),
				},
			} );
			expect( on.status(), site ).toBe( 200 );
		}
		const off = ( site: string, extra: Record< string, string > = {} ) =>
			request.post( `${ API }/licenses/deactivate`, {
				data: {
					license_key: key,
					product_slug: product,
					site_url: site,
					...extra,
				},
			} );
		// The review's request: the key alone names another site. Two are allowed this month, the third is refused
		// and the site keeps its slot. A wrong fingerprint is no proof.
		expect( ( await ( await off( sites[ 0 ] ) ).json() ).deactivated ).toBe(
			true
		);
		expect(
			(
				await (
					await off( sites[ 1 ], {
						server_fingerprint: fingerprint( 'another' ),
					} )
				).json()
			).deactivated
		).toBe( true );
		const refused = await expectError(
			await off( sites[ 2 ] ),
			403,
			'portal_release_limit'
		);
		expect( refused.data.releases_per_month ).toBe( 2 );
		// A site that is not active frees nothing, so it is not refused (and not counted).
		expect(
			( await ( await off( `nowhere-${ tag }.example.com` ) ).json() )
				.deactivated
		).toBe( false );
		// The site itself, with the fingerprint it activated with, is free at any time.
		const own = await off( sites[ 3 ], {
			server_fingerprint: fingerprint( sites[ 3 ] ),
		} );
		expect( own.status() ).toBe( 200 );
		expect( await own.json() ).toMatchObject( {
			deactivated: true,
			activation_count: 2,
		} );
	} );

	test( 'the allowance holds under concurrency: 12 parallel releases with 2 left free exactly 2 sites', async ( {
		request,
	} ) => {
		await setSettings( request, { portal_releases_per_month: 2 } );
		const admin = await keyHeaders( request );
		try {
			await race( request, '12 self-serve releases, 2 allowed', {
				setup: async () => {
					const tag = randomUUID().slice( 0, 8 );
					const email = `racer-${ tag }@example.com`;
					const product = await (
						await request.post( `${ API }/admin/products`, {
							headers: admin,
							data: { name: `Race ${ tag }` },
						} )
					).json();
					const created = await request.post(
						`${ API }/admin/licenses`,
						{
							headers: admin,
							data: {
								product_id: product.id,
								customer_email: email,
								activation_limit: 20,
							},
						}
					);
					expect( created.status() ).toBe( 201 );
					const { id, license_key: key } = await created.json();
					for ( let i = 0; i < 12; i++ ) {
						const activated = await request.post(
							`${ API }/licenses/activate`,
							{
								data: {
									license_key: key,
									product_slug: product.slug,
									site_url: `race-${ i }-${ tag }.example.com`,
								},
							}
						);
						expect( activated.status() ).toBe( 200 );
					}
					const { context, csrf } = await signedIn( request, email );
					const [ listed ] = await licenses( context );
					expect( listed.activations ).toHaveLength( 12 );
					// The race's requests go on fresh connections, with the customer's session cookie.
					const cookie = ( await context.storageState() ).cookies
						.map( ( c ) => `${ c.name }=${ c.value }` )
						.join( '; ' );
					// On MariaDB the allowance's count waits 300 ms, so every request reaches it before any release
					// commits: without the licence row's lock, 4 of 12 passed an allowance of 2. SQLite has one
					// database-wide write lock, so a lock holder that sleeps stalls every other request's writes and
					// few workers ever overlap; there the race runs at its natural speed.
					if ( database === 'mariadb' ) {
						await slowQuery( request, 'AND payload LIKE' );
					}
					return { id, context, csrf, cookie, listed };
				},
				fire: ( fresh, { id, csrf, cookie, listed } ) =>
					listed.activations.map( ( activation ) =>
						fresh.post(
							`${ PORTAL }/licenses/${ id }/activations/${ activation.id }/deactivate`,
							{
								headers: {
									'X-Svc-Portal-Csrf': csrf,
									Cookie: cookie,
								},
							}
						)
					),
				check: async ( answers, { context } ) => {
					await slowQuery( request, '' );
					const statuses = answers.map( ( a ) => a.status );
					expect(
						statuses.filter( ( s ) => s === 200 )
					).toHaveLength( 2 );
					expect(
						statuses.filter( ( s ) => s === 403 )
					).toHaveLength( 10 );
					const [ after ] = await licenses( context );
					expect( after.activation_count ).toBe( 10 );
					expect( after.self_serve_releases_left ).toBe( 0 );
				},
			} );
		} finally {
			await slowQuery( request, '' );
		}
	} );
} );
