/**
 * Hostile: out-of-range pages on every paginated list (every GET route with a `page` argument). A value no
 * integer holds is a 400; a page past the last one is an empty page that echoes the page asked for; neither may
 * run a failed query (the debug log gains no database error).
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { debugLog } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';
import { discoverEndpoints, pathOf, reportCoverage } from './routes';

const NOT_AN_INTEGER = [
	'99999999999999999999',
	'9223372036854775808',
	'1e20',
	'1e400',
	'1e3',
	'1.5',
	'0',
	'-1',
	'abc',
	'',
];
const PAST_THE_END = [
	'9223372036854775807',
	'4611686018427387904',
	'1000000',
];

const logSize = () =>
	debugLog !== '' && fs.existsSync( debugLog )
		? fs.statSync( debugLog ).size
		: 0;

test( 'hostile: out-of-range pages on every list', async ( { request } ) => {
	// It drives every route, so its time grows with the route list; a CI run on 2 loaded cores took 30 s.
	test.setTimeout( 120_000 );
	const admin = await keyHeaders( request, 'admin' );
	const product = await (
		await request.post( '/wp-json/svc/v1/admin/products', {
			headers: admin,
			data: { name: `paging ${ Date.now() }` },
		} )
	).json();
	for ( let i = 0; i < 3; i++ ) {
		await request.post( '/wp-json/svc/v1/admin/licenses', {
			headers: admin,
			data: {
				product_id: product.id,
				customer_email: `page${ i }@example.com`,
			},
		} );
	}
	const lists = ( await discoverEndpoints( request ) ).filter(
		( endpoint ) => endpoint.method === 'GET' && 'page' in endpoint.args
	);
	expect( lists.length, 'paginated lists' ).toBeGreaterThanOrEqual( 3 );
	const logBefore = logSize();
	let requests = 0;
	for ( const list of lists ) {
		const path = pathOf( list.route, {}, product.id );
		for ( const page of NOT_AN_INTEGER ) {
			const response = await request.get( `${ path }?page=${ page }`, {
				headers: admin,
			} );
			const body = await expectError( response, 400, 'invalid_params' );
			expect( body.message, `${ path }?page=${ page }` ).toContain(
				'page'
			);
			requests++;
		}
		for ( const page of PAST_THE_END ) {
			for ( const perPage of [ 1, 20, 100 ] ) {
				const label = `${ path }?page=${ page }&per_page=${ perPage }`;
				const response = await request.get(
					`${ path }?page=${ page }&per_page=${ perPage }`,
					{ headers: admin }
				);
				expect( response.status(), label ).toBe( 200 );
				const text = await response.text();
				const body = JSON.parse( text );
				const rows = Array.isArray( body ) ? body : body.data;
				expect( rows, label ).toEqual( [] );
				if ( ! Array.isArray( body ) ) {
					// Compared as written: the number is past what a JavaScript number holds exactly.
					expect( text, label ).toContain( `"page":${ page }` );
					expect( body.total, label ).toBeGreaterThanOrEqual( 0 );
				}
				requests++;
			}
		}
		// The first page still answers its rows.
		const first = await request.get( `${ path }?page=1&per_page=1`, {
			headers: admin,
		} );
		expect( first.status() ).toBe( 200 );
	}
	const added =
		logSize() > logBefore
			? fs.readFileSync( debugLog, 'utf8' ).slice( logBefore )
			: '';
	expect( added, 'no failed query in the debug log' ).not.toContain(
		'database error'
	);
	reportCoverage(
		'out-of-range pagination',
		`${ lists.length } lists (${ lists.map( ( l ) => l.route.replace( '/svc/v1', '' ) ).join( ', ' ) }), ${ requests } requests`
	);
} );
