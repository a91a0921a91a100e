/**
 * Hostile: dot segments in the path, raw or percent-encoded. A route is matched on the path as sent, so an
 * encoded `..` must never carry a request to another route (a DELETE of an activation must not become a DELETE
 * of the licence). Sent with node:http, byte for byte: an HTTP client library would resolve some of them itself.
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { baseURL } from '../fixtures/env';
import { keyHeaders } from '../fixtures/test-helpers';
import {
	discoverEndpoints,
	pathOf,
	pathParams,
	reportCoverage,
} from './routes';

/** Forms of "go up two segments, then to {target}". */
const FORMS: [ string, ( target: string ) => string ][] = [
	[ 'encoded slash', ( t ) => `..%2F..%2F${ t }` ],
	[ 'encoded dots and slash', ( t ) => `%2E%2E%2F%2E%2E%2F${ t }` ],
	[ 'lower-case encoding', ( t ) => `%2e%2e%2f%2e%2e%2f${ t }` ],
	[ 'double encoding', ( t ) => `..%252F..%252F${ t }` ],
	[ 'encoded backslash', ( t ) => `..%5C..%5C${ t }` ],
	[ 'raw', ( t ) => `../../${ t }` ],
	[ 'current segment', ( t ) => `.%2F${ t }` ],
];

function rawRequest(
	method: string,
	path: string,
	headers: Record< string, string >
): Promise< { status: number; body: string } > {
	const url = new URL( baseURL );
	return new Promise( ( resolve, reject ) => {
		const req = http.request(
			{
				agent: false,
				host: url.hostname,
				port: url.port,
				method,
				path,
				headers: {
					...headers,
					'Content-Type': 'application/json',
					'Content-Length': method === 'GET' ? '0' : '2',
				},
			},
			( res ) => {
				let body = '';
				res.on( 'data', ( chunk ) => ( body += chunk ) );
				res.on( 'end', () =>
					resolve( { status: res.statusCode ?? 0, body } )
				);
			}
		);
		req.on( 'error', ( error ) =>
			reject( new Error( `${ method } ${ path }: ${ error.message }` ) )
		);
		req.end( method === 'GET' ? undefined : '{}' );
	} );
}

test( 'hostile: a dot segment in any path parameter reaches no route', async ( {
	request,
} ) => {
	// It drives every route, so its time grows with the route list; a CI run on 2 loaded cores took 30 s.
	test.setTimeout( 120_000 );
	const admin = await keyHeaders( request, 'admin' );
	const product = await (
		await request.post( '/wp-json/svc/v1/admin/products', {
			headers: admin,
			data: { name: `dots ${ Date.now() }` },
		} )
	).json();
	const license = await (
		await request.post( '/wp-json/svc/v1/admin/licenses', {
			headers: admin,
			data: {
				product_id: product.id,
				customer_email: 'dots@example.com',
			},
		} )
	).json();
	const withParams = ( await discoverEndpoints( request ) ).filter(
		( endpoint ) => pathParams( endpoint.route ).length > 0
	);
	let sent = 0;
	for ( const endpoint of withParams ) {
		const params = pathParams( endpoint.route );
		const last = params[ params.length - 1 ];
		for ( const [ form, up ] of FORMS ) {
			const values = Object.fromEntries(
				params.map( ( name ) => [ name, license.id ] )
			);
			values[ last ] = up( String( license.id ) );
			const path = pathOf( endpoint.route, values );
			const label = `${ endpoint.method } ${ path } (${ form })`;
			const answer = await rawRequest( endpoint.method, path, admin );
			expect(
				answer.status,
				`${ label }: ${ answer.body.slice( 0, 200 ) }`
			).toBe( 404 );
			expect( JSON.parse( answer.body ).code, label ).toBe( 'not_found' );
			sent++;
		}
	}
	// The licence the dotted paths pointed at is untouched.
	const after = await (
		await request.get( `/wp-json/svc/v1/admin/licenses/${ license.id }`, {
			headers: admin,
		} )
	).json();
	expect( after.status ).toBe( 'active' );
	expect( after.customer_email ).toBe( 'dots@example.com' );
	reportCoverage(
		'dot segments',
		`${ withParams.length } routes with path parameters × ${ FORMS.length } forms = ${ sent } requests, all 404`
	);
} );
