/**
 * Admin products: CRUD, pagination, and the permission matrix of every product route against nine callers.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { makeCallers, type Caller, type CallerName } from '../fixtures/callers';
import { expectError } from '../fixtures/envelope';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';

const unique = ( prefix: string ) =>
	`${ prefix }-${ randomUUID().slice( 0, 8 ) }`;

test.describe( 'admin products', () => {
	test( 'create (201, slug from the name), get, partial update, list with totals, delete', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const name = `Gallery Pro ${ randomUUID().slice( 0, 6 ) }`;
		const created = await request.post( '/wp-json/svc/v1/admin/products', {
			headers,
			data: {
				name,
				current_version: '1.2.0',
				homepage_url: 'https://example.com/gallery?ref=1',
				trial_enabled: true,
				trial_days: 7,
				unknown_field: 'ignored',
			},
		} );
		expect( created.status() ).toBe( 201 );
		const product = await created.json();
		expect( product ).toMatchObject( {
			name,
			slug: name.toLowerCase().replace( / /g, '-' ),
			description: '',
			homepage_url: 'https://example.com/gallery?ref=1',
			current_version: '1.2.0',
			is_active: true,
			trial_enabled: true,
			trial_days: 7,
		} );
		expect( product.created_at ).toMatch(
			/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
		);
		expect( product ).not.toHaveProperty( 'unknown_field' );

		const url = `/wp-json/svc/v1/admin/products/${ product.id }`;
		expect(
			await ( await request.get( url, { headers } ) ).json()
		).toEqual( product );

		const updated = await (
			await request.put( url, {
				headers,
				data: { description: 'Photo galleries', is_active: false },
			} )
		).json();
		expect( updated ).toEqual( {
			...product,
			description: 'Photo galleries',
			is_active: false,
		} );

		await expectError(
			await request.put( url, { headers, data: { trial_days: -1 } } ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.put( url, {
				headers,
				data: { current_version: 'one' },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.put( url, {
				headers,
				data: { homepage_url: 'not a url' },
			} ),
			400,
			'invalid_params'
		);
		expect(
			await ( await request.get( url, { headers } ) ).json()
		).toEqual( updated );

		const deleted = await request.delete( url, { headers } );
		expect( deleted.status() ).toBe( 200 );
		expect( ( await deleted.json() ).deleted ).toBe( true );
		await expectError(
			await request.get( url, { headers } ),
			404,
			'not_found'
		);
	} );

	test( 'a taken slug is 409 product_slug_exists, on create and on update', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const slug = unique( 'taken' );
		const first = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers,
				data: { name: 'A', slug },
			} )
		).json();
		await expectError(
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers,
				data: { name: 'B', slug },
			} ),
			409,
			'product_slug_exists'
		);
		const second = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers,
				data: { name: 'B', slug: unique( 'free' ) },
			} )
		).json();
		await expectError(
			await request.put(
				`/wp-json/svc/v1/admin/products/${ second.id }`,
				{ headers, data: { slug } }
			),
			409,
			'product_slug_exists'
		);
		expect( first.slug ).toBe( slug );
		await expectError(
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers,
				data: { slug: unique( 'no-name' ) },
			} ),
			400,
			'invalid_params'
		);
	} );

	test( 'a slug is made from any name, underscores and spaces included', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const id = randomUUID().slice( 0, 8 );
		const product = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers,
				data: { name: `My_Plugin  Pro ${ id }` },
			} )
		).json();
		expect( product.slug ).toBe( `my-plugin-pro-${ id }` );
	} );

	test( 'a product with licences cannot be deleted: 409 product_has_licenses', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const { product_id } = await createLicense( request, {
			slug: unique( 'licensed' ),
		} );
		await expectError(
			await request.delete(
				`/wp-json/svc/v1/admin/products/${ product_id }`,
				{ headers }
			),
			409,
			'product_has_licenses'
		);
		expect(
			(
				await request.get(
					`/wp-json/svc/v1/admin/products/${ product_id }`,
					{ headers }
				)
			).status()
		).toBe( 200 );
	} );

	test( 'pagination: pages of 20 by default with X-WP-Total and X-WP-TotalPages; per_page at most 100', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		for ( let i = 0; i < 45; i++ ) {
			expect(
				(
					await request.post( '/wp-json/svc/v1/admin/products', {
						headers,
						data: { name: unique( 'page' ) },
					} )
				).status()
			).toBe( 201 );
		}
		const first = await request.get( '/wp-json/svc/v1/admin/products', {
			headers,
		} );
		const total = Number( first.headers()[ 'x-wp-total' ] );
		expect( total ).toBeGreaterThanOrEqual( 45 );
		const pages = Math.ceil( total / 20 );
		expect( first.headers()[ 'x-wp-totalpages' ] ).toBe( String( pages ) );
		expect( await first.json() ).toHaveLength( 20 );
		const last = await request.get(
			`/wp-json/svc/v1/admin/products?page=${ pages }`,
			{ headers }
		);
		expect( await last.json() ).toHaveLength( total - ( pages - 1 ) * 20 );
		const ids = new Set< number >();
		for ( let page = 1; page <= pages; page++ ) {
			for ( const product of await (
				await request.get(
					`/wp-json/svc/v1/admin/products?page=${ page }`,
					{ headers }
				)
			).json() ) {
				ids.add( product.id );
			}
		}
		expect( ids.size ).toBe( total );
		expect(
			await (
				await request.get(
					`/wp-json/svc/v1/admin/products?page=${ pages + 1 }`,
					{ headers }
				)
			).json()
		).toEqual( [] );
		expect(
			await (
				await request.get(
					'/wp-json/svc/v1/admin/products?per_page=100',
					{ headers }
				)
			).json()
		).toHaveLength( Math.min( total, 100 ) );
		await expectError(
			await request.get( '/wp-json/svc/v1/admin/products?per_page=101', {
				headers,
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.get( '/wp-json/svc/v1/admin/products?page=0', {
				headers,
			} ),
			400,
			'invalid_params'
		);
	} );

	test( 'permission matrix of every product route', async ( { request } ) => {
		const setup = await keyHeaders( request );
		const other = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers: setup,
				data: { name: unique( 'other' ) },
			} )
		).json();
		const callers = await makeCallers( request, other.id );
		const target = async () =>
			(
				await (
					await request.post( '/wp-json/svc/v1/admin/products', {
						headers: setup,
						data: { name: unique( 'target' ) },
					} )
				).json()
			).id as number;

		// Expected status per caller for: list, create, get, update, delete.
		const expected: Record<
			CallerName,
			[ number, number, number, number, number ]
		> = {
			none: [ 401, 401, 401, 401, 401 ],
			'read key': [ 200, 403, 200, 403, 403 ],
			'write key': [ 200, 201, 200, 200, 403 ],
			'admin key': [ 200, 201, 200, 200, 200 ],
			'key of another product': [ 200, 403, 403, 403, 403 ],
			'revoked key': [ 401, 401, 401, 401, 401 ],
			'cookie without nonce': [ 401, 401, 401, 401, 401 ],
			'cookie with nonce': [ 200, 201, 200, 200, 200 ],
			'subscriber cookie with nonce': [ 403, 403, 403, 403, 403 ],
		};
		const codes: Record< number, string > = {
			401: 'unauthorized',
			403: 'forbidden',
		};
		for ( const caller of callers ) {
			const id = await target();
			const call = ( method: string, path: string, data?: unknown ) =>
				( caller as Caller ).context.fetch(
					`/wp-json/svc/v1/admin/products${ path }`,
					{ method, headers: caller.headers, data }
				);
			const responses = [
				await call( 'GET', '' ),
				await call( 'POST', '', { name: unique( 'by-caller' ) } ),
				await call( 'GET', `/${ id }` ),
				await call( 'PUT', `/${ id }`, { description: 'changed' } ),
				await call( 'DELETE', `/${ id }` ),
			];
			const statuses = responses.map( ( r ) => r.status() );
			expect( statuses, caller.name ).toEqual( expected[ caller.name ] );
			for ( const response of responses.filter(
				( r ) => r.status() >= 400
			) ) {
				const body = await response.json();
				const code =
					caller.name === 'key of another product'
						? 'product_out_of_scope'
						: codes[ response.status() ];
				expect(
					body.code,
					`${ caller.name } ${ response.url() }`
				).toBe( code );
			}
			if ( caller.name === 'key of another product' ) {
				const listed = await responses[ 0 ].json();
				expect( listed.map( ( p: { id: number } ) => p.id ) ).toEqual( [
					other.id,
				] );
			}
		}
	} );
} );
