import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_VIEW, queryOf } from './view-utils';

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
