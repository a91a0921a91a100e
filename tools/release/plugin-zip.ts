/**
 * `npm run plugin-zip`: the installable plugin, dist/svc-licensing-<version>.zip (the version from the plugin
 * header), as a site owner uploads it through Plugins -> Add New -> Upload Plugin. It builds the panel and blocks
 * when their sources changed and refreshes the plugin's SDK copy (as `npm run build` does), stages what a site runs
 * under one top folder `svc-licensing/` with both translation templates (the plugin's, written here, and the SDK
 * copy's), and zips that with the system `zip`. What goes in is a list of top-level
 * names (SHIPPED); inside them, developer files (isDevFile) are left out. It prints the size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensurePanelBuilt } from '../stack/panel.ts';
import { pluginDir, repoRoot } from '../stack/paths.ts';
import { pluginVersion } from './headers.ts';
import { writePluginPot } from '../i18n/plugin-pot.ts';

/** The zip's top folder: the plugin's folder name on a site (wp-content/plugins/svc-licensing/). */
export const TOP_FOLDER = 'svc-licensing';

/**
 * What a site runs, from plugin/: the main file, uninstall, the lane's file, the code, the build, the SDK copy
 * (with its translation template, sdk/languages/) and the plugin's translation template (languages/).
 */
export const SHIPPED = [
	'svc-licensing.php',
	'uninstall.php',
	'lane.php',
	'readme.txt',
	'LICENSE',
	'src',
	'build',
	'sdk',
	'languages',
];

/**
 * Developer files, wherever they sit: source maps, TypeScript and Sass sources, tests, lint, package and build
 * configuration, and the developers' READMEs under plugin/ (plugin/README.md and plugin/src/**.md; the SDK's
 * README stays: it is the sellers' guide to bundling it).
 */
export function isDevFile( relative: string ): boolean {
	const name = path.basename( relative );
	return (
		/\.(map|tsx?|scss)$/.test( name ) ||
		/^(composer\.(json|lock)|package(-lock)?\.json|phpcs\.xml(\.dist)?|phpstan\.neon(\.dist)?|phpunit\.xml(\.dist)?|tsconfig\.json|\.git.*|\.DS_Store)$/.test(
			name
		) ||
		/(^|\/)(node_modules|tests?)(\/|$)/.test( relative ) ||
		( /\.md$/.test( name ) && ! relative.startsWith( 'sdk/' ) ) ||
		// languages/ ships the template only: a test locale's .mo and script JSON files that a spec writes into
		// the checkout's folder (e2e/admin/translations.spec.ts, through the dev site's link) never go out.
		( /^(sdk\/)?languages\/./.test( relative ) &&
			! name.endsWith( '.pot' ) )
	);
}

/**
 * The zip's upper bound in bytes, checked by the unit test: the 0.1.0 zip is 735 KB (the panel's scripts are
 * most of it; the translation template is 113 KB unpacked), so 2 MB leaves room to grow and still catches a source tree or node_modules slipping in.
 */
export const MAX_ZIP_BYTES = 2 * 1024 * 1024;

/** Builds the zip into `outDir` (dist/ by default); returns its path, size and number of files. */
export function buildPluginZip(
	outDir: string = path.join( repoRoot, 'dist' )
): {
	file: string;
	bytes: number;
	files: number;
} {
	ensurePanelBuilt();
	// The template follows the PHP too, which does not make the panel's build stale: written fresh for each zip.
	writePluginPot();
	const stage = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-plugin-zip-' ) );
	try {
		const top = path.join( stage, TOP_FOLDER );
		let files = 0;
		for ( const name of SHIPPED ) {
			const from = path.join( pluginDir, name );
			if ( ! fs.existsSync( from ) ) {
				throw new Error(
					`plugin/${ name } is missing; the zip needs it.`
				);
			}
			fs.cpSync( from, path.join( top, name ), {
				recursive: true,
				filter: ( src ) => {
					const relative = path.relative( pluginDir, src );
					if ( isDevFile( relative ) ) {
						return false;
					}
					if ( fs.statSync( src ).isFile() ) {
						files++;
					}
					return true;
				},
			} );
		}
		fs.mkdirSync( outDir, { recursive: true } );
		const file = path.join(
			outDir,
			`${ TOP_FOLDER }-${ pluginVersion() }.zip`
		);
		fs.rmSync( file, { force: true } );
		const zip = spawnSync( 'zip', [ '-r', '-X', '-q', file, TOP_FOLDER ], {
			cwd: stage,
			encoding: 'utf8',
		} );
		if ( zip.status !== 0 ) {
			throw new Error(
				`zip failed: ${ zip.stderr || zip.error?.message }`
			);
		}
		return { file, bytes: fs.statSync( file ).size, files };
	} finally {
		fs.rmSync( stage, { recursive: true, force: true } );
	}
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	// An output folder other than dist/ may be given (the e2e spec writes into its own output folder).
	const { file, bytes, files } = buildPluginZip(
		process.argv[ 2 ] ? path.resolve( process.argv[ 2 ] ) : undefined
	);
	console.log(
		`${ path.relative( repoRoot, file ) }: ${ ( bytes / 1024 ).toFixed( 0 ) } KB (${ bytes } bytes, ${ files } files)`
	);
}
