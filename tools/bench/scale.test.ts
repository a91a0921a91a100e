import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	SEARCH_CAP,
	addDays,
	checkScaleAnswer,
	explainSummary,
	pageIds,
	scaleCalls,
	scaleJobLines,
	scaleProblems,
	scaleTable,
	scaleTargets,
	sizeName,
	slowCallLines,
	type ScaleFixtures,
	type ScaleResult,
} from './scale.ts';

const json = ( body: unknown, status = 200 ) => ( {
	status,
	text: JSON.stringify( body ),
} );

const found = ( total: number, ids: number[] ) => ( { total, ids } );

function fixtures( licenses = 1000 ): ScaleFixtures {
	const none = {
		active: 0,
		expired: 0,
		suspended: 0,
		revoked: 0,
		trial: 0,
		cancelled: 0,
	};
	return {
		product_slug: 'bench-product',
		license_key: 'AAAA-BBBB-CCCC-DDDD',
		api_key: 'svc_x',
		licences: licenses,
		suspended: 50,
		activations: 1500,
		schema: 24,
		seed_seconds: 1,
		expected_seconds: 1,
		known: [ { id: 501, key: 'TXSG-R3QS-5NM4-87F2' } ],
		expected: {
			searches: {
				key: { term: 'TXSG-R3QS-5NM4-87F2', ...found( 1, [ 501 ] ) },
				key_group: { term: '87F2', ...found( 2, [ 501, 7 ] ) },
				email: {
					term: 'customer251@shop251.example',
					...found( 1, [ 252 ] ),
				},
				email_domain: {
					term: '@shop17.example',
					...found( 1, [ 18 ] ),
					statuses: { ...none, cancelled: 1 },
				},
				bare_domain: { term: 'shop17.example', ...found( 1, [ 18 ] ) },
				name: {
					term: 'First17',
					...found( 22000, [ 999, 998 ] ),
				},
				site: { term: 'site123.example', ...found( 1, [ 124 ] ) },
			},
			statuses: { ...none, active: 900, expired: 100 },
			expired: found( 100, [ 996, 995 ] ),
			addon_active: { product_id: 2, ...found( 300, [ 990 ] ) },
			stats: {
				licenses: { total: 1000, active: 880 },
				activations: { total: 1500, active: 1300 },
			},
			daily: {
				days: 3,
				since: '2026-11-27',
				licenses: { '2026-11-27': 5, '2026-11-29': 2 },
				activations: { '2026-11-28': 7 },
			},
		},
	};
}

const call = ( name: string, licenses = 1000 ) => {
	const named = scaleCalls( fixtures( licenses ) ).find( ( c ) =>
		c.name.startsWith( name )
	);
	assert.ok( named, name );
	return named;
};

const envelope = (
	ids: number[],
	total: number,
	extra: Record< string, unknown > = {}
) => ( {
	data: ids.map( ( id ) => ( { id } ) ),
	total,
	total_exact: true,
	page: 1,
	per_page: 20,
	total_pages: Math.ceil( total / 20 ),
	next_cursor: 'abc',
	...extra,
} );

test( 'pages of the unfiltered list are the ids newest first, the last one short, past it empty', () => {
	assert.deepEqual( pageIds( 45, 1 ).slice( 0, 3 ), [ 45, 44, 43 ] );
	assert.deepEqual( pageIds( 45, 3 ), [ 5, 4, 3, 2, 1 ] );
	assert.deepEqual( pageIds( 45, 4 ), [] );
	assert.equal( pageIds( 1000000, 2000 )[ 0 ], 1000000 - 1999 * 20 );
} );

test( 'the calls: pages, keyset, each search, the filters, the counts and the stats', () => {
	const names = scaleCalls( fixtures() ).map( ( c ) => c.name );
	assert.equal( names.length, 18 );
	assert.equal(
		call( 'search: no match' ).route,
		'/admin/licenses?search=Nobody'
	);
	assert.equal( names[ 0 ], 'list, page 1' );
	assert.equal(
		call( 'list, last page' ).route,
		'/admin/licenses?page=50&per_page=20'
	);
	assert.equal( call( 'list, keyset' ).cursor, true );
	assert.equal(
		call( "search: email's domain" ).route,
		'/admin/licenses?search=%40shop17.example'
	);
	assert.equal(
		call( 'filter: product_id' ).route,
		'/admin/licenses?product_id=2&status=active'
	);
	assert.equal( call( 'stats, daily' ).route, '/admin/stats/daily?days=3' );
} );

