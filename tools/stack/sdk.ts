/**
 * Copies of the client SDK (sdk/): the one the plugin ships in plugin/sdk/ (its build step puts it there, and
 * GET /svc/v1/admin/sdk zips it), and the ones the client site's sample products bundle.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeSdkPot } from '../i18n/sdk-pot.ts';
import { pluginDir, repoRoot } from './paths.ts';

export const sdkDir = path.join( repoRoot, 'sdk' );

/** Where the plugin ships its copy; ignored by git, like plugin/build/. */
export const shippedSdkDir = path.join( pluginDir, 'sdk' );

/** What a product bundles of the SDK: everything but the SDK's own lint configuration. */
export const SDK_DEV_FILES = new Set( [
	'phpcs.xml.dist',
	'phpstan.neon.dist',
] );

/** A fresh copy of sdk/ at `target`, without its lint files. */
export function copySdk( target: string ): void {
	fs.rmSync( target, { recursive: true, force: true } );
	fs.cpSync( sdkDir, target, {
		recursive: true,
		filter: ( src ) => ! SDK_DEV_FILES.has( path.basename( src ) ),
	} );
}

/** A digest of a folder's files (names and bytes) as a product bundles them, without the SDK's lint files. */
function digest( dir: string ): string {
	if ( ! fs.existsSync( dir ) ) {
		return '';
	}
	const hash = createHash( 'sha256' );
	const files = fs
		.readdirSync( dir, { recursive: true, withFileTypes: true } )
		.filter(
			( entry ) => entry.isFile() && ! SDK_DEV_FILES.has( entry.name )
		)
		.map( ( entry ) => path.join( entry.parentPath, entry.name ) )
		.sort();
	for ( const file of files ) {
		hash.update( path.relative( dir, file ) + '\0' );
		hash.update( fs.readFileSync( file ) );
	}
	return hash.digest( 'hex' );
}

/**
 * The plugin's copy, made fresh when it differs from sdk/ (a few dozen small files). An equal copy is left as it
 * is, so a second test run beside the first never empties the folder the first run's site is serving. The SDK's
 * translation template (sdk/languages/svc-licensing-client.pot) is brought up to date first, so every copy ships
 * the one that matches its strings.
 */
export function shipSdk(): void {
	writeSdkPot();
	if ( digest( sdkDir ) === digest( shippedSdkDir ) ) {
		return;
	}
	copySdk( shippedSdkDir );
}
