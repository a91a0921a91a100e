/**
 * The scale row of `npm run bench` (issue 43): the admin calls at 100,000 and 1,000,000 licences, what each must
 * answer for the seeded data (tools/bench/seed.php counts it by plain SQL over every row: `expected`), and the
 * table and job lines it prints. Pure, so it is unit-tested without a site (scale.test.ts).
 *
 * The answers the list must give (the admin list's contract since issue 43):
 * - every list answer carries `total_exact` and `next_cursor`: a search that finds more than SEARCH_CAP licences
 *   answers total = SEARCH_CAP and total_exact false, any other answer the exact total and total_exact true;
 *   next_cursor is a string while licences follow the page, and null on the last one;
 * - `?cursor=<next_cursor>` answers the page after the one that gave it;
 * - a search matches a name, email or site URL from its start, "@domain" or a bare domain the email's domain, a
 *   1-4 character alphanumeric search also a key group from its start, and a whole key only its licence.
 * Every list answer is checked for its total, total_exact, page, per_page, total_pages, next_cursor and the exact
 * ids of its page, newest first; the status counts for every status; the stats for every licence and activation
 * figure; the daily series for each of its days.
 */
import { checkAnswer, type Answer } from './checks.ts';
import type { Target } from './report.ts';
import type { Split } from './timing.ts';

/** Above this many matches a search answers this total and total_exact false. */
export const SEARCH_CAP = 10000;
export const PER_PAGE = 20;
/** Issue 43's target for every admin call at 1,000,000 licences: median under this. */
export const TARGET_MS = 100;
/** The list's status views (Domain\License\LicenseStatus::ALL). */
export const STATUSES = [
	'active',
	'expired',
	'suspended',
	'revoked',
	'trial',
	'cancelled',
] as const;

/** What a search or filter finds in the seeded rows: its count and its first page's ids, newest first. */
export interface Found {
	total: number;
	ids: number[];
}

export type SearchName =
	| 'key'
	| 'key_group'
	| 'email'
	| 'email_domain'
	| 'bare_domain'
	| 'name'
	| 'site';

export interface DailyExpected {
	days: number;
	/** The first day of the series, YYYY-MM-DD. */
	since: string;
	licenses: Record< string, number >;
	activations: Record< string, number >;
}

export interface StatsExpected {
	licenses: Record< string, number >;
	activations: Record< string, number >;
}

/** seed.php's `expected`. */
export interface ScaleExpected {
	searches: Record<
		SearchName,
		Found & { term: string; statuses?: Record< string, number > }
	>;
	statuses: Record< string, number >;
	expired: Found;
	addon_active: Found & { product_id: number };
	stats: StatsExpected;
	daily: DailyExpected;
}

/** What seed.php prints for a seed. */
export interface ScaleFixtures {
	product_slug: string;
	license_key: string;
	api_key: string;
	licences: number;
	suspended: number;
	activations: number;
	schema: number | null;
	seed_seconds: number;
	expected_seconds: number;
	known: Array< { id: number; key: string } >;
	expected: ScaleExpected;
}

export interface ListExpectation {
	kind: 'list';
	/** The true number of matches (a search shows at most SEARCH_CAP). */
	total: number;
	search: boolean;
	/** The page's ids, in order. */
	ids: number[];
	/** The search's term, for a search past the cap (its page holds matches, newest first, not these ids). */
	term?: string;
	/** The page asked for, when asked by number. */
	page?: number;
	/** Whether licences follow this page. */
	more: boolean;
}

export type CallExpectation =
	| ListExpectation
	| { kind: 'counts'; statuses: Record< string, number > }
	| { kind: 'stats'; stats: StatsExpected }
	| { kind: 'daily'; daily: DailyExpected };

export interface ScaleCall {
	name: string;
	/** Under /wp-json/svc/v1. */
	route: string;
	expected: CallExpectation;
	/** The route takes page 1's next_cursor as `cursor` (appended by the bench at run time). */
	cursor?: boolean;
}

/** The ids of an offset page of the unfiltered list: licences 1..N, newest (highest id) first. */
export function pageIds(
	licenses: number,
	page: number,
	perPage = PER_PAGE
): number[] {
	const top = licenses - ( page - 1 ) * perPage;
	const ids: number[] = [];
	for ( let id = top; id > Math.max( 0, top - perPage ); id-- ) {
		ids.push( id );
	}
	return ids;
}