test( 'a list answer must have the exact ids, total, total_exact and next_cursor', () => {
	const first = call( 'list, page 1' ).expected;
	const ids = pageIds( 1000, 1 );
	assert.equal(
		checkScaleAnswer( first, json( envelope( ids, 1000 ) ) ),
		null
	);
	assert.match(
		checkScaleAnswer( first, json( envelope( ids.slice( 1 ), 1000 ) ) ) ??
			'',
		/ids/
	);
	assert.match(
		checkScaleAnswer( first, json( envelope( ids, 999 ) ) ) ?? '',
		/total is 999, not 1000/
	);
	const { total_exact: _exact, ...noExact } = envelope( ids, 1000 );
	assert.match(
		checkScaleAnswer( first, json( noExact ) ) ?? '',
		/total_exact is undefined/
	);
	assert.match(
		checkScaleAnswer(
			first,
			json( envelope( ids, 1000, { next_cursor: null } ) )
		) ?? '',
		/next_cursor is null with licences after/
	);
	const { next_cursor: _cursor, ...noCursor } = envelope( ids, 1000 );
	assert.match(
		checkScaleAnswer( first, json( noCursor ) ) ?? '',
		/no next_cursor/
	);
	assert.match(
		checkScaleAnswer( first, json( { error: 'x' }, 500 ) ) ?? '',
		/HTTP 500/
	);
} );

test( 'the last page has no next_cursor, and its page number is checked', () => {
	const last = call( 'list, last page' ).expected;
	const ids = pageIds( 1000, 50 );
	const body = envelope( ids, 1000, { page: 50, next_cursor: null } );
	assert.equal( checkScaleAnswer( last, json( body ) ), null );
	assert.match(
		checkScaleAnswer( last, json( { ...body, next_cursor: 'x' } ) ) ?? '',
		/on the last page/
	);
	assert.match(
		checkScaleAnswer( last, json( { ...body, page: 1 } ) ) ?? '',
		/page is 1, not 50/
	);
} );

test( 'a search past the cap answers the cap, not exact; below it the exact count', () => {
	const name = call( 'search: name prefix' ).expected;
	// Past the cap: a full page of rows holding the term, newest first (not necessarily the newest of all).
	const page = Array.from( { length: 20 }, ( _, i ) => 900 - i * 3 );
	const capped = {
		...envelope( page, SEARCH_CAP, { total_exact: false } ),
		data: page.map( ( id ) => ( {
			id,
			customer_name: `First17${ id % 10 } Last${ id }`,
			customer_email: `customer${ id }@shop.example`,
		} ) ),
	};
	assert.equal( checkScaleAnswer( name, json( capped ) ), null );
	assert.match(
		checkScaleAnswer(
			name,
			json( { ...capped, data: [ ...capped.data ].reverse() } )
		) ?? '',
		/not a full page of rows holding "first17", newest first/
	);
	assert.match(
		checkScaleAnswer(
			name,
			json( {
				...capped,
				data: capped.data.map( ( row, i ) =>
					i === 3 ? { ...row, customer_name: 'Other Name' } : row
				),
			} )
		) ?? '',
		/not a full page of rows holding/
	);
	assert.match(
		checkScaleAnswer(
			name,
			json( { ...capped, data: capped.data.slice( 0, 19 ) } )
		) ?? '',
		/not a full page/
	);
	assert.match(
		checkScaleAnswer(
			name,
			json( { ...capped, total: 22000, total_pages: 1100 } )
		) ?? '',
		/total is 22000, not 10000 \(22000 match\)/
	);
	assert.match(
		checkScaleAnswer( name, json( { ...capped, total_exact: true } ) ) ??
			'',
		/total_exact is true, not false/
	);
	const key = call( 'search: whole key' ).expected;
	assert.equal(
		checkScaleAnswer(
			key,
			json( envelope( [ 501 ], 1, { next_cursor: null } ) )
		),
		null
	);
	assert.match(
		checkScaleAnswer(
			key,
			json( envelope( [ 501, 7 ], 2, { next_cursor: null } ) )
		) ?? '',
		/ids \[501, 7\], not \[501\]/
	);
} );

test( 'status counts: every status and their sum', () => {
	const counts = call( 'status counts' ).expected;
	const statuses = {
		active: 900,
		expired: 100,
		suspended: 0,
		revoked: 0,
		trial: 0,
		cancelled: 0,
	};
	assert.equal(
		checkScaleAnswer( counts, json( { total: 1000, statuses } ) ),
		null
	);
	assert.match(
		checkScaleAnswer(
			counts,
			json( { total: 1000, statuses: { ...statuses, active: 899 } } )
		) ?? '',
		/active is 899, not 900/
	);
	assert.match(
		checkScaleAnswer( counts, json( { total: 10000, statuses } ) ) ?? '',
		/total is 10000, not 1000/
	);
} );

