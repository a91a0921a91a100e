/**
 * `npm test`: every check, on a fresh machine. Three tracks run side by side, because one Playwright run keeps the
 * two cores only half busy (it waits on the browser and on its sites): the static checks, unit tests and smoke
 * tests, then part of each pass on stack slot 1 (SIDE_PROJECTS), then the host-shaped pass (HOST_PASS: Apache,
 * the plugin from its zip) and the two-node races and rate limits with the counters in Redis (REDIS_PASS); the
 * Playwright suite on SQLite (fast lane on, then off; the other projects); and the
 * Playwright suite on MariaDB (the same). The passes with the lane off leave out the specs the lane cannot affect,
 * and axe.spec.ts runs on SQLite only (SVC_PASS_SPLIT, e2e/fixtures/projects.ts).
 * Each step runs even when an earlier one failed, so one run shows every problem; the exit code is non-zero when
 * any step failed. At the end it prints each step's time, the 10 slowest spec files, and every test that failed
 * and then passed on its rerun (flaky: a defect to fix, named here, never passed over in silence).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureCore } from './stack/core.ts';
import {
	KEEP_MARIADB,
	stopMariaDbWhenIdle,
	stopRedisWhenIdle,
} from './stack/known-sites.ts';
import { ensureMariaDb } from './stack/mariadb.ts';
import { ensurePanelBuilt } from './stack/panel.ts';
import { repoRoot } from './stack/paths.ts';
import { ensurePhpTools } from './stack/php-tools.ts';
import { stopRedis } from './stack/redis.ts';
import { ensureSystemPackages } from './stack/system.ts';
import { countTests } from './test-counts.ts';
import { PROJECTS } from '../e2e/fixtures/projects.ts';
import {
	readRunReport,
	slowestSpecs,
	type JsonReport,
	type RunReport,
} from './test-report.ts';

interface Step {
	name: string;
	command: string[];
	/** Playwright's JSON report of this step, when it is a Playwright run. */
	report?: string;
	/** Environment of its own (a stack slot). */
	env?: Record< string, string >;
}

interface Result {
	name: string;
	ok: boolean;
	seconds: number;
	passed: number;
	failed: number;
	report?: RunReport;
}

const tsx = [ 'npx', 'tsx' ];
const REPORTS = path.join( repoRoot, 'artifacts', 'reports' );

/**
 * The projects of each pass that run on stack slot 1 (their own sites, ports and files), in the checks track once
 * its checks are done: without them the two databases' tracks ran minutes after the checks had finished, the
 * machine half idle at the end. SQLite, the slower database here, moves its hostile project too. MariaDB's `blocks`
 * project is back on its own track since its lane-off pass leaves out the specs the lane cannot affect
 * (e2e/fixtures/projects.ts): the three tracks then end together (README, "Which specs run in which pass"). Each
 * pass still runs every project.
 */
const SIDE_PROJECTS = {
	sqlite: [ 'blocks', 'cli', 'hostile' ],
	mariadb: [ 'cli' ],
};

/**
 * The Playwright suite on one database and server, with the fast lane on and then off: the named projects only,
 * on the given stack slot, or all of them.
 */
function playwrightTrack(
	label: string,
	db: string,
	server: string,
	part?: { projects: string[]; slot?: number }
): Step[] {
	const slot = part?.slot ?? 0;
	return [ 'on', 'off' ].map( ( lane ) => {
		const report = path.join(
			REPORTS,
			`${ db.slice( 5 ) }-lane-${ lane }${ slot > 0 ? `-slot-${ slot }` : '' }.json`
		);
		const scope = part
			? ` (${ part.projects.join( ', ' ) }${ slot > 0 ? `; stack slot ${ slot }` : '' })`
			: '';
		return {
			name: `Playwright on ${ label }, fast lane ${ lane }${ scope }`,
			command: [
				...tsx,
				'tools/cli.ts',
				'e2e',
				db,
				server,
				`--lane=${ lane }`,
				'--reporter=list,json',
				...( part?.projects ?? [] ).map(
					( project ) => `--project=${ project }`
				),
			],
			report,
			...( slot > 0 ? { env: { SVC_STACK_SLOT: String( slot ) } } : {} ),
		};
	} );
}

const SQLITE: [ string, string, string ] = [
	'SQLite + php -S',
	'--db=sqlite',
	'--server=php',
];

const MARIADB: [ string, string, string ] = [
	'MariaDB + nginx/php-fpm',
	'--db=mariadb',
	'--server=nginx',
];

