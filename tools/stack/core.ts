/**
 * WordPress core and the SQLite drop-in, unpacked into `.cache/` once.
 *
 * Core comes from the npm package @wp-playground/wordpress-builds, pinned by version and integrity below. It
 * is fetched with `npm pack` rather than installed with the project: it carries six WordPress builds (12,000
 * files), and `npm ci` would spend half a minute unpacking five we never use. We extract only the 6.5 build:
 * its zip holds the PHP files and public/wp-6.5/ the static assets, merged back into one WordPress tree.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir, nodeModules } from './paths.ts';
import { CommandError, run } from './process.ts';

export const WORDPRESS_VERSION = '6.5.5';
export const CORE_PACKAGE = {
	spec: '@wp-playground/wordpress-builds@0.9.19',
	integrity:
		'sha512-dlqvh/MJDpE5W68vgPPKUjpip6zMuBh59L3D18ZX+pdwurC4q4ydrTww/3sTMV69BBcoH6kF93YtAtujNC5Mpw==',
	zip: 'package/src/wordpress/wp-6.5.zip',
	assets: 'package/public/wp-6.5',
};
const downloadsDir = path.join( cacheDir, 'downloads' );
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
		const tarball = fetchPinned(
			CORE_PACKAGE.spec,
			CORE_PACKAGE.integrity
		);
		const staging = `${ coreDir }.staging`;
		fs.rmSync( staging, { recursive: true, force: true } );
		fs.mkdirSync( staging, { recursive: true } );
		run( 'tar', [
			'-xzf',
			tarball,
			'-C',
			staging,
			CORE_PACKAGE.zip,
			CORE_PACKAGE.assets,
		] );
		run( 'unzip', [
			'-q',
			'-o',
			path.join( staging, CORE_PACKAGE.zip ),
			'-d',
			coreDir,
		] );
		fs.cpSync( path.join( staging, CORE_PACKAGE.assets ), coreDir, {
			recursive: true,
			force: false,
			errorOnExist: false,
		} );
		fs.rmSync( staging, { recursive: true, force: true } );
		// npm keeps its own copy in its cache; ours was only needed for the extraction.
		fs.rmSync( tarball, { force: true } );
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
				`${ CORE_PACKAGE.spec } did not hold WordPress ${ WORDPRESS_VERSION }`
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

/** Downloads a package tarball from the npm registry (or npm's cache) and checks it against the pinned hash. */
function fetchPinned( spec: string, integrity: string ): string {
	fs.mkdirSync( downloadsDir, { recursive: true } );
	// --json lists every file of the package: far more than spawnSync's default buffer.
	const output = run(
		'npm',
		[
			'pack',
			spec,
			'--json',
			'--silent',
			'--pack-destination',
			downloadsDir,
		],
		{
			maxBuffer: 256 * 1024 * 1024,
		}
	);
	const [ { filename } ] = JSON.parse( output ) as Array< {
		filename: string;
	} >;
	const tarball = path.join( downloadsDir, filename );
	const [ algorithm, expected ] = integrity.split( '-', 2 );
	const actual = createHash( algorithm )
		.update( fs.readFileSync( tarball ) )
		.digest( 'base64' );
	if ( actual !== expected ) {
		fs.rmSync( tarball, { force: true } );
		throw new CommandError(
			`${ spec } does not match its pinned integrity (${ integrity })`
		);
	}
	return tarball;
}
