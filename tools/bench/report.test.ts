import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	loadTable,
	median,
	rowLabel,
	targetLines,
	targets,
	type AdminRow,
	type LoadRow,
} from './report.ts';

const row = ( name: string, extra: Partial< LoadRow > = {} ): LoadRow => ( {
	name,
	fastLane: null,
	store: null,
	requestsPerSecond: 100,
	p50Ms: 5,
	p99Ms: 10,
	requests: 1000,
	non2xx: 0,
	socketErrors: 0,
	queriesPerRequest: 3,
	writesPerRequest: 0,
	commitsPerRequest: 0,
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

test( 'targets per counter store: ratios, p99 and writes with APCu or Redis, ratios alone with the database', () => {
	const lane = (
		name: string,
		store: LoadRow[ 'store' ],
		extra: Partial< LoadRow > = {}
	) => row( name, { fastLane: true, store, ...extra } );
	const rows = [
		row( 'trivial REST route' ),
		lane( 'validate, fast lane on', 'database', {
			ratioToTrivial: 4.2,
			writesPerRequest: 1,
		} ),
		lane( 'activate (site already active), fast lane on', 'database', {
			ratioToTrivial: 3,
		} ),
		lane( 'update check, fast lane on', 'database', {
			ratioToTrivial: 3.5,
		} ),
		lane( 'validate, fast lane on', 'apcu', { ratioToTrivial: 7.5 } ),
		lane( 'activate (site already active), fast lane on', 'apcu', {
			ratioToTrivial: 6.1,
			p99Ms: 30,
		} ),
		lane( 'update check, fast lane on', 'apcu', {
			ratioToTrivial: 5.9,
			writesPerRequest: 0.05,
			commitsPerRequest: 0.05,
		} ),
		// The lane-off rows count for no target.
		row( 'validate, fast lane off', {
			fastLane: false,
			store: 'database',
			ratioToTrivial: 1,
		} ),
	];
	const list = targets(
		rows,
		[ admin( 'list', 80 ), admin( 'stats', 160 ) ],
		100000
	);
	assert.deepEqual(
		list.map( ( t ) => [ t.label.split( ' (' )[ 0 ], t.met ] ),
		[
			[ 'validate', true ],
			[ 'update check', false ],
			[ 'validate', true ],
			[ 'repeat activate', true ],
			[ 'update check', false ],
			[ 'p99 < 25 ms at 8 connections', false ],
			[ '0 writes per repeated call', false ],
			[ 'admin list and stats < 150 ms at 100k licences', false ],
		]
	);
	assert.match( list[ 0 ].label, /counters in database\) ≥ 4× / );
	assert.match( list[ 1 ].label, / ≥ 3\.6× / );
	assert.match( list[ 2 ].label, /counters in APCu\) ≥ 7× / );
	assert.match( list[ 4 ].label, / ≥ 6× / );
	assert.match(
		list[ 5 ].value,
		/30\.00 ms \(activate \(site already active\), fast lane on\)/
	);
	assert.match(
		list[ 6 ].value,
		/0\.05 writes, 0\.05 commits per request \(update check/
	);
	assert.doesNotMatch( list[ 7 ].label, /measured at/ );
	// No Redis rows, no Redis lines; another connection count is named.
	assert.ok( list.every( ( t ) => ! /Redis/.test( t.label ) ) );
	const at16 = targets( rows, [ admin( 'list', 1 ) ], 1000, 16 );
	assert.match( at16[ 5 ].label, /measured at 16 connections/ );
	assert.match( at16[ 7 ].label, /measured at 1,000/ );
	assert.match(
		targetLines( at16.slice( 0, 1 ) ),
		/^targets: validate \(fast lane on, counters in database\) ≥ 4× trivial REST route: 4\.20× — met$/
	);
} );

test( 'Redis rows that write nothing meet every target of their store', () => {
	const list = targets(
		[ 'validate', 'activate (site already active)', 'update check' ].map(
			( name ) =>
				row( `${ name }, fast lane on`, {
					fastLane: true,
					store: 'redis',
					ratioToTrivial: 8,
				} )
		),
		[],
		1000
	);
	assert.deepEqual(
		list.map( ( t ) => t.met ),
		[ true, true, true, true, true ]
	);
	assert.match( list[ 4 ].value, /^0\.00 writes, 0\.00 commits per request/ );
} );

test( 'a row is named with its store only when the lane runs it', () => {
	assert.equal(
		rowLabel( {
			name: 'validate, fast lane on',
			store: 'apcu',
			fastLane: true,
		} ),
		'validate, fast lane on, counters in APCu'
	);
	assert.equal(
		rowLabel( {
			name: 'validate, fast lane off',
			store: 'database',
			fastLane: false,
		} ),
		'validate, fast lane off'
	);
	assert.equal(
		rowLabel( { name: 'health', store: null, fastLane: null } ),
		'health'
	);
} );

test( 'the load table marks errors and problems', () => {
	const table = loadTable( [
		row( 'health', { non2xx: 4, problem: 'HTTP 503' } ),
		row( 'validate, fast lane on', {
			fastLane: true,
			store: 'redis',
			writesPerRequest: 0.5,
			commitsPerRequest: 0.25,
			ratioToTrivial: 7.25,
		} ),
	] );
	assert.match(
		table,
		/\| health ⚠ HTTP 503 \| — \| 100 \| 5\.00 \| 10\.00 \| \*\*4\*\* \|/
	);
	assert.match(
		table,
		/\| validate, fast lane on \| Redis \| 100 \| 5\.00 \| 10\.00 \| 0 \| 3\.0 \| 0\.50 \| 0\.25 \| 7\.25 \|/
	);
	assert.match(
		table,
		/\| counters \|.*\| writes\/req ² \| commits\/req ² \|/
	);
} );
