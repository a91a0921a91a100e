/**
 * Hostile: every public route that has a rate limit, reached in other letter cases and encodings. WordPress'
 * router matches routes in any case and decodes the path, so each form must reach the same route, get the same
 * answer and envelope, and count against the same limit.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	applySuiteSettings,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import {
	discoverEndpoints,
	expectSafeAnswer,
	isAdmin,
	pathOf,
	reportCoverage,
	type Endpoint,
} from './routes';
import { awaitRoomInMinute } from '../fixtures/rate-window';

const LIMIT = 3;
const freshIp = () => `203.0.${ randomInt( 0, 255 ) }.${ randomInt( 1, 254 ) }`;

/**
 * The forms of one route that WordPress serves as that route. (A percent-encoded letter in a pretty path,
 * /licenses/%76alidate, is not one: WordPress re-encodes the rewrite match, so the route stays unmatched, 404.)
 */
export function variants( route: string ): [ string, string ][] {
	const mixed = route.replace( /[a-z]/g, ( c, at: number ) =>
		at % 2 ? c.toUpperCase() : c
	);
	const cut = route.lastIndexOf( '/' ) + 1;
	const last = route.slice( cut );
	return [
		[ 'upper-case route', `/wp-json${ route.toUpperCase() }` ],
		[
			'upper-case namespace',
			`/wp-json${ route.replace( '/svc/v1', '/SVC/V1' ) }`,
		],
		[
			'capitalised last segment',
			`/wp-json${ route.slice( 0, cut ) }${ last[ 0 ].toUpperCase() }${ last.slice( 1 ) }`,
		],
		[ 'mixed case', `/wp-json${ mixed }` ],
		[ 'trailing slash', `/wp-json${ route }/` ],
		[ 'rest_route', `/?rest_route=${ route }` ],
		[ 'rest_route in mixed case', `/?rest_route=${ mixed }` ],
		[
			'rest_route upper-case, encoded',
			`/?rest_route=${ encodeURIComponent( route.toUpperCase() ) }`,
		],
	];
}

/** What a probe sends: for POST routes, missing parameters and then a body that is not JSON. */
const probes = ( endpoint: Endpoint ): [ string, Buffer | undefined ][] =>
	endpoint.method === 'GET'
		? [ [ 'no parameters', undefined ] ]
		: [
				[ 'missing parameters', Buffer.from( '{}' ) ],
				[ 'invalid JSON', Buffer.from( '{"license_key":' ) ],
			];

const send = (
	request: APIRequestContext,
	endpoint: Endpoint,
	url: string,
	ip: string,
	body?: Buffer
) =>
	request.fetch( url, {
		method: endpoint.method,
		headers: {
			'X-Forwarded-For': ip,
			...( body ? { 'Content-Type': 'application/json' } : {} ),
		},
		data: body,
		maxRedirects: 0,
	} );