/**
 * The host-shaped pass (issue 31): a fresh WordPress on MariaDB served by Apache + mod_php with .htaccess
 * permalinks, the plugin uploaded from the zip of `npm run plugin-zip` through Plugins -> Add New and activated
 * there (global setup), then the `api` project with the fast lane on. In the checks track after the side projects,
 * on stack slot 1 once they are done with it: the checks track is the one that ends first.
 */
const HOST_PASS: Step = {
	name: 'Playwright on MariaDB + Apache/mod_php, the plugin from its zip, fast lane on (api; stack slot 1)',
	command: [
		...tsx,
		'tools/cli.ts',
		'e2e',
		'--db=mariadb',
		'--server=apache',
		'--lane=on',
		'--reporter=list,json',
		'--project=api',
	],
	report: path.join( REPORTS, 'mariadb-apache-lane-on-slot-1.json' ),
	env: { SVC_STACK_SLOT: '1' },
};

/**
 * The specs of the Redis pass: the two-node races and the rate limits, the hostile ones that are mainly about rate
 * limits among them (case-variants: every limited route in other cases and encodings counts against one limit;
 * ipv6-buckets: the addresses of one /64 share one bucket). restore-forged.spec.ts only names the rate_limits
 * setting, so it stays out.
 */
const REDIS_SPECS = [
	'e2e/api/scaling-out.spec.ts',
	'e2e/api/rate-limits.spec.ts',
	'e2e/api/race-harness.spec.ts',
	'e2e/hostile/case-variants.spec.ts',
	'e2e/hostile/ipv6-buckets.spec.ts',
	// No write for a repeated call, and a lease signed afresh on each answer, with the counters in Redis (issue 42).
	'e2e/api/repeated-calls-write-nothing.spec.ts',
	'e2e/api/leases.spec.ts',
];

/**
 * The MariaDB test site (two web nodes) with its rate-limit counters in Redis (SVC_LICENSING_COUNTERS 'redis',
 * SVC_LICENSING_REDIS the stack's server; the normal passes count in the database), the fast lane on: only
 * REDIS_SPECS, so it is short. `tools/cli.ts e2e --counters=redis` starts slot 1's Redis and stops it when it ends.
 * Last in the checks track, on stack slot 1 after the host-shaped pass: the checks track ended about 100 s before
 * the others without it.
 */
const REDIS_PASS: Step = {
	name: 'Playwright on MariaDB, counters in Redis, fast lane on (races and rate limits; stack slot 1)',
	command: [
		...tsx,
		'tools/cli.ts',
		'e2e',
		'--db=mariadb',
		'--server=nginx',
		'--lane=on',
		'--counters=redis',
		'--reporter=list,json',
		...REDIS_SPECS,
	],
	report: path.join( REPORTS, 'mariadb-redis-lane-on-slot-1.json' ),
	env: { SVC_STACK_SLOT: '1' },
};

/**
 * The PHP matrix (issue 44): the core client paths (the specs tagged @php-matrix in e2e/client/: activation, a
 * validation whose lease is verified, an update installed through core with its package hash checked, a late
 * "update now", the service deactivated) with the client site served by WordPress Playground's PHP 7.4 and 8.5
 * (`--client-php`, tools/stack/servers.ts startPlayground); the SQLite passes run them on the stack's PHP 8.2. On
 * stack slot 1 at the end of the checks track, the SQLite test site as the licence service, fast lane on: 6 tests
 * a runtime, 2.2 minutes each on the 2-core machine alone (up to 5 with other runs beside them).
 */
const PHP_MATRIX_PASSES: Step[] = [ '7.4', '8.5' ].map( ( php ) => ( {
	name: `Playwright, the client site on PHP ${ php } (Playground), core client paths (@php-matrix; stack slot 1)`,
	command: [
		...tsx,
		'tools/cli.ts',
		'e2e',
		'--db=sqlite',
		'--server=php',
		'--lane=on',
		`--client-php=${ php }`,
		'--reporter=list,json',
		'--project=client',
		'--grep=@php-matrix',
	],
	report: path.join( REPORTS, `client-php-${ php }-slot-1.json` ),
	env: { SVC_STACK_SLOT: '1' },
} ) );

/** A database's projects on stack slot 1, or the rest of them on its own slot. */
const part = ( db: keyof typeof SIDE_PROJECTS, side: boolean ) =>
	side
		? { projects: SIDE_PROJECTS[ db ], slot: 1 }
		: {
				projects: PROJECTS.map( ( p ) => p.name ).filter(
					( name ) => ! SIDE_PROJECTS[ db ].includes( name )
				),
			};

