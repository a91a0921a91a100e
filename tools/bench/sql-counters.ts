/**
 * What one request costs MariaDB, from the server's global status counters read before and after a run of
 * sequential requests (tools/bench.ts reads them; this file is pure, so it is unit-tested without a server):
 *
 *   statements  Questions: every statement the server received, the connection's own commands included.
 *   writes      Com_insert, Com_update, Com_delete, Com_replace and their multi-table and SELECT forms:
 *               statements that ask to change a row (an UPDATE that changes nothing counts too).
 *   commits     Innodb_log_writes: writes of InnoDB's redo log, one per committed transaction that changed data
 *               when requests come one at a time (innodb_flush_log_at_trx_commit = 1: each is also an fsync).
 */

export const WRITE_COUNTERS = [
	'Com_insert',
	'Com_insert_select',
	'Com_update',
	'Com_update_multi',
	'Com_delete',
	'Com_delete_multi',
	'Com_replace',
	'Com_replace_select',
] as const;

export const STATUS_COUNTERS = [
	'Questions',
	'Innodb_log_writes',
	...WRITE_COUNTERS,
] as const;

/** The statement that reads every counter at once (one statement, so reading costs one Question). */
export const STATUS_QUERY = `SHOW GLOBAL STATUS WHERE Variable_name IN (${ STATUS_COUNTERS.map(
	( name ) => `'${ name }'`
).join( ', ' ) })`;

export interface SqlCost {
	statements: number;
	writes: number;
	commits: number;
}

/** `mariadb -N` output of STATUS_QUERY (name, tab, value per line) as the three figures; a missing counter is 0. */
export function parseStatus( text: string ): SqlCost {
	const values = new Map< string, number >();
	for ( const line of text.split( '\n' ) ) {
		const [ name, value ] = line.trim().split( /\s+/ );
		if ( name && value !== undefined && /^\d+$/.test( value ) ) {
			values.set( name.toLowerCase(), Number( value ) );
		}
	}
	const get = ( name: string ) => values.get( name.toLowerCase() ) ?? 0;
	return {
		statements: get( 'Questions' ),
		writes: WRITE_COUNTERS.reduce( ( sum, name ) => sum + get( name ), 0 ),
		commits: get( 'Innodb_log_writes' ),
	};
}

const each = (
	a: SqlCost,
	b: SqlCost,
	op: ( x: number, y: number ) => number
): SqlCost => ( {
	statements: op( a.statements, b.statements ),
	writes: op( a.writes, b.writes ),
	commits: op( a.commits, b.commits ),
} );

/** after − before. */
export const difference = ( after: SqlCost, before: SqlCost ): SqlCost =>
	each( after, before, ( x, y ) => x - y );

/** The smaller of each figure. */
export const lowest = ( a: SqlCost, b: SqlCost ): SqlCost =>
	each( a, b, Math.min );

/** One run of `count` requests: (after − before − what the two reads added) / count. */
export function perRequest(
	before: SqlCost,
	after: SqlCost,
	readCost: SqlCost,
	count: number
): SqlCost {
	const delta = difference( difference( after, before ), readCost );
	return {
		statements: delta.statements / count,
		writes: delta.writes / count,
		commits: delta.commits / count,
	};
}
