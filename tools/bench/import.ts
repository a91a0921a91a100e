/**
 * The bench's import row (`wp svc import edd-sl` at two sizes): each run's report checked against what the seed
 * wrote (tools/bench/import-seed.php), the table of figures, and the memory target. Pure, so it is unit-tested
 * without a site.
 */
import type { Target } from './report.ts';

export type ImportRunKind = 'dry run' | 'import' | 're-run';

/** What the seed says the import's report must hold: new rows per kind, refused rows per "kind reason". */
export interface ImportExpectation {
	new: Record< string, number >;
	refused: Record< string, number >;
}

/** `wp svc import … --format=json`'s report (the fields the bench reads). */
export interface ImportReport {
	dry_run: boolean;
	written: boolean;
	arrived: Record<
		string,
		{ new: number; changed: number; unchanged: number }
	>;
	refused: Array< { kind: string; old_id: string; reason: string } >;
}

/** What validate did while an import ran (clients asking without pause; tools/bench.ts validateLoad). */
export interface ValidateLoad {
	clients: number;
	requests: number;
	requestsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	maxMs: number;
	/** Answers that were not 2xx. */
	non2xx: number;
	/** 2xx answers that were not a valid licence's (checks.ts). */
	wrong: number;
	/** Requests that got no answer (socket error, timeout). */
	errors: number;
	/** The rate-limit counter store the limiter used (X-Bench-Counters), when the plugin says. */
	counters?: string;
}

export interface ImportRow {
	licences: number;
	activations: number;
	run: ImportRunKind;
	/** Wall clock of the wp command, WP-CLI's own start included. */
	seconds: number;
	/** memory_get_peak_usage( true ) of the command's PHP process. */
	peakBytes: number;
	/** Licences plus activations the run read, per second. */
	rowsPerSecond: number;
	arrived: ImportReport[ 'arrived' ];
	refused: number;
	problem: string | null;
	/** Validate under load while the run went on (the written import only), or null. */
	validate?: ValidateLoad | null;
}

/**
 * Whether a run's report is what the seed wrote: a first run (dry or written) brings every expected row as new and
 * refuses exactly the expected rows; a re-run finds every one unchanged and refuses the same rows.
 */
export function checkImportReport(
	run: ImportRunKind,
	report: ImportReport,
	expected: ImportExpectation
): string | null {
	if ( report.dry_run !== ( run === 'dry run' ) ) {
		return `dry_run is ${ report.dry_run } on the ${ run }`;
	}
	for ( const [ kind, count ] of Object.entries( expected.new ) ) {
		const got = report.arrived[ kind ];
		if ( ! got ) {
			return `the report has no ${ kind }`;
		}
		const want =
			run === 're-run'
				? { new: 0, changed: 0, unchanged: count }
				: { new: count, changed: 0, unchanged: 0 };
		for ( const state of [ 'new', 'changed', 'unchanged' ] as const ) {
			if ( got[ state ] !== want[ state ] ) {
				return `${ kind } ${ state }: ${ got[ state ] }, expected ${ want[ state ] }`;
			}
		}
	}
	const refused: Record< string, number > = {};
	for ( const row of report.refused ) {
		const key = `${ row.kind } ${ row.reason }`;
		refused[ key ] = ( refused[ key ] ?? 0 ) + 1;
	}
	for ( const key of new Set( [
		...Object.keys( refused ),
		...Object.keys( expected.refused ),
	] ) ) {
		if ( ( refused[ key ] ?? 0 ) !== ( expected.refused[ key ] ?? 0 ) ) {
			return `refused ${ key }: ${ refused[ key ] ?? 0 }, expected ${ expected.refused[ key ] ?? 0 }`;
		}
	}
	return null;
}

const mib = ( bytes: number ): string => ( bytes / 2 ** 20 ).toFixed( 0 );
const count = ( n: number ): string => n.toLocaleString( 'en-US' );

/** The validate cell: req/s, median ms and the answers that were not right, or a dash. */
export function validateCell( load: ValidateLoad | null | undefined ): string {
	if ( ! load ) {
		return '—';
	}
	const bad = load.non2xx + load.wrong + load.errors;
	return `${ load.requestsPerSecond.toFixed( 1 ) } req/s, p50 ${ load.p50Ms.toFixed(
		0
	) } ms, p99 ${ load.p99Ms.toFixed( 0 ) } ms, ${
		bad === 0
			? 'all valid'
			: `**${ load.non2xx } non-2xx, ${ load.wrong } not valid, ${ load.errors } errors**`
	} (${ count( load.requests ) } requests${ load.counters ? `, counters in ${ load.counters }` : '' })`;
}

export function importTable( rows: ImportRow[] ): string {
	const lines = [
		'| import (`wp svc import edd-sl`) | licences | activations | new licences | new activations | unchanged licences | refused rows | seconds | rows/s ¹ | peak memory MiB ² | validate meanwhile ³ |',
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
	];
	for ( const row of rows ) {
		lines.push(
			`| ${ row.run }${ row.problem ? ` ⚠ ${ row.problem }` : '' } | ${ count( row.licences ) } | ${ count(
				row.activations
			) } | ${ count( row.arrived.licences?.new ?? 0 ) } | ${ count(
				row.arrived.activations?.new ?? 0
			) } | ${ count( row.arrived.licences?.unchanged ?? 0 ) } | ${ count(
				row.refused
			) } | ${ row.seconds.toFixed( 1 ) } | ${ row.rowsPerSecond.toFixed(
				0
			) } | ${ mib( row.peakBytes ) } | ${ validateCell( row.validate ) } |`
		);
	}
	return lines.join( '\n' );
}

/** How much more the largest size's peak may be than the smallest's, for the same run: memory does not grow. */
export const PEAK_GROWTH = 1.5;

/**
 * The memory target: for each kind of run, the peak memory at the largest size is at most PEAK_GROWTH times the
 * peak at the smallest (with ten times the rows).
 */
export function importTargets( rows: ImportRow[] ): Target[] {
	const result: Target[] = [];
	for ( const run of [ 'dry run', 'import', 're-run' ] as const ) {
		const sized = rows
			.filter( ( row ) => row.run === run )
			.sort( ( a, b ) => a.licences - b.licences );
		if ( sized.length < 2 ) {
			continue;
		}
		const small = sized[ 0 ];
		const large = sized[ sized.length - 1 ];
		result.push( {
			label: `${ run }: peak memory at ${ count( large.licences ) } licences ≤ ${ PEAK_GROWTH }× at ${ count(
				small.licences
			) }`,
			value: `${ mib( large.peakBytes ) } MiB vs ${ mib( small.peakBytes ) } MiB`,
			met: large.peakBytes <= small.peakBytes * PEAK_GROWTH,
		} );
	}
	return result;
}