const CHECKS: Step[] = [
	{
		name: 'lint JS/TS (wp-scripts)',
		command: [ 'npm', 'run', '--silent', 'lint:js' ],
	},
	{
		name: 'lint PHP (php -l, WPCS)',
		command: [ ...tsx, 'tools/cli.ts', 'lint-php' ],
	},
	{ name: 'tsc --noEmit', command: [ 'npx', 'tsc', '--noEmit' ] },
	{
		name: 'PHPStan (plugin level 7, SDK level 8)',
		command: [ ...tsx, 'tools/cli.ts', 'phpstan' ],
	},
	{
		name: 'layer rules (plugin/README.md)',
		command: [ ...tsx, 'tools/layers/check.ts' ],
	},
	{
		// sdk/ parsed by Playground's PHP 7.4 and 8.5 (the PHP matrix's static half).
		name: 'php -l on PHP 7.4 and 8.5 (sdk/, Playground)',
		command: [ ...tsx, 'tools/php-matrix.ts' ],
	},
	{ name: 'PHP unit tests', command: [ ...tsx, 'tools/cli.ts', 'phpunit' ] },
	{ name: 'TypeScript unit tests', command: [ ...tsx, 'tools/unit-ts.ts' ] },
	{
		// Every bench row answered once per request with the right body; no load, no timings.
		name: 'bench smoke (npm run bench -- --quick)',
		command: [ ...tsx, 'tools/bench.ts', '--quick' ],
	},
	{
		name: 'wp-env (playground runtime) smoke',
		command: [ ...tsx, 'tools/wp-env-smoke.ts' ],
	},
];

/** The tracks that run side by side, each a sequence of steps. */
const TRACKS: Array< { tag: string; steps: Step[] } > = [
	{
		tag: 'checks',
		steps: [
			...CHECKS,
			...playwrightTrack( ...SQLITE, part( 'sqlite', true ) ),
			...playwrightTrack( ...MARIADB, part( 'mariadb', true ) ),
			HOST_PASS,
			REDIS_PASS,
			...PHP_MATRIX_PASSES,
		],
	},
	{
		tag: 'sqlite',
		steps: playwrightTrack( ...SQLITE, part( 'sqlite', false ) ),
	},
	{
		tag: 'mariadb',
		steps: playwrightTrack( ...MARIADB, part( 'mariadb', false ) ),
	},
];

/**
 * Runs a step with its output shown live, each line tagged with its track, and kept for counting.
 */
function runStep(
	tag: string,
	step: Step
): Promise< { code: number; output: string } > {
	return new Promise( ( resolve ) => {
		const child = spawn( step.command[ 0 ], step.command.slice( 1 ), {
			cwd: repoRoot,
			stdio: [ 'ignore', 'pipe', 'pipe' ],
			// A Playwright step reruns a failed test once (playwright.config.ts), and writes its JSON report.
			env: step.report
				? {
						...process.env,
						...step.env,
						PLAYWRIGHT_JSON_OUTPUT_NAME: step.report,
						SVC_RETRIES: '1',
						// Specs the lane or the database cannot affect run in fewer passes (e2e/fixtures/projects.ts).
						SVC_PASS_SPLIT: '1',
					}
				: { ...process.env, ...step.env },
		} );
		let output = '';
		const pending: Record< string, string > = { out: '', err: '' };
		const relay =
			( stream: 'out' | 'err', sink: NodeJS.WriteStream ) =>
			( chunk: Buffer ) => {
				const text = chunk.toString();
				output += text;
				const lines = ( pending[ stream ] + text ).split( '\n' );
				pending[ stream ] = lines.pop() ?? '';
				for ( const line of lines ) {
					sink.write( `[${ tag }] ${ line }\n` );
				}
			};
		child.stdout.on( 'data', relay( 'out', process.stdout ) );
		child.stderr.on( 'data', relay( 'err', process.stderr ) );
		child.on( 'close', ( code ) => {
			for ( const [ stream, rest ] of Object.entries( pending ) ) {
				if ( rest !== '' ) {
					( stream === 'out'
						? process.stdout
						: process.stderr
					).write( `[${ tag }] ${ rest }\n` );
				}
			}
			resolve( { code: code ?? 1, output } );
		} );
	} );
}

function readReport( file: string | undefined ): RunReport | undefined {
	if ( ! file || ! fs.existsSync( file ) ) {
		return undefined;
	}
	return readRunReport(
		JSON.parse( fs.readFileSync( file, 'utf8' ) ) as JsonReport
	);
}

