/**
 * `npm run bench`: throughput and latency of the licence service's client routes against WordPress' own floor,
 * the admin calls at 100,000 and 1,000,000 licences, and the import. One run prints markdown tables and the targets
 * to stdout (progress goes to stderr) and writes the same as JSON to bench-results/<ISO timestamp>.json. It has
 * three parts, all by default, or those --only names: load (the load rows), scale (the scale row), import.
 *
 * The site (tools/stack/profiles.ts benchProfile, plus tools/bench/site/counters.php; http://localhost:8894,
 * database svc_bench) is production-shaped:
 * MariaDB, nginx (2 workers) + php-fpm with pm = static and 8 children on this 2-core machine (as the MariaDB
 * test site), opcache on without timestamp checks, WP_DEBUG off and DISABLE_WP_CRON. Each part resets it and
 * seeds it (tools/bench/seed.php: the plugin's tables built by the schema's steps up to 24 only, then products, a
 * release with a real ZIP, N licences with 1.5 N activations by INSERT … SELECT in MariaDB, three real keys, an
 * admin API key, and what each admin call must answer, counted by plain SQL over every row; then the upgrade to
 * the latest schema in a process of its own, timed, before any request), and it is stopped at the end; MariaDB
 * stops with it only when the stack started MariaDB and no other stack site uses it.
 *
 * Rows, in order: hello world (a plain PHP file), SHORTINIT + one query, the trivial REST route (a bench-only
 * mu-plugin: the baseline), health, then validate, activate (site already active: a repeat activate) and update
 * check with the plugin's fast lane on, once per rate-limit counter store (database, APCu, Redis), and last the
 * same three with the lane off (the `fast_lane` key of the svc_licensing_settings option, set by the seed
 * script), counters in the database. Each row is checked once for a correct answer, then loaded by wrk
 * (--threads=2, --connections=8; a --warmup=2 s run, then --duration=10 s measured). wrk runs on the same 2 cores
 * as nginx, php-fpm and MariaDB, so it takes a share of the CPU it measures.
 *
 * Counter stores (issue 42): the bench-only must-use plugin tools/bench/site/counters.php defines
 * SVC_LICENSING_COUNTERS (and SVC_LICENSING_REDIS) from wp-content/svc-bench-counters.json, which the bench
 * rewrites before each store's rows, so the store changes without a restart (php-fpm's one master keeps APCu, shared
 * by its children; opcache checks no timestamps, hence a JSON file read on each request, not an included PHP file).
 * Redis is the stack's own server (tools/stack/redis.ts), started for the run and stopped after it if the bench
 * started it. At each switch (and for every store once before anything is timed) a validate request asks the
 * limiter which store it uses (`X-Bench-Counters: 1`, answered from limiter->store()); any other store than the
 * one asked for ends the run with an error. A plugin that does not know SVC_LICENSING_COUNTERS (an older --plugin
 * revision) runs the database alone. The reference rows run with the database too.
 *
 * Rate limits: the seed sets every limit to 1,000,000/min (the settings' maximum). All bench traffic comes from
 * 127.0.0.1, where real clients are one IP per site; the limiter's counter upsert is still paid per request. An
 * API key would lift the limit too, but client sites do not send one, so that would not be the production path.
 *
 * SQL statements, writes and commits per request (tools/bench/sql-counters.ts): MariaDB's global status read
 * in one statement before and after --samples=20 sequential requests of the row (node fetch, nothing else of the
 * bench running), less the cost of reading it, over N; each figure the lowest of up to three samples, so another
 * site's traffic on the shared server is not counted unless it never stops. Statements are Questions: each PHP
 * request opens its own connection, so wpdb's 6 connection commands are included (SET NAMES twice, sql_mode read
 * and set, database select, quit). Writes are Com_insert + Com_update + Com_delete + Com_replace (and their
 * multi-table and SELECT forms); commits are Innodb_log_writes, one per transaction that changed data. Unlike the
 * profile's Server-Timing (the dispatch only), these include the lane's set-up and the work after the answer.
 *
 * The load table has one line per row with its counter store, req/s, p50, p99, non-2xx, statements, writes and
 * commits per request and the ratio to the trivial route. Targets (tools/bench/report.ts, printed as met or not
 * met, never asserted), all with the fast lane on: with the counters in APCu or in Redis, validate ≥ 7× and
 * repeat activate and the update check ≥ 6× the trivial route, p99 under 25 ms at 8 connections and no write per
 * repeated call; with them in the database, validate ≥ 4× and the update check ≥ 3.6×.
 *
 * Where the time goes: each REST row is also sent --samples times with `X-Bench-Profile: 1`, which the bench-only
 * must-use plugin tools/bench/site/profile.php answers with a Server-Timing header (core boot, the way to the
 * dispatch, our code, SQL); the third table gives the medians (tools/bench/timing.ts).
 *
 * The scale row (issue 43; tools/bench/scale.ts): for each --scale size (100,000 and 1,000,000 by default), on a
 * freshly reset site seeded at schema 24 and upgraded (the upgrade's seconds and peak memory are a job line), each
 * admin call with the seeded admin API key, one untimed request and then the median of 5, timed by the client:
 * GET /admin/licenses page 1, ?page=2000&per_page=20, the last page, keyset paging (page 1's next_cursor as
 * ?cursor=); ?search= by a whole key, the key's last group, a whole email, "@shop17.example", "shop17.example", a
 * name prefix, a site URL and a term nothing holds; ?status=expired; ?product_id=N&status=active; /admin/licenses/status-counts with and
 * without a search; /admin/stats; /admin/stats/daily?days=30. Every answer is checked against the seed: the exact
 * ids of the page, total (a search past 10,000 matches answers 10,000 and total_exact false), total_exact,
 * next_cursor (a string while licences follow, null on the last page), page, per_page, total_pages, every status
 * count, every stats figure and day. Then the export and the restore of the seeded service, each timed with its
 * peak memory (tools/bench/backup.php, PHP's memory_limit at 256 MB), and the restored service checked again. The
 * table gives a column per size and the target (< 100 ms at the largest size; met only with every answer right).
 *
 *   npm run bench                          the load rows (1,000 licences), the scale row, the import row
 *   npm run bench -- --only=scale          the scale row alone (--scale=100000,1000000: its sizes; --no-backup:
 *                                          without the export and restore, which take half an hour at 1M)
 *   npm run bench -- --only=load           the load rows alone (--licences=N: on N licences)
 *   npm run bench -- --quick               CI (a step of npm test): one site, 2,000 licences seeded at schema 24
 *                                          and upgraded; every scale call asked 3 times and checked, export and
 *                                          restore checked; then every load row asked 3 times with fetch (the
 *                                          APCu and Redis rows once) and every answer checked
 *                                          (tools/bench/checks.ts), each counter store checked in use; exit 1 on
 *                                          a wrong one; no wrk, no timings (no Redis rows without redis-server)
 *   npm run bench -- --plugin=<git rev>    the plugin as committed at that revision instead of plugin/ (extracted
 *                                          under .stack/bench-plugin/), e.g. to compare before and after a change
 *   npm run bench -- --only=import         the import row alone (--only takes load, scale, import, comma-separated)
 *   npm run bench -- --import=N            the import row's larger size (100,000 by default; the smaller is N/10)
 *   npm run bench -- --import-runs=import,re-run   the import row's runs (dry,import,re-run by default)
 * Also --duration=S --warmup=S --connections=N --threads=N --samples=N; --keep leaves the bench site up at the end
 * with what the last part left in it (the largest scale size, say), to look at the panel (admin / password).
 *
 * The import row (issue 30): for each size, the smaller first, the site is reset and EDD Software Licensing's
 * tables are seeded with N licences and 1.5 N activations in use (tools/bench/import-seed.php, multi-row INSERTs),
 * then `wp svc import edd-sl --format=json` runs three times through Composer's WP-CLI: a dry run, the written
 * import, and a re-run that finds everything unchanged. Each is timed by the wall clock (WP-CLI's start included)
 * and its PHP process's memory_get_peak_usage( true ) is written by a bench-only must-use plugin
 * (tools/bench/site/peak.php) to a file named in its environment, so the command's own output is untouched.
 * Every report is checked against the seed's expected counts (tools/bench/import.ts); the target (shown, never
 * asserted) is a peak at N at most 1.5 times the peak at N/10. While the written import runs, VALIDATE_CLIENTS
 * clients ask validate, VALIDATE_RATE requests a second together, for a licence of the service's own (seed.php seed 1, beside the EDD tables,
 * its site already active), every answer checked; the row gives their req/s, p50, p99, and the answers that were
 * not 2xx or not valid. MariaDB only, as the whole bench site.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORDPRESS_VERSION } from './stack/core.ts';
import { SOCKET, serverVersion } from './stack/mariadb.ts';
import { stopMariaDbWhenIdle } from './stack/known-sites.ts';
import { ensurePanelBuilt } from './stack/panel.ts';
import { pluginDir, repoRoot, stackDir } from './stack/paths.ts';
import { CommandError, run } from './stack/process.ts';
import { ensurePhpTools } from './stack/php-tools.ts';
import { benchProfile } from './stack/profiles.ts';
import { ensureRedis, redisRunning, stopRedis } from './stack/redis.ts';
import { Site, type SiteProfile } from './stack/site.ts';
import {
	NGINX,
	PHP,
	REDIS_SERVER,
	ensureSystemPackages,
} from './stack/system.ts';
import { checkAnswer, type RowKind } from './bench/checks.ts';
import {
	checkScaleAnswer,
	scaleCalls,
	scaleJobLines,
	scaleProblems,
	scaleTable,
	scaleTargets,
	sizeName,
	type ScaleCall,
	type ScaleCallResult,
	type ScaleFixtures,
	type ScaleJob,
	type ScaleResult,
	type SlowCall,
	TARGET_MS,
	explainSummary,
	slowCallLines,
} from './bench/scale.ts';
import {
	PROFILE_HEADER,
	medianSplit,
	parseServerTiming,
	timingTable,
	type Split,
	type TimingRow,
} from './bench/timing.ts';
import {
	COUNTER_STORES,
	STORE_NAMES,
	loadTable,
	median,
	rowLabel,
	targetLines,
	targets,
	type CounterStore,
	type LoadRow,
} from './bench/report.ts';
import {
	STATUS_QUERY,
	difference,
	lowest,
	parseStatus,
	perRequest,
	type SqlCost,
} from './bench/sql-counters.ts';
import {
	checkImportReport,
	importTable,
	importTargets,
	type ImportExpectation,
	type ImportReport,
	type ImportRow,
	type ImportRunKind,
	type ValidateLoad,
} from './bench/import.ts';

const BENCH_DIR = path.join( repoRoot, 'tools', 'bench' );
// A production host: `*.example` is one of the default staging patterns, whose sites use no slot.
const CLIENT_SITE = 'https://bench-client.example.com';
const INSTALLED_VERSION = '0.0.1';

interface Options {
	quick: boolean;
	licences: number;
	duration: number;
	warmup: number;
	connections: number;
	threads: number;
	samples: number;
	/** A git revision whose plugin/ is benched, or null for the working tree's. */
	pluginRev: string | null;
	/** Which parts run: the load rows, the scale row, the import row (all three by default). */
	only: Set< Part >;
	/** The scale row's sizes in licences, smallest first. */
	scale: number[];
	/** Whether the scale row also exports and restores each size (--no-backup leaves them out). */
	backup: boolean;
	/** Whether the bench site stays up at the end, with what the last part left in it (--keep: to look at the panel). */
	keep: boolean;
	/** The import row's larger size in licences; the smaller is a tenth of it. */
	importLicenses: number;
	/** The import row's runs, in order (dry run, import, re-run by default). */
	importRuns: ImportRunKind[];
}