test.describe( 'hostile: case and encoding variants of limited routes', () => {
	let limited: Endpoint[] = [];

	test.beforeAll( async ( { request } ) => {
		const admin = await keyHeaders( request, 'admin' );
		const settings = await (
			await request.get( '/wp-json/svc/v1/admin/settings', {
				headers: admin,
			} )
		).json();
		const low = Object.fromEntries(
			Object.keys( settings.rate_limits as Record< string, number > )
				.filter( ( name ) => name !== 'admin' )
				.map( ( name ) => [ name, LIMIT ] )
		);
		await setSettings( request, {
			rate_limits: low,
			trusted_proxies: [ '127.0.0.1', '::1' ],
		} );
		// A limited route is one whose answer carries the limit headers.
		for ( const endpoint of await discoverEndpoints( request ) ) {
			if ( isAdmin( endpoint.route ) ) {
				continue;
			}
			const response = await send(
				request,
				endpoint,
				pathOf( endpoint.route ),
				freshIp()
			);
			if ( response.headers()[ 'x-ratelimit-limit' ] !== undefined ) {
				limited.push( endpoint );
			}
		}
		expect(
			limited.length,
			'limited public routes'
		).toBeGreaterThanOrEqual( 6 );
	} );

	test.afterAll( async ( { request } ) => {
		await applySuiteSettings( request );
		limited = [];
	} );

	test( 'every form reaches the route and gets its answer and envelope', async ( {
		request,
	} ) => {
		// It drives every route, so its time grows with the route list; a CI run on 2 loaded cores took 30 s.
		test.setTimeout( 120_000 );
		let forms = 0;
		for ( const endpoint of limited ) {
			for ( const [ probe, body ] of probes( endpoint ) ) {
				const canonical = await send(
					request,
					endpoint,
					pathOf( endpoint.route ),
					freshIp(),
					body
				);
				const expected = {
					status: canonical.status(),
					code: ( await canonical.json() ).code,
				};
				expect(
					expected.status,
					`${ endpoint.route } ${ probe }`
				).toBeGreaterThanOrEqual( 400 );
				for ( const [ form, url ] of variants( endpoint.route ) ) {
					const label = `${ endpoint.method } ${ endpoint.route } as ${ form } (${ url }), ${ probe }`;
					const response = await send(
						request,
						endpoint,
						url,
						freshIp(),
						body
					);
					await expectSafeAnswer( response, label, true );
					expect(
						{
							status: response.status(),
							code: ( await response.json() ).code,
						},
						label
					).toEqual( expected );
					expect(
						response.headers()[ 'x-ratelimit-limit' ],
						`${ label }: counted`
					).toBe( String( LIMIT ) );
					forms++;
				}
			}
		}
		reportCoverage(
			'case and encoding variants (answer and envelope)',
			`${ limited.length } limited routes (${ limited.map( ( e ) => e.route.replace( '/svc/v1', '' ) ).join( ', ' ) }), ${ forms } form × probe requests`
		);
	} );

	test( 'every form counts against the one limit of its route', async ( {
		request,
	} ) => {
		// It drives every route, so its time grows with the route list; a CI run on 2 loaded cores took 30 s.
		test.setTimeout( 120_000 );
		let refused = 0;
		for ( const endpoint of limited ) {
			await awaitRoomInMinute( 20 );
			const forms = variants( endpoint.route );
			// Spend the limit on the route as registered; every other form is then refused.
			const spent = freshIp();
			for ( let i = 0; i < LIMIT; i++ ) {
				const response = await send(
					request,
					endpoint,
					pathOf( endpoint.route ),
					spent
				);
				expect(
					response.status(),
					`${ endpoint.route } call ${ i + 1 }`
				).not.toBe( 429 );
			}
			for ( const [ form, url ] of forms ) {
				const label = `${ endpoint.method } ${ endpoint.route } as ${ form } after the limit`;
				const response = await send( request, endpoint, url, spent );
				expect( response.status(), label ).toBe( 429 );
				expect( ( await response.json() ).code, label ).toBe(
					'rate_limit_exceeded'
				);
				expect(
					Number( response.headers()[ 'retry-after' ] ),
					label
				).toBeGreaterThan( 0 );
				refused++;
			}
			// And the other way round: other forms spend the limit of the route as registered.
			const other = freshIp();
			for ( let i = 0; i < LIMIT; i++ ) {
				const [ form, url ] = forms[ i % forms.length ];
				const response = await send( request, endpoint, url, other );
				expect(
					response.status(),
					`${ endpoint.route } as ${ form }, call ${ i + 1 }`
				).not.toBe( 429 );
			}
			const last = await send(
				request,
				endpoint,
				pathOf( endpoint.route ),
				other
			);
			expect(
				last.status(),
				`${ endpoint.route } after ${ LIMIT } calls in other forms`
			).toBe( 429 );
		}
		reportCoverage(
			'case and encoding variants (one limit)',
			`${ limited.length } limited routes, ${ refused } forms refused after the limit`
		);
	} );
} );
