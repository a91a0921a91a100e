/**
 * The header fields of the plugin's main file (plugin/svc-licensing.php) and of its readme.txt, and the rule that
 * they agree: readme.txt's Requires at least and Requires PHP are the plugin header's, and its Stable tag is the
 * plugin's Version. The plugin header is the one source; readme.txt follows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../stack/paths.ts';

/** The plugin's main file and its readme, relative to the repository root. */
export const PLUGIN_FILE = 'plugin/svc-licensing.php';
export const README_FILE = 'plugin/readme.txt';

/**
 * `Name: value` lines of a header: the plugin file's docblock (` * Version: 0.1.0`) or readme.txt's lines before
 * its first section (`Stable tag: 0.1.0`).
 */
export function readHeader(
	text: string,
	kind: 'plugin' | 'readme'
): Record< string, string > {
	const fields: Record< string, string > = {};
	const head =
		kind === 'plugin'
			? text.slice( 0, text.indexOf( '*/' ) )
			: text.split( /^== /m )[ 0 ];
	const line =
		kind === 'plugin'
			? /^[ \t/*#@]*([A-Z][A-Za-z ]*?):[ \t]*(\S.*?)\s*$/gm
			: /^([A-Z][A-Za-z ]*?):[ \t]*(\S.*?)\s*$/gm;
	for ( const match of head.matchAll( line ) ) {
		fields[ match[ 1 ] ] ??= match[ 2 ];
	}
	return fields;
}

/** Each field where readme.txt and the plugin header disagree, in words; none when they agree. */
export function headerDisagreements(
	plugin: string,
	readme: string
): string[] {
	const header = readHeader( plugin, 'plugin' );
	const readmeHeader = readHeader( readme, 'readme' );
	const pairs: Array< [ string, string ] > = [
		[ 'Requires at least', 'Requires at least' ],
		[ 'Requires PHP', 'Requires PHP' ],
		[ 'Stable tag', 'Version' ],
	];
	const problems: string[] = [];
	for ( const [ readmeField, pluginField ] of pairs ) {
		const want = header[ pluginField ];
		const have = readmeHeader[ readmeField ];
		if ( want === undefined ) {
			problems.push(
				`${ readmeField }: the plugin header has no ${ pluginField }`
			);
		} else if ( have === undefined ) {
			problems.push( `${ readmeField }: readme.txt has none` );
		} else if ( have !== want ) {
			problems.push(
				`${ readmeField }: the plugin header says ${ want }, readme.txt says ${ have }`
			);
		}
	}
	return problems;
}

/** The plugin's Version, from its header. */
export function pluginVersion( root: string = repoRoot ): string {
	const version = readHeader(
		fs.readFileSync( path.join( root, PLUGIN_FILE ), 'utf8' ),
		'plugin'
	).Version;
	if ( version === undefined ) {
		throw new Error( `${ PLUGIN_FILE } has no Version in its header` );
	}
	return version;
}
