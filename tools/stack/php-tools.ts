/**
 * PHP checks: syntax (php -l), the WordPress coding standard (PHPCS + WPCS) and PHPUnit, with the
 * tools installed by Composer from composer.json into vendor/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pluginDir, repoRoot } from './paths.ts';
import { CommandError, hasExecutable } from './process.ts';
import { PHP, ensureSystemPackages } from './system.ts';

const VENDOR_BIN = path.join( repoRoot, 'vendor', 'bin' );

/** Runs composer when vendor/ is missing or older than composer.json. */
export function ensurePhpTools(): void {
	ensureSystemPackages( { testing: true } );
	const manifest = path.join( repoRoot, 'composer.json' );
	const installed = path.join( repoRoot, 'vendor', 'autoload.php' );
	if (
		fs.existsSync( installed ) &&
		fs.statSync( installed ).mtimeMs >= fs.statSync( manifest ).mtimeMs
	) {
		return;
	}
	if ( ! hasExecutable( 'composer' ) ) {
		throw new CommandError(
			'Composer is missing: install it (apt-get install composer) and retry.'
		);
	}
	const result = spawnSync(
		'composer',
		[
			'update',
			'--no-interaction',
			'--no-progress',
			'--prefer-dist',
			// wp-cli/wp-cli 2.4.1 (the WP-CLI tests' `wp`) declares php ^7 but runs on 8.2; the newer 2.x
			// releases need a mustache/mustache the registry here does not have. Only upper bounds are ignored.
			'--ignore-platform-req=php+',
		],
		{
			cwd: repoRoot,
			stdio: 'inherit',
		}
	);
	if ( result.status !== 0 ) {
		throw new CommandError(
			'composer update failed; see the output above.'
		);
	}
	fs.utimesSync( installed, new Date(), new Date() );
}

function phpFiles( dir: string ): string[] {
	return fs
		.readdirSync( dir, { withFileTypes: true, recursive: true } )
		.filter(
			( e ) =>
				e.isFile() &&
				e.name.endsWith( '.php' ) &&
				! e.parentPath.includes( `${ path.sep }build` ) &&
				// The plugin's copy of sdk/, linted where it comes from.
				! e.parentPath.startsWith( path.join( pluginDir, 'sdk' ) )
		)
		.map( ( e ) => path.join( e.parentPath, e.name ) );
}

export function lintPhp(): number {
	const files = [
		pluginDir,
		path.join( repoRoot, 'sdk' ),
		path.join( repoRoot, 'tests' ),
		path.join( repoRoot, 'e2e' ),
		path.join( repoRoot, 'tools' ),
	]
		.filter( ( dir ) => fs.existsSync( dir ) )
		.flatMap( phpFiles );
	let failures = 0;
	for ( const file of files ) {
		const result = spawnSync( PHP, [ '-l', file ], { encoding: 'utf8' } );
		if ( result.status !== 0 ) {
			failures++;
			process.stderr.write( result.stdout + result.stderr );
		}
	}
	console.log(
		`php -l: ${ files.length } files, ${ failures } with syntax errors`
	);
	const phpcs = spawnSync( path.join( VENDOR_BIN, 'phpcs' ), [], {
		cwd: repoRoot,
		stdio: 'inherit',
	} );
	// The client SDK has its own ruleset: its own prefixes and text domain.
	const sdk = spawnSync(
		path.join( VENDOR_BIN, 'phpcs' ),
		[ '--standard=' + path.join( repoRoot, 'sdk', 'phpcs.xml.dist' ) ],
		{ cwd: path.join( repoRoot, 'sdk' ), stdio: 'inherit' }
	);
	return failures > 0 || phpcs.status !== 0 || sdk.status !== 0 ? 1 : 0;
}

export function runPhpUnit( args: string[] ): number {
	const result = spawnSync(
		PHP,
		[ path.join( VENDOR_BIN, 'phpunit' ), ...args ],
		{ cwd: repoRoot, stdio: 'inherit' }
	);
	return result.status ?? 1;
}

/** PHPStan over the plugin (phpstan.neon.dist), then over the client SDK (sdk/phpstan.neon.dist). */
export function runPhpStan(): number {
	let status = 0;
	for ( const configuration of [
		'phpstan.neon.dist',
		path.join( 'sdk', 'phpstan.neon.dist' ),
	] ) {
		const result = spawnSync(
			PHP,
			[
				'-d',
				'memory_limit=1G',
				path.join( VENDOR_BIN, 'phpstan' ),
				'analyse',
				'--no-progress',
				`--configuration=${ configuration }`,
			],
			{ cwd: repoRoot, stdio: 'inherit' }
		);
		status = Math.max( status, result.status ?? 1 );
	}
	return status;
}
