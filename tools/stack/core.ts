/**
 * WordPress core and the SQLite drop-in, unpacked from npm packages into `.cache/` once.
 *
 * Core comes from @wp-playground/wordpress-builds (pinned in package.json): its zip holds the PHP files and
 * public/wp-6.5/ the static assets, which we merge back into one ordinary WordPress tree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir, nodeModules } from './paths.ts';
import { CommandError, run } from './process.ts';

export const WORDPRESS_VERSION = '6.5.5';
const BUILDS = path.join( nodeModules, '@wp-playground', 'wordpress-builds' );
const CORE_ZIP = path.join( BUILDS, 'src', 'wordpress', 'wp-6.5.zip' );
const CORE_ASSETS = path.join( BUILDS, 'public', 'wp-6.5' );
const SQLITE_ZIP = path.join(
	nodeModules,
	'@wp-playground',
	'cli',
	'sqlite-database-integration.zip'
);

export const coreDir = path.join(
	cacheDir,
	`wordpress-${ WORDPRESS_VERSION }`
);
export const sqliteDir = path.join( cacheDir, 'sqlite-database-integration' );

/** Unpacks core and the drop-in when not already there; returns quickly otherwise. */
export function ensureCore(): void {
	unpackOnce( coreDir, () => {
		requireFile( CORE_ZIP );
		run( 'unzip', [ '-q', '-o', CORE_ZIP, '-d', coreDir ] );
		fs.cpSync( CORE_ASSETS, coreDir, {
			recursive: true,
			force: false,
			errorOnExist: false,
		} );
		fs.rmSync( path.join( coreDir, 'wordpress-remote-asset-paths' ), {
			force: true,
		} );
		// The build carries Playground's own wp-config.php; every site writes its own.
		fs.rmSync( path.join( coreDir, 'wp-config.php' ), { force: true } );
		const version = fs.readFileSync(
			path.join( coreDir, 'wp-includes', 'version.php' ),
			'utf8'
		);
		if ( ! version.includes( `$wp_version = '${ WORDPRESS_VERSION }'` ) ) {
			throw new CommandError(
				`${ CORE_ZIP } is not WordPress ${ WORDPRESS_VERSION }`
			);
		}
	} );
	unpackOnce( sqliteDir, () => {
		requireFile( SQLITE_ZIP );
		const staging = `${ sqliteDir }.staging`;
		fs.rmSync( staging, { recursive: true, force: true } );
		run( 'unzip', [ '-q', '-o', SQLITE_ZIP, '-d', staging ] );
		const [ inner ] = fs.readdirSync( staging );
		fs.renameSync( path.join( staging, inner ), sqliteDir );
		fs.rmSync( staging, { recursive: true, force: true } );
	} );
}

/**
 * Runs `fill` into an empty folder and marks it complete, so an interrupted unpack is redone.
 */
function unpackOnce( dir: string, fill: () => void ): void {
	const marker = path.join( dir, '.complete' );
	if ( fs.existsSync( marker ) ) {
		return;
	}
	fs.rmSync( dir, { recursive: true, force: true } );
	fs.mkdirSync( path.dirname( dir ), { recursive: true } );
	fill();
	fs.writeFileSync( marker, new Date().toISOString() );
}

function requireFile( file: string ): void {
	if ( ! fs.existsSync( file ) ) {
		throw new CommandError( `${ file } is missing. Run "npm ci" first.` );
	}
}