test( 'stats and the daily series are compared figure by figure, day by day', () => {
	const stats = call( 'stats' ).expected;
	const good = {
		licenses: { total: 1000, active: 880, suspended: 3 },
		activations: { total: 1500, active: 1300 },
	};
	assert.equal( checkScaleAnswer( stats, json( good ) ), null );
	assert.match(
		checkScaleAnswer(
			stats,
			json( { ...good, activations: { total: 1501, active: 1300 } } )
		) ?? '',
		/activations.total is 1501, not 1500/
	);
	const daily = call( 'stats, daily' ).expected;
	const days = [
		{ date: '2026-11-27', licenses: 5, activations: 0, revenue: 0 },
		{ date: '2026-11-28', licenses: 0, activations: 7, revenue: 0 },
		{ date: '2026-11-29', licenses: 2, activations: 0, revenue: 0 },
	];
	assert.equal( checkScaleAnswer( daily, json( { days } ) ), null );
	assert.match(
		checkScaleAnswer( daily, json( { days: days.slice( 1 ) } ) ) ?? '',
		/2 days, not 3/
	);
	assert.match(
		checkScaleAnswer(
			daily,
			json( {
				days: [
					days[ 0 ],
					{ ...days[ 1 ], activations: 6 },
					days[ 2 ],
				],
			} )
		) ?? '',
		/2026-11-28 activations is 6, not 7/
	);
	assert.equal( addDays( '2026-12-31', 1 ), '2027-01-01' );
} );

const result = (
	licenses: number,
	ms: number[],
	problem: string | null = null
): ScaleResult => ( {
	licences: licenses,
	activations: licenses * 1.5,
	calls: ms.map( ( medianMs, i ) => ( {
		name: `call ${ i }`,
		route: `/admin/x${ i }`,
		medianMs,
		maxMs: medianMs,
		problem: i === 0 ? problem : null,
	} ) ),
	jobs: [
		{
			name: 'upgrade',
			seconds: 206.7,
			peakBytes: 30 * 2 ** 20,
			detail: 'schema 24 → 27',
			problem: null,
		},
	],
} );

test( 'the table: a column per size, the target at the largest, wrong answers never met', () => {
	const table = scaleTable( [
		result( 1000000, [ 50, 150 ], 'total is 1' ),
		result( 100000, [ 20, 30 ] ),
	] );
	const lines = table.split( '\n' );
	assert.equal(
		lines[ 0 ],
		'| call | 100k median ms | 1M median ms | target (< 100 ms at 1M) |'
	);
	assert.equal(
		lines[ 2 ],
		'| call 0 | 20.0 | 50.0 ⚠ | not met (wrong answers ⚠) |'
	);
	assert.equal( lines[ 3 ], '| call 1 | 30.0 | 150.0 | not met |' );
	assert.equal(
		scaleTable( [ result( 100000, [ 20 ] ) ] ).split( '\n' )[ 2 ],
		'| call 0 | 20.0 | met |'
	);
	assert.equal( sizeName( 2000 ), '2,000' );
	assert.equal( sizeName( 250000 ), '250k' );
} );

test( 'job lines, problems and the target line', () => {
	const results = [ result( 1000000, [ 50, 150 ], 'total is 1' ) ];
	assert.deepEqual( scaleJobLines( results ), [
		'upgrade at 1,000,000 licences: 206.7 s, peak 30 MiB; schema 24 → 27',
	] );
	assert.deepEqual( scaleProblems( results ), [
		'scale 1M, call 0 (/admin/x0): total is 1',
	] );
	const [ goal ] = scaleTargets( results );
	assert.equal( goal.met, false );
	assert.match( goal.value, /slowest 150.0 ms \(call 1\); 1 of 2 over/ );
	assert.equal(
		scaleTargets( [ result( 1000000, [ 50, 60 ] ) ] )[ 0 ].met,
		true
	);
} );

test( "a slow call's line: its split, its slowest statement and that statement's EXPLAIN", () => {
	const explain = explainSummary(
		'id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tExtra\n' +
			'1\tSIMPLE\tl\trange\tstatus,status_expires\tstatus_expires\t88\tNULL\t11700\tUsing where; Using index\n' +
			'1\tSIMPLE\ta\tref\tlicense_site\tlicense_site\t8\tdb.l.id\t1\tUsing where\n'
	);
	assert.equal(
		explain,
		'l: range on status_expires, ~11700 rows (Using where; Using index); a: ref on license_site, ~1 rows (Using where)'
	);
	assert.equal( explainSummary( '' ), '' );
	const slow = result( 1000000, [ 2212 ] );
	slow.calls[ 0 ].slow = {
		split: { core: 3, dispatch: 9, app: 5, sql: 2190, sqlQueries: 12 },
		slowestMs: 2150,
		slowestSql: 'SELECT 1',
		explain,
	};
	assert.deepEqual( slowCallLines( [ slow, result( 100000, [ 5 ] ) ] ), [
		'1M, call 0: 2212.0 ms; core 3 + to dispatch 9 + our code 5 + SQL 2190 ms (12 queries); slowest statement 2150.0 ms: `SELECT 1`; EXPLAIN: ' +
			explain,
	] );
} );