const PARTS = [ 'load', 'scale', 'import' ] as const;
type Part = ( typeof PARTS )[ number ];

/** What seed.php seeded (tools/bench/seed.php; the activations do not count the bench's own). */
type Fixtures = ScaleFixtures & { seconds: number };

/** The schema the scale row seeds at: the last step of the release before issue 43. */
const SEED_SCHEMA = 24;
/** The scale row's sizes by default, and under --quick. */
const SCALE_SIZES = [ 100000, 1000000 ];
const QUICK_SCALE = [ 2000 ];

interface Row {
	name: string;
	kind: RowKind;
	method: 'GET' | 'POST';
	path: string;
	body?: string;
	fastLane: boolean | null;
	/** The counter store the row runs with; null for the rows that count nothing (they run with the database). */
	store: CounterStore | null;
}

interface Answer {
	status: number;
	text: string;
	ms: number;
	/** The profiling plugin's header, when the request asked for it. */
	serverTiming: string | null;
	/** The counter store the limiter uses (tools/bench/site/counters.php), when the request asked for it. */
	counters: string | null;
}

function options( args: string[] ): Options {
	const quick = args.includes( '--quick' );
	const number = ( name: string, fallback: number ): number => {
		const given = args.find( ( arg ) => arg.startsWith( `--${ name }=` ) );
		if ( ! given ) {
			return fallback;
		}
		const value = Number( given.slice( name.length + 3 ) );
		if ( ! Number.isFinite( value ) || value <= 0 ) {
			throw new CommandError(
				`--${ name } takes a positive number, not "${ given }"`
			);
		}
		return value;
	};
	for ( const arg of args ) {
		if (
			arg !== '--quick' &&
			arg !== '--no-backup' &&
			arg !== '--keep' &&
			! /^--(licences|duration|warmup|connections|threads|samples|plugin|import)=/.test(
				arg
			) &&
			! /^--only=(load|scale|import)(,(load|scale|import))*$/.test(
				arg
			) &&
			! /^--scale=\d+(,\d+)*$/.test( arg ) &&
			! /^--import-runs=(dry|import|re-run)(,(dry|import|re-run))*$/.test(
				arg
			)
		) {
			throw new CommandError(
				`Unknown argument ${ arg }. Usage: npm run bench -- [--quick] [--licences=N] [--duration=S] ` +
					'[--warmup=S] [--connections=N] [--threads=N] [--samples=N] [--plugin=<git rev>] ' +
					'[--only=load|scale|import[,…]] [--scale=N[,N…]] [--no-backup] [--keep] [--import=N] [--import-runs=dry,import,re-run]'
			);
		}
	}
	const only = args
		.find( ( arg ) => arg.startsWith( '--only=' ) )
		?.slice( '--only='.length )
		.split( ',' ) as Part[] | undefined;
	const scale = args
		.find( ( arg ) => arg.startsWith( '--scale=' ) )
		?.slice( '--scale='.length )
		.split( ',' )
		.map( Number )
		.filter( ( n ) => n >= 1 );
	return {
		quick,
		licences: Math.round( number( 'licences', quick ? 100 : 1000 ) ),
		duration: number( 'duration', 10 ),
		warmup: number( 'warmup', 2 ),
		connections: Math.round( number( 'connections', 8 ) ),
		threads: Math.round( number( 'threads', 2 ) ),
		samples: Math.round( number( 'samples', 20 ) ),
		pluginRev:
			args
				.find( ( arg ) => arg.startsWith( '--plugin=' ) )
				?.slice( '--plugin='.length ) ?? null,
		only: new Set( only ?? PARTS ),
		backup: ! args.includes( '--no-backup' ),
		keep: args.includes( '--keep' ),
		importRuns: (
			args
				.find( ( arg ) => arg.startsWith( '--import-runs=' ) )
				?.slice( '--import-runs='.length )
				.split( ',' ) ?? [ 'dry', 'import', 're-run' ]
		).map( ( kind ) =>
			kind === 'dry' ? 'dry run' : ( kind as ImportRunKind )
		),
		scale: [
			...new Set( scale ?? ( quick ? QUICK_SCALE : SCALE_SIZES ) ),
		].sort( ( a, b ) => a - b ),
		importLicenses: Math.max(
			10,
			Math.round( number( 'import', 100000 ) )
		),
	};
}

/**
 * plugin/ as committed at a revision, extracted once under .stack/bench-plugin/<sha>/, with the working tree's
 * built panel (plugin/build is not committed).
 */
function pluginAt( rev: string ): string {
	const sha = run( 'git', [ 'rev-parse', '--verify', `${ rev }^{commit}` ], {
		cwd: repoRoot,
	} ).trim();
	const dir = path.join( stackDir, 'bench-plugin', sha );
	const plugin = path.join( dir, 'plugin' );
	if ( ! fs.existsSync( path.join( plugin, 'svc-licensing.php' ) ) ) {
		fs.rmSync( dir, { recursive: true, force: true } );
		fs.mkdirSync( dir, { recursive: true } );
		const tar = path.join( dir, 'plugin.tar' );
		run( 'git', [ 'archive', '--output', tar, sha, 'plugin' ], {
			cwd: repoRoot,
		} );
		run( 'tar', [ '-xf', tar, '-C', dir ] );
		fs.rmSync( tar );
	}
	const build = path.join( pluginDir, 'build' );
	if (
		fs.existsSync( build ) &&
		! fs.existsSync( path.join( plugin, 'build' ) )
	) {
		fs.cpSync( build, path.join( plugin, 'build' ), { recursive: true } );
	}
	return plugin;
}

const log = ( message: string ) => process.stderr.write( `${ message }\n` );

function php( site: Site, ...args: string[] ): Record< string, unknown > {
	const output = run( PHP, [
		path.join( BENCH_DIR, 'seed.php' ),
		site.docroot,
		site.url,
		...args,
	] );
	return JSON.parse( output.trim().split( '\n' ).pop() as string );
}

interface LeaseCost {
	count: number;
	keys_in_ring: number;
	sign_us: number;
	per_request_us: number;
	lease_bytes: number;
}

