import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	argsOfView,
	DEFAULT_VIEW,
	EXPIRING,
	queryOf,
	viewCount,
	viewOfArgs,
} from './view-utils';

test( 'the default view asks for the first page, newest first', () => {
	assert.deepEqual( queryOf( DEFAULT_VIEW ), {
		page: 1,
		per_page: 20,
		orderby: 'created_at',
		order: 'desc',
	} );
} );

test( 'filters, search, sorting and paging become query parameters', () => {
	assert.deepEqual(
		queryOf( {
			...DEFAULT_VIEW,
			page: 3,
			perPage: 50,
			search: '  buyer@example.com ',
			sort: { field: 'expires', direction: 'asc' },
			filters: [
				{ field: 'status', operator: 'is', value: 'active' },
				{ field: 'product_name', operator: 'isAny', value: [ '7' ] },
			],
		} ),
		{
			page: 3,
			per_page: 50,
			status: 'active',
			product_id: 7,
			search: 'buyer@example.com',
			orderby: 'expires',
			order: 'asc',
		}
	);
} );

test( 'a field the server cannot sort by is not sent', () => {
	const query = queryOf( {
		...DEFAULT_VIEW,
		sort: { field: 'license_key_masked', direction: 'asc' },
	} );
	assert.equal( query.orderby, undefined );
	assert.equal( query.order, undefined );
} );

test( 'a view goes into the URL and comes back the same', () => {
	const view = {
		...DEFAULT_VIEW,
		page: 2,
		search: 'ada',
		sort: { field: 'expires', direction: 'asc' as const },
		filters: [ { field: 'product_name', operator: 'is', value: '4' } ],
	};
	const args = argsOfView( view );
	assert.deepEqual( args, {
		s: 'ada',
		product: '4',
		orderby: 'expires',
		order: 'asc',
		paged: '2',
		per_page: undefined,
	} );
	assert.deepEqual( viewOfArgs( args ), view );
	assert.deepEqual( argsOfView( DEFAULT_VIEW ), {
		s: undefined,
		product: undefined,
		orderby: undefined,
		order: undefined,
		paged: undefined,
		per_page: undefined,
	} );
} );

test( 'nonsense in the URL falls back to the default view', () => {
	assert.deepEqual(
		viewOfArgs( { paged: '-3', orderby: 'key_hash', per_page: '5000' } ),
		DEFAULT_VIEW
	);
} );

test( 'a status view filters by status; the preset asks for the next 30 days', () => {
	assert.equal( queryOf( DEFAULT_VIEW, 'cancelled' ).status, 'cancelled' );
	assert.equal( queryOf( DEFAULT_VIEW, 'nonsense' ).status, undefined );
	const query = queryOf(
		DEFAULT_VIEW,
		EXPIRING,
		new Date( '2026-01-01T00:00:00.000Z' )
	);
	assert.equal( query.status, undefined );
	assert.equal( query.expires_after, '2026-01-01T00:00:00Z' );
	assert.equal( query.expires_before, '2026-01-31T00:00:00Z' );
} );

test( 'a status view counts as core shows it, and past a search cap says it may be more', () => {
	assert.equal( viewCount( null, false ), '…' );
	assert.equal( viewCount( 1250, false ), ( 1250 ).toLocaleString() );
	assert.equal( viewCount( 6843, true ), `${ ( 6843 ).toLocaleString() }+` );
	assert.equal( viewCount( 0, true ), '0' );
} );
