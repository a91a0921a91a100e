/**
 * The customer portal's routes (/svc/v1/portal, docs/api-decisions.md): sign-in by a mailed one-time link, the
 * svc_portal session cookie and its CSRF token, the customer's licences, self-serve site release within the
 * monthly allowance, the download link, key rotation; and every refusal.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
	expect,
	request as requestFactory,
	test,
	type APIRequestContext,
} from '@playwright/test';
import { signIn } from '../fixtures/callers';
import { race } from '../fixtures/race';
import { baseURL, database } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import {
	LOCAL_PROXIES,
	awaitRoomInMinute,
	randomIp,
} from '../fixtures/rate-window';
import {
	SUITE_SETTINGS,
	applySuiteSettings,
	clearMails,
	createLicense,
	createUserWithCaps,
	keyHeaders,
	readMails,
	setPortalClock,
	setSettings,
	slowQuery,
} from '../fixtures/test-helpers';

import {
	API,
	LINK_MESSAGE,
	PORTAL,
	askForLink,
	mailedToken,
	seedCustomer,
	sha256,
	type PortalLicence,
} from '../fixtures/portal';

/** A browser of its own: a fresh cookie jar. */
/** Cookie jars this test opened; each holds a connection, so a PHP worker, until it is disposed. */
const opened: APIRequestContext[] = [];

const browserContext = async () => {
	const context = await requestFactory.newContext( { baseURL } );
	opened.push( context );
	return context;
};

// Idle keep-alive connections of forgotten jars tie up php -S workers, which later race tests then lack.
test.afterEach( async () => {
	await Promise.all(
		opened.splice( 0 ).map( ( context ) => context.dispose() )
	);
} );

/** Signs a customer in through a mailed link in a cookie jar of its own; answers it and the CSRF token. */
async function signedIn(
	request: APIRequestContext,
	email: string
): Promise< { context: APIRequestContext; csrf: string } > {
	await clearMails( request );
	expect( ( await askForLink( request, email ) ).status() ).toBe( 202 );
	const { token } = await mailedToken( request, email );
	const context = await browserContext();
	const session = await context.post( `${ PORTAL }/session`, {
		data: { token },
	} );
	expect( session.status(), await session.text() ).toBe( 200 );
	return { context, csrf: ( await session.json() ).csrf };
}

async function licences(
	context: APIRequestContext
): Promise< PortalLicence[] > {
	const response = await context.get( `${ PORTAL }/licenses` );
	expect( response.status(), await response.text() ).toBe( 200 );
	// One customer's answer, chosen by a cookie: no shared cache may keep it.
	expect( response.headers()[ 'cache-control' ] ).toContain( 'no-store' );
	return response.json();
}

const validate = ( request: APIRequestContext, key: string, slug: string ) =>
	request.post( `${ API }/licenses/validate`, {
		data: {
			license_key: key,
			product_slug: slug,
			site_url: 'validate.example.com',
		},
	} );