/** The cost of one signed lease in PHP alone (tools/bench/lease-sign.php; docs/leases.md). */
function leaseCost(): LeaseCost {
	const output = run( PHP, [ path.join( BENCH_DIR, 'lease-sign.php' ) ] );
	return JSON.parse( output.trim().split( '\n' ).pop() as string );
}

/** The lease line: its cost per lease, and validate's throughput with the lane on, every answer signed. */
function leaseLine( cost: LeaseCost, validate: number ): string {
	return (
		`Lease signing (tools/bench/lease-sign.php, PHP alone, median of 5 runs of ${ cost.count.toLocaleString( 'en-US' ) }): ` +
		`${ cost.sign_us.toFixed( 1 ) } µs per lease to build, sign (Ed25519) and encode; ${ cost.per_request_us.toFixed( 1 ) } µs ` +
		`per request with reading the key ring (${ cost.keys_in_ring } keys) from its option; ${ cost.lease_bytes } bytes. ` +
		`Validate with the fast lane on, every answer carrying a lease: ${ Math.round( validate ).toLocaleString( 'en-US' ) } req/s ` +
		'(the validate row above, counters in the database).'
	);
}

/** The file the bench site's counters plugin reads on every request (tools/bench/site/counters.php). */
const countersFile = ( site: Site ) =>
	path.join( site.docroot, 'wp-content', 'svc-bench-counters.json' );

/** The bench site as benchProfile() lays it, plus the must-use plugin that switches the counter store. */
function siteProfile( pluginSource?: string ): SiteProfile {
	const profile = benchProfile( pluginSource );
	return {
		...profile,
		files: {
			...profile.files,
			'wp-content/mu-plugins/svc-bench-counters.php': path.join(
				BENCH_DIR,
				'site',
				'counters.php'
			),
		},
	};
}

/** The validate request every licence row sends (the bench licence on the bench client site). */
function licenseBody( fixtures: Fixtures ): string {
	return JSON.stringify( {
		license_key: fixtures.license_key,
		product_slug: fixtures.product_slug,
		site_url: CLIENT_SITE,
	} );
}

/**
 * The fast-lane setting and the counter store, each changed only when a row needs another one. The store goes
 * to the file the bench site's counters plugin reads on every request (no restart: APCu stays php-fpm's), and
 * every switch is checked with a validate request that asks the limiter which store it uses: a store other than
 * the one asked for throws, so no row is ever measured on the wrong store. When the plugin does not know the
 * switch yet (an older --plugin revision), only the database runs and there is nothing to check.
 */
class Switches {
	private lane: boolean | null = null;
	private store: CounterStore | null = null;
	private readonly site: Site;
	private readonly fixtures: Fixtures;
	private readonly redisUrl: string | null;
	readonly checked: boolean;

	constructor(
		site: Site,
		fixtures: Fixtures,
		redisUrl: string | null,
		checked: boolean
	) {
		this.site = site;
		this.fixtures = fixtures;
		this.redisUrl = redisUrl;
		this.checked = checked;
	}

	fastLane( on: boolean ): void {
		if ( this.lane !== on ) {
			php( this.site, 'fast-lane', on ? 'on' : 'off' );
			this.lane = on;
		}
	}

	async counters( store: CounterStore ): Promise< void > {
		if ( this.store === store ) {
			return;
		}
		writeCounters( this.site, store, this.redisUrl );
		this.store = store;
		const answer = await send(
			this.site,
			'POST',
			'/wp-json/svc/v1/licenses/validate',
			licenseBody( this.fixtures ),
			{ 'X-Bench-Counters': '1' }
		);
		const problem = checkAnswer( 'validate', answer );
		if ( problem ) {
			throw new CommandError(
				`Counters in ${ STORE_NAMES[ store ] }: validate answered wrong: ${ problem }`
			);
		}
		if ( this.checked && answer.counters !== store ) {
			throw new CommandError(
				`Counters in ${ STORE_NAMES[ store ] } asked for, but the limiter uses ${
					answer.counters ??
					'an unknown store (no X-Bench-Counters header)'
				} (${ path.relative( repoRoot, countersFile( this.site ) ) }: ${ fs
					.readFileSync( countersFile( this.site ), 'utf8' )
					.trim() }).`
			);
		}
		log(
			`Counters in ${ STORE_NAMES[ store ] }${ this.checked ? ': checked, the limiter uses it' : '' }`
		);
	}
}

/** Points the bench site's counters plugin at a store; null removes the file (the plugin's default, auto). */
function writeCounters(
	site: Site,
	store: CounterStore | null,
	redisUrl: string | null
): void {
	const file = countersFile( site );
	if ( store === null ) {
		fs.rmSync( file, { force: true } );
		return;
	}
	fs.writeFileSync(
		file,
		JSON.stringify( {
			counters: store,
			...( store === 'redis' ? { redis: redisUrl } : {} ),
		} ) + '\n'
	);
}

/**
 * The rows in the order they run: the reference rows, the three licence rows with the fast lane on once per
 * counter store, then the licence rows with the lane off (counters in the database).
 */
function rows( fixtures: Fixtures, stores: readonly CounterStore[] ): Row[] {
	const license = {
		license_key: fixtures.license_key,
		product_slug: fixtures.product_slug,
		site_url: CLIENT_SITE,
	};
	const update = `/wp-json/svc/v1/updates/check?${ new URLSearchParams( {
		...license,
		current_version: INSTALLED_VERSION,
	} ) }`;
	const list: Row[] = [
		{
			name: 'hello world (plain PHP file)',
			kind: 'hello',
			method: 'GET',
			path: '/bench-hello.php',
			fastLane: null,
			store: null,
		},
		{
			name: 'SHORTINIT + one query',
			kind: 'shortinit',
			method: 'GET',
			path: '/bench-shortinit.php',
			fastLane: null,
			store: null,
		},
		{
			name: 'trivial REST route (baseline)',
			kind: 'trivial',
			method: 'GET',
			path: '/wp-json/bench/v1/trivial',
			fastLane: null,
			store: null,
		},
		{
			name: 'health',
			kind: 'health',
			method: 'GET',
			path: '/wp-json/svc/v1/health',
			fastLane: null,
			store: null,
		},
	];
	const licenseRows: Array< [ string, RowKind, 'GET' | 'POST', string ] > = [
		[ 'validate', 'validate', 'POST', '/wp-json/svc/v1/licenses/validate' ],
		[
			'activate (site already active)',
			'activate',
			'POST',
			'/wp-json/svc/v1/licenses/activate',
		],
		[ 'update check', 'update', 'GET', update ],
	];
	const lane = ( on: boolean, store: CounterStore ): Row[] =>
		licenseRows.map( ( [ name, kind, method, route ] ) => ( {
			name: `${ name }, fast lane ${ on ? 'on' : 'off' }`,
			kind,
			method,
			path: route,
			body: method === 'POST' ? licenseBody( fixtures ) : undefined,
			fastLane: on,
			store,
		} ) );
	for ( const store of stores ) {
		list.push( ...lane( true, store ) );
	}
	list.push( ...lane( false, 'database' ) );
	return list;
}

/**
 * Whether fetch failed on a kept-alive connection that nginx had closed while it sat idle (its keepalive_timeout
 * passes during a long job, an export or a restore): undici says "other side closed" before any answer.
 */
function staleConnection( error: unknown ): boolean {
	const cause = ( error as { cause?: { code?: string } } )?.cause;
	return error instanceof TypeError && cause?.code === 'UND_ERR_SOCKET';
}

async function send(
	site: Site,
	method: string,
	route: string,
	body?: string,
	headers: Record< string, string > = {}
): Promise< Answer > {
	const ask = () =>
		fetch( site.url + route, {
			method,
			body,
			headers: body
				? { 'Content-Type': 'application/json', ...headers }
				: headers,
			redirect: 'manual',
			signal: AbortSignal.timeout( 30_000 ),
		} );
	let started = performance.now();
	let response: Response | null = null;
	// The pool may hold several connections nginx closed during a long job: each is found stale in turn, and the
	// request goes again until one is fresh; the time is that request's.
	for ( let attempt = 0; response === null; attempt++ ) {
		try {
			response = await ask();
		} catch ( error ) {
			if ( ! staleConnection( error ) || attempt >= 32 ) {
				throw error;
			}
			started = performance.now();
		}
	}
	const text = await response.text();
	return {
		status: response.status,
		text,
		ms: performance.now() - started,
		serverTiming: response.headers.get( 'server-timing' ),
		counters: response.headers.get( 'x-bench-counters' ),
	};
}

/**
 * Where a row's time goes: `count` sequential requests with the profiling header (tools/bench/site/profile.php),
 * the median of each part. Null for rows that are not REST answers (hello world, SHORTINIT).
 */
