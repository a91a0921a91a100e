import assert from 'node:assert/strict';
import { test } from 'node:test';
import { busiestDay, dayLabel, hasData, statusRows, sum } from './view-utils';

test( 'a series of zeros has nothing to draw', () => {
	assert.equal( hasData( [ 0, 0, 0 ] ), false );
	assert.equal( hasData( [] ), false );
	assert.equal( hasData( [ 0, 2, 0 ] ), true );
} );

test( 'the busiest day is the first with the highest figure, none when all are zero', () => {
	const rows = [
		{ label: '1 Nov', n: 1 },
		{ label: '2 Nov', n: 4 },
		{ label: '3 Nov', n: 4 },
	];
	assert.deepEqual(
		busiestDay( rows, ( row ) => row.n ),
		{ label: '2 Nov', value: 4 }
	);
	assert.equal(
		busiestDay( [ { label: 'x', n: 0 } ], ( row ) => row.n ),
		null
	);
} );

test( 'status rows keep the chart order and fill missing statuses with zero', () => {
	assert.deepEqual(
		statusRows( { active: 2, cancelled: 1 } ).map( ( row ) => row.count ),
		[ 2, 0, 0, 0, 1, 0 ]
	);
	// The total's remainder is the revoked licences: the rows add up to the total.
	assert.deepEqual(
		statusRows( { total: 5, active: 2, cancelled: 1 } ).map(
			( row ) => row.count
		),
		[ 2, 0, 0, 0, 1, 2 ]
	);
	assert.equal( sum( [ 1, 2, 3 ] ), 6 );
	assert.equal( dayLabel( 'not a date' ), 'not a date' );
} );
