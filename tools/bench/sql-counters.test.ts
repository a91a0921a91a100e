import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	STATUS_COUNTERS,
	STATUS_QUERY,
	difference,
	lowest,
	parseStatus,
	perRequest,
} from './sql-counters.ts';

const status = ( values: Record< string, number > ) =>
	Object.entries( values )
		.map( ( [ name, value ] ) => `${ name }\t${ value }` )
		.join( '\n' ) + '\n';

test( 'one statement reads every counter', () => {
	for ( const name of STATUS_COUNTERS ) {
		assert.ok( STATUS_QUERY.includes( `'${ name }'` ), name );
	}
	assert.match(
		STATUS_QUERY,
		/^SHOW GLOBAL STATUS WHERE Variable_name IN \(/
	);
} );

test( 'statements, writes of every kind, and redo log writes as commits', () => {
	assert.deepEqual(
		parseStatus(
			status( {
				Com_delete: 1,
				Com_insert: 2,
				Com_insert_select: 0,
				Com_replace: 3,
				Com_update: 4,
				Com_update_multi: 5,
				Innodb_log_writes: 7,
				Questions: 100,
			} )
		),
		{ statements: 100, writes: 15, commits: 7 }
	);
	// A counter the server does not have is 0; stray lines are ignored.
	assert.deepEqual( parseStatus( 'Questions\t9\nWarning: x\n\n' ), {
		statements: 9,
		writes: 0,
		commits: 0,
	} );
} );

test( 'per request: the run less the reads, over the count', () => {
	const before = { statements: 100, writes: 10, commits: 5 };
	const after = { statements: 162, writes: 30, commits: 25 };
	const reads = { statements: 2, writes: 0, commits: 0 };
	assert.deepEqual( perRequest( before, after, reads, 20 ), {
		statements: 3,
		writes: 1,
		commits: 1,
	} );
	assert.deepEqual( difference( after, before ), {
		statements: 62,
		writes: 20,
		commits: 20,
	} );
	assert.deepEqual(
		lowest(
			{ statements: 3, writes: 0, commits: 0.1 },
			{ statements: 2.9, writes: 0.05, commits: 0 }
		),
		{ statements: 2.9, writes: 0, commits: 0 }
	);
} );
