/**
 * The customer portal's sign-in (/svc/v1/portal, docs/api-decisions.md): a mailed one-time link, the svc_portal
 * session cookie and its CSRF token, a signed-in WordPress account, the link's rate limits; and every refusal (an
 * expired link, a forged cookie, a missing CSRF token, another customer's licence). Shared setup: ../fixtures/portal-api.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/callers';
import { race } from '../fixtures/race';
import { baseURL } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import {
	LOCAL_PROXIES,
	awaitRoomInMinute,
	randomIp,
} from '../fixtures/rate-window';
import {
	SUITE_SETTINGS,
	clearMails,
	createUserWithCaps,
	keyHeaders,
	readMails,
	setPortalClock,
	setSettings,
} from '../fixtures/test-helpers';
import {
	API,
	LINK_MESSAGE,
	PORTAL,
	askForLink,
	mailedToken,
	seedCustomer,
	type PortalLicense,
} from '../fixtures/portal';
import {
	browserContext,
	licenses,
	portalSpecHooks,
	signedIn,
	validate,
} from '../fixtures/portal-api';

test.describe( 'customer portal: sign-in', () => {
	portalSpecHooks();

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

		const list = await licenses( browser );
		expect( list.map( ( license ) => license.id ).sort() ).toEqual(
			[ customer.withRelease.id, customer.plain.id ].sort()
		);
		expect( list.map( ( license ) => license.id ) ).not.toContain(
			customer.other.id
		);
		const pro = list.find(
			( license ) => license.id === customer.withRelease.id
		) as PortalLicense;
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
			( license ) => license.id === customer.plain.id
		) as PortalLicense;
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
		const activation = ( await licenses( context ) ).find(
			( license ) => license.id === id
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
			( await licenses( context ) ).find( ( l ) => l.id === id )
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
			( ( await list.json() ) as PortalLicense[] )
				.map( ( license ) => license.id )
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