const BASE = '/admin/licenses';
/** A search no seeded name, email, domain, site or key holds (seed.php). */
export const NO_MATCH = 'Nobody';

/** The scale row's calls, in the order they run, each with what it must answer; names do not change with size. */
export function scaleCalls( fixtures: ScaleFixtures ): ScaleCall[] {
	const n = fixtures.licences;
	const expected = fixtures.expected;
	const lastPage = Math.max( 1, Math.ceil( n / PER_PAGE ) );
	const deep = 2000;
	const offset = ( page: number ): ListExpectation => ( {
		kind: 'list',
		total: n,
		search: false,
		ids: pageIds( n, page ),
		page,
		more: n > page * PER_PAGE,
	} );
	const found = ( what: Found, search: boolean ): ListExpectation => ( {
		kind: 'list',
		total: what.total,
		search,
		ids: what.ids,
		page: 1,
		more: what.total > PER_PAGE,
	} );
	const search = ( name: string, which: SearchName ): ScaleCall => {
		const { term } = expected.searches[ which ];
		// The name is the same at every size (the table's line); the term, which differs, is in the route.
		return {
			name: `search: ${ name }`,
			route: `${ BASE }?search=${ encodeURIComponent( term ) }`,
			expected: { ...found( expected.searches[ which ], true ), term },
		};
	};
	const domain = expected.searches.email_domain;
	return [
		{ name: 'list, page 1', route: BASE, expected: offset( 1 ) },
		{
			name: `list, page ${ deep } (per_page ${ PER_PAGE })`,
			route: `${ BASE }?page=${ deep }&per_page=${ PER_PAGE }`,
			expected: offset( deep ),
		},
		{
			name: 'list, last page',
			route: `${ BASE }?page=${ lastPage }&per_page=${ PER_PAGE }`,
			expected: offset( lastPage ),
		},
		{
			name: "list, keyset: page 1's next_cursor",
			route: `${ BASE }?cursor=`,
			cursor: true,
			expected: {
				kind: 'list',
				total: n,
				search: false,
				ids: pageIds( n, 2 ),
				more: n > 2 * PER_PAGE,
			},
		},
		search( 'whole key', 'key' ),
		search( "key's last group", 'key_group' ),
		search( 'whole email', 'email' ),
		search( "email's domain", 'email_domain' ),
		search( 'bare domain', 'bare_domain' ),
		search( 'name prefix', 'name' ),
		search( 'site URL', 'site' ),
		{
			// What a typo costs: nothing in the seed starts with it or holds it.
			name: `search: no match (${ NO_MATCH })`,
			route: `${ BASE }?search=${ NO_MATCH }`,
			expected: found( { total: 0, ids: [] }, true ),
		},
		{
			name: 'filter: status=expired',
			route: `${ BASE }?status=expired`,
			expected: found( expected.expired, false ),
		},
		{
			name: 'filter: product_id + status=active',
			route: `${ BASE }?product_id=${ expected.addon_active.product_id }&status=active`,
			expected: found( expected.addon_active, false ),
		},
		{
			name: 'status counts',
			route: `${ BASE }/status-counts`,
			expected: { kind: 'counts', statuses: expected.statuses },
		},
		{
			name: `status counts, search ${ domain.term }`,
			route: `${ BASE }/status-counts?search=${ encodeURIComponent(
				domain.term
			) }`,
			expected: { kind: 'counts', statuses: domain.statuses ?? {} },
		},
		{
			name: 'stats',
			route: '/admin/stats',
			expected: { kind: 'stats', stats: expected.stats },
		},
		{
			name: `stats, daily (days=${ expected.daily.days })`,
			route: `/admin/stats/daily?days=${ expected.daily.days }`,
			expected: { kind: 'daily', daily: expected.daily },
		},
	];
}

const isObject = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const same = ( a: number[], b: number[] ) =>
	a.length === b.length && a.every( ( v, i ) => v === b[ i ] );

const shortList = ( ids: unknown[] ) =>
	ids.length > 6
		? `[${ ids.slice( 0, 3 ).join( ', ' ) }, …, ${ ids.slice( -2 ).join( ', ' ) }] (${ ids.length })`
		: `[${ ids.join( ', ' ) }]`;

/** The day `offset` days after a YYYY-MM-DD day. */
export function addDays( day: string, offset: number ): string {
	return new Date( Date.parse( `${ day }T00:00:00Z` ) + offset * 86400000 )
		.toISOString()
		.slice( 0, 10 );
}

