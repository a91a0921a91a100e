/**
 * Hostile: malformed input on every route and method of the namespace, read from the route list. Bodies that are
 * not JSON or nest past any sane depth, a value of the wrong type and a huge string for every argument each
 * get a 4xx with the spec's envelope (or, for a huge string a route may accept, a 2xx), never a 5xx, a
 * WordPress rest_* code or a leaked detail.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';
import { keyHeaders } from '../fixtures/test-helpers';
import {
	discoverEndpoints,
	expectSafeAnswer,
	pathOf,
	reportCoverage,
	type ArgSchema,
	type Endpoint,
} from './routes';

const HUGE_BODY_STRING = 'A'.repeat( 1024 * 1024 );
// A query string this long still fits the request line both servers accept (8 KB on nginx).
const HUGE_QUERY_STRING = 'A'.repeat( 6000 );
const DEEP = 10000;

/** A value that is not of the argument's type (for every type it may take). */
function wrongType( schema: ArgSchema ): unknown {
	const types = (
		Array.isArray( schema.type ) ? schema.type : [ schema.type ]
	).filter( ( type ): type is string => typeof type === 'string' );
	if ( types.includes( 'object' ) ) {
		return [ 1, 2 ];
	}
	if ( types.includes( 'string' ) || types.includes( 'array' ) ) {
		return { nested: { not: 'this' } };
	}
	if ( types.includes( 'integer' ) || types.includes( 'number' ) ) {
		return 'not-a-number';
	}
	if ( types.includes( 'boolean' ) ) {
		return 'maybe';
	}
	return undefined;
}

const deepArray = ( depth: number ) =>
	'['.repeat( depth ) + ']'.repeat( depth );

/** The same wrong value as a query string (PHP reads a[x][y]=1 as nested arrays). */
function asQuery( name: string, value: unknown ): string {
	if ( typeof value === 'object' && value !== null ) {
		return Array.isArray( value )
			? value.map( ( v ) => `${ name }[]=${ v }` ).join( '&' )
			: `${ name }[nested][not]=this`;
	}
	return `${ name }=${ encodeURIComponent( String( value ) ) }`;
}

async function attack(
	request: APIRequestContext,
	endpoint: Endpoint,
	url: string,
	headers: Record< string, string >,
	body: Buffer | undefined
) {
	return request.fetch( url, {
		method: endpoint.method,
		headers: body
			? { ...headers, 'Content-Type': 'application/json' }
			: headers,
		data: body,
		maxRedirects: 0,
	} );
}

