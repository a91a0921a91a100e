/**
 * `npm test`: every check, in order, on a fresh machine. Each step runs even when an earlier one failed, so
 * one run shows every problem; the exit code is non-zero when any step failed.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from './stack/paths.ts';
import { ensureSystemPackages } from './stack/system.ts';

interface Step {
	name: string;
	command: string[];
}

const tsx = [ 'npx', 'tsx' ];
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
	{ name: 'PHP unit tests', command: [ ...tsx, 'tools/cli.ts', 'phpunit' ] },
	{ name: 'TypeScript unit tests', command: [ ...tsx, 'tools/unit-ts.ts' ] },
	{
		name: 'Playwright on SQLite + php -S',
		command: [
			...tsx,
			'tools/cli.ts',
			'e2e',
			'--db=sqlite',
			'--server=php',
		],
	},
	{
		name: 'Playwright on MariaDB + nginx/php-fpm',
		command: [
			...tsx,
			'tools/cli.ts',
			'e2e',
			'--db=mariadb',
			'--server=nginx',
		],
	},
	{
		name: 'wp-env (playground runtime) smoke',
		command: [ ...tsx, 'tools/wp-env-smoke.ts' ],
	},
];

function main(): number {
	// Installed once up front, so a missing package fails loudly here rather than inside each step.
	ensureSystemPackages( { browser: true } );
	const results: Array< { name: string; ok: boolean; seconds: number } > = [];
	for ( const step of STEPS ) {
		console.log( `\n=== ${ step.name } ===` );
		const started = Date.now();
		const result = spawnSync( step.command[ 0 ], step.command.slice( 1 ), {
			cwd: repoRoot,
			stdio: 'inherit',
		} );
		results.push( {
			name: step.name,
			ok: result.status === 0,
			seconds: ( Date.now() - started ) / 1000,
		} );
	}
	console.log( '\n=== summary ===' );
	for ( const r of results ) {
		console.log(
			`${ r.ok ? 'PASS' : 'FAIL' }  ${ r.name } (${ r.seconds.toFixed( 1 ) } s)`
		);
	}
	const failed = results.filter( ( r ) => ! r.ok ).length;
	console.log(
		`checks: ${ results.length - failed } passed, ${ failed } failed`
	);
	return failed === 0 ? 0 : 1;
}

process.exit( main() );
