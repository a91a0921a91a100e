import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeOf, searchOf } from './product-url';

test( 'the list: no product, the details tab by default', () => {
	assert.deepEqual( placeOf( '?page=svc-licensing-products' ), {
		product: null,
		tab: 'details',
	} );
} );

test( 'a product page and its tab; an unknown tab or id falls back', () => {
	assert.deepEqual( placeOf( '?product=7&tab=pricing' ), {
		product: 7,
		tab: 'pricing',
	} );
	assert.deepEqual( placeOf( '?product=abc&tab=nope' ), {
		product: null,
		tab: 'details',
	} );
} );

test( 'searchOf keeps the screen argument and drops product and tab on the list', () => {
	assert.equal(
		searchOf( '?page=svc-licensing-products', {
			product: 3,
			tab: 'releases',
		} ),
		'?page=svc-licensing-products&product=3&tab=releases'
	);
	assert.equal(
		searchOf( '?page=svc-licensing-products&product=3&tab=releases', {
			product: null,
			tab: 'details',
		} ),
		'?page=svc-licensing-products'
	);
} );