/** Real rows for the path ids, so updates reach storage: the id of the resource named before each parameter. */
async function world(
	request: APIRequestContext,
	admin: Record< string, string >
) {
	const post = async ( path: string, data: unknown ) => {
		const response = await request.post(
			`/wp-json/svc/v1/admin/${ path }`,
			{
				headers: admin,
				data,
			}
		);
		expect( response.status(), path ).toBe( 201 );
		return ( await response.json() ) as {
			id: number;
			license_key?: string;
		};
	};
	const product = await post( 'products', {
		name: `malformed ${ Date.now() }`,
	} );
	const license = await post( 'licenses', {
		product_id: product.id,
		customer_email: 'malformed@example.com',
		activation_limit: 5,
	} );
	const ids: Record< string, number > = {
		products: product.id,
		licenses: license.id,
		tiers: ( await post( 'tiers', { label: 'Malformed' } ) ).id,
		prices: (
			await post( 'prices', {
				product_id: product.id,
				processor_price_id: `price_m${ Date.now() }`,
			} )
		).id,
		releases: (
			await post( `products/${ product.id }/releases`, {
				version: '1.0.0',
				package_url: 'https://downloads.example.com/m.zip',
				package_sha256: 'a'.repeat( 64 ),
			} )
		).id,
		'api-keys': (
			await post( 'api-keys', {
				label: 'malformed',
				permissions: 'read',
			} )
		).id,
	};
	return ( route: string ) => {
		const values: Record< string, number > = {};
		for ( const match of route.matchAll( /([a-z-]+)\/\(\?P<(\w+)>/g ) ) {
			values[ match[ 2 ] ] = ids[ match[ 1 ] ] ?? 999999;
		}
		return pathOf( route, values, 999999 );
	};
}

/** One request of the attack and what its answer must be. */
interface Attack {
	label: string;
	send: () => Promise< APIResponse >;
	expectError: boolean;
	kind: 'bodies' | 'wrongTypes' | 'huge' | 'deep';
}

/**
 * Runs the attacks `width` at a time. The requests do not depend on each other's answers (each is judged alone, and a
 * row another one changed or removed still answers 2xx or 4xx), so they need not wait for each other.
 */
async function runAttacks(
	attacks: Attack[],
	width: number,
	counts: Record< Attack[ 'kind' ], number >
) {
	let next = 0;
	const lane = async () => {
		while ( next < attacks.length ) {
			const { label, send, expectError, kind } = attacks[ next++ ];
			await expectSafeAnswer( await send(), label, expectError );
			counts[ kind ]++;
		}
	};
	await Promise.all( Array.from( { length: width }, lane ) );
}

test( 'hostile: malformed input on every route', async ( { request } ) => {
	// 1,080 requests: 32 s alone, over 4 min on the CI's SQLite side track with the other two tracks running.
	test.setTimeout( 600_000 );
	const admin = await keyHeaders( request, 'admin' );
	const urlOf = await world( request, admin );
	const endpoints = await discoverEndpoints( request );
	const attacks: Attack[] = [];
	const counts = { bodies: 0, wrongTypes: 0, huge: 0, deep: 0 };
	for ( const endpoint of endpoints ) {
		const url = urlOf( endpoint.route );
		const label = `${ endpoint.method } ${ endpoint.route }`;
		const inQuery = endpoint.method === 'GET';
		/** Sends one argument: in the query string for GET, as the JSON body otherwise. */
		const sendArg = ( query: string, json: string ) => () =>
			inQuery
				? attack(
						request,
						endpoint,
						`${ url }?${ query }`,
						admin,
						undefined
					)
				: attack( request, endpoint, url, admin, Buffer.from( json ) );
		if ( ! inQuery ) {
			for ( const [ what, raw ] of [
				[ 'a body that is not JSON', '{"license_key": "abc", ' ],
				[ 'JSON nested 10,000 deep', deepArray( DEEP ) ],
				[ 'JSON of the wrong shape', '"just a string"' ],
			] as const ) {
				attacks.push( {
					label: `${ label } with ${ what }`,
					send: () =>
						attack(
							request,
							endpoint,
							url,
							admin,
							Buffer.from( raw )
						),
					expectError: true,
					kind: 'bodies',
				} );
			}
		}
		for ( const [ name, schema ] of Object.entries( endpoint.args ) ) {
			const wrong = wrongType( schema );
			if ( wrong !== undefined ) {
				attacks.push( {
					label: `${ label } ${ name } of a wrong type`,
					send: sendArg(
						asQuery( name, wrong ),
						JSON.stringify( { [ name ]: wrong } )
					),
					expectError: true,
					kind: 'wrongTypes',
				} );
			}
			attacks.push( {
				label: `${ label } huge ${ name }`,
				send: sendArg(
					`${ name }=${ HUGE_QUERY_STRING }`,
					JSON.stringify( { [ name ]: HUGE_BODY_STRING } )
				),
				expectError: false,
				kind: 'huge',
			} );
			// Nested: 200 levels of a[x] in a query (past PHP's input nesting limit), or 400 levels of JSON
			// arrays (valid JSON for PHP, whose limit is 512), the wrong type for any argument.
			attacks.push( {
				label: `${ label } ${ name } deeply nested`,
				send: sendArg(
					`${ name }${ '[a]'.repeat( 200 ) }=1`,
					`{"${ name }":${ deepArray( 400 ) }}`
				),
				expectError: ! inQuery,
				kind: 'deep',
			} );
		}
	}
	// Four at a time (the sites run 8 PHP workers); the deletes last and one at a time, so the other routes meet the
	// rows the world made rather than a row a delete removed while their request was in flight.
	const isDelete = ( a: Attack ) => a.label.startsWith( 'DELETE ' );
	await runAttacks(
		attacks.filter( ( a ) => ! isDelete( a ) ),
		4,
		counts
	);
	await runAttacks( attacks.filter( isDelete ), 1, counts );
	expect( counts.wrongTypes ).toBeGreaterThan( 50 );
	reportCoverage(
		'malformed input',
		`${ new Set( endpoints.map( ( e ) => e.route ) ).size } routes, ${ endpoints.length } route × method pairs: ${ counts.bodies } broken bodies, ${ counts.wrongTypes } wrong types, ${ counts.huge } huge strings, ${ counts.deep } deep nestings`
	);
} );