test.describe( 'customer portal', () => {
	test.beforeEach( async ( { request } ) => {
		await applySuiteSettings( request );
		await setSettings( request, { portal_releases_per_month: 3 } );
		await setPortalClock( request, 0 );
	} );

	test.afterAll( async ( { request } ) => {
		await applySuiteSettings( request );
		await setPortalClock( request, 0 );
	} );

	test( "a mailed link signs in once and sets the HttpOnly, SameSite=Lax session cookie; the portal lists exactly that email's licences", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		await clearMails( request );
		const asked = await askForLink(
			request,
			`  ${ customer.email.toUpperCase() } `,
			{ return_url: `${ baseURL }/my-licences/?tab=1` }
		);
		expect( asked.status() ).toBe( 202 );
		expect( await asked.json() ).toEqual( { message: LINK_MESSAGE } );
		const { token, link } = await mailedToken( request, customer.email );
		// The link leads back to the page asked from, token added.
		expect( link.startsWith( `${ baseURL }/my-licences/?tab=1&` ) ).toBe(
			true
		);

		const browser = await browserContext();
		const before = Date.now();
		const session = await browser.post( `${ PORTAL }/session`, {
			data: { token },
		} );
		const after = Date.now();
		expect( session.status() ).toBe( 200 );
		const body = await session.json();
		expect( Object.keys( body ).sort() ).toEqual( [
			'csrf',
			'email',
			'expires',
		] );
		expect( body.email ).toBe( customer.email );
		// Four hours from when the server answered: between the test's clock before the request and after it
		// (the answer is in whole seconds).
		const FOUR_HOURS = 4 * 3_600_000;
		expect( Date.parse( body.expires ) ).toBeGreaterThanOrEqual(
			Math.floor( before / 1000 ) * 1000 + FOUR_HOURS
		);
		expect( Date.parse( body.expires ) ).toBeLessThanOrEqual(
			after + FOUR_HOURS
		);
		const cookie = session
			.headersArray()
			.find(
				( header ) =>
					header.name.toLowerCase() === 'set-cookie' &&
					header.value.startsWith( 'svc_portal=' )
			);
		expect( cookie?.value ).toMatch( /;\s*HttpOnly/i );
		expect( cookie?.value ).toMatch( /;\s*SameSite=Lax/i );
		expect( cookie?.value ).toMatch( /;\s*path=\/(;|$)/i );
		// The test site is http: no Secure flag, or the cookie would never come back.
		expect( cookie?.value ).not.toMatch( /;\s*Secure/i );

		const again = await browser.get( `${ PORTAL }/session` );
		expect( again.status() ).toBe( 200 );
		expect( ( await again.json() ).csrf ).toBe( body.csrf );

		const list = await licences( browser );
		expect( list.map( ( licence ) => licence.id ).sort() ).toEqual(
			[ customer.withRelease.id, customer.plain.id ].sort()
		);
		expect( list.map( ( licence ) => licence.id ) ).not.toContain(
			customer.other.id
		);
		const pro = list.find(
			( licence ) => licence.id === customer.withRelease.id
		) as PortalLicence;
		expect( Object.keys( pro ).sort() ).toEqual(
			[
				'id',
				'key_masked',
				'product',
				'tier',
				'status',
				'expires',
				'renews',
				'renewal_url',
				'activation_limit',
				'activation_count',
				'activations',
				'self_serve_releases_left',
				'download',
			].sort()
		);
		expect( pro ).toMatchObject( {
			key_masked: `XXXX-XXXX-XXXX-${ customer.withRelease.key.slice( -4 ) }`,
			product: { slug: customer.withRelease.productSlug },
			status: 'active',
			renews: false,
			activation_limit: 3,
			activation_count: 2,
			self_serve_releases_left: 3,
			download: true,
		} );
		expect( pro.renewal_url ).toMatch(
			/^https:\/\/vendor\.example\.com\//
		);
		expect( pro.activations.map( ( a ) => a.site_url ).sort() ).toEqual(
			[ ...customer.sites ].sort()
		);
		const lite = list.find(
			( licence ) => licence.id === customer.plain.id
		) as PortalLicence;
		expect( lite ).toMatchObject( {
			activation_count: 0,
			activations: [],
			download: false,
		} );

		// The link is used: a second click is refused, in plain words.
		const reused = await expectError(
			await (
				await browserContext()
			).post( `${ PORTAL }/session`, {
				data: { token },
			} ),
			400,
			'portal_link_invalid'
		);
		expect( reused.message ).toBe(
			'This sign-in link has expired or was already used. Ask for a new one.'
		);

		// Signing out needs the CSRF token, then clears the cookie.
		await expectError(
			await browser.delete( `${ PORTAL }/session` ),
			403,
			'portal_csrf'
		);
		const out = await browser.delete( `${ PORTAL }/session`, {
			headers: { 'X-Svc-Portal-Csrf': body.csrf },
		} );
		expect( out.status() ).toBe( 200 );
		await expectError(
			await browser.get( `${ PORTAL }/session` ),
			401,
			'portal_signed_out'
		);
	} );

	test( '20 parallel sign-ins with one link: exactly one session (the database decides)', async ( {
		request,
	} ) => {
		await race( request, '20 sign-ins with one link', {
			setup: async () => {
				const customer = await seedCustomer( request );
				await clearMails( request );
				await askForLink( request, customer.email );
				return ( await mailedToken( request, customer.email ) ).token;
			},
			fire: ( fresh, token ) =>
				Array.from( { length: 20 }, () =>
					fresh.post( `${ PORTAL }/session`, { data: { token } } )
				),
			check: ( answers ) => {
				const statuses = answers.map( ( a ) => a.status );
				expect( statuses.filter( ( s ) => s === 200 ) ).toHaveLength(
					1
				);
				expect( statuses.filter( ( s ) => s === 400 ) ).toHaveLength(
					19
				);
			},
		} );
	} );

	test( "a privacy erase deletes the email's unused sign-in links", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		await clearMails( request );
		await askForLink( request, customer.email );
		const { token } = await mailedToken( request, customer.email );
		const erased = await request.post( `${ API }/admin/privacy/erase`, {
			headers: await keyHeaders( request ),
			data: { email: customer.email },
		} );
		expect( erased.status() ).toBe( 200 );
		expect( ( await erased.json() ).records_affected ).toMatchObject( {
			licenses: 2,
			portal_links: 1,
		} );
		await expectError(
			await (
				await browserContext()
			).post( `${ PORTAL }/session`, {
				data: { token },
			} ),
			400,
			'portal_link_invalid'
		);
	} );

	test( 'an unknown email gets the same status and body as a known one, and no mail', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		await clearMails( request );
		const known = await askForLink( request, customer.email );
		const unknown = await askForLink(
			request,
			`nobody-${ randomUUID().slice( 0, 8 ) }@example.com`
		);
		expect( unknown.status() ).toBe( known.status() );
		expect( await unknown.text() ).toBe( await known.text() );
		expect(
			( await readMails( request ) ).map( ( mail ) => mail.to )
		).toEqual( [ customer.email ] );

		// A link to another host leads to the home page instead.
		await clearMails( request );
		await askForLink( request, customer.email, {
			return_url: 'https://evil.example.net/steal',
		} );
		const { link } = await mailedToken( request, customer.email );
		expect( new URL( link ).origin ).toBe( new URL( baseURL ).origin );

		await expectError(
			await askForLink( request, 'not-an-email' ),
			400,
			'invalid_params'
		);
	} );

	test( "a site is released: the licence's activation_count drops and the history records the customer", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { context, csrf } = await signedIn( request, customer.email );
		const pro = ( await licences( context ) ).find(
			( licence ) => licence.id === customer.withRelease.id
		) as PortalLicence;
		const site = pro.activations[ 0 ];

		const released = await context.post(
			`${ PORTAL }/licenses/${ pro.id }/activations/${ site.id }/deactivate`,
			{ headers: { 'X-Svc-Portal-Csrf': csrf } }
		);
		expect( released.status(), await released.text() ).toBe( 200 );
		const after = ( await released.json() ) as PortalLicence;
		expect( after.activation_count ).toBe( 1 );
		expect( after.self_serve_releases_left ).toBe( 2 );
		expect( after.activations.map( ( a ) => a.id ) ).not.toContain(
			site.id
		);

		// The service sees it: the admin API and the public validate answer.
		const admin = await keyHeaders( request );
		const stored = await (
			await request.get( `${ API }/admin/licenses/${ pro.id }`, {
				headers: admin,
			} )
		).json();
		expect( stored.activation_count ).toBe( 1 );
		const validated = await (
			await validate(
				request,
				customer.withRelease.key,
				customer.withRelease.productSlug
			)
		).json();
		expect( validated.activation_count ).toBe( 1 );
		const events = await (
			await request.get(
				`${ API }/admin/events?subject_type=license&subject_id=${ pro.id }&type=license.deactivated`,
				{ headers: admin }
			)
		).json();
		const rows = events.data as {
			actor: { kind: string; label: string };
		}[];
		expect( rows ).toHaveLength( 1 );
		expect( rows[ 0 ].actor ).toMatchObject( {
			kind: 'customer',
			label: customer.email,
		} );

		// An activation of another licence, or one already released, is the same 404.
		for ( const path of [
			`${ pro.id }/activations/${ site.id }`,
			`${ customer.plain.id }/activations/${ pro.activations[ 1 ].id }`,
		] ) {
			await expectError(
				await context.post(
					`${ PORTAL }/licenses/${ path }/deactivate`,
					{
						headers: { 'X-Svc-Portal-Csrf': csrf },
					}
				),
				404,
				'license_not_found'
			);
		}
	} );

	test( 'the download link serves the current release, whose bytes hash to its package_hash', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { context, csrf } = await signedIn( request, customer.email );
		const asked = Date.now();
		const answer = await context.post(
			`${ PORTAL }/licenses/${ customer.withRelease.id }/download`,
			{ headers: { 'X-Svc-Portal-Csrf': csrf } }
		);
		expect( answer.status(), await answer.text() ).toBe( 200 );
		const body = await answer.json();
		expect( Object.keys( body ).sort() ).toEqual( [
			'expires',
			'url',
			'version',
		] );
		expect( body.version ).toBe( '2.1.0' );
		expect( Date.parse( body.expires ) ).toBeGreaterThan( asked );
		const file = await request.get( body.url );
		expect( file.status() ).toBe( 200 );
		expect( `sha256:${ sha256( await file.body() ) }` ).toBe(
			customer.packageHash
		);

		// A product without a release has nothing to download.
		await expectError(
			await context.post(
				`${ PORTAL }/licenses/${ customer.plain.id }/download`,
				{
					headers: { 'X-Svc-Portal-Csrf': csrf },
				}
			),
			404,
			'not_found'
		);
	} );

	test( 'rotation answers a new key once: the old key fails validation, the new one passes', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { key, productSlug, id } = customer.withRelease;
		expect( ( await validate( request, key, productSlug ) ).status() ).toBe(
			200
		);
		const { context, csrf } = await signedIn( request, customer.email );
		const rotated = await context.post(
			`${ PORTAL }/licenses/${ id }/rotate`,
			{
				headers: { 'X-Svc-Portal-Csrf': csrf },
			}
		);
		expect( rotated.status(), await rotated.text() ).toBe( 200 );
		const body = await rotated.json();
		expect( Object.keys( body ) ).toEqual( [ 'license_key' ] );
		expect( body.license_key ).not.toBe( key );
		expect( body.license_key ).toMatch(
			/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/
		);
		expect(
			( await validate( request, key, productSlug ) ).status()
		).not.toBe( 200 );
		const fresh = await validate( request, body.license_key, productSlug );
		expect( fresh.status() ).toBe( 200 );
		expect( ( await fresh.json() ).valid ).toBe( true );
		const listed = ( await licences( context ) ).find(
			( licence ) => licence.id === id
		) as PortalLicence;
		expect( listed.key_masked ).toBe(
			`XXXX-XXXX-XXXX-${ body.license_key.slice( -4 ) }`
		);
	} );

	test( "refused: an expired link, a forged or tampered cookie, a missing or wrong CSRF token, another customer's licence", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );

		// Expired: the portal's clock moves 15 minutes and a second past the mail.
		await clearMails( request );
		await askForLink( request, customer.email );
		const { token } = await mailedToken( request, customer.email );
		await setPortalClock( request, 15 * 60 + 1 );
		await expectError(
			await (
				await browserContext()
			).post( `${ PORTAL }/session`, {
				data: { token },
			} ),
			400,
			'portal_link_invalid'
		);
		await setPortalClock( request, 0 );
		// Not a token at all, and a well-formed one never sent.
		for ( const made of [ 'nope', 'A'.repeat( 43 ) ] ) {
			await expectError(
				await (
					await browserContext()
				).post( `${ PORTAL }/session`, {
					data: { token: made },
				} ),
				400,
				'portal_link_invalid'
			);
		}

		const { context, csrf } = await signedIn( request, customer.email );
		const state = await context.storageState();
		const real = state.cookies.find(
			( cookie ) => cookie.name === 'svc_portal'
		);
		expect( real?.httpOnly ).toBe( true );
		const [ claims, signature ] = ( real?.value ?? '' ).split( '.' );
		// The same claims for another email, under the real signature; and a signature made up.
		const forgedClaims = Buffer.from(
			Buffer.from( claims, 'base64url' )
				.toString()
				.replace( customer.email, customer.otherEmail )
		).toString( 'base64url' );
		for ( const value of [
			`${ forgedClaims }.${ signature }`,
			`${ claims }.${ Buffer.alloc( 32, 7 ).toString( 'base64url' ) }`,
			'garbage',
		] ) {
			const forged = await browserContext();
			for ( const path of [ '/session', '/licenses' ] ) {
				await expectError(
					await forged.get( `${ PORTAL }${ path }`, {
						headers: { Cookie: `svc_portal=${ value }` },
					} ),
					401,
					'portal_signed_out'
				);
			}
		}
		// No cookie at all.
		await expectError(
			await ( await browserContext() ).get( `${ PORTAL }/licenses` ),
			401,
			'portal_signed_out'
		);

		// Every change needs the CSRF token: missing or wrong is 403 and changes nothing.
		const { id, key, productSlug } = customer.withRelease;
		const activation = ( await licences( context ) ).find(
			( licence ) => licence.id === id
		)?.activations[ 0 ].id;
		const changes = [
			`/licenses/${ id }/rotate`,
			`/licenses/${ id }/download`,
			`/licenses/${ id }/activations/${ activation }/deactivate`,
		];
		for ( const path of changes ) {
			for ( const headers of [
				{} as Record< string, string >,
				{ 'X-Svc-Portal-Csrf': `${ csrf.slice( 0, -2 ) }xx` },
				{ 'X-Svc-Portal-Csrf': '' },
			] ) {
				await expectError(
					await context.post( `${ PORTAL }${ path }`, { headers } ),
					403,
					'portal_csrf'
				);
			}
		}
		expect( ( await validate( request, key, productSlug ) ).status() ).toBe(
			200
		);
		expect(
			( await licences( context ) ).find( ( l ) => l.id === id )
				?.activation_count
		).toBe( 2 );

		// Another customer's licence is the 404 of an id that does not exist, word for word.
		const headers = { 'X-Svc-Portal-Csrf': csrf };
		const missing = await expectError(
			await context.post( `${ PORTAL }/licenses/999999999/rotate`, {
				headers,
			} ),
			404,
			'license_not_found'
		);
		for ( const path of [
			`/licenses/${ customer.other.id }/rotate`,
			`/licenses/${ customer.other.id }/download`,
			`/licenses/${ customer.other.id }/activations/1/deactivate`,
		] ) {
			const refused = await expectError(
				await context.post( `${ PORTAL }${ path }`, { headers } ),
				404,
				'license_not_found'
			);
			expect( refused ).toEqual( missing );
		}
		expect(
			(
				await validate(
					request,
					customer.other.key,
					customer.other.productSlug
				)
			).status()
		).toBe( 200 );
	} );

	test( 'the monthly allowance of self-serve releases: over it is 403 with when it resets; 0 allows none', async ( {
		request,
	} ) => {
		await setSettings( request, { portal_releases_per_month: 1 } );
		const customer = await seedCustomer( request );
		const { context, csrf } = await signedIn( request, customer.email );
		const headers = { 'X-Svc-Portal-Csrf': csrf };
		const { id } = customer.withRelease;
		const [ first, second ] = (
			( await licences( context ) ).find(
				( licence ) => licence.id === id
			) as PortalLicence
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
		const listed = ( await licences( context ) ).find(
			( licence ) => licence.id === id
		) as PortalLicence;
		expect( listed.activation_count ).toBe( 1 );
		expect( listed.self_serve_releases_left ).toBe( 0 );

		// The allowance is per licence: the other licence of the email is untouched by it, and 0 allows none.
		await setSettings( request, { portal_releases_per_month: 0 } );
		expect(
			( await licences( context ) ).every(
				( licence ) => licence.self_serve_releases_left === 0
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
					const [ listed ] = await licences( context );
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
					const [ after ] = await licences( context );
					expect( after.activation_count ).toBe( 10 );
					expect( after.self_serve_releases_left ).toBe( 0 );
				},
			} );
		} finally {
			await slowQuery( request, '' );
		}
	} );

	test( 'link requests are rate-limited per IP and per email, with Retry-After', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		await setSettings( request, {
			rate_limits: { ...SUITE_SETTINGS.rate_limits, portal_link: 3 },
			trusted_proxies: LOCAL_PROXIES,
		} );
		await awaitRoomInMinute();
		const ip = randomIp();
		for ( let i = 0; i < 3; i++ ) {
			expect(
				(
					await askForLink(
						request,
						`ip-${ i }-${ randomUUID().slice( 0, 6 ) }@example.com`,
						{},
						{ 'X-Forwarded-For': ip }
					)
				).status()
			).toBe( 202 );
		}
		const perIp = await askForLink(
			request,
			customer.email,
			{},
			{ 'X-Forwarded-For': ip }
		);
		await expectError( perIp, 429, 'rate_limit_exceeded' );
		expect( Number( perIp.headers()[ 'retry-after' ] ) ).toBeGreaterThan(
			0
		);
		// Another address is another bucket.
		expect(
			(
				await askForLink(
					request,
					customer.email,
					{},
					{ 'X-Forwarded-For': randomIp() }
				)
			).status()
		).toBe( 202 );

		// Per email: from a new IP each time, the third request for one address in a minute is refused.
		await setSettings( request, {
			rate_limits: {
				...SUITE_SETTINGS.rate_limits,
				portal_link_email: 2,
			},
		} );
		await awaitRoomInMinute();
		const email = `limited-${ randomUUID().slice( 0, 8 ) }@example.com`;
		for ( let i = 0; i < 2; i++ ) {
			expect(
				(
					await askForLink(
						request,
						email,
						{},
						{ 'X-Forwarded-For': randomIp() }
					)
				).status()
			).toBe( 202 );
		}
		const perEmail = await askForLink(
			request,
			` ${ email.toUpperCase() }`,
			{},
			{ 'X-Forwarded-For': randomIp() }
		);
		await expectError( perEmail, 429, 'rate_limit_exceeded' );
		expect( Number( perEmail.headers()[ 'retry-after' ] ) ).toBeGreaterThan(
			0
		);
	} );

	test( "a signed-in WordPress account opens its email's portal without a link once a mailed link proved the email (REST nonce required); a new key needs a fresh link", async ( {
		request,
	} ) => {
		const login = `portal${ randomUUID().slice( 0, 8 ) }`;
		const password = `pw-${ login }-Aa1!`;
		await createUserWithCaps( request, { login, password, caps: [] } );
		const customer = await seedCustomer(
			request,
			`${ login }@example.com`
		);
		const { context, nonce } = await signIn( login, password );
		const asAccount = { 'X-WP-Nonce': nonce };

		// Without the nonce WordPress does not treat the cookie as signed in; with it, the account's email is
		// not proven yet.
		await expectError(
			await context.get( `${ PORTAL }/session` ),
			401,
			'portal_signed_out'
		);
		const unproven = await expectError(
			await context.get( `${ PORTAL }/session`, { headers: asAccount } ),
			401,
			'portal_signed_out'
		);
		expect( unproven.message ).toBe(
			'Confirm your email address once: ask for a sign-in link and open it while you are signed in.'
		);

		// The account opens a mailed link while signed in: that proves the email for this account.
		await clearMails( request );
		await askForLink( context, customer.email, {}, asAccount );
		const { token } = await mailedToken( request, customer.email );
		const byLink = await context.post( `${ PORTAL }/session`, {
			data: { token },
			headers: asAccount,
		} );
		expect( byLink.status(), await byLink.text() ).toBe( 200 );
		const { csrf: linkCsrf } = await byLink.json();
		// Out of the link's session again: the account alone now opens the portal.
		const out = await context.delete( `${ PORTAL }/session`, {
			headers: { ...asAccount, 'X-Svc-Portal-Csrf': linkCsrf },
		} );
		expect( out.status() ).toBe( 200 );
		const session = await context.get( `${ PORTAL }/session`, {
			headers: asAccount,
		} );
		expect( session.status(), await session.text() ).toBe( 200 );
		const body = await session.json();
		expect( body.email ).toBe( customer.email );
		const list = await context.get( `${ PORTAL }/licenses`, {
			headers: asAccount,
		} );
		expect(
			( ( await list.json() ) as PortalLicence[] )
				.map( ( licence ) => licence.id )
				.sort()
		).toEqual( [ customer.withRelease.id, customer.plain.id ].sort() );
		await expectError(
			await context.post(
				`${ PORTAL }/licenses/${ customer.plain.id }/rotate`,
				{ headers: asAccount }
			),
			403,
			'portal_csrf'
		);
		// A new key stops the old one on every site: an account session, however proven, needs a fresh link.
		const refused = await expectError(
			await context.post(
				`${ PORTAL }/licenses/${ customer.plain.id }/rotate`,
				{ headers: { ...asAccount, 'X-Svc-Portal-Csrf': body.csrf } }
			),
			403,
			'portal_fresh_link_required'
		);
		expect( refused.message ).toContain( 'fresh sign-in' );
		await context.dispose();
	} );
} );