async function profileRow(
	site: Site,
	row: Row,
	count: number
): Promise< TimingRow | null > {
	const splits: Split[] = [];
	for ( let i = 0; i < count; i++ ) {
		const answer = await send(
			site,
			row.method,
			row.path,
			row.body,
			PROFILE_HEADER
		);
		const split = parseServerTiming( answer.serverTiming );
		if ( ! split ) {
			return null;
		}
		splits.push( split );
	}
	return medianSplit( rowLabel( row ), splits );
}

/** MariaDB's global status counters of tools/bench/sql-counters.ts, in one statement. */
function readStatus(): SqlCost {
	return parseStatus(
		run( 'mariadb', [
			'--protocol=socket',
			`--socket=${ SOCKET }`,
			'-uroot',
			'-N',
			'-e',
			STATUS_QUERY,
		] )
	);
}

/** What reading the counters twice adds to them (the SHOW itself): the lowest of three tries. */
function statusReadCost(): SqlCost {
	let cost: SqlCost | null = null;
	for ( let i = 0; i < 3; i++ ) {
		const first = readStatus();
		const added = difference( readStatus(), first );
		cost = cost ? lowest( cost, added ) : added;
	}
	return cost as SqlCost;
}

/**
 * Statements, writes and commits MariaDB saw per request of `request`, from the server's global counters over
 * `count` sequential requests (see the header): the lowest of up to three runs, each figure on its own.
 */
async function sqlPerRequest(
	request: () => Promise< unknown >,
	count: number
): Promise< SqlCost > {
	const overhead = statusReadCost();
	let best: SqlCost | null = null;
	let previous: number | null = null;
	for ( let attempt = 0; attempt < 3; attempt++ ) {
		const before = readStatus();
		for ( let i = 0; i < count; i++ ) {
			await request();
		}
		const sample = perRequest( before, readStatus(), overhead, count );
		best = best ? lowest( best, sample ) : sample;
		if ( sample.statements === previous ) {
			break;
		}
		previous = sample.statements;
	}
	return best as SqlCost;
}

interface WrkResult {
	requests: number;
	duration_us: number;
	non_2xx: number;
	connect_errors: number;
	read_errors: number;
	write_errors: number;
	timeouts: number;
	p50_us: number;
	p90_us: number;
	p99_us: number;
	mean_us: number;
	max_us: number;
}

function wrk(
	site: Site,
	row: Row,
	seconds: number,
	opts: Options
): WrkResult {
	const result = spawnSync(
		'wrk',
		[
			`-t${ opts.threads }`,
			`-c${ opts.connections }`,
			`-d${ seconds }s`,
			'--timeout',
			'10s',
			'--latency',
			'-s',
			path.join( BENCH_DIR, 'wrk.lua' ),
			site.url + row.path,
		],
		{
			encoding: 'utf8',
			env: {
				...process.env,
				BENCH_METHOD: row.method,
				BENCH_BODY: row.body ?? '',
			},
		}
	);
	const line = ( result.stdout ?? '' )
		.split( '\n' )
		.find( ( l ) => l.startsWith( 'BENCH_JSON ' ) );
	if ( result.status !== 0 || ! line ) {
		throw new CommandError(
			`wrk failed on ${ row.name } (exit ${ result.status }):\n${ result.stdout }${ result.stderr }`
		);
	}
	return JSON.parse( line.slice( 'BENCH_JSON '.length ) ) as WrkResult;
}

function machine(
	site: Site,
	opts: Options,
	counters: Counters | null
): Record< string, unknown > {
	const firstLine = ( command: string, args: string[] ) => {
		const result = spawnSync( command, args, { encoding: 'utf8' } );
		return `${ result.stdout ?? '' }${ result.stderr ?? '' }`
			.trim()
			.split( '\n' )[ 0 ];
	};
	const profile = benchProfile();
	const git = spawnSync( 'git', [ 'rev-parse', 'HEAD' ], {
		cwd: repoRoot,
		encoding: 'utf8',
	} ).stdout.trim();
	const dirty =
		spawnSync( 'git', [ 'status', '--porcelain' ], {
			cwd: repoRoot,
			encoding: 'utf8',
		} ).stdout.trim() !== '';
	return {
		nproc: os.availableParallelism(),
		cpu: os.cpus()[ 0 ]?.model ?? '',
		memory_gb: Math.round( os.totalmem() / 2 ** 30 ),
		loadavg_at_start: os.loadavg().map( ( n ) => Number( n.toFixed( 2 ) ) ),
		php: run( PHP, [ '-r', 'echo PHP_VERSION;' ] ).trim(),
		mariadb: serverVersion(),
		nginx: firstLine( NGINX, [ '-v' ] ),
		wrk: opts.quick ? null : firstLine( 'wrk', [ '-v' ] ),
		wordpress: WORDPRESS_VERSION,
		fpm: { pm: 'static', children: profile.fpmChildren },
		nginx_workers: profile.nginxWorkers,
		php_settings: profile.phpSettings,
		wrk_threads: opts.threads,
		wrk_connections: opts.connections,
		wrk_duration_s: opts.duration,
		wrk_warmup_s: opts.warmup,
		query_samples: opts.samples,
		git: `${ git }${ dirty ? ' (with uncommitted changes)' : '' }`,
		plugin: opts.pluginRev
			? `revision ${ opts.pluginRev } (${ path.relative( repoRoot, site.profile.pluginSource ?? '' ) })`
			: 'working tree plugin/',
		// Whether the plugin's code knows the switch yet; if not, both fast-lane rows run the same route.
		fast_lane_in_plugin: pluginMentions(
			site.profile.pluginSource ?? pluginDir,
			'fast_lane'
		),
		counter_stores: counters?.stores ?? [],
		counter_store_checked: counters?.checked ?? false,
		redis: counters?.redisUrl
			? `${ firstLine( REDIS_SERVER, [ '--version' ] ) } at ${ counters.redisUrl }`
			: null,
		php_apcu: run( PHP, [ '-r', 'echo phpversion( "apcu" );' ] ).trim(),
		php_redis: run( PHP, [ '-r', 'echo phpversion( "redis" );' ] ).trim(),
	};
}

function pluginMentions( plugin: string, needle: string ): boolean {
	const dir = path.join( plugin, 'src' );
	return fs
		.readdirSync( dir, { recursive: true, encoding: 'utf8' } )
		.filter( ( f ) => f.endsWith( '.php' ) )
		.some( ( f ) =>
			fs.readFileSync( path.join( dir, f ), 'utf8' ).includes( needle )
		);
}

/** The counter stores a run measures, and what switching them needs. */
interface Counters {
	stores: readonly CounterStore[];
	/** SVC_LICENSING_REDIS for the Redis store (the stack's server), or null when Redis is not measured. */
	redisUrl: string | null;
	/** Whether the plugin can say which store it uses (limiter->store()), so every switch is checked. */
	checked: boolean;
}

/** What `seed.php upgrade` prints. */
interface Upgrade {
	upgraded: boolean;
	from: number;
	to: number;
	latest: number;
	upgrade_seconds: number;
	peak_bytes: number;
}

const count = ( n: number ): string => n.toLocaleString( 'en-US' );

/**
 * Seeds the freshly reset site at schema SEED_SCHEMA (seed.php), then upgrades it to the latest schema in a
 * process of its own, timed. Nothing asks the site anything in between: the plugin upgrades on a request.
 */
function seedAndUpgrade(
	site: Site,
	licenses: number
): { fixtures: Fixtures; upgrade: Upgrade } {
	const fixtures = php(
		site,
		'seed',
		String( licenses ),
		String( SEED_SCHEMA )
	) as unknown as Fixtures;
	log(
		`Seeded ${ count( fixtures.licences ) } licences and ${ count(
			fixtures.activations
		) } activations at schema ${ fixtures.schema } in ${ fixtures.seed_seconds } s (+ ${
			fixtures.expected_seconds
		} s counting what the admin calls must answer)`
	);
	const upgrade = php( site, 'upgrade' ) as unknown as Upgrade;
	log(
		`Schema upgrade ${ upgrade.from } → ${ upgrade.to } at ${ count( fixtures.licences ) } licences: ${ upgrade.upgrade_seconds } s`
	);
	return { fixtures, upgrade };
}

function upgradeJob( upgrade: Upgrade ): ScaleJob {
	return {
		name: 'upgrade',
		seconds: upgrade.upgrade_seconds,
		peakBytes: upgrade.peak_bytes,
		detail: `schema ${ upgrade.from } → ${ upgrade.to } (SchemaMigrator::upgrade() in a PHP process of its own, no request in between)`,
		problem:
			upgrade.upgraded && upgrade.to === upgrade.latest
				? null
				: `the schema is at ${ upgrade.to }, not ${ upgrade.latest }${
						upgrade.upgraded
							? ''
							: ' (upgrade() did not take the lock)'
					}`,
	};
}

async function resetSite( site: Site ): Promise< void > {
	const started = Date.now();
	await site.reset();
	log(
		`Bench site ready in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s: ${ site.url } (MariaDB, nginx + php-fpm)`
	);
}

