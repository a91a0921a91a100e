/**
 * `npm run version -- X.Y.Z`: sets the plugin's version everywhere it is written down: the plugin header's
 * Version, plugin/src/version.php (what the code reads, SVC_LICENSING_VERSION), readme.txt's Stable tag, and
 * package.json's and package-lock.json's version. The client SDK's version literal (sdk/svc-licensing-client.php)
 * is the SDK's own version, released apart from the plugin's, so it is left alone. SVC_VERSION_ROOT points it at
 * another copy of the repository (the unit test's temporary copy).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../stack/paths.ts';
import { PLUGIN_FILE, README_FILE, pluginVersion } from './headers.ts';

export { pluginVersion };

/** One place the version is written: a file and the pattern whose first group is the version. */
interface Place {
	file: string;
	pattern: RegExp;
}

const PLACES: Place[] = [
	{ file: PLUGIN_FILE, pattern: /^( \* Version:[ \t]+)([^\s]+)$/m },
	{ file: 'plugin/src/version.php', pattern: /^(return ')([^']+)(';)$/m },
	{ file: README_FILE, pattern: /^(Stable tag:[ \t]*)([^\s]+)$/m },
	{ file: 'package.json', pattern: /^(  "version": ")([^"]+)(",)$/m },
	// The lock file's own entry, twice: at the top and as packages[""].
	{ file: 'package-lock.json', pattern: /^(  "version": ")([^"]+)(",)$/m },
	{
		file: 'package-lock.json',
		pattern: /^(      "version": ")([^"]+)(",)$/m,
	},
];

/** Every file the command edits. */
export const VERSIONED_FILES = [
	...new Set( PLACES.map( ( place ) => place.file ) ),
];

export const VERSION_PATTERN = /^[0-9]+\.[0-9]+\.[0-9]+$/;

/** Writes `version` into every place; checks them all before writing any. Returns the old version. */
export function setVersion( root: string, version: string ): string {
	if ( ! VERSION_PATTERN.test( version ) ) {
		throw new Error(
			`The version is X.Y.Z in digits (e.g. 0.2.0), not "${ version }".`
		);
	}
	const old = pluginVersion( root );
	const texts = new Map< string, string >();
	for ( const file of VERSIONED_FILES ) {
		texts.set( file, fs.readFileSync( path.join( root, file ), 'utf8' ) );
	}
	for ( const { file, pattern } of PLACES ) {
		const text = texts.get( file ) as string;
		const match = pattern.exec( text );
		if ( match === null ) {
			throw new Error( `${ file }: no version found (${ pattern }).` );
		}
		if ( match[ 2 ] !== old ) {
			throw new Error(
				`${ file } says ${ match[ 2 ] } where the plugin header says ${ old }; fix it by hand first.`
			);
		}
		// Only the first match: the lock file's second place is the one after the first.
		const start = match.index + match[ 1 ].length;
		texts.set(
			file,
			text.slice( 0, start ) +
				version +
				text.slice( start + match[ 2 ].length )
		);
	}
	for ( const [ file, text ] of texts ) {
		fs.writeFileSync( path.join( root, file ), text );
	}
	return old;
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	const version = process.argv[ 2 ] ?? '';
	const root = process.env.SVC_VERSION_ROOT || repoRoot;
	try {
		const old = setVersion( root, version );
		console.log(
			`Version ${ old } -> ${ version } in ${ VERSIONED_FILES.join( ', ' ) }.`
		);
	} catch ( error ) {
		console.error( error instanceof Error ? error.message : error );
		process.exit( 2 );
	}
}
