/**
 * The PHP matrix's static half (issue 44): `php -l` on every PHP file of the client SDK (sdk/), the code that runs on
 * the sellers' customers' hosts, with WordPress Playground's PHP 7.4 and 8.5 (@php-wasm/node, offline), beside the
 * stack's PHP 8.2 that `npm run lint:php` uses. (The plugin's PHP 7.4 is checked by PHPCompatibilityWP and PHPStan;
 * its 370 files at a runtime each took 3 minutes here.) A file that only a newer PHP parses (a `match`, a `?->`, a union type) fails on 7.4; one
 * that a newer PHP no longer compiles fails on 8.5. The browser half, the core client paths served by those runtimes,
 * is `tools/cli.ts e2e --client-php=7.4|8.5` (README, "The PHP matrix").
 *
 * Usage: tsx tools/php-matrix.ts [7.4|8.5 ...] (both when none is named)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Pinned in package.json at @wp-playground/cli's own version (3.1.56), so the lint runs the very runtimes the CLI
// serves the client site with; keep the three equal when moving one.
import { createNodeFsMountHandler, loadNodeRuntime } from '@php-wasm/node';
import { PHP } from '@php-wasm/universal';
import { CLIENT_PHP_VERSIONS, type ClientPhp } from './stack/profiles.ts';
import { repoRoot } from './stack/paths.ts';

/** Where the checked folder appears inside the runtime. */
const MOUNT = '/lint';

export interface LintFailure {
	file: string;
	output: string;
}

/**
 * `php -l` on each file (paths under `root`) with Playground's PHP of that version: a fresh runtime per file, as
 * PHP before 8.3 lints only the first file it is given and a runtime runs one CLI command.
 */
export async function lintWith(
	version: ClientPhp,
	root: string,
	files: string[]
): Promise< LintFailure[] > {
	const failures: LintFailure[] = [];
	for ( const file of files ) {
		const php = new PHP(
			await loadNodeRuntime( version, {
				emscriptenOptions: { processId: 1 },
			} )
		);
		try {
			await php.mount( MOUNT, createNodeFsMountHandler( root ) );
			const inside = path.posix.join(
				MOUNT,
				path.relative( root, file ).split( path.sep ).join( '/' )
			);
			const response = await php.cli( [ 'php', '-l', inside ] );
			const code = await response.exitCode;
			const output = (
				( await response.stdoutText ) + ( await response.stderrText )
			).trim();
			if ( code !== 0 ) {
				failures.push( {
					file: path.relative( repoRoot, file ),
					output,
				} );
			}
		} finally {
			php.exit();
		}
	}
	return failures;
}

/** Every PHP file under a folder, vendor/, node_modules/ and build/ left out. */
export function phpFilesUnder( dir: string ): string[] {
	return fs
		.readdirSync( dir, { withFileTypes: true } )
		.flatMap( ( entry ) => {
			const full = path.join( dir, entry.name );
			if ( entry.isDirectory() ) {
				return [ 'vendor', 'node_modules', 'build' ].includes(
					entry.name
				)
					? []
					: phpFilesUnder( full );
			}
			return entry.name.endsWith( '.php' ) ? [ full ] : [];
		} );
}

async function main(): Promise< number > {
	const named = process.argv.slice( 2 );
	for ( const version of named ) {
		if ( ! CLIENT_PHP_VERSIONS.includes( version as ClientPhp ) ) {
			throw new Error(
				`tools/php-matrix.ts takes ${ CLIENT_PHP_VERSIONS.join( ' or ' ) }, not "${ version }"`
			);
		}
	}
	const versions = (
		named.length > 0 ? named : CLIENT_PHP_VERSIONS
	) as ClientPhp[];
	const files = phpFilesUnder( path.join( repoRoot, 'sdk' ) );
	let failed = 0;
	for ( const version of versions ) {
		const failures = await lintWith( version, repoRoot, files );
		for ( const failure of failures ) {
			process.stderr.write( `${ failure.file }: ${ failure.output }\n` );
		}
		console.log(
			`php -l on PHP ${ version } (Playground): ${ files.length } files of sdk/, ${ failures.length } with errors`
		);
		failed += failures.length;
	}
	return failed === 0 ? 0 : 1;
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	main().then(
		( code ) => process.exit( code ),
		( error: Error ) => {
			console.error( error.message );
			process.exit( 1 );
		}
	);
}