/** The one activation the licence rows need, made through the plugin's own route; a problem or null. */
async function activateBench(
	site: Site,
	fixtures: Fixtures
): Promise< string | null > {
	const activation = await send(
		site,
		'POST',
		'/wp-json/svc/v1/licenses/activate',
		licenseBody( fixtures )
	);
	const problem = checkAnswer( 'activate', activation );
	return problem ? `first activation: ${ problem }` : null;
}

/**
 * The scale row's admin calls against a seeded site (tools/bench/scale.ts): each asked once untimed and then
 * `repeats` times, every answer checked; the keyset call follows page 1's next_cursor.
 */
async function runScaleCalls(
	site: Site,
	fixtures: Fixtures,
	repeats: number,
	only?: ( call: ScaleCall ) => boolean
): Promise< ScaleCallResult[] > {
	const headers = { 'X-Service-Key': fixtures.api_key };
	const results: ScaleCallResult[] = [];
	let cursor: unknown;
	// A warm server: every php-fpm child answers a few requests first (its realpath cache, its first connection),
	// so the first call timed is not the one that happens to meet the cold children.
	await Promise.all(
		Array.from( { length: 16 }, () =>
			send(
				site,
				'GET',
				'/wp-json/svc/v1/admin/licenses?per_page=1',
				undefined,
				headers
			).catch( () => null )
		)
	);
	for ( const call of scaleCalls( fixtures ) ) {
		let route = call.route;
		if ( call.cursor ) {
			if ( typeof cursor !== 'string' || cursor === '' ) {
				if ( ! only || only( call ) ) {
					results.push( {
						name: call.name,
						route: `${ route }…`,
						medianMs: NaN,
						maxMs: NaN,
						problem: `page 1 gave no next_cursor to follow (${ JSON.stringify( cursor ) })`,
					} );
				}
				continue;
			}
			route += encodeURIComponent( cursor );
		}
		const wanted = ! only || only( call );
		if ( ! wanted && ! ( results.length === 0 && cursor === undefined ) ) {
			continue;
		}
		let problem: string | null = null;
		const request = async (): Promise< Answer > => {
			try {
				const answer = await send(
					site,
					'GET',
					`/wp-json/svc/v1${ route }`,
					undefined,
					headers
				);
				problem ??= checkScaleAnswer( call.expected, answer );
				return answer;
			} catch ( error ) {
				problem ??= `no answer: ${ ( error as Error ).message }`;
				return {
					status: 0,
					text: '',
					ms: NaN,
					serverTiming: null,
					counters: null,
				};
			}
		};
		const first = await request();
		if ( cursor === undefined ) {
			// The first call is page 1: its next_cursor is where the keyset call goes on.
			try {
				cursor = JSON.parse( first.text ).next_cursor ?? null;
			} catch {
				cursor = null;
			}
		}
		if ( ! wanted ) {
			continue;
		}
		const times: number[] = [];
		for ( let i = 0; i < repeats; i++ ) {
			times.push( ( await request() ).ms );
		}
		const medianMs = times.length > 0 ? median( times ) : NaN;
		results.push( {
			name: call.name,
			route,
			medianMs,
			maxMs: times.length > 0 ? Math.max( ...times ) : NaN,
			problem,
			slow:
				repeats > 0 && medianMs >= TARGET_MS
					? await whereTimeGoes( site, route, headers )
					: null,
		} );
	}
	return results;
}

/**
 * Where a slow admin call's time goes: one more request with the profiling header (tools/bench/site/profile.php),
 * its split, its slowest SQL statement, and MariaDB's EXPLAIN of that statement on the site's database.
 */
async function whereTimeGoes(
	site: Site,
	route: string,
	headers: Record< string, string >
): Promise< SlowCall | null > {
	try {
		const response = await fetch(
			`${ site.url }/wp-json/svc/v1${ route }`,
			{
				headers: { ...headers, ...PROFILE_HEADER },
				signal: AbortSignal.timeout( 60_000 ),
			}
		);
		await response.text();
		const split = parseServerTiming(
			response.headers.get( 'server-timing' )
		);
		const slowest = response.headers.get( 'x-bench-slowest-sql' ) ?? '';
		const [ ms, ...sql ] = slowest.split( ' ' );
		const statement = sql.join( ' ' );
		let explain = '';
		// A statement profile.php cut short (1,500 bytes) cannot be explained.
		if ( /^\s*SELECT\b/i.test( statement ) && statement.length < 1500 ) {
			const result = spawnSync(
				'mariadb',
				[
					'--protocol=socket',
					`--socket=${ SOCKET }`,
					'-uroot',
					'-B',
					site.dbName,
					'-e',
					`EXPLAIN ${ statement }`,
				],
				{ encoding: 'utf8' }
			);
			explain =
				explainSummary( result.stdout ?? '' ) ||
				(
					( result.stderr ?? '' ).trim().split( '\n' ).pop() ?? ''
				).slice( 0, 200 );
		}
		return {
			split,
			slowestMs: Number( ms ),
			slowestSql: statement,
			explain,
		};
	} catch {
		return null;
	}
}

/** One step of tools/bench/backup.php, with PHP's memory limit of an ordinary host (256 MB). */
function backupStep(
	site: Site,
	...args: string[]
): Record< string, unknown > {
	const output = run( PHP, [
		'-d',
		'memory_limit=256M',
		path.join( BENCH_DIR, 'backup.php' ),
		site.docroot,
		site.url,
		...args,
	] );
	return JSON.parse( output.trim().split( '\n' ).pop() as string );
}

/** What is checked again after a restore: the service must answer as it did before the export. */
const AFTER_RESTORE = ( call: ScaleCall ) =>
	call.name === 'list, page 1' ||
	call.name.startsWith( 'search: whole key' ) ||
	call.expected.kind !== 'list';

/**
 * The export of the seeded service to a file, the service emptied, and the file restored (tools/bench/backup.php,
 * through DatabaseImage and Backups as the plugin's own callers), each timed with its peak memory; then the
 * restored service's page 1, key search, status counts, stats and daily series checked against the seed.
 */
async function exportAndRestore(
	site: Site,
	fixtures: Fixtures
): Promise< ScaleJob[] > {
	const file = path.join( site.runDir, 'bench-scale.svcexport' );
	const jobs: ScaleJob[] = [];
	const failed = ( name: ScaleJob[ 'name' ], error: unknown ): ScaleJob => ( {
		name,
		seconds: NaN,
		peakBytes: null,
		detail: '',
		problem: ( error instanceof Error ? error.message : String( error ) )
			.split( '\n' )
			.filter( ( line ) => line.trim() !== '' )
			.slice( 0, 4 )
			.join( ' ' )
			.slice( 0, 400 ),
	} );
	const peak = ( result: Record< string, unknown > ) =>
		typeof result.peak_bytes === 'number'
			? result.peak_bytes
			: Number( result.peak_mb ) * 2 ** 20;
	try {
		log( `Export of ${ count( fixtures.licences ) } licences` );
		let exported: Record< string, unknown >;
		try {
			exported = backupStep( site, 'export', file );
		} catch ( error ) {
			jobs.push( failed( 'export', error ) );
			return jobs;
		}
		jobs.push( {
			name: 'export',
			seconds: Number( exported.seconds ),
			peakBytes: peak( exported ),
			detail: `${ exported.file_mb } MB file, ${ count( Number( exported.rows ) ) } rows`,
			problem: null,
		} );
		backupStep( site, 'wipe' );
		log( `Restore of ${ count( fixtures.licences ) } licences` );
		let restored: Record< string, unknown >;
		try {
			restored = backupStep( site, 'restore', file );
		} catch ( error ) {
			jobs.push( failed( 'restore', error ) );
			return jobs;
		}
		if ( ! site.running() ) {
			// Not the restore's doing as far as the bench can tell, but said: another stack command stopped it.
			log(
				'The bench site is not running after the restore (stopped from outside the bench?): starting it again'
			);
			await site.start();
		}
		const checked = await runScaleCalls( site, fixtures, 0, AFTER_RESTORE );
		const wrong = checked.filter( ( call ) => call.problem );
		jobs.push( {
			name: 'restore',
			seconds: Number( restored.seconds ),
			peakBytes: peak( restored ),
			detail: `then ${ checked.length } calls checked against the seed (page 1, the key search, status counts, stats, daily)`,
			problem:
				wrong.length === 0
					? null
					: `after the restore: ${ wrong
							.map(
								( call ) => `${ call.name }: ${ call.problem }`
							)
							.join( '; ' ) }`,
		} );
	} finally {
		fs.rmSync( file, { force: true } );
	}
	return jobs;
}

/**
 * The scale row at each --scale size, the smallest first: reset, seed at schema 24, the timed upgrade, the admin
 * calls (one untimed request, then the median of `repeats`), then export and restore.
 */
