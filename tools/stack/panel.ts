/**
 * Builds the admin panel (src/ -> plugin/build/) when its sources are newer than the build, and refreshes the
 * plugin's copy of the client SDK (sdk/ -> plugin/sdk/), as `npm run build` does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pluginDir, repoRoot } from './paths.ts';
import { CommandError } from './process.ts';
import { shipSdk } from './sdk.ts';

const SOURCES = [ 'src', 'blocks' ].map( ( dir ) =>
	path.join( repoRoot, dir )
);
const BUILD_MARKER = path.join( pluginDir, 'build', 'index.asset.php' );

function newestMtime( dir: string ): number {
	if ( ! fs.existsSync( dir ) ) {
		return 0;
	}
	let newest = 0;
	for ( const entry of fs.readdirSync( dir, {
		withFileTypes: true,
		recursive: true,
	} ) ) {
		if ( entry.isFile() ) {
			newest = Math.max(
				newest,
				fs.statSync( path.join( entry.parentPath, entry.name ) ).mtimeMs
			);
		}
	}
	return newest;
}

export function panelIsStale(): boolean {
	if ( ! fs.existsSync( BUILD_MARKER ) ) {
		return true;
	}
	const built = fs.statSync( BUILD_MARKER ).mtimeMs;
	return SOURCES.some( ( dir ) => newestMtime( dir ) > built );
}

export function ensurePanelBuilt( {
	force = false,
}: { force?: boolean } = {} ): void {
	if ( ! force && ! panelIsStale() ) {
		shipSdk();
		return;
	}
	console.log( 'Building the admin panel (npm run build)...' );
	const result = spawnSync( 'npm', [ 'run', '--silent', 'build' ], {
		cwd: repoRoot,
		stdio: 'inherit',
	} );
	if ( result.status !== 0 ) {
		throw new CommandError(
			'The admin panel did not build; see the output above.'
		);
	}
}
