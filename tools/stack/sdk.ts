/**
 * Copies of the client SDK (sdk/): the one the plugin ships in plugin/sdk/ (its build step puts it there, and
 * GET /svc/v1/admin/sdk zips it), and the ones the client site's sample products bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
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

/** The plugin's copy, made fresh (a few dozen small files). */
export function shipSdk(): void {
	copySdk( shippedSdkDir );
}