async function scaleRows(
	site: Site,
	opts: Options
): Promise< ScaleResult[] > {
	const results: ScaleResult[] = [];
	for ( const licenses of opts.scale ) {
		await resetSite( site );
		const { fixtures, upgrade } = seedAndUpgrade( site, licenses );
		log(
			`Scale ${ count( licenses ) }: admin calls, 1 untimed + 5 timed requests each`
		);
		const calls = await runScaleCalls( site, fixtures, 5 );
		for ( const call of calls ) {
			log(
				`  ${ call.name }: ${ Number.isFinite( call.medianMs ) ? call.medianMs.toFixed( 1 ) : 'n/a' } ms${
					call.problem ? ` ⚠ ${ call.problem }` : ''
				}`
			);
		}
		const jobs: ScaleJob[] = [
			{
				name: 'seed',
				seconds: fixtures.seed_seconds,
				peakBytes: null,
				detail: `${ count( fixtures.licences ) } licences, ${ count(
					fixtures.activations
				) } activations at schema ${ fixtures.schema } (INSERT … SELECT; then ${
					fixtures.expected_seconds
				} s counting the expected answers)`,
				problem: null,
			},
			upgradeJob( upgrade ),
			...( opts.backup ? await exportAndRestore( site, fixtures ) : [] ),
		];
		results.push( {
			licences: fixtures.licences,
			activations: fixtures.activations,
			calls,
			jobs,
		} );
	}
	return results;
}

/** The update check's download link serves the seeded ZIP, whose SHA-256 the answer named. */
async function checkPackage( offer: {
	package: string;
	package_hash: string;
} ): Promise< string | null > {
	const response = await fetch( offer.package, {
		signal: AbortSignal.timeout( 30_000 ),
	} );
	const bytes = Buffer.from( await response.arrayBuffer() );
	const digest = `sha256:${ createHash( 'sha256' ).update( bytes ).digest( 'hex' ) }`;
	if ( response.status !== 200 ) {
		return `download: HTTP ${ response.status }`;
	}
	if ( bytes.subarray( 0, 4 ).toString( 'binary' ) !== 'PK\x03\x04' ) {
		return 'download: not a ZIP';
	}
	return digest === offer.package_hash
		? null
		: `download: ${ digest } is not ${ offer.package_hash }`;
}

/**
 * --quick: one site, seeded at the first --scale size (2,000) at schema 24 and upgraded; the scale row's calls
 * asked 3 times each and checked, export and restore checked; then the bench activation and every load row asked
 * (3 times, the APCu and Redis rows once) and checked. No timings.
 */
async function quickRun(
	site: Site,
	opts: Options,
	counters: Counters
): Promise< number > {
	await resetSite( site );
	writeCounters( site, 'database', counters.redisUrl );
	const { fixtures, upgrade } = seedAndUpgrade( site, opts.scale[ 0 ] );
	const problems: string[] = [];
	const lines = [ '| row | answers | result |', '|---|---:|---|' ];
	const size = sizeName( fixtures.licences );
	const scale: ScaleResult = {
		licences: fixtures.licences,
		activations: fixtures.activations,
		calls: await runScaleCalls( site, fixtures, 2 ),
		jobs: [
			upgradeJob( upgrade ),
			...( await exportAndRestore( site, fixtures ) ),
		],
	};
	for ( const call of scale.calls ) {
		lines.push(
			`| scale ${ size }: ${ call.name } | ${ Number.isFinite( call.medianMs ) ? 3 : 0 } | ${ call.problem ?? 'ok' } |`
		);
	}
	for ( const job of scale.jobs ) {
		lines.push(
			`| scale ${ size }: ${ job.name } | 1 | ${ job.problem ?? 'ok' } |`
		);
	}
	problems.push( ...scaleProblems( [ scale ] ) );
	const activated = await activateBench( site, fixtures );
	if ( activated ) {
		problems.push( activated );
	}
	const switches = new Switches(
		site,
		fixtures,
		counters.redisUrl,
		counters.checked
	);
	for ( const row of rows( fixtures, counters.stores ) ) {
		await switches.counters( row.store ?? 'database' );
		if ( row.fastLane !== null ) {
			switches.fastLane( row.fastLane );
		}
		// The rows of the other stores run the same code but for the counters: one answer each is enough.
		const asked = row.store === null || row.store === 'database' ? 3 : 1;
		let problem: string | null = null;
		let answers = 0;
		for ( ; answers < asked && problem === null; answers++ ) {
			const answer = await send( site, row.method, row.path, row.body );
			problem = checkAnswer( row.kind, answer );
			if ( row.kind === 'update' && problem === null && answers === 0 ) {
				problem = await checkPackage( JSON.parse( answer.text ) );
			}
		}
		lines.push(
			`| ${ rowLabel( row ) } | ${ answers } | ${ problem ?? 'ok' } |`
		);
		if ( problem ) {
			problems.push( `${ rowLabel( row ) }: ${ problem }` );
		}
	}
	switches.fastLane( true );
	console.log( lines.join( '\n' ) );
	console.log(
		problems.length === 0
			? `\nbench --quick: every row answered 2xx with the expected body; the scale row at ${ count(
					fixtures.licences
				) } licences (seeded at schema ${ SEED_SCHEMA }, upgraded to ${ upgrade.to }) answered every admin call as the seed says, and export and restore kept it; counters in ${ counters.stores
					.map( ( store ) => STORE_NAMES[ store ] )
					.join( ', ' ) }${
					counters.checked
						? ', each checked in use'
						: ' (the plugin cannot switch them)'
				}.`
			: `\nbench --quick failed:\n${ problems.map( ( p ) => `  ${ p }` ).join( '\n' ) }`
	);
	return problems.length === 0 ? 0 : 1;
}

interface LoadPart {
	fixtures: Fixtures;
	measured: LoadRow[];
	timings: TimingRow[];
	lease: LeaseCost;
	validateLaneOn: number;
}

/** The load rows on a site seeded with --licences (see the header). */
async function loadRows(
	site: Site,
	opts: Options,
	counters: Counters,
	problems: string[]
): Promise< LoadPart > {
	await resetSite( site );
	writeCounters( site, 'database', counters.redisUrl );
	const { fixtures } = seedAndUpgrade( site, opts.licences );
	const activated = await activateBench( site, fixtures );
	if ( activated ) {
		problems.push( activated );
	}
	const switches = new Switches(
		site,
		fixtures,
		counters.redisUrl,
		counters.checked
	);
	// Every store once before anything is timed, so a store that cannot be switched to fails the run at once.
	for ( const store of [ ...counters.stores ].reverse() ) {
		await switches.counters( store );
	}
	const measured: LoadRow[] = [];
	const timings: TimingRow[] = [];
	for ( const row of rows( fixtures, counters.stores ) ) {
		await switches.counters( row.store ?? 'database' );
		switches.fastLane( row.fastLane ?? true );
		const label = rowLabel( row );
		const request = () => send( site, row.method, row.path, row.body );
		const problem = checkAnswer( row.kind, await request() );
		if ( problem ) {
			problems.push( `${ label }: ${ problem }` );
		}
		const sql = await sqlPerRequest( request, opts.samples );
		const timing = await profileRow( site, row, opts.samples );
		if ( timing ) {
			timings.push( timing );
		}
		log( `${ label }: warm-up ${ opts.warmup } s` );
		wrk( site, row, opts.warmup, opts );
		log( `${ label }: ${ opts.duration } s` );
		const result = wrk( site, row, opts.duration, opts );
		measured.push( {
			name: row.name,
			fastLane: row.fastLane,
			store: row.store,
			requestsPerSecond: result.requests / ( result.duration_us / 1e6 ),
			p50Ms: result.p50_us / 1000,
			p99Ms: result.p99_us / 1000,
			requests: result.requests,
			non2xx: result.non_2xx,
			socketErrors:
				result.connect_errors +
				result.read_errors +
				result.write_errors +
				result.timeouts,
			queriesPerRequest: sql.statements,
			writesPerRequest: sql.writes,
			commitsPerRequest: sql.commits,
			ratioToTrivial: NaN,
			problem,
		} );
	}
	switches.fastLane( true );
	const trivial = measured.find( ( row ) =>
		row.name.startsWith( 'trivial' )
	);
	for ( const row of measured ) {
		row.ratioToTrivial =
			row.requestsPerSecond / ( trivial?.requestsPerSecond ?? NaN );
	}
	log( 'Lease signing cost: tools/bench/lease-sign.php' );
	const lease = leaseCost();
	const validateLaneOn =
		measured.find(
			( row ) =>
				row.name === 'validate, fast lane on' &&
				row.store === 'database'
		)?.requestsPerSecond ?? NaN;
	return { fixtures, measured, timings, lease, validateLaneOn };
}

