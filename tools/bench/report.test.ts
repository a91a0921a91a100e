import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	loadTable,
	median,
	targets,
	type AdminRow,
	type LoadRow,
} from './report.ts';

const row = ( name: string, extra: Partial< LoadRow > = {} ): LoadRow => ( {
	name,
	fastLane: null,
	requestsPerSecond: 100,
	p50Ms: 5,
	p99Ms: 10,
	requests: 1000,
	non2xx: 0,
	socketErrors: 0,
	queriesPerRequest: 3,
	ratioToTrivial: 1,
	problem: null,
	...extra,
} );

const admin = ( name: string, medianMs: number ): AdminRow => ( {
	name,
	path: '/x',
	medianMs,
	maxMs: medianMs,
	queriesPerRequest: 4,
	total: 1,
	problem: null,
} );

test( 'median of odd and even counts', () => {
	assert.equal( median( [ 5, 1, 3 ] ), 3 );
	assert.equal( median( [ 4, 1, 3, 2 ] ), 2.5 );
} );

test( 'targets use the fast-lane rows and say met or not met', () => {
	const rows = [
		row( 'trivial REST route' ),
		row( 'validate', { fastLane: true, ratioToTrivial: 7.5, p99Ms: 20 } ),
		row( 'validate', { fastLane: false, ratioToTrivial: 1.2, p99Ms: 90 } ),
		row( 'update check', {
			fastLane: true,
			ratioToTrivial: 5,
			p99Ms: 30,
		} ),
	];
	const list = targets(
		rows,
		[ admin( 'list', 80 ), admin( 'stats', 160 ) ],
		100000
	);
	assert.deepEqual(
		list.map( ( t ) => t.met ),
		[ true, false, false, false ]
	);
	assert.match( list[ 2 ].value, /30\.00 ms \(update check\)/ );
	assert.match( list[ 3 ].value, /stats/ );
	assert.doesNotMatch( list[ 3 ].label, /measured at/ );
	assert.match(
		targets( rows, [ admin( 'list', 1 ) ], 1000 )[ 3 ].label,
		/measured at 1,000/
	);
} );

test( 'the load table marks errors and problems', () => {
	const table = loadTable( [
		row( 'health', { non2xx: 4, problem: 'HTTP 503' } ),
	] );
	assert.match(
		table,
		/\| health ⚠ HTTP 503 \| 100 \| 5\.00 \| 10\.00 \| \*\*4\*\* \|/
	);
} );
