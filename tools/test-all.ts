/**
 * `npm test`: every check, in order, on a fresh machine. Each step runs even when an earlier one failed, so
 * one run shows every problem; the exit code is non-zero when any step failed.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from './stack/paths.ts';
import { ensureSystemPackages } from './stack/system.ts';
import { countTests } from './test-counts.ts';

interface Step {
	name: string;
	command: string[];
}

const tsx = [ 'npx', 'tsx' ];

/** The whole Playwright suite on each database and server, with the fast lane on and with it off. */
function playwrightSteps(): Step[] {
	const stacks = [
		[ 'SQLite + php -S', '--db=sqlite', '--server=php' ],
		[ 'MariaDB + nginx/php-fpm', '--db=mariadb', '--server=nginx' ],
	];
	return stacks.flatMap( ( [ label, db, server ] ) =>
		[ 'on', 'off' ].map( ( lane ) => ( {
			name: `Playwright on ${ label }, fast lane ${ lane }`,
			command: [
				...tsx,
				'tools/cli.ts',
				'e2e',
				db,
				server,
				`--lane=${ lane }`,
			],
		} ) )
	);
}
const STEPS: Step[] = [
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
	{ name: 'PHP unit tests', command: [ ...tsx, 'tools/cli.ts', 'phpunit' ] },
	{ name: 'TypeScript unit tests', command: [ ...tsx, 'tools/unit-ts.ts' ] },
	...playwrightSteps(),
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

/**
 * Runs a step with its output shown live and kept for counting.
 */
function runStep(
	command: string[]
): Promise< { code: number; output: string } > {
	return new Promise( ( resolve ) => {
		const child = spawn( command[ 0 ], command.slice( 1 ), {
			cwd: repoRoot,
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		} );
		let output = '';
		child.stdout.on( 'data', ( chunk: Buffer ) => {
			process.stdout.write( chunk );
			output += chunk.toString();
		} );
		child.stderr.on( 'data', ( chunk: Buffer ) => {
			process.stderr.write( chunk );
			output += chunk.toString();
		} );
		child.on( 'close', ( code ) => resolve( { code: code ?? 1, output } ) );
	} );
}

async function main(): Promise< number > {
	// Installed once up front, so a missing package fails loudly here rather than inside each step.
	ensureSystemPackages( { testing: true } );
	const results: Array< {
		name: string;
		ok: boolean;
		seconds: number;
		passed: number;
		failed: number;
	} > = [];
	for ( const step of STEPS ) {
		console.log( `\n=== ${ step.name } ===` );
		const started = Date.now();
		const { code, output } = await runStep( step.command );
		results.push( {
			name: step.name,
			ok: code === 0,
			seconds: ( Date.now() - started ) / 1000,
			...countTests( output ),
		} );
	}
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
	const failedSteps = results.filter( ( r ) => ! r.ok ).length;
	const passed = results.reduce( ( sum, r ) => sum + r.passed, 0 );
	const failed = results.reduce( ( sum, r ) => sum + r.failed, 0 );
	console.log(
		`${ results.length - failedSteps } of ${ results.length } checks passed`
	);
	console.log( `tests: ${ passed } passed, ${ failed } failed` );
	return failedSteps === 0 ? 0 : 1;
}

main().then( ( code ) => process.exit( code ) );