async function runTrack( tag: string, steps: Step[] ): Promise< Result[] > {
	const results: Result[] = [];
	for ( const step of steps ) {
		console.log( `\n[${ tag }] === ${ step.name } ===` );
		if ( step.report ) {
			fs.rmSync( step.report, { force: true } );
		}
		const started = Date.now();
		const { code, output } = await runStep( tag, step );
		const report = readReport( step.report );
		const counted = countTests( output );
		const flaky = report?.flaky.length ?? 0;
		results.push( {
			name: step.name,
			ok: code === 0,
			seconds: ( Date.now() - started ) / 1000,
			// Playwright counts a flaky test apart from the passed ones; it passed in the end.
			passed: counted.passed + flaky,
			failed: counted.failed,
			report,
		} );
	}
	return results;
}

async function main(): Promise< number > {
	const started = Date.now();
	// Installed, unpacked and built once up front, so a missing package fails loudly here rather than inside each
	// step, and the tracks never install, unpack or build the same thing at once.
	// Apache and mod_php are left to the host-shaped pass's own step (HOST_PASS): installed there, in the checks
	// track, they cost the other tracks no time.
	ensureSystemPackages( { testing: true } );
	ensurePhpTools();
	ensureCore();
	ensurePanelBuilt();
	await ensureMariaDb();
	process.env[ KEEP_MARIADB ] = '1';
	fs.mkdirSync( REPORTS, { recursive: true } );
	const results = (
		await Promise.all(
			TRACKS.map( ( { tag, steps } ) => runTrack( tag, steps ) )
		)
	).flat();
	delete process.env[ KEEP_MARIADB ];
	await stopMariaDbWhenIdle();
	// Every track is done: the Redis pass's server (slot 1), and this slot's if a step left it running.
	await stopRedis( 1 );
	await stopRedisWhenIdle();

	console.log( '\n=== summary ===' );
	for ( const r of results ) {
		const tests =
			r.passed + r.failed > 0
				? `, ${ r.passed } passed, ${ r.failed } failed`
				: '';
		console.log(
			`${ r.ok ? 'PASS' : 'FAIL' }  ${ r.name } (${ r.seconds.toFixed( 1 ) } s${ tests })`
		);
	}
	const runs = results
		.filter( ( r ) => r.report )
		.map( ( r ) => ( { label: r.name, report: r.report as RunReport } ) );
	console.log( '\nThe 10 slowest spec files:' );
	for ( const slow of slowestSpecs( runs, 10 ) ) {
		console.log(
			`  ${ slow.seconds.toFixed( 1 ).padStart( 6 ) } s  ${ slow.spec }  (${ slow.label })`
		);
	}
	const flaky = runs.flatMap( ( { label, report } ) =>
		report.flaky.map( ( name ) => `${ name }  (${ label })` )
	);
	if ( flaky.length > 0 ) {
		console.log(
			`\nFLAKY: ${ flaky.length } test(s) failed and then passed on a rerun. Each is a defect to fix:`
		);
		for ( const name of flaky ) {
			console.log( `  ${ name }` );
		}
	} else {
		console.log(
			'\nNo flaky tests: none failed and then passed on a rerun.'
		);
	}
	// Why each failed attempt failed, here at the end where a CI log's tail shows it.
	const failures = runs.flatMap( ( { label, report } ) =>
		report.failures.map( ( f ) => ( { ...f, label } ) )
	);
	if ( failures.length > 0 ) {
		console.log(
			`\nWhy each failed attempt failed (${ failures.length }):`
		);
		for ( const f of failures ) {
			console.log(
				`  ${ f.test }  (${ f.label }, attempt ${ f.attempt })`
			);
			for ( const line of f.error.split( '\n' ) ) {
				console.log( `      ${ line }` );
			}
		}
	}
	const failedSteps = results.filter( ( r ) => ! r.ok ).length;
	const passed = results.reduce( ( sum, r ) => sum + r.passed, 0 );
	const failed = results.reduce( ( sum, r ) => sum + r.failed, 0 );
	console.log(
		`\n${ results.length - failedSteps } of ${ results.length } checks passed in ${ (
			( Date.now() - started ) /
			60000
		).toFixed( 1 ) } minutes`
	);
	console.log( `tests: ${ passed } passed, ${ failed } failed` );
	return failedSteps === 0 ? 0 : 1;
}

main().then( ( code ) => process.exit( code ) );
