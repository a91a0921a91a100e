import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	checkImportReport,
	importTable,
	importTargets,
	type ImportExpectation,
	type ImportReport,
	type ImportRow,
} from './import.ts';

const expected: ImportExpectation = {
	new: { licences: 3, activations: 4 },
	refused: { 'licence no_email': 1, 'activation no_licence': 2 },
};

const report = (
	extra: Partial< ImportReport > = {},
	state: 'new' | 'unchanged' = 'new'
): ImportReport => {
	const counts = ( n: number ) => ( {
		new: state === 'new' ? n : 0,
		changed: 0,
		unchanged: state === 'unchanged' ? n : 0,
	} );
	return {
		dry_run: false,
		written: true,
		arrived: { licences: counts( 3 ), activations: counts( 4 ) },
		refused: [
			{ kind: 'licence', old_id: '7', reason: 'no_email' },
			{ kind: 'activation', old_id: '9', reason: 'no_licence' },
			{ kind: 'activation', old_id: '10', reason: 'no_licence' },
		],
		...extra,
	};
};

const row = (
	licenses: number,
	run: ImportRow[ 'run' ],
	peakMiB: number
): ImportRow => ( {
	licences: licenses,
	activations: licenses * 1.5,
	run,
	seconds: 2,
	peakBytes: peakMiB * 2 ** 20,
	rowsPerSecond: 1,
	arrived: { licences: { new: licenses, changed: 0, unchanged: 0 } },
	refused: 0,
	problem: null,
} );

test( 'a first run that brings every expected row and refuses the expected ones passes', () => {
	assert.equal( checkImportReport( 'import', report(), expected ), null );
	assert.equal(
		checkImportReport(
			'dry run',
			report( { dry_run: true, written: false } ),
			expected
		),
		null
	);
} );

test( 'a re-run must find every row unchanged', () => {
	assert.equal(
		checkImportReport( 're-run', report( {}, 'unchanged' ), expected ),
		null
	);
	assert.equal(
		checkImportReport( 're-run', report(), expected ),
		'licences new: 3, expected 0'
	);
} );

test( 'a missing licence, a missing kind, a wrong refusal or a dry run that wrote are named', () => {
	const short = report();
	short.arrived.licences.new = 2;
	assert.equal(
		checkImportReport( 'import', short, expected ),
		'licences new: 2, expected 3'
	);
	assert.equal(
		checkImportReport(
			'import',
			report( { arrived: { licences: report().arrived.licences } } ),
			expected
		),
		'the report has no activations'
	);
	assert.equal(
		checkImportReport(
			'import',
			report( {
				refused: [
					...report().refused,
					{ kind: 'licence', old_id: '8', reason: 'key_twice' },
				],
			} ),
			expected
		),
		'refused licence key_twice: 1, expected 0'
	);
	assert.equal(
		checkImportReport( 'dry run', report(), expected ),
		'dry_run is false on the dry run'
	);
} );

test( 'the memory target compares the largest size with the smallest, per kind of run', () => {
	const goals = importTargets( [
		row( 10000, 'import', 40 ),
		row( 100000, 'import', 58 ),
		row( 10000, 'dry run', 40 ),
		row( 100000, 'dry run', 61 ),
	] );
	assert.deepEqual(
		goals.map( ( goal ) => [ goal.label.split( ':' )[ 0 ], goal.met ] ),
		[
			[ 'dry run', false ],
			[ 'import', true ],
		]
	);
	assert.equal( goals[ 1 ].value, '58 MiB vs 40 MiB' );
	assert.deepEqual( importTargets( [ row( 10000, 'import', 40 ) ] ), [] );
} );

test( 'the table prints each run with its figures and its problem', () => {
	const broken = { ...row( 100000, 'import', 42 ), problem: 'no report' };
	const table = importTable( [ row( 10000, 'import', 40 ), broken ] );
	assert.match(
		table,
		/\| import \| 10,000 \| 15,000 \| 10,000 \| 0 \| 0 \| 0 \| 2\.0 \| 1 \| 40 \|/
	);
	assert.match( table, /\| import ⚠ no report \| 100,000 \|/ );
} );
