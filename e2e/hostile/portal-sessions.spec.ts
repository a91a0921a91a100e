/**
 * The customer portal's session against someone who got hold of a session cookie, or who runs a page of another
 * site in the customer's browser (issue 28, "Low"): a session ends on the server (signing out, a new key, a seller's
 * new key or revocation, a privacy erase) on every web node; expired rows are swept; the cookie is Secure on an https
 * site behind a proxy; POST /portal/session takes no request another site's page can make; no portal answer is
 * readable cross-origin with credentials; and the sign-in link's answers and page send no Referer.
 */
import {
	expect,
	request as requestFactory,
	test,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';
import { baseURL, testToken, webNodes } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import {
	API,
	PORTAL,
	askForLink,
	mailedToken,
	seedCustomer,
} from '../fixtures/portal';
import {
	applySuiteSettings,
	clearMails,
	keyHeaders,
	scanPersonalData,
	setPortalClock,
} from '../fixtures/test-helpers';

const SESSIONS_TABLE = 'svc_portal_sessions';
const SITE = new URL( baseURL ).origin;
const EVIL = 'https://evil.example.net';
const CROSS_SITE_MESSAGE =
	"This sign-in did not come from this site's own page. Open the link from your email again.";

/** Cookie jars this test opened, disposed after it (each holds a PHP worker's connection). */
const opened: APIRequestContext[] = [];
const jar = async () => {
	const context = await requestFactory.newContext( { baseURL } );
	opened.push( context );
	return context;
};

/** A fresh sign-in link's token for the email. */
async function linkToken(
	request: APIRequestContext,
	email: string
): Promise< string > {
	await clearMails( request );
	expect( ( await askForLink( request, email ) ).status() ).toBe( 202 );
	return ( await mailedToken( request, email ) ).token;
}

interface Session {
	context: APIRequestContext;
	csrf: string;
	/** The svc_portal cookie's value, to replay from another jar. */
	cookie: string;
}

/** Signs the email in through a mailed link, in a jar of its own. */
async function signedIn(
	request: APIRequestContext,
	email: string
): Promise< Session > {
	const token = await linkToken( request, email );
	const context = await jar();
	const answer = await context.post( `${ PORTAL }/session`, {
		data: { token },
	} );
	expect( answer.status(), await answer.text() ).toBe( 200 );
	const cookie = ( await context.storageState() ).cookies.find(
		( c ) => c.name === 'svc_portal'
	);
	expect( cookie, 'the session cookie' ).toBeDefined();
	return {
		context,
		csrf: ( await answer.json() ).csrf,
		cookie: cookie?.value ?? '',
	};
}

/** The status of GET /portal/licenses with a session cookie, sent from a jar that never held it. */
async function replay( cookie: string ): Promise< APIResponse > {
	return ( await jar() ).get( `${ PORTAL }/licenses`, {
		headers: { Cookie: `svc_portal=${ cookie }` },
	} );
}

const setCookieOf = ( answer: APIResponse ) =>
	answer
		.headersArray()
		.find(
			( header ) =>
				header.name.toLowerCase() === 'set-cookie' &&
				header.value.startsWith( 'svc_portal=' )
		)?.value;

test.describe( 'hostile: the customer portal session', () => {
	test.beforeEach( async ( { request } ) => {
		await applySuiteSettings( request );
		await setPortalClock( request, 0 );
	} );

	test.afterEach( async ( { request } ) => {
		await setPortalClock( request, 0 );
		await Promise.all(
			opened.splice( 0 ).map( ( context ) => context.dispose() )
		);
	} );

	test( 'signing out ends the session on the server: its cookie, replayed, is refused on every web node', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { context, csrf, cookie } = await signedIn(
			request,
			customer.email
		);
		expect( ( await replay( cookie ) ).status() ).toBe( 200 );
		const out = await context.delete( `${ PORTAL }/session`, {
			headers: { 'X-Svc-Portal-Csrf': csrf },
		} );
		expect( out.status() ).toBe( 200 );

		// A copy of the cookie (another tab, a thief) is dead too, whichever node answers.
		const nodes = new Set< string >();
		for ( let i = 0; i < 12; i++ ) {
			const answer = await replay( cookie );
			await expectError( answer, 401, 'portal_signed_out' );
			nodes.add( answer.headers()[ 'x-svc-test-node' ] ?? '' );
		}
		if ( webNodes.length > 1 ) {
			expect( [ ...nodes ].sort() ).toEqual( [ ...webNodes ].sort() );
		}
	} );

	test( "a new key from the portal ends the email's other sessions (a copy of the cookie elsewhere), not the one that asked, nor another email's", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const asking = await signedIn( request, customer.email );
		const elsewhere = await signedIn( request, customer.email );
		const other = await signedIn( request, customer.otherEmail );

		const rotated = await asking.context.post(
			`${ PORTAL }/licenses/${ customer.withRelease.id }/rotate`,
			{ headers: { 'X-Svc-Portal-Csrf': asking.csrf } }
		);
		expect( rotated.status(), await rotated.text() ).toBe( 200 );
		const key: string = ( await rotated.json() ).license_key;

		await expectError(
			await replay( elsewhere.cookie ),
			401,
			'portal_signed_out'
		);
		// The session that asked (a fresh link's) goes on: it lists the new key's last group.
		const listed = await replay( asking.cookie );
		expect( listed.status() ).toBe( 200 );
		expect(
			(
				( await listed.json() ) as { id: number; key_masked: string }[]
			 ).find( ( license ) => license.id === customer.withRelease.id )
				?.key_masked
		).toBe( `XXXX-XXXX-XXXX-${ key.slice( -4 ) }` );
		expect( ( await replay( other.cookie ) ).status() ).toBe( 200 );
	} );

	test( "a seller's new key and a revocation end the customer's sessions", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const admin = await keyHeaders( request );

		const beforeRotation = await signedIn( request, customer.email );
		const rekeyed = await request.post(
			`${ API }/admin/licenses/${ customer.plain.id }/rotate-key`,
			{ headers: admin }
		);
		expect( rekeyed.status(), await rekeyed.text() ).toBe( 200 );
		await expectError(
			await replay( beforeRotation.cookie ),
			401,
			'portal_signed_out'
		);

		const beforeRevocation = await signedIn( request, customer.email );
		const revoked = await request.patch(
			`${ API }/admin/licenses/${ customer.withRelease.id }`,
			{ headers: admin, data: { status: 'revoked' } }
		);
		expect( revoked.status(), await revoked.text() ).toBe( 200 );
		await expectError(
			await replay( beforeRevocation.cookie ),
			401,
			'portal_signed_out'
		);

		// Any other change leaves the session alone.
		const afterwards = await signedIn( request, customer.email );
		const renamed = await request.patch(
			`${ API }/admin/licenses/${ customer.plain.id }`,
			{ headers: admin, data: { customer_name: 'Renamed' } }
		);
		expect( renamed.status(), await renamed.text() ).toBe( 200 );
		expect( ( await replay( afterwards.cookie ) ).status() ).toBe( 200 );
	} );

	test( 'a privacy erase of the email deletes its sessions: the cookie is refused and no row is left', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { cookie } = await signedIn( request, customer.email );
		expect(
			( await scanPersonalData( request, customer.email ) )[
				SESSIONS_TABLE
			]
		).toBe( 1 );
		const erased = await request.post( `${ API }/admin/privacy/erase`, {
			headers: await keyHeaders( request ),
			data: { email: customer.email },
		} );
		expect( erased.status() ).toBe( 200 );
		expect( ( await erased.json() ).records_affected ).toMatchObject( {
			portal_sessions: 1,
		} );
		await expectError( await replay( cookie ), 401, 'portal_signed_out' );
		expect(
			( await scanPersonalData( request, customer.email ) )[
				SESSIONS_TABLE
			]
		).toBe( 0 );
	} );

	test( 'expired session rows are swept when a new session is stored', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		await signedIn( request, customer.email );
		const rows = async () =>
			( await scanPersonalData( request, customer.email ) )[
				SESSIONS_TABLE
			];
		expect( await rows() ).toBe( 1 );
		// Four hours and a second later (the portal's clock) the session has ended; the next sign-in sweeps it.
		await setPortalClock( request, 4 * 3600 + 1 );
		expect( await rows(), 'not swept by time alone' ).toBe( 1 );
		await signedIn( request, customer.otherEmail );
		expect( await rows() ).toBe( 0 );
	} );

	test( "the cookie is Secure when the site's home URL is https, though the request reached PHP over http", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const behindProxy = { 'X-Svc-Test-Home-Https': testToken };
		// The test switch works: WordPress' own index names an https home for such a request.
		const index = await request.get( '/wp-json/', {
			headers: behindProxy,
		} );
		expect( ( await index.json() ).home ).toMatch( /^https:\/\// );

		const token = await linkToken( request, customer.email );
		const answer = await (
			await jar()
		).post( `${ PORTAL }/session`, {
			data: { token },
			headers: behindProxy,
		} );
		expect( answer.status(), await answer.text() ).toBe( 200 );
		expect( setCookieOf( answer ) ).toMatch( /;\s*Secure/i );
		expect( setCookieOf( answer ) ).toMatch( /;\s*HttpOnly/i );
	} );

	test( "POST /portal/session refuses what another site's page can send: another Origin or Referer, a form's body", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const token = await linkToken( request, customer.email );
		const context = await jar();
		const json = { data: { token } };
		const attempts: Array< [ string, () => Promise< APIResponse > ] > = [
			[
				'another Origin',
				() =>
					context.post( `${ PORTAL }/session`, {
						...json,
						headers: { Origin: EVIL },
					} ),
			],
			[
				'Origin: null (a sandboxed frame, a no-referrer page)',
				() =>
					context.post( `${ PORTAL }/session`, {
						...json,
						headers: { Origin: 'null' },
					} ),
			],
			[
				'another port of this host',
				() =>
					context.post( `${ PORTAL }/session`, {
						...json,
						headers: {
							Origin: `${ new URL( baseURL ).protocol }//${ new URL( baseURL ).hostname }:1`,
						},
					} ),
			],
			[
				'no Origin, a Referer of another site',
				() =>
					context.post( `${ PORTAL }/session`, {
						...json,
						headers: { Referer: `${ EVIL }/page` },
					} ),
			],
			[
				'a form, urlencoded',
				() =>
					context.post( `${ PORTAL }/session`, {
						form: { token },
					} ),
			],
			[
				'a form, multipart',
				() =>
					context.post( `${ PORTAL }/session`, {
						multipart: { token },
					} ),
			],
			[
				'a form, text/plain',
				() =>
					context.post( `${ PORTAL }/session`, {
						data: `token=${ token }`,
						headers: { 'Content-Type': 'text/plain' },
					} ),
			],
			[
				'a link: GET, made a POST by ?_method',
				() =>
					context.get(
						`${ PORTAL }/session?_method=POST&token=${ encodeURIComponent( token ) }`
					),
			],
			[
				'the token in the query, no body',
				() =>
					context.post(
						`${ PORTAL }/session?token=${ encodeURIComponent( token ) }`
					),
			],
		];
		for ( const [ what, send ] of attempts ) {
			const answer = await send();
			const body = await expectError( answer, 403, 'portal_cross_site' );
			expect( body.message, what ).toBe( CROSS_SITE_MESSAGE );
			expect( setCookieOf( answer ), what ).toBeUndefined();
		}
		// None of them used the link: this site's own page (same Origin and Referer, JSON) signs in with it.
		const own = await context.post( `${ PORTAL }/session`, {
			...json,
			headers: { Origin: SITE, Referer: `${ SITE }/my-licences/` },
		} );
		expect( own.status(), await own.text() ).toBe( 200 );
		expect( ( await own.json() ).email ).toBe( customer.email );
	} );

	test( 'no portal answer is readable cross-origin with credentials (preflight included); other routes keep their CORS', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { cookie } = await signedIn( request, customer.email );
		const context = await jar();
		const corsOf = ( answer: APIResponse ) =>
			Object.fromEntries(
				Object.entries( answer.headers() ).filter( ( [ name ] ) =>
					name.startsWith( 'access-control-allow-' )
				)
			);
		for ( const path of [ '/session', '/licenses' ] ) {
			const read = await context.get( `${ PORTAL }${ path }`, {
				headers: { Origin: EVIL, Cookie: `svc_portal=${ cookie }` },
			} );
			expect( read.status() ).toBe( 200 );
			expect( corsOf( read ), `GET ${ path }` ).toEqual( {} );
		}
		for ( const [ path, method ] of [
			[ '/session', 'POST' ],
			[ '/session', 'DELETE' ],
			[ '/licenses', 'GET' ],
			[ `/licenses/${ customer.withRelease.id }/rotate`, 'POST' ],
		] ) {
			const preflight = await context.fetch( `${ PORTAL }${ path }`, {
				method: 'OPTIONS',
				headers: {
					Origin: EVIL,
					'Access-Control-Request-Method': method,
					'Access-Control-Request-Headers':
						'content-type, x-svc-portal-csrf',
				},
			} );
			expect( corsOf( preflight ), `OPTIONS ${ path }` ).toEqual( {} );
		}
		// In any letter case the router serves the route: the same rule.
		const upper = await context.get( `${ API }/PORTAL/Session`, {
			headers: { Origin: EVIL, Cookie: `svc_portal=${ cookie }` },
		} );
		expect( upper.status() ).toBe( 200 );
		expect( corsOf( upper ) ).toEqual( {} );

		// WordPress' CORS stays as it was on the other routes.
		const health = await context.get( `${ API }/health`, {
			headers: { Origin: EVIL },
		} );
		expect( health.headers()[ 'access-control-allow-origin' ] ).toBe(
			EVIL
		);
	} );

	test( 'the sign-in link answers and the page a link opens send no Referer', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		await clearMails( request );
		const asked = await askForLink( request, customer.email );
		expect( asked.status() ).toBe( 202 );
		expect( asked.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );
		const { token, link } = await mailedToken( request, customer.email );

		// The page the mailed link opens (the server renders it, token in its address).
		const page = await request.get( link );
		expect( page.status() ).toBe( 200 );
		expect( page.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );

		const context = await jar();
		const refused = await context.post( `${ PORTAL }/session`, {
			data: { token: 'A'.repeat( 43 ) },
		} );
		await expectError( refused, 400, 'portal_link_invalid' );
		expect( refused.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );
		const session = await context.post( `${ PORTAL }/session`, {
			data: { token },
		} );
		expect( session.status() ).toBe( 200 );
		expect( session.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );
	} );
} );
