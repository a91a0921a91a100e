import assert from 'node:assert/strict';
import { test } from 'node:test';
import { medianSplit, parseServerTiming, timingTable } from './timing.ts';

test( 'reads the profiling plugin’s Server-Timing header', () => {
	assert.deepEqual(
		parseServerTiming(
			'core;dur=1.250, dispatch;dur=0.300, app;dur=0.400, sql;dur=0.610, sqln;dur=3'
		),
		{ core: 1.25, dispatch: 0.3, app: 0.4, sql: 0.61, sqlQueries: 3 }
	);
} );

test( 'a missing or partial header is no sample', () => {
	assert.equal( parseServerTiming( null ), null );
	assert.equal( parseServerTiming( 'core;dur=1, app;dur=2' ), null );
	assert.equal( parseServerTiming( 'total;dur=5' ), null );
} );

test( 'medians per part, and a table row that adds them up', () => {
	const row = medianSplit( 'validate', [
		{ core: 1, dispatch: 0.2, app: 0.5, sql: 0.5, sqlQueries: 3 },
		{ core: 3, dispatch: 0.4, app: 0.7, sql: 0.9, sqlQueries: 3 },
		{ core: 2, dispatch: 0.3, app: 0.6, sql: 0.7, sqlQueries: 3 },
	] );
	assert.deepEqual( row, {
		name: 'validate',
		samples: 3,
		core: 2,
		dispatch: 0.3,
		app: 0.6,
		sql: 0.7,
		sqlQueries: 3,
	} );
	assert.match(
		timingTable( [ row ] ),
		/\| validate \| 2\.00 \| 0\.30 \| 0\.60 \| 0\.70 \(3\) \| 3\.60 \|/
	);
} );