/** Why an answer is wrong for its call, or null when it is right. */
export function checkScaleAnswer(
	expected: CallExpectation,
	answer: Answer
): string | null {
	if ( expected.kind === 'list' ) {
		const shape = checkAnswer( 'admin-list', answer );
		if ( shape !== null ) {
			return shape;
		}
	} else if ( answer.status < 200 || answer.status > 299 ) {
		return `HTTP ${ answer.status }: ${ answer.text.slice( 0, 200 ) }`;
	}
	let body: unknown;
	try {
		body = JSON.parse( answer.text );
	} catch {
		return `body is not JSON: ${ answer.text.slice( 0, 80 ) }`;
	}
	if ( ! isObject( body ) ) {
		return 'body is not a JSON object';
	}
	const problems: string[] = [];
	const expect = ( ok: boolean, problem: string ) => {
		if ( ! ok ) {
			problems.push( problem );
		}
	};
	switch ( expected.kind ) {
		case 'list': {
			const capped = expected.search && expected.total > SEARCH_CAP;
			const total = capped ? SEARCH_CAP : expected.total;
			expect(
				body.total === total,
				`total is ${ JSON.stringify( body.total ) }, not ${ total }${
					capped ? ` (${ expected.total } match)` : ''
				}`
			);
			expect(
				body.total_exact === ! capped,
				`total_exact is ${ JSON.stringify( body.total_exact ) }, not ${ ! capped }`
			);
			if ( expected.page !== undefined ) {
				expect(
					body.page === expected.page,
					`page is ${ JSON.stringify( body.page ) }, not ${ expected.page }`
				);
			}
			expect(
				body.per_page === PER_PAGE,
				`per_page is ${ JSON.stringify( body.per_page ) }, not ${ PER_PAGE }`
			);
			const pages = Math.ceil( total / PER_PAGE );
			expect(
				body.total_pages === pages,
				`total_pages is ${ JSON.stringify( body.total_pages ) }, not ${ pages }`
			);
			const data = body.data as unknown[];
			const ids = data.map( ( row ) =>
				isObject( row ) ? row.id : undefined
			);
			if ( capped ) {
				// Past the cap the page shows the newest of the matches the search read (docs/scale.md), not
				// necessarily the newest of all: a full page of matches, newest first.
				const term = ( expected.term ?? '' ).toLowerCase();
				const matches = data.every(
					( row ) =>
						isObject( row ) &&
						[ row.customer_name, row.customer_email ].some(
							( value ) =>
								typeof value === 'string' &&
								value.toLowerCase().includes( term )
						)
				);
				const newestFirst = ( ids as number[] ).every(
					( id, i ) => i === 0 || id < ( ids as number[] )[ i - 1 ]
				);
				expect(
					ids.length === PER_PAGE && matches && newestFirst,
					`ids ${ shortList( ids ) }: not a full page of rows holding ${ JSON.stringify( term ) }, newest first`
				);
			} else {
				expect(
					same( ids as number[], expected.ids ),
					`ids ${ shortList( ids ) }, not ${ shortList( expected.ids ) }`
				);
			}
			const cursor = body.next_cursor;
			if ( ! ( 'next_cursor' in body ) ) {
				problems.push( 'no next_cursor' );
			} else if ( expected.more ) {
				expect(
					typeof cursor === 'string' && cursor !== '',
					`next_cursor is ${ JSON.stringify( cursor ) } with licences after this page`
				);
			} else {
				expect(
					cursor === null,
					`next_cursor is ${ JSON.stringify( cursor ) } on the last page`
				);
			}
			break;
		}
		case 'counts': {
			const statuses = isObject( body.statuses ) ? body.statuses : {};
			let sum = 0;
			for ( const status of STATUSES ) {
				const want = expected.statuses[ status ] ?? 0;
				sum += want;
				expect(
					statuses[ status ] === want,
					`${ status } is ${ JSON.stringify( statuses[ status ] ) }, not ${ want }`
				);
			}
			expect(
				body.total === sum,
				`total is ${ JSON.stringify( body.total ) }, not ${ sum }`
			);
			break;
		}
		case 'stats':
			for ( const part of [ 'licenses', 'activations' ] as const ) {
				const got = isObject( body[ part ] ) ? body[ part ] : {};
				for ( const [ key, want ] of Object.entries(
					expected.stats[ part ]
				) ) {
					expect(
						got[ key ] === want,
						`${ part }.${ key } is ${ JSON.stringify( got[ key ] ) }, not ${ want }`
					);
				}
			}
			break;
		case 'daily': {
			const days = Array.isArray( body.days ) ? body.days : [];
			const { daily } = expected;
			expect(
				days.length === daily.days,
				`${ days.length } days, not ${ daily.days }`
			);
			days.slice( 0, daily.days ).forEach( ( day: unknown, i ) => {
				const date = addDays( daily.since, i );
				const row = isObject( day ) ? day : {};
				expect(
					row.date === date,
					`day ${ i } is ${ JSON.stringify( row.date ) }, not ${ date }`
				);
				for ( const part of [ 'licenses', 'activations' ] as const ) {
					const want = daily[ part ][ date ] ?? 0;
					expect(
						row[ part ] === want,
						`${ date } ${ part } is ${ JSON.stringify( row[ part ] ) }, not ${ want }`
					);
				}
			} );
			break;
		}
	}
	return problems.length === 0
		? null
		: problems.slice( 0, 4 ).join( '; ' ) +
				( problems.length > 4
					? ` (+${ problems.length - 4 } more)`
					: '' );
}

