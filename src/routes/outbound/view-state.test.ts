import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	argsOfState,
	deliveryQuery,
	stateFromSearch,
	stateOfView,
	viewOfState,
} from './view-state';

test( 'no arguments: the list of endpoints', () => {
	assert.deepEqual( stateFromSearch( '?page=svc-licensing-webhooks' ), {
		endpoint: null,
		status: null,
		page: 1,
	} );
} );

test( 'an endpoint, a status and a page are read back from the URL', () => {
	const state = stateFromSearch(
		'?page=svc-licensing-webhooks&tab=outbound&endpoint=12&delivery_status=failed&paged=3'
	);
	assert.deepEqual( state, { endpoint: 12, status: 'failed', page: 3 } );
	assert.deepEqual( argsOfState( state ), {
		endpoint: '12',
		delivery_status: 'failed',
		paged: '3',
	} );
	assert.deepEqual( deliveryQuery( state ), {
		page: 3,
		per_page: 20,
		endpoint_id: 12,
		status: 'failed',
	} );
} );

test( 'malformed values read as not set', () => {
	assert.deepEqual(
		stateFromSearch( '?endpoint=0&delivery_status=bogus&paged=-2' ),
		{ endpoint: null, status: null, page: 1 }
	);
	assert.deepEqual(
		stateFromSearch( '?endpoint=7&delivery_status=bogus&paged=x1' ),
		{ endpoint: 7, status: null, page: 1 }
	);
} );

test( 'leaving the endpoint removes every argument of its log', () => {
	assert.deepEqual(
		argsOfState( { endpoint: null, status: 'failed', page: 4 } ),
		{ endpoint: null, delivery_status: null, paged: null }
	);
	assert.deepEqual( argsOfState( { endpoint: 5, status: null, page: 1 } ), {
		endpoint: '5',
		delivery_status: null,
		paged: null,
	} );
} );

test( 'the view and the state round-trip; a new filter starts at page 1', () => {
	const state = { endpoint: 9, status: 'succeeded' as const, page: 2 };
	const view = viewOfState( state );
	assert.deepEqual( view.filters, [
		{ field: 'status', operator: 'is', value: 'succeeded' },
	] );
	assert.deepEqual( stateOfView( state, view ), state );
	assert.deepEqual(
		stateOfView( state, {
			...view,
			filters: [
				{ field: 'status', operator: 'isAny', value: [ 'failed' ] },
			],
		} ),
		{ endpoint: 9, status: 'failed', page: 1 }
	);
	assert.deepEqual( stateOfView( state, { ...view, filters: [], page: 2 } ), {
		endpoint: 9,
		status: null,
		page: 1,
	} );
	assert.deepEqual( stateOfView( state, { ...view, page: 5 } ), {
		endpoint: 9,
		status: 'succeeded',
		page: 5,
	} );
} );