const SCALE_FOOTNOTE =
	'Each call with the seeded admin API key: one untimed request, then the median of 5, timed by the client; ' +
	'every answer checked against the seed (tools/bench/scale.ts: totals, total_exact, next_cursor, the exact ids of ' +
	'the page, every status count, every stats figure and day). ⚠: a wrong answer (listed below). Each size on a ' +
	`freshly reset site seeded at schema ${ SEED_SCHEMA } (tools/bench/seed.php) and upgraded before the first request.`;

async function full(
	site: Site,
	opts: Options,
	counters: Counters | null
): Promise< number > {
	const startedAt = new Date();
	const problems: string[] = [];
	const info = machine( site, opts, counters );
	const load =
		opts.only.has( 'load' ) && counters
			? await loadRows( site, opts, counters, problems )
			: null;
	const scale = opts.only.has( 'scale' ) ? await scaleRows( site, opts ) : [];
	problems.push( ...scaleProblems( scale ) );
	const imported = opts.only.has( 'import' )
		? await importRows( site, opts )
		: { rows: [], problems: [] };
	problems.push( ...imported.problems );
	const goals = [
		...( load
			? targets(
					load.measured,
					[],
					load.fixtures.licences,
					opts.connections
				)
			: [] ),
		...scaleTargets( scale ),
		...importTargets( imported.rows ),
	];

	const footnote = load
		? `¹ MariaDB's Questions counter over ${ opts.samples } sequential requests of the row, less the counter reads; ` +
			'it includes the 6 commands of the connection every PHP request opens (SET NAMES twice, sql_mode read and set, ' +
			'database select, quit), so SHORTINIT + SELECT 1 counts 7. ' +
			'² Over the same requests: writes are the statements that ask to change a row (Com_insert, Com_update, ' +
			'Com_delete, Com_replace and their multi-table and SELECT forms); commits are InnoDB redo log writes, one per ' +
			'transaction that changed data (innodb_flush_log_at_trx_commit = 1: each also an fsync). ' +
			`Counters: where the plugin keeps its rate-limit counters (SVC_LICENSING_COUNTERS${
				counters?.stores.includes( 'redis' )
					? `; Redis at ${ counters.redisUrl }`
					: ''
			}), switched between rows by tools/bench/site/counters.php${
				counters?.checked
					? ' and checked in use (limiter->store()) at each switch'
					: '; the plugin cannot switch them, so only the database ran'
			}; the reference rows run with the database, the lane-off rows too. ` +
			`wrk: ${ opts.threads } threads, ${ opts.connections } connections, ${ opts.duration } s after a ${ opts.warmup } s warm-up, ` +
			`on the same ${ info.nproc } cores as nginx (${ info.nginx_workers } workers), php-fpm (pm = static, ${ benchProfile().fpmChildren } children) and MariaDB. ` +
			`Fast lane in the plugin's code: ${ info.fast_lane_in_plugin ? 'yes' : 'no (both settings run the same route)' }.`
		: '';
	const output = [
		'',
		`## npm run bench — ${ startedAt.toISOString() }, ${ [ ...opts.only ].join( ', ' ) }${
			load ? `, ${ count( load.fixtures.licences ) } licences` : ''
		}, ${ info.plugin }, PHP ${ info.php }, MariaDB ${ info.mariadb }, ${ info.nproc } cores`,
	];
	if ( load ) {
		output.push(
			'',
			loadTable( load.measured ),
			'',
			footnote,
			'',
			`Where one request's time goes (median of ${ opts.samples } sequential requests, measured in PHP; tools/bench/site/profile.php):`,
			'',
			timingTable( load.timings ),
			'',
			'core boot: PHP start to the must-use plugins (core includes, connection, autoloaded options); ' +
				"to dispatch: the lane's set-up, or plugins, theme, init and the REST server; our code: the dispatch " +
				'less its SQL; SQL: time in wpdb during the dispatch. Not included: sending the answer and, after it, WP-Cron.',
			'',
			leaseLine( load.lease, load.validateLaneOn )
		);
	}
	if ( scale.length > 0 ) {
		output.push(
			'',
			`Admin calls at scale (${ scale
				.map(
					( size ) =>
						`${ count( size.licences ) } licences, ${ count( size.activations ) } activations`
				)
				.join( '; ' ) }):`,
			'',
			scaleTable( scale ),
			'',
			SCALE_FOOTNOTE,
			'',
			...scaleJobLines( scale ).map( ( line ) => `- ${ line }` )
		);
		const slow = slowCallLines( scale );
		if ( slow.length > 0 ) {
			output.push(
				'',
				`Where the calls over ${ TARGET_MS } ms spend it (one more request with X-Bench-Profile; the slowest statement and its EXPLAIN):`,
				'',
				...slow.map( ( line ) => `- ${ line }` )
			);
		}
	}
	if ( imported.rows.length > 0 ) {
		output.push( '', importTable( imported.rows ), '', IMPORT_FOOTNOTE );
	}
	output.push( '', targetLines( goals ) );
	if ( problems.length > 0 ) {
		output.push(
			'',
			'Wrong answers (the rows were still measured):',
			...problems.map( ( p ) => `  ${ p }` )
		);
	}
	console.log( output.join( '\n' ) );

	writeResults( startedAt, {
		started_at: startedAt.toISOString(),
		machine: {
			...info,
			loadavg_at_end: os
				.loadavg()
				.map( ( n ) => Number( n.toFixed( 2 ) ) ),
		},
		fixtures: load
			? {
					licences: load.fixtures.licences,
					activations: load.fixtures.activations,
					seed_seconds: load.fixtures.seed_seconds,
					product_slug: load.fixtures.product_slug,
					client_site: CLIENT_SITE,
				}
			: null,
		rows: load?.measured ?? [],
		timings: load?.timings ?? [],
		lease: load
			? { ...load.lease, validate_lane_on_rps: load.validateLaneOn }
			: null,
		scale,
		import: imported.rows,
		targets: goals,
		problems,
		markdown: output.join( '\n' ).trim(),
	} );
	return problems.length === 0 ? 0 : 1;
}

/** Writes a run's figures to bench-results/<ISO timestamp>.json. */
function writeResults(
	startedAt: Date,
	data: Record< string, unknown >
): void {
	const dir = path.join( repoRoot, 'bench-results' );
	fs.mkdirSync( dir, { recursive: true } );
	const file = path.join(
		dir,
		`${ startedAt.toISOString().replace( /[:.]/g, '-' ) }.json`
	);
	fs.writeFileSync( file, JSON.stringify( data, null, '\t' ) + '\n' );
	log( `\nWrote ${ path.relative( repoRoot, file ) }` );
}

/** How many clients ask validate during the written import, and how many requests a second they send together. */
const VALIDATE_CLIENTS = 4;
/**
 * About what 1.5 million activations ask when each site validates once a day (17/s), with room: a production
 * rate, so the import is measured beside it rather than against as much validate load as the two cores take.
 */
const VALIDATE_RATE = 20;

const IMPORT_FOOTNOTE =
	"¹ licences and activations in use read, over the seconds. ² memory_get_peak_usage( true ) of the wp command's " +
	'PHP process (tools/bench/site/peak.php). ³ Validate during the written import: ' +
	`${ VALIDATE_CLIENTS } clients asking POST /licenses/validate, ${ VALIDATE_RATE } requests a second together (what ` +
	'1.5 million sites validating once a day ask), for a licence seeded beside the EDD tables (seed.php, ' +
	'its site already active) while the command runs, counters where the plugin puts them by ' +
	'default; req/s, median ms, and the answers that were not 2xx (or 2xx but not valid). Each size on a freshly ' +
	'reset site: a dry run (everything written, then rolled back), the import, and a re-run that finds every row ' +
	'unchanged; every report checked against the seed.';

interface ImportSeed {
	seconds: number;
	written: Record< string, number >;
	expected: ImportExpectation;
}

/** One `wp svc import edd-sl --format=json` on the bench site: its report, wall-clock seconds and peak memory. */
async function timeImport(
	site: Site,
	kind: ImportRunKind
): Promise< {
	report: ImportReport | null;
	seconds: number;
	peakBytes: number;
	error: string | null;
} > {
	const peakFile = path.join( site.runDir, 'bench-import-peak.json' );
	fs.rmSync( peakFile, { force: true } );
	const started = performance.now();
	const result = await new Promise< {
		status: number | null;
		stdout: string;
		stderr: string;
	} >( ( resolve ) => {
		const child = spawn(
			path.join( repoRoot, 'vendor', 'bin', 'wp' ),
			[
				'svc',
				'import',
				'edd-sl',
				'--format=json',
				...( kind === 'dry run' ? [ '--dry-run' ] : [] ),
				`--path=${ site.docroot }`,
				`--url=${ site.url }`,
				'--allow-root',
			],
			{ env: { ...process.env, SVC_BENCH_PEAK_FILE: peakFile } }
		);
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout.on( 'data', ( chunk: Buffer ) => out.push( chunk ) );
		child.stderr.on( 'data', ( chunk: Buffer ) => err.push( chunk ) );
		child.on( 'close', ( status ) =>
			resolve( {
				status,
				stdout: Buffer.concat( out ).toString( 'utf8' ),
				stderr: Buffer.concat( err ).toString( 'utf8' ),
			} )
		);
	} );
	const seconds = ( performance.now() - started ) / 1000;
	const peak = fs.existsSync( peakFile )
		? ( JSON.parse( fs.readFileSync( peakFile, 'utf8' ) ) as {
				peak_bytes: number;
			} )
		: null;
	const line = result.stdout
		.split( '\n' )
		.find( ( l ) => l.startsWith( '{' ) );
	const error =
		result.status !== 0 || ! line
			? `wp svc import edd-sl exited ${ result.status }: ${ result.stderr
					.split( '\n' )
					.filter( ( l ) => /^(Error|Warning|PHP Fatal)/.test( l ) )
					.slice( 0, 3 )
					.join( ' ' ) }`
			: null;
	return {
		report: line ? ( JSON.parse( line ) as ImportReport ) : null,
		seconds,
		peakBytes: peak?.peak_bytes ?? NaN,
		error,
	};
}