/** Where a call over TARGET_MS spends its time (tools/bench/site/profile.php), when measured. */
export interface SlowCall {
	split: Split | null;
	/** The dispatch's slowest SQL statement and its milliseconds. */
	slowestMs: number;
	slowestSql: string;
	/** MariaDB's EXPLAIN of it, one line (explainSummary). */
	explain: string;
}

export interface ScaleCallResult {
	name: string;
	route: string;
	medianMs: number;
	maxMs: number;
	problem: string | null;
	slow?: SlowCall | null;
}

/** MariaDB's tab-separated EXPLAIN as one line: table, access type, key, rows and Extra of each step. */
export function explainSummary( tsv: string ): string {
	const [ head, ...lines ] = tsv.trim().split( '\n' );
	if ( ! head || lines.length === 0 ) {
		return '';
	}
	const columns = head.split( '\t' );
	const at = ( cells: string[], name: string ) =>
		cells[ columns.indexOf( name ) ] ?? '';
	return lines
		.map( ( line ) => line.split( '\t' ) )
		.map(
			( cells ) =>
				`${ at( cells, 'table' ) }: ${ at( cells, 'type' ) }${
					at( cells, 'key' ) !== 'NULL'
						? ` on ${ at( cells, 'key' ) }`
						: ''
				}, ~${ at( cells, 'rows' ) } rows${
					at( cells, 'Extra' ) && at( cells, 'Extra' ) !== 'NULL'
						? ` (${ at( cells, 'Extra' ) })`
						: ''
				}`
		)
		.join( '; ' );
}

/** One line per call over TARGET_MS at any size: its split, its slowest statement and that statement's EXPLAIN. */
export function slowCallLines( results: ScaleResult[] ): string[] {
	const lines: string[] = [];
	for ( const size of results ) {
		for ( const call of size.calls ) {
			const slow = call.slow;
			if ( ! slow ) {
				continue;
			}
			const split = slow.split
				? `core ${ fixed( slow.split.core, 0 ) } + to dispatch ${ fixed(
						slow.split.dispatch,
						0
					) } + our code ${ fixed( slow.split.app, 0 ) } + SQL ${ fixed(
						slow.split.sql,
						0
					) } ms (${ slow.split.sqlQueries } queries)`
				: 'no Server-Timing';
			const sql =
				slow.slowestSql.length > 600
					? `${ slow.slowestSql.slice( 0, 600 ) }…`
					: slow.slowestSql;
			lines.push(
				`${ sizeName( size.licences ) }, ${ call.name }: ${ fixed(
					call.medianMs,
					1
				) } ms; ${ split }; slowest statement ${ fixed(
					slow.slowestMs,
					1
				) } ms: \`${ sql }\`${ slow.explain ? `; EXPLAIN: ${ slow.explain }` : '' }`
			);
		}
	}
	return lines;
}

/** A timed job of one size: the seed, the schema upgrade, the export, the restore. */
export interface ScaleJob {
	name: 'seed' | 'upgrade' | 'export' | 'restore';
	seconds: number;
	/** PHP's peak memory of the job's process, when measured. */
	peakBytes: number | null;
	detail: string;
	problem: string | null;
}

export interface ScaleResult {
	licences: number;
	activations: number;
	calls: ScaleCallResult[];
	jobs: ScaleJob[];
}

const fixed = ( value: number, digits: number ): string =>
	Number.isFinite( value ) ? value.toFixed( digits ) : 'n/a';

