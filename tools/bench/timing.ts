/**
 * Where one request's time goes: the Server-Timing header that the bench site's profiling must-use plugin
 * (tools/bench/site/profile.php) adds when a request carries `X-Bench-Profile: 1`, read back and summarised.
 * Pure, so it is unit-tested without a site.
 */
import { median } from './report.ts';

export const PROFILE_HEADER = { 'X-Bench-Profile': '1' } as const;

export interface Split {
	/** PHP's start to the lane's start: WordPress core's includes, connection and autoloaded options. */
	core: number;
	/** From there to the REST dispatch: the lane's set-up, or every plugin, the theme, init and the REST server. */
	dispatch: number;
	/** The dispatch without its SQL: validation, rate limit, the use case, the response. */
	app: number;
	/** Time in wpdb during the dispatch. */
	sql: number;
	/** Queries during the dispatch. */
	sqlQueries: number;
}

export interface TimingRow extends Split {
	name: string;
	samples: number;
}

/** One Server-Timing header as a split, or null when the header is missing or incomplete. */
export function parseServerTiming( header: string | null ): Split | null {
	if ( ! header ) {
		return null;
	}
	const values = new Map< string, number >();
	for ( const part of header.split( ',' ) ) {
		const match = /^\s*([a-z]+);dur=([0-9.]+)\s*$/.exec( part );
		if ( match ) {
			values.set( match[ 1 ], Number( match[ 2 ] ) );
		}
	}
	const names = [ 'core', 'dispatch', 'app', 'sql', 'sqln' ];
	if ( ! names.every( ( name ) => values.has( name ) ) ) {
		return null;
	}
	return {
		core: values.get( 'core' ) as number,
		dispatch: values.get( 'dispatch' ) as number,
		app: values.get( 'app' ) as number,
		sql: values.get( 'sql' ) as number,
		sqlQueries: values.get( 'sqln' ) as number,
	};
}

/** The median of each part over the samples. */
export function medianSplit( name: string, samples: Split[] ): TimingRow {
	const of = ( key: keyof Split ) =>
		median( samples.map( ( sample ) => sample[ key ] ) );
	return {
		name,
		samples: samples.length,
		core: of( 'core' ),
		dispatch: of( 'dispatch' ),
		app: of( 'app' ),
		sql: of( 'sql' ),
		sqlQueries: of( 'sqlQueries' ),
	};
}

export function timingTable( rows: TimingRow[] ): string {
	const ms = ( value: number ) => value.toFixed( 2 );
	const lines = [
		'| row | core boot ms | to dispatch ms | our code ms | SQL ms (queries) | PHP total ms |',
		'|---|---:|---:|---:|---:|---:|',
	];
	for ( const row of rows ) {
		const total = row.core + row.dispatch + row.app + row.sql;
		lines.push(
			`| ${ row.name } | ${ ms( row.core ) } | ${ ms( row.dispatch ) } | ${ ms( row.app ) } | ${ ms(
				row.sql
			) } (${ row.sqlQueries }) | ${ ms( total ) } |`
		);
	}
	return lines.join( '\n' );
}