/**
 * VALIDATE_CLIENTS clients asking validate at VALIDATE_RATE requests a second together (each client waits out its
 * share of a second; a slow answer delays only its own client) until stop(): every answer checked (checkAnswer),
 * so a 2xx that is not a valid licence counts as wrong.
 */
function validateLoad(
	site: Site,
	body: string
): { stop: () => Promise< ValidateLoad > } {
	const times: number[] = [];
	let non2xx = 0;
	let wrong = 0;
	let errors = 0;
	let running = true;
	const started = performance.now();
	const pace = ( 1000 * VALIDATE_CLIENTS ) / VALIDATE_RATE;
	const client = async () => {
		while ( running ) {
			const began = performance.now();
			try {
				const answer = await send(
					site,
					'POST',
					'/wp-json/svc/v1/licenses/validate',
					body
				);
				times.push( answer.ms );
				if ( answer.status < 200 || answer.status > 299 ) {
					non2xx++;
				} else if ( checkAnswer( 'validate', answer ) ) {
					wrong++;
				}
			} catch {
				errors++;
			}
			const wait = pace - ( performance.now() - began );
			if ( running && wait > 0 ) {
				await new Promise( ( resolve ) => setTimeout( resolve, wait ) );
			}
		}
	};
	const clients = Array.from( { length: VALIDATE_CLIENTS }, client );
	return {
		stop: async () => {
			running = false;
			await Promise.all( clients );
			const seconds = ( performance.now() - started ) / 1000;
			const sorted = [ ...times ].sort( ( a, b ) => a - b );
			return {
				clients: VALIDATE_CLIENTS,
				requests: times.length,
				requestsPerSecond: times.length / seconds,
				p50Ms: times.length ? median( times ) : NaN,
				p99Ms: sorted.length
					? sorted[
							Math.min(
								sorted.length - 1,
								Math.floor( sorted.length * 0.99 )
							)
						]
					: NaN,
				maxMs: sorted.length ? sorted[ sorted.length - 1 ] : NaN,
				non2xx,
				wrong,
				errors,
			};
		},
	};
}

/** The import row: at a tenth of --import and at --import, the smaller first (see the header). */
async function importRows(
	site: Site,
	opts: Options
): Promise< { rows: ImportRow[]; problems: string[] } > {
	const measured: ImportRow[] = [];
	const problems: string[] = [];
	for ( const licenses of [
		Math.round( opts.importLicenses / 10 ),
		opts.importLicenses,
	] ) {
		await site.reset();
		const seed = JSON.parse(
			run( PHP, [
				path.join( BENCH_DIR, 'import-seed.php' ),
				site.docroot,
				site.url,
				'edd-sl',
				String( licenses ),
			] )
				.trim()
				.split( '\n' )
				.pop() as string
		) as ImportSeed;
		const activations =
			seed.expected.new.activations +
			( seed.expected.refused[ 'activation no_licence' ] ?? 0 );
		log(
			`Import: seeded EDD SL with ${ licenses } licences and ${ activations } activations in use in ${ seed.seconds } s`
		);
		// One licence of the service's own beside the EDD tables, its site active, for validate during the import.
		const own = php( site, 'seed', '1' ) as unknown as Fixtures;
		const validateBody = JSON.stringify( {
			license_key: own.license_key,
			product_slug: own.product_slug,
			site_url: 'https://site0.example',
		} );
		const before = await send(
			site,
			'POST',
			'/wp-json/svc/v1/licenses/validate',
			validateBody,
			{ 'X-Bench-Counters': '1' }
		);
		const validateProblem = checkAnswer( 'validate', before );
		if ( validateProblem ) {
			problems.push(
				`import ${ licenses }: validate before the import: ${ validateProblem }`
			);
		}
		for ( const kind of opts.importRuns ) {
			log( `Import: ${ kind } of ${ licenses } licences` );
			const load =
				kind === 'import' && ! validateProblem
					? validateLoad( site, validateBody )
					: null;
			const timed = await timeImport( site, kind );
			const validated = load ? await load.stop() : null;
			const problem =
				timed.error ??
				( timed.report
					? checkImportReport( kind, timed.report, seed.expected )
					: 'no report' );
			if ( problem ) {
				problems.push(
					`import ${ kind } of ${ licenses }: ${ problem }`
				);
			}
			measured.push( {
				licences: licenses,
				activations,
				run: kind,
				seconds: timed.seconds,
				peakBytes: timed.peakBytes,
				rowsPerSecond: ( licenses + activations ) / timed.seconds,
				arrived: timed.report?.arrived ?? {},
				refused: timed.report?.refused.length ?? 0,
				problem,
				validate: validated
					? { ...validated, counters: before.counters ?? 'unknown' }
					: null,
			} );
			log(
				`Import: ${ kind } of ${ licenses } licences took ${ timed.seconds.toFixed( 1 ) } s, peak ${ ( timed.peakBytes / 2 ** 20 ).toFixed( 0 ) } MiB${ problem ? ` (${ problem })` : '' }${
					validated
						? `; validate meanwhile ${ validated.requestsPerSecond.toFixed( 1 ) } req/s, ${ validated.non2xx } non-2xx, ${ validated.wrong } not valid, ${ validated.errors } errors`
						: ''
				}`
			);
		}
	}
	return { rows: measured, problems };
}

async function main(): Promise< number > {
	const opts = options( process.argv.slice( 2 ) );
	ensureSystemPackages( { bench: ! opts.quick } );
	ensurePanelBuilt();
	if ( ! opts.quick && opts.only.has( 'import' ) ) {
		// Composer's WP-CLI runs the import row.
		ensurePhpTools();
	}
	const source = opts.pluginRev ? pluginAt( opts.pluginRev ) : undefined;
	const site = new Site( siteProfile( source ) );
	let startedRedis = false;
	try {
		const counters =
			opts.quick || opts.only.has( 'load' )
				? await counterStores( source ?? pluginDir )
				: null;
		startedRedis = counters?.startedRedis ?? false;
		return opts.quick && counters
			? await quickRun( site, opts, counters )
			: await full( site, opts, counters );
	} finally {
		writeCounters( site, null, null );
		if ( opts.keep ) {
			log(
				`--keep: the bench site stays up at ${ site.url } (admin / password), as the last part left it`
			);
		} else {
			await site.stop();
			await stopMariaDbWhenIdle();
		}
		if ( startedRedis ) {
			await stopRedis();
		}
	}
}

/**
 * The counter stores this run measures: database, APCu and Redis when the plugin knows SVC_LICENSING_COUNTERS,
 * else the database alone. Starts the stack's Redis server for the Redis rows (startedRedis: it was not running,
 * so the bench stops it at the end); --quick leaves Redis out when redis-server is not installed.
 */
async function counterStores(
	plugin: string
): Promise< Counters & { startedRedis: boolean } > {
	const checked = pluginMentions( plugin, 'SVC_LICENSING_COUNTERS' );
	if ( ! checked ) {
		log(
			'The plugin does not know SVC_LICENSING_COUNTERS: the licence rows run with the counters in the database only.'
		);
		return {
			stores: [ 'database' ],
			redisUrl: null,
			checked,
			startedRedis: false,
		};
	}
	if ( ! fs.existsSync( REDIS_SERVER ) ) {
		log(
			`No ${ REDIS_SERVER }: the counters in Redis are not checked (a full run installs it).`
		);
		return {
			stores: COUNTER_STORES.filter( ( store ) => store !== 'redis' ),
			redisUrl: null,
			checked,
			startedRedis: false,
		};
	}
	const startedRedis = ! redisRunning();
	const { url } = await ensureRedis();
	return { stores: COUNTER_STORES, redisUrl: url, checked, startedRedis };
}

main().then(
	( code ) => process.exit( code ),
	( error: unknown ) => {
		console.error(
			error instanceof CommandError ? `\n${ error.message }` : error
		);
		process.exit( 1 );
	}
);