const count = ( n: number ): string => n.toLocaleString( 'en-US' );

/** Short size names for the table's columns: 100k, 1M, 2,000. */
export function sizeName( licenses: number ): string {
	if ( licenses >= 1000000 && licenses % 1000000 === 0 ) {
		return `${ licenses / 1000000 }M`;
	}
	if ( licenses >= 100000 && licenses % 1000 === 0 ) {
		return `${ licenses / 1000 }k`;
	}
	return count( licenses );
}

/**
 * The scale table: one line per call, one column per size (median of 5 ms), and the target at the largest size:
 * met when its median is under TARGET_MS and every answer of the call, at every size, was right.
 */
export function scaleTable( results: ScaleResult[] ): string {
	const sizes = [ ...results ].sort( ( a, b ) => a.licences - b.licences );
	const largest = sizes[ sizes.length - 1 ];
	const lines = [
		`| call | ${ sizes
			.map( ( size ) => `${ sizeName( size.licences ) } median ms` )
			.join( ' | ' ) } | target (< ${ TARGET_MS } ms at ${ sizeName(
			largest?.licences ?? 0
		) }) |`,
		`|---|${ sizes.map( () => '---:|' ).join( '' ) }---|`,
	];
	const names = sizes[ 0 ]?.calls.map( ( call ) => call.name ) ?? [];
	for ( const name of names ) {
		const cells = sizes.map( ( size ) => {
			const call = size.calls.find( ( c ) => c.name === name );
			return call
				? `${ fixed( call.medianMs, 1 ) }${ call.problem ? ' ⚠' : '' }`
				: '—';
		} );
		const last = largest.calls.find( ( c ) => c.name === name );
		const wrong = sizes.some( ( size ) =>
			size.calls.some( ( c ) => c.name === name && c.problem )
		);
		const met =
			last !== undefined &&
			Number.isFinite( last.medianMs ) &&
			last.medianMs < TARGET_MS;
		lines.push(
			`| ${ name } | ${ cells.join( ' | ' ) } | ${
				met && ! wrong ? 'met' : 'not met'
			}${ wrong ? ' (wrong answers ⚠)' : '' } |`
		);
	}
	return lines.join( '\n' );
}

/** The job lines under the table, one per job and size, and every wrong answer with its size. */
export function scaleJobLines( results: ScaleResult[] ): string[] {
	const lines: string[] = [];
	for ( const size of results ) {
		for ( const job of size.jobs ) {
			lines.push(
				`${ job.name } at ${ count( size.licences ) } licences: ${ fixed(
					job.seconds,
					1
				) } s${
					job.peakBytes === null
						? ''
						: `, peak ${ fixed( job.peakBytes / 2 ** 20, 0 ) } MiB`
				}${ job.detail ? `; ${ job.detail }` : '' }${
					job.problem ? ` ⚠ ${ job.problem }` : ''
				}`
			);
		}
	}
	return lines;
}

/** Every wrong answer of the scale row, with its size. */
export function scaleProblems( results: ScaleResult[] ): string[] {
	return results.flatMap( ( size ) => [
		...size.calls
			.filter( ( call ) => call.problem )
			.map(
				( call ) =>
					`scale ${ sizeName( size.licences ) }, ${ call.name } (${ call.route }): ${ call.problem }`
			),
		...size.jobs
			.filter( ( job ) => job.problem )
			.map(
				( job ) =>
					`scale ${ sizeName( size.licences ) }, ${ job.name }: ${ job.problem }`
			),
	] );
}

/** The scale targets (shown, never asserted): every call under TARGET_MS at the largest size. */
export function scaleTargets( results: ScaleResult[] ): Target[] {
	const largest = [ ...results ].sort(
		( a, b ) => b.licences - a.licences
	)[ 0 ];
	if ( ! largest || largest.calls.length === 0 ) {
		return [];
	}
	const slowest = largest.calls.reduce( ( a, b ) =>
		! Number.isFinite( a.medianMs ) || b.medianMs > a.medianMs ? b : a
	);
	const over = largest.calls.filter(
		( call ) => ! ( call.medianMs < TARGET_MS )
	).length;
	return [
		{
			label: `every admin call < ${ TARGET_MS } ms median at ${ count(
				largest.licences
			) } licences`,
			value: `slowest ${ fixed( slowest.medianMs, 1 ) } ms (${ slowest.name }); ${ over } of ${ largest.calls.length } over`,
			met: over === 0,
		},
	];
}
