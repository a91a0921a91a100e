/**
 * The bench's tables and targets, from its measurements: pure, so they are unit-tested without a site.
 */

export interface LoadRow {
	name: string;
	/** Fast-lane setting the row ran with; null for the rows the setting cannot affect. */
	fastLane: boolean | null;
	requestsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	requests: number;
	non2xx: number;
	socketErrors: number;
	queriesPerRequest: number;
	/** requestsPerSecond over the trivial REST route's. */
	ratioToTrivial: number;
	/** What was wrong with the row's answer before it was loaded, if anything. */
	problem: string | null;
}

export interface AdminRow {
	name: string;
	path: string;
	medianMs: number;
	maxMs: number;
	queriesPerRequest: number;
	total: number | null;
	problem: string | null;
}

export interface Target {
	label: string;
	value: string;
	met: boolean;
}

const fixed = ( value: number, digits: number ): string =>
	Number.isFinite( value ) ? value.toFixed( digits ) : 'n/a';

export function loadTable( rows: LoadRow[] ): string {
	const lines = [
		'| row | req/s | p50 ms | p99 ms | non-2xx | SQL queries/req ¹ | × trivial REST |',
		'|---|---:|---:|---:|---:|---:|---:|',
	];
	for ( const row of rows ) {
		const errors =
			row.non2xx + row.socketErrors > 0
				? `**${ row.non2xx }**${ row.socketErrors ? ` (+${ row.socketErrors } socket)` : '' }`
				: '0';
		lines.push(
			`| ${ row.name }${ row.problem ? ` ⚠ ${ row.problem }` : '' } | ${ fixed( row.requestsPerSecond, 0 ) } | ${ fixed(
				row.p50Ms,
				2
			) } | ${ fixed( row.p99Ms, 2 ) } | ${ errors } | ${ fixed(
				row.queriesPerRequest,
				1
			) } | ${ fixed( row.ratioToTrivial, 2 ) } |`
		);
	}
	return lines.join( '\n' );
}

export function adminTable( rows: AdminRow[], licenses: number ): string {
	const lines = [
		`| admin, ${ licenses.toLocaleString( 'en-US' ) } licences | median ms (of 5) | max ms | SQL queries/req | total |`,
		'|---|---:|---:|---:|---:|',
	];
	for ( const row of rows ) {
		lines.push(
			`| ${ row.name } \`${ row.path }\`${ row.problem ? ` ⚠ ${ row.problem }` : '' } | ${ fixed(
				row.medianMs,
				1
			) } | ${ fixed( row.maxMs, 1 ) } | ${ fixed(
				row.queriesPerRequest,
				1
			) } | ${ row.total ?? '' } |`
		);
	}
	return lines.join( '\n' );
}

export function median( values: number[] ): number {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ middle ]
		: ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
}

/**
 * The targets, shown and never asserted: validate ≥ 7× and update check ≥ 5.5× the trivial route, p99 under
 * 25 ms on the licence rows, admin list and stats under 150 ms (a target set for 100,000 licences).
 */
export function targets(
	rows: LoadRow[],
	admin: AdminRow[],
	licenses: number
): Target[] {
	const lane = ( prefix: string ) =>
		rows.find(
			( row ) => row.name.startsWith( prefix ) && row.fastLane !== false
		);
	const result: Target[] = [];
	for ( const [ prefix, ratio ] of [
		[ 'validate', 7 ],
		[ 'update check', 5.5 ],
	] as const ) {
		const row = lane( prefix );
		if ( row ) {
			result.push( {
				label: `${ prefix } (fast lane on) ≥ ${ ratio }× trivial REST route`,
				value: `${ fixed( row.ratioToTrivial, 2 ) }×`,
				met: row.ratioToTrivial >= ratio,
			} );
		}
	}
	const licenseRows = [ 'validate', 'activate', 'update check' ]
		.map( lane )
		.filter( ( row ): row is LoadRow => row !== undefined );
	if ( licenseRows.length > 0 ) {
		const worst = licenseRows.reduce( ( a, b ) =>
			b.p99Ms > a.p99Ms ? b : a
		);
		result.push( {
			label: 'p99 < 25 ms (validate, activate, update check; fast lane on)',
			value: `${ fixed( worst.p99Ms, 2 ) } ms (${ worst.name })`,
			met: worst.p99Ms < 25,
		} );
	}
	if ( admin.length > 0 ) {
		const worst = admin.reduce( ( a, b ) =>
			b.medianMs > a.medianMs ? b : a
		);
		const scale =
			licenses >= 100000
				? ''
				: ` (measured at ${ licenses.toLocaleString( 'en-US' ) }; the target is for 100,000)`;
		result.push( {
			label: `admin list and stats < 150 ms at 100k licences${ scale }`,
			value: `${ fixed( worst.medianMs, 1 ) } ms (${ worst.name })`,
			met: worst.medianMs < 150,
		} );
	}
	return result;
}

export function targetLines( list: Target[] ): string {
	return list
		.map(
			( target ) =>
				`targets: ${ target.label }: ${ target.value } — ${ target.met ? 'met' : 'not met' }`
		)
		.join( '\n' );
}
