/**
 * Tiers and prices; and the permission matrix of the admin routes not covered by the per-resource specs
 * (stats, privacy, tiers, prices).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { makeCallers, type CallerName } from '../fixtures/callers';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';
const unique = ( prefix: string ) =>
	`${ prefix }_${ randomUUID().slice( 0, 8 ) }`;

test.describe( 'tiers and prices', () => {
	test( 'a tier travels to the licence and the validate answer; in use, it cannot be deleted', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const tier = await (
			await request.post( `${ ADMIN }/tiers`, {
				headers,
				data: {
					label: 'Agency',
					features: [ 'support', 'white-label' ],
				},
			} )
		).json();
		expect( tier ).toMatchObject( {
			label: 'Agency',
			features: [ 'support', 'white-label' ],
		} );
		const renamed = await (
			await request.put( `${ ADMIN }/tiers/${ tier.id }`, {
				headers,
				data: { label: 'Agency+' },
			} )
		).json();
		expect( renamed ).toEqual( { ...tier, label: 'Agency+' } );

		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers,
				data: { name: unique( 'tiered' ) },
			} )
		).json();
		const license = await (
			await request.post( `${ ADMIN }/licenses`, {
				headers,
				data: {
					product_id: product.id,
					customer_email: 't@example.com',
					tier_id: tier.id,
				},
			} )
		).json();
		expect( license.tier ).toEqual( {
			label: 'Agency+',
			features: [ 'support', 'white-label' ],
		} );
		const validated = await (
			await request.post( '/wp-json/svc/v1/licenses/validate', {
				data: {
					license_key: license.license_key,
					product_slug: product.slug,
					site_url: 'x.example.com',
				},
			} )
		).json();
		expect( validated.tier ).toEqual( {
			label: 'Agency+',
			features: [ 'support', 'white-label' ],
		} );

		await expectError(
			await request.delete( `${ ADMIN }/tiers/${ tier.id }`, {
				headers,
			} ),
			409,
			'in_use'
		);
		const spare = await (
			await request.post( `${ ADMIN }/tiers`, {
				headers,
				data: { label: 'Spare' },
			} )
		).json();
		expect( spare.features ).toEqual( [] );
		expect(
			(
				await (
					await request.delete( `${ ADMIN }/tiers/${ spare.id }`, {
						headers,
					} )
				).json()
			).deleted
		).toBe( true );
		await expectError(
			await request.get( `${ ADMIN }/tiers/${ spare.id }`, { headers } ),
			404,
			'not_found'
		);
		await expectError(
			await request.post( `${ ADMIN }/tiers`, {
				headers,
				data: { features: [ 'x' ] },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.post( `${ ADMIN }/tiers`, {
				headers,
				data: { label: 'x', features: [ { not: 'a string' } ] },
			} ),
			400,
			'invalid_params'
		);
	} );

	test( 'a price maps a processor price; its limit is the licence default; duplicates are 409; in use, not deletable', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers,
				data: { name: unique( 'priced' ) },
			} )
		).json();
		const processorPrice = unique( 'price' );
		const created = await request.post( `${ ADMIN }/prices`, {
			headers,
			data: {
				processor_price_id: processorPrice,
				product_id: product.id,
				activation_limit: 5,
				period: 'year',
			},
		} );
		expect( created.status() ).toBe( 201 );
		const price = await created.json();
		expect( price ).toMatchObject( {
			processor_price_id: processorPrice,
			product_id: product.id,
			tier_id: null,
			activation_limit: 5,
			period: 'year',
		} );
		await expectError(
			await request.post( `${ ADMIN }/prices`, {
				headers,
				data: {
					processor_price_id: processorPrice,
					product_id: product.id,
				},
			} ),
			409,
			'price_exists'
		);
		await expectError(
			await request.post( `${ ADMIN }/prices`, {
				headers,
				data: { processor_price_id: unique( 'p' ), product_id: 999999 },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.post( `${ ADMIN }/prices`, {
				headers,
				data: {
					processor_price_id: unique( 'p' ),
					product_id: product.id,
					period: 'week',
				},
			} ),
			400,
			'invalid_params'
		);

		const license = await (
			await request.post( `${ ADMIN }/licenses`, {
				headers,
				data: {
					product_id: product.id,
					customer_email: 'p@example.com',
					price_id: price.id,
				},
			} )
		).json();
		expect( license ).toMatchObject( {
			price_id: price.id,
			activation_limit: 5,
		} );
		const monthly = await (
			await request.put( `${ ADMIN }/prices/${ price.id }`, {
				headers,
				data: { period: 'month' },
			} )
		).json();
		expect( monthly ).toEqual( { ...price, period: 'month' } );
		await expectError(
			await request.delete( `${ ADMIN }/prices/${ price.id }`, {
				headers,
			} ),
			409,
			'in_use'
		);
		const list = await (
			await request.get( `${ ADMIN }/prices`, { headers } )
		).json();
		expect( list.map( ( p: { id: number } ) => p.id ) ).toContain(
			price.id
		);
	} );

	test( 'permission matrix of stats, privacy, tiers and prices', async ( {
		request,
	} ) => {
		// Every role against every route of four groups: a CI run on 2 loaded cores took 30 s.
		test.setTimeout( 120_000 );
		const setup = await keyHeaders( request );
		const other = await (
			await request.post( `${ ADMIN }/products`, {
				headers: setup,
				data: { name: unique( 'other' ) },
			} )
		).json();
		const mine = await (
			await request.post( `${ ADMIN }/products`, {
				headers: setup,
				data: { name: unique( 'mine' ) },
			} )
		).json();
		const callers = await makeCallers( request, other.id );
		const routes: Array<
			[ string, string, ( () => Promise< string > ) | string, unknown? ]
		> = [
			[ 'GET', 'stats', 'stats' ],
			[
				'POST',
				'privacy/export',
				'privacy/export',
				{ email: 'nobody@example.com' },
			],
			[
				'POST',
				'privacy/erase',
				'privacy/erase',
				{ email: 'nobody@example.com' },
			],
			[ 'GET', 'tiers', 'tiers' ],
			[ 'POST', 'tiers', 'tiers', { label: 'matrix' } ],
			[
				'GET',
				'tier',
				async () =>
					`tiers/${ ( await ( await request.post( `${ ADMIN }/tiers`, { headers: setup, data: { label: 'm' } } ) ).json() ).id }`,
			],
			[
				'PUT',
				'tier',
				async () =>
					`tiers/${ ( await ( await request.post( `${ ADMIN }/tiers`, { headers: setup, data: { label: 'm' } } ) ).json() ).id }`,
				{ label: 'changed' },
			],
			[
				'DELETE',
				'tier',
				async () =>
					`tiers/${ ( await ( await request.post( `${ ADMIN }/tiers`, { headers: setup, data: { label: 'm' } } ) ).json() ).id }`,
			],
			[ 'GET', 'prices', 'prices' ],
			[
				'POST',
				'prices',
				'prices',
				{ product_id: mine.id, processor_price_id: '' },
			],
			[
				'GET',
				'price',
				async () =>
					`prices/${ ( await ( await request.post( `${ ADMIN }/prices`, { headers: setup, data: { product_id: mine.id, processor_price_id: unique( 'm' ) } } ) ).json() ).id }`,
			],
			[
				'PUT',
				'price',
				async () =>
					`prices/${ ( await ( await request.post( `${ ADMIN }/prices`, { headers: setup, data: { product_id: mine.id, processor_price_id: unique( 'm' ) } } ) ).json() ).id }`,
				{ period: 'month' },
			],
			[
				'DELETE',
				'price',
				async () =>
					`prices/${ ( await ( await request.post( `${ ADMIN }/prices`, { headers: setup, data: { product_id: mine.id, processor_price_id: unique( 'm' ) } } ) ).json() ).id }`,
			],
		];
		const expected: Record< CallerName, number[] > = {
			none: Array( 13 ).fill( 401 ),
			'read key': [
				200, 403, 403, 200, 403, 200, 403, 403, 200, 403, 200, 403, 403,
			],
			'write key': [
				200, 403, 403, 200, 201, 200, 200, 403, 200, 201, 200, 200, 403,
			],
			'admin key': [
				200, 200, 200, 200, 201, 200, 200, 200, 200, 201, 200, 200, 200,
			],
			'key of another product': [
				200, 403, 403, 200, 403, 200, 403, 403, 200, 403, 403, 403, 403,
			],
			'revoked key': Array( 13 ).fill( 401 ),
			'cookie without nonce': Array( 13 ).fill( 401 ),
			'cookie with nonce': [
				200, 200, 200, 200, 201, 200, 200, 200, 200, 201, 200, 200, 200,
			],
			'subscriber cookie with nonce': Array( 13 ).fill( 403 ),
		};
		for ( const caller of callers ) {
			const statuses: number[] = [];
			for ( const [ method, , path, data ] of routes ) {
				const resolved = typeof path === 'string' ? path : await path();
				const body =
					method === 'POST' && resolved === 'prices'
						? {
								...( data as object ),
								processor_price_id: unique( 'matrix' ),
							}
						: data;
				statuses.push(
					(
						await caller.context.fetch(
							`${ ADMIN }/${ resolved }`,
							{ method, headers: caller.headers, data: body }
						)
					).status()
				);
			}
			expect( statuses, caller.name ).toEqual( expected[ caller.name ] );
		}
	} );
} );
