/**
 * The panel's and the blocks' translations for the browser: from a translated PO of the plugin's template, the JSON
 * files wp_set_script_translations() reads, as `wp i18n make-json --use-map` makes them. One file per built script:
 * `svc-licensing-<locale>-<md5 of the script's path in the plugin>.json` (Jed 1.x), holding the strings whose
 * references lie in that script's sources (src/** is build/index.js; blocks/<name>/** is
 * build/blocks/<name>/index.js, the block's editor script).
 *
 * `npx tsx tools/i18n/script-json.ts <file.po> [<out dir>]` writes them beside the PO (or into the out dir).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPo } from './catalogue.ts';
import { PLUGIN_DOMAIN } from './plugin-pot.ts';

/** The built script (its path in the plugin) a source file of the POT's references goes into; null for PHP. */
export function builtScriptOf( reference: string ): string | null {
	const file = reference.replace( /:\d+$/, '' );
	if ( file.startsWith( 'src/' ) ) {
		return 'build/index.js';
	}
	const block = /^blocks\/([^/]+)\/.+\.[jt]sx?$/.exec( file );
	if ( block ) {
		// A shared module (blocks/shared/) is bundled into each editor script; see the caller's handling.
		return block[ 1 ] === 'shared'
			? 'build/blocks/*/index.js'
			: `build/blocks/${ block[ 1 ] }/index.js`;
	}
	return null;
}

/** The file name WordPress looks for: svc-licensing-<locale>-<md5 of the script's relative path>.json. */
export function scriptJsonName( locale: string, script: string ): string {
	const md5 = createHash( 'md5' ).update( script ).digest( 'hex' );
	return `${ PLUGIN_DOMAIN }-${ locale }-${ md5 }.json`;
}

/**
 * The JSON translation files of a translated PO, by file name.
 *
 * @param po      The PO's text.
 * @param scripts The built scripts (paths in the plugin), to expand blocks/shared/ to every block's editor script.
 */
export function scriptTranslations(
	po: string,
	scripts: string[]
): Map< string, string > {
	const { headers, messages } = readPo( po );
	const locale = headers.Language;
	if ( ! locale ) {
		throw new Error( 'The PO has no Language header' );
	}
	const byScript = new Map< string, Record< string, string[] > >();
	for ( const message of messages ) {
		if ( message.msgstr.every( ( form ) => form === '' ) ) {
			continue;
		}
		const targets = new Set< string >();
		for ( const reference of message.references ) {
			const script = builtScriptOf( reference );
			if ( script === 'build/blocks/*/index.js' ) {
				scripts
					.filter( ( one ) =>
						/^build\/blocks\/[^/]+\/index\.js$/.test( one )
					)
					.forEach( ( one ) => targets.add( one ) );
			} else if ( script ) {
				targets.add( script );
			}
		}
		const key =
			message.msgctxt === undefined
				? message.msgid
				: `${ message.msgctxt }\u0004${ message.msgid }`;
		for ( const script of targets ) {
			const entries = byScript.get( script ) ?? {};
			entries[ key ] = message.msgstr;
			byScript.set( script, entries );
		}
	}
	const files = new Map< string, string >();
	for ( const [ script, entries ] of byScript ) {
		files.set(
			scriptJsonName( locale, script ),
			JSON.stringify( {
				'translation-revision-date':
					headers[ 'PO-Revision-Date' ] ?? '',
				generator: 'svc-licensing tools/i18n/script-json.ts',
				source: script,
				domain: 'messages',
				locale_data: {
					messages: {
						'': {
							domain: 'messages',
							lang: locale,
							'plural-forms':
								headers[ 'Plural-Forms' ] ??
								'nplurals=2; plural=(n != 1);',
						},
						...entries,
					},
				},
			} )
		);
	}
	return files;
}

/** The built scripts of a plugin folder: build/index.js and each block's editor script. */
export function builtScripts( pluginFolder: string ): string[] {
	const build = path.join( pluginFolder, 'build' );
	if ( ! fs.existsSync( build ) ) {
		return [];
	}
	return fs
		.readdirSync( build, { recursive: true, encoding: 'utf8' } )
		.map( ( file ) => `build/${ file.split( path.sep ).join( '/' ) }` )
		.filter(
			( file ) =>
				file === 'build/index.js' ||
				/^build\/blocks\/[^/]+\/index\.js$/.test( file )
		)
		.sort();
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	const [ poFile, outDir ] = process.argv.slice( 2 );
	if ( ! poFile ) {
		throw new Error(
			'Usage: tsx tools/i18n/script-json.ts <file.po> [<out dir>]'
		);
	}
	const repoRoot = path.resolve(
		path.dirname( fileURLToPath( import.meta.url ) ),
		'..',
		'..'
	);
	const out = outDir ?? path.dirname( poFile );
	const files = scriptTranslations(
		fs.readFileSync( poFile, 'utf8' ),
		builtScripts( path.join( repoRoot, 'plugin' ) )
	);
	for ( const [ name, json ] of files ) {
		fs.writeFileSync( path.join( out, name ), json );
		process.stdout.write( `${ path.join( out, name ) }\n` );
	}
}
