/**
 * The hostile suite is driven by the service's own route list (the REST index of /svc/v1), so a route added
 * later is attacked without a new test.
 */
import {
	expect,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';

export interface ArgSchema {
	type?: string | string[];
	required?: boolean;
}

export interface Endpoint {
	/** Pattern as registered, e.g. /svc/v1/admin/licenses/(?P<id>\d+). */
	route: string;
	method: string;
	/** Arguments other than the path's own. */
	args: Record< string, ArgSchema >;
}

const PATH_PARAM = /\(\?P<(\w+)>[^)]*\)/g;

/** Every endpoint (route × method) the namespace index lists, the index itself excluded. */
export async function discoverEndpoints(
	request: APIRequestContext
): Promise< Endpoint[] > {
	const response = await request.get( '/wp-json/svc/v1' );
	expect( response.status() ).toBe( 200 );
	const index = ( await response.json() ) as {
		routes: Record<
			string,
			{
				endpoints: {
					methods: string[];
					args: Record< string, ArgSchema > | [];
				}[];
			}
		>;
	};
	const endpoints: Endpoint[] = [];
	for ( const [ route, { endpoints: handlers } ] of Object.entries(
		index.routes
	) ) {
		if ( route === '/svc/v1' ) {
			continue;
		}
		const inPath = pathParams( route );
		for ( const handler of handlers ) {
			const args = Object.fromEntries(
				Object.entries(
					Array.isArray( handler.args ) ? {} : handler.args
				).filter( ( [ name ] ) => ! inPath.includes( name ) )
			);
			for ( const method of handler.methods ) {
				endpoints.push( { route, method, args } );
			}
		}
	}
	expect( endpoints.length, 'routes discovered' ).toBeGreaterThan( 20 );
	return endpoints;
}

export const pathParams = ( route: string ): string[] =>
	[ ...route.matchAll( PATH_PARAM ) ].map( ( match ) => match[ 1 ] );

export const isAdmin = ( route: string ) =>
	route.startsWith( '/svc/v1/admin/' );

/** The route's URL path with its parameters filled in (each falls back to `fallback`). */
export function pathOf(
	route: string,
	values: Record< string, string | number > = {},
	fallback: string | number = 1
): string {
	return `/wp-json${ route.replace( PATH_PARAM, ( _, name: string ) =>
		String( values[ name ] ?? fallback )
	) }`;
}

/** A line the list reporter prints: what a class of attack covered. */
export function reportCoverage( attack: string, what: string ): void {
	// eslint-disable-next-line no-console
	console.log( `hostile coverage: ${ attack }: ${ what }` );
}

/**
 * A hostile request must never get a 5xx, and every error is the spec's envelope with a code of the spec (no
 * WordPress rest_* code), data.status equal to the HTTP status, and a message with no file path or SQL in it.
 */
export async function expectSafeAnswer(
	response: APIResponse,
	label: string,
	expectError: boolean
): Promise< void > {
	const status = response.status();
	const text = await response.text();
	expect(
		status,
		`${ label }: no server error (${ text.slice( 0, 300 ) })`
	).toBeLessThan( 500 );
	if ( expectError ) {
		expect(
			status,
			`${ label }: refused (${ text.slice( 0, 300 ) })`
		).toBeGreaterThanOrEqual( 400 );
	}
	if ( status < 400 ) {
		return;
	}
	let body: {
		code?: unknown;
		message?: unknown;
		data?: { status?: unknown };
	};
	try {
		body = JSON.parse( text );
	} catch {
		throw new Error(
			`${ label }: ${ status } without a JSON envelope: ${ text.slice( 0, 300 ) }`
		);
	}
	expect( Object.keys( body ).sort(), `${ label }: envelope keys` ).toEqual( [
		'code',
		'data',
		'message',
	] );
	expect( String( body.code ), `${ label }: a spec code` ).toMatch(
		/^[a-z_]+$/
	);
	expect(
		String( body.code ),
		`${ label }: not WordPress' own code`
	).not.toMatch( /^rest_/ );
	expect( body.data?.status, `${ label }: data.status` ).toBe( status );
	expect(
		String( body.message ).length,
		`${ label }: a message`
	).toBeGreaterThan( 0 );
	expect(
		String( body.message ),
		`${ label }: no leaked details`
	).not.toMatch( /\.php|wp-content|SELECT |INSERT |Stack trace/i );
}
