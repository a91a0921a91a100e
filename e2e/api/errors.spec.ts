/**
 * The error envelope of the whole namespace: code, message, data.status; WordPress' own errors mapped to
 * the spec's codes. Routes under /svc/v1/__test come from the test-helper mu-plugin.
 */
import { expect, test } from '@playwright/test';
import { testToken } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';

const auth = { 'X-Svc-Test-Token': testToken };

test.describe( 'error envelope under /svc/v1', () => {
	test( 'an unknown route is 404 not_found, in both URL forms', async ( {
		request,
	} ) => {
		await expectError(
			await request.get( '/wp-json/svc/v1/no-such-route' ),
			404,
			'not_found'
		);
		await expectError(
			await request.get( '/?rest_route=/svc/v1/no-such-route' ),
			404,
			'not_found'
		);
		await expectError(
			await request.post( '/wp-json/svc/v1/health' ),
			404,
			'not_found'
		);
	} );

	test( 'a missing required parameter is 400 invalid_params naming it', async ( {
		request,
	} ) => {
		const body = await expectError(
			await request.post( '/wp-json/svc/v1/__test/echo', {
				headers: auth,
				data: {},
			} ),
			400,
			'invalid_params'
		);
		expect( body.message ).toContain( 'count' );
		expect( body.data.params ).toEqual( [ 'count' ] );
	} );

	test( 'a parameter of the wrong type, out of bounds or outside its enum is 400 invalid_params', async ( {
		request,
	} ) => {
		for ( const data of [
			{ count: 'many' },
			{ count: 11 },
			{ count: 0 },
			{ count: 2, mode: 'sideways' },
		] ) {
			const body = await expectError(
				await request.post( '/wp-json/svc/v1/__test/echo', {
					headers: auth,
					data,
				} ),
				400,
				'invalid_params'
			);
			expect( Object.keys( body.data.params as object ).length ).toBe(
				1
			);
		}
		const ok = await request.post( '/wp-json/svc/v1/__test/echo', {
			headers: auth,
			data: { count: 3, mode: 'fast' },
		} );
		expect( ok.status() ).toBe( 200 );
		expect( await ok.json() ).toEqual( { count: 3, mode: 'fast' } );
	} );

	test( 'a malformed JSON body is 400 invalid_params', async ( {
		request,
	} ) => {
		await expectError(
			await request.post( '/wp-json/svc/v1/__test/echo', {
				headers: { ...auth, 'Content-Type': 'application/json' },
				data: '{"count": 3',
			} ),
			400,
			'invalid_params'
		);
	} );

	test( 'a domain error keeps its code, status and extra data', async ( {
		request,
	} ) => {
		const body = await expectError(
			await request.get( '/wp-json/svc/v1/__test/service-error', {
				headers: auth,
			} ),
			403,
			'activation_limit_reached'
		);
		expect( body.data ).toEqual( {
			status: 403,
			activation_limit: 3,
			activation_count: 3,
		} );
	} );

	test( 'an unexpected exception is 500 internal_error and leaks nothing', async ( {
		request,
	} ) => {
		const response = await request.get( '/wp-json/svc/v1/__test/throw', {
			headers: auth,
		} );
		const text = await response.text();
		expect( text ).not.toContain( 'secret detail' );
		expect( text ).not.toContain( 'RuntimeException' );
		expect( text ).not.toContain( '.php' );
		await expectError( response, 500, 'internal_error' );
	} );

	test( 'a permission failure of core inside the namespace is mapped, outside it is left alone', async ( {
		request,
	} ) => {
		await expectError(
			await request.get( '/wp-json/svc/v1/__test/throw' ),
			403,
			'forbidden'
		);
		const outside = await request.get( '/wp-json/wp/v2/no-such-route' );
		expect( outside.status() ).toBe( 404 );
		expect( ( await outside.json() ).code ).toBe( 'rest_no_route' );
	} );
} );
