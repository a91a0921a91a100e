/**
 * What the panel's licence views ask of the admin API (docs/api-decisions.md): GET /admin/licenses/status-counts
 * (every status, the list's filters, a product-scoped key counts its product) and the list's expires_after /
 * expires_before window, refused in words when it is not a date.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';
const iso = ( days: number ) =>
	new Date( Date.now() + days * 86400 * 1000 )
		.toISOString()
		.replace( /\.\d+Z$/, 'Z' );

test( 'status counts per product and search; the expiry window filters the list and the counts', async ( {
	request,
} ) => {
	const headers = await keyHeaders( request, 'admin' );
	const tag = randomUUID().slice( 0, 8 );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: `Views ${ tag }` },
		} )
	).json();
	const create = async ( name: string, data: Record< string, unknown > ) => {
		const response = await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: {
				product_id: product.id,
				customer_email: `${ name }-${ tag }@example.com`,
				...data,
			},
		} );
		expect( response.status() ).toBe( 201 );
		return response.json();
	};
	const soon = await create( 'soon', { expires: iso( 5 ) } );
	await create( 'later', { expires: iso( 90 ) } );
	await create( 'forever', { status: 'suspended' } );
	await create( 'past', { status: 'expired', expires: iso( -3 ) } );

	const counts = async ( query: Record< string, string | number > ) => {
		const response = await request.get(
			`${ ADMIN }/licenses/status-counts`,
			{
				headers,
				params: query,
			}
		);
		expect( response.status() ).toBe( 200 );
		return response.json();
	};
	expect( await counts( { product_id: product.id } ) ).toEqual( {
		total: 4,
		statuses: {
			active: 2,
			expired: 1,
			suspended: 1,
			revoked: 0,
			trial: 0,
			cancelled: 0,
		},
	} );
	// The status filter does not narrow the views' counts; the search does.
	expect(
		(
			await counts( {
				product_id: product.id,
				status: 'active',
				search: `soon-${ tag }`,
			} )
		).total
	).toBe( 1 );

	// The next 30 days: only "soon" (a lifetime licence matches no window).
	const window = { expires_after: iso( 0 ), expires_before: iso( 30 ) };
	const list = await (
		await request.get( `${ ADMIN }/licenses`, {
			headers,
			params: { product_id: product.id, ...window },
		} )
	).json();
	expect( list.total ).toBe( 1 );
	expect( list.data[ 0 ].id ).toBe( soon.id );
	expect(
		( await counts( { product_id: product.id, ...window } ) ).statuses
			.active
	).toBe( 1 );
	expect(
		(
			await counts( {
				product_id: product.id,
				expires_before: iso( 0 ),
			} )
		).total
	).toBe( 1 );

	// Not a date: 400 naming the field.
	const bad = await expectError(
		await request.get( `${ ADMIN }/licenses`, {
			headers,
			params: { expires_before: 'next tuesday' },
		} ),
		400,
		'invalid_params'
	);
	expect( Object.keys( bad.data.params as object ) ).toEqual( [
		'expires_before',
	] );
	await expectError(
		await request.get( `${ ADMIN }/licenses/status-counts`, {
			headers,
			params: { expires_after: 'soon' },
		} ),
		400,
		'invalid_params'
	);

	// A key scoped to another product counts nothing of this one; no key is 401.
	const other = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: `Other ${ tag }` },
		} )
	).json();
	const scoped = await keyHeaders( request, 'read', other.id );
	const scopedCounts = await (
		await request.get( `${ ADMIN }/licenses/status-counts`, {
			headers: scoped,
			params: { search: tag },
		} )
	).json();
	expect( scopedCounts.total ).toBe( 0 );
	await expectError(
		await request.get( `${ ADMIN }/licenses/status-counts` ),
		401,
		'unauthorized'
	);
} );
