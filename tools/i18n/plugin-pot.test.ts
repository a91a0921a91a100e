/**
 * The plugin's strings: every translation call in its PHP, in the panel (src/) and in the blocks (blocks/) uses the
 * text domain `svc-licensing` with literal texts, and plugin/languages/svc-licensing.pot lists them all.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readPo } from './catalogue.ts';
import { domainProblems, findCalls, messagesOf } from './extract.ts';
import { JS_FORMAT, findBlockJsonCalls, findJsCalls } from './extract-js.ts';
import {
	PLUGIN_DOMAIN,
	pluginCalls,
	pluginDomainProblems,
	SCREEN_LIST,
	pluginPot,
	pluginSources,
	repoRoot,
} from './plugin-pot.ts';
import { scriptJsonName, scriptTranslations } from './script-json.ts';

const TSX = `import { __, _n, _x as ctx, sprintf } from '@wordpress/i18n';
import * as i18n from '@wordpress/i18n';

export function Sample( { count, name, label }: Props ) {
	return (
		<p title={ __( 'Licence key', 'svc-licensing' ) }>
			{ sprintf(
				/* translators: %s: product name. */
				__( '%s licence', 'svc-licensing' ),
				name
			) }
			{ /* translators: %d: number of sites. */ }
			{ sprintf( _n( '%d site', '%d sites', count, 'svc-licensing' ), count ) }
			{ ctx( 'Check', 'verb', 'svc-licensing' ) }
			{ i18n.__( 'Through the namespace', 'svc-licensing' ) }
			{ __( 'Joined ' + "with +", 'svc-licensing' ) }
			// __( 'JSX text, not a call', 'svc-licensing' )
			{ __( 'Another domain', 'other-plugin' ) }
			{ __( 'No domain' ) }
			{ __( label, 'svc-licensing' ) }
			{ __( \`Hello \${ name }\`, 'svc-licensing' ) }
			{ _n( 'One', \`\${ count }\`, count, 'svc-licensing' ) }
			{ ctx( 'Text', label, 'svc-licensing' ) }
			{ __( 'A domain that is a variable', domain ) }
		</p>
	);
}
const notI18n = { __: ( text: string ) => text };
notI18n.__( 'a method of something else' );
`;

test( 'the JS extractor finds @wordpress/i18n calls with their text, context, plural, domain, line and translators comment', () => {
	const calls = findJsCalls( TSX, 'src/sample.tsx' );
	assert.deepEqual(
		calls.map( ( call ) => [ call.fn, call.line, call.text, call.domain ] ),
		[
			[ '__', 6, 'Licence key', PLUGIN_DOMAIN ],
			[ '__', 9, '%s licence', PLUGIN_DOMAIN ],
			[ '_n', 13, '%d site', PLUGIN_DOMAIN ],
			[ '_x', 14, 'Check', PLUGIN_DOMAIN ],
			[ '__', 15, 'Through the namespace', PLUGIN_DOMAIN ],
			[ '__', 16, 'Joined with +', PLUGIN_DOMAIN ],
			[ '__', 18, 'Another domain', 'other-plugin' ],
			[ '__', 19, 'No domain', null ],
			[ '__', 20, null, PLUGIN_DOMAIN ],
			[ '__', 21, null, PLUGIN_DOMAIN ],
			[ '_n', 22, 'One', PLUGIN_DOMAIN ],
			[ '_x', 23, 'Text', PLUGIN_DOMAIN ],
			[ '__', 24, 'A domain that is a variable', null ],
		]
	);
	assert.equal( calls[ 1 ].translators, 'translators: %s: product name.' );
	assert.equal( calls[ 2 ].translators, 'translators: %d: number of sites.' );
	assert.equal( calls[ 2 ].plural, '%d sites' );
	assert.equal( calls[ 3 ].context, 'verb' );
	assert.equal( calls[ 0 ].translators, undefined );

	const messages = messagesOf( calls, PLUGIN_DOMAIN );
	const license = messages.find( ( m ) => m.msgid === '%s licence' );
	assert.deepEqual( license?.flags, [ JS_FORMAT ] );
	assert.deepEqual( license?.references, [ 'src/sample.tsx:9' ] );
} );

test( 'the domain check fails on a planted bad call in PHP, in the panel and in a block.json', () => {
	const php = `<?php
echo esc_html__( 'Fine', 'svc-licensing' );
echo esc_html__( 'From the SDK', 'svc-licensing-client' );
_e( 'No domain' );
printf( _n( '%d site', $plural, $n, 'svc-licensing' ), $n );
`;
	const blockJson = JSON.stringify(
		{ name: 'svc-licensing/x', title: 'X', keywords: [ 'x' ] },
		null,
		'\t'
	);
	const calls = [
		...findCalls( php, 'plugin/src/Bad.php' ),
		...findJsCalls( TSX, 'src/sample.tsx' ),
		...findBlockJsonCalls( blockJson, 'blocks/x/block.json' ),
	];
	assert.deepEqual( domainProblems( calls, PLUGIN_DOMAIN ), [
		"plugin/src/Bad.php:3: esc_html__() uses the text domain 'svc-licensing-client', not 'svc-licensing'",
		"plugin/src/Bad.php:4: _e() uses the text domain (none or not a literal), not 'svc-licensing'",
		'plugin/src/Bad.php:5: _n(): its text is not a literal string',
		"src/sample.tsx:18: __() uses the text domain 'other-plugin', not 'svc-licensing'",
		"src/sample.tsx:19: __() uses the text domain (none or not a literal), not 'svc-licensing'",
		'src/sample.tsx:20: __(): its text is not a literal string',
		'src/sample.tsx:21: __(): its text is not a literal string',
		'src/sample.tsx:22: _n(): its text is not a literal string',
		'src/sample.tsx:23: _x(): its text is not a literal string',
		"src/sample.tsx:24: __() uses the text domain (none or not a literal), not 'svc-licensing'",
		"blocks/x/block.json:3: block.json title() uses the text domain (none or not a literal), not 'svc-licensing'",
		"blocks/x/block.json:4: block.json keywords() uses the text domain (none or not a literal), not 'svc-licensing'",
	] );
	// The same files with the right domain everywhere have no problem.
	const good = findCalls(
		"<?php\nesc_html_e( 'Fine', 'svc-licensing' );\n",
		'plugin/src/Good.php'
	);
	assert.deepEqual( domainProblems( good, PLUGIN_DOMAIN ), [] );
} );

test( 'every translation call of the plugin, panel and blocks uses the text domain svc-licensing with literal texts', () => {
	const calls = pluginCalls();
	assert.deepEqual( pluginDomainProblems( calls ), [] );
	// Every call a plain search finds was read by the extractors: none hides behind an alias, a missing import or
	// a form the lexer does not know.
	const byFile = new Map< string, number >();
	for ( const call of calls ) {
		byFile.set( call.file, ( byFile.get( call.file ) ?? 0 ) + 1 );
	}
	const sources = pluginSources();
	const count = ( file: string, pattern: RegExp ) =>
		(
			fs
				.readFileSync( path.join( repoRoot, file ), 'utf8' )
				.match( pattern ) ?? []
		).length;
	for ( const file of sources.php ) {
		assert.equal(
			byFile.get( file ) ?? 0,
			count(
				file,
				/(?<![\w>$:])(?:__|_e|_x|_ex|_n|_nx|_n_noop|_nx_noop|esc_html__|esc_html_e|esc_attr__|esc_attr_e|esc_html_x|esc_attr_x)\s*\(/g
			),
			file
		);
	}
	for ( const file of sources.js ) {
		assert.equal(
			byFile.get( file ) ?? 0,
			count( file, /(?<![\w$])(?:__|_x|_n|_nx)\s*\(/g ),
			file
		);
	}
	// The three places all hold strings.
	for ( const where of [
		/^plugin\//,
		/^src\//,
		/^blocks\/.*\.tsx?$/,
		/block\.json$/,
	] ) {
		assert.ok(
			calls.some( ( call ) => where.test( call.file ) ),
			`no call in ${ where }`
		);
	}
} );

test( 'the plugin POT: header, each string once, from PHP, the panel, the blocks, block.json and the plugin header', () => {
	const pot = readPo( pluginPot(), 'svc-licensing.pot' );
	assert.equal( pot.headers[ 'X-Domain' ], PLUGIN_DOMAIN );
	assert.match(
		pot.headers[ 'Project-Id-Version' ],
		/^Licence Service \d+\.\d+\.\d+/
	);
	const ids = pot.messages.map(
		( message ) => `${ message.msgctxt ?? '' }|${ message.msgid }`
	);
	assert.equal( new Set( ids ).size, ids.length );
	assert.ok( pot.messages.length > 300, `${ pot.messages.length } strings` );
	const referenced = ( pattern: RegExp ) =>
		pot.messages.filter( ( message ) =>
			message.references.some( ( reference ) =>
				pattern.test( reference )
			)
		).length;
	assert.ok( referenced( /^plugin\/src\/.*\.php:\d+$/ ) > 50 );
	assert.ok( referenced( /^src\/.*\.tsx?:\d+$/ ) > 50 );
	assert.ok( referenced( /^blocks\/[^/]+\/.*\.tsx?:\d+$/ ) > 5 );
	const title = pot.messages.find(
		( message ) =>
			message.msgctxt === 'block title' && message.msgid === 'My licences'
	);
	assert.deepEqual( title?.references, [ 'blocks/portal/block.json:6' ] );
	const name = pot.messages.find(
		( message ) => message.msgid === 'Licence Service'
	);
	assert.ok( name?.comments.includes( 'Plugin Name of the plugin' ) );
	// A panel string with a placeholder keeps its translators comment and is javascript-format.
	const enter = pot.messages.find(
		( message ) => message.msgid === 'Enter the %s.'
	);
	assert.deepEqual( enter?.comments, [ 'translators: %s: field name.' ] );
	assert.deepEqual( enter?.flags, [ JS_FORMAT ] );
	// Nothing of the SDK's domain comes in through the plugin's copy of it.
	assert.ok(
		pot.messages.every( ( message ) =>
			message.references.every(
				( reference ) => ! reference.startsWith( 'plugin/sdk/' )
			)
		)
	);
} );

test( "a translated PO becomes one JSON per built script, named as WordPress looks for it, the PHP's strings left out", () => {
	const po = `msgid ""
msgstr ""
"Language: de_DE\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: plugin/src/Admin/Screens.php:78
msgid "Products"
msgstr "Produkte"

#: src/routes/products/stage.tsx:187
#: blocks/portal/edit.tsx:12
msgid "Add product"
msgstr "Produkt hinzufügen"

#: blocks/shared/products.tsx:9
msgctxt "noun"
msgid "%d site"
msgid_plural "%d sites"
msgstr[0] "%d Website"
msgstr[1] "%d Websites"

#: src/index.tsx:3
msgid "Not translated"
msgstr ""
`;
	// WordPress' name: <domain>-<locale>-<md5 of the script's path relative to the plugin>.json.
	assert.equal(
		scriptJsonName( 'de_DE', 'build/index.js' ),
		'svc-licensing-de_DE-dfbff627e6c248bcb3b61d7d06da9ca9.json'
	);
	const files = scriptTranslations( po, [
		'build/index.js',
		'build/blocks/portal/index.js',
		'build/blocks/free-trial/index.js',
	] );
	const bySource = new Map(
		[ ...files ].map( ( [ name, text ] ) => {
			const json = JSON.parse( text );
			return [
				json.source,
				{ name, messages: json.locale_data.messages },
			];
		} )
	);
	assert.deepEqual( [ ...bySource.keys() ].sort(), [
		'build/blocks/free-trial/index.js',
		'build/blocks/portal/index.js',
		'build/index.js',
	] );
	const panel = bySource.get( 'build/index.js' )!;
	assert.equal( panel.name, scriptJsonName( 'de_DE', 'build/index.js' ) );
	assert.deepEqual( panel.messages, {
		'': {
			domain: 'messages',
			lang: 'de_DE',
			'plural-forms': 'nplurals=2; plural=(n != 1);',
		},
		'Add product': [ 'Produkt hinzufügen' ],
	} );
	assert.deepEqual(
		bySource.get( 'build/blocks/portal/index.js' )!.messages[
			'noun\u0004%d site'
		],
		[ '%d Website', '%d Websites' ]
	);
	assert.deepEqual(
		Object.keys(
			bySource.get( 'build/blocks/free-trial/index.js' )!.messages
		),
		[ '', 'noun\u0004%d site' ]
	);
} );

test( "the screen list's titles are in the template, and only Screens::title() may translate a variable", () => {
	const pot = pluginPot();
	const list = JSON.parse(
		fs.readFileSync( path.join( repoRoot, SCREEN_LIST ), 'utf8' )
	) as { screens: Array< { title: string } > };
	assert.ok( list.screens.length > 0 );
	for ( const { title } of list.screens ) {
		assert.match(
			pot,
			new RegExp(
				`#: [^\\n]*${ SCREEN_LIST }:\\d+[^\\n]*\\n(#[^\\n]*\\n)*msgid ${ JSON.stringify( title ).replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) }\\n`
			),
			title
		);
	}
	// A second call of Screens.php with a variable text is reported; the title call alone is not.
	const screensPhp = 'plugin/src/Admin/Screens.php';
	const planted = findCalls(
		"<?php\n__( $a, 'svc-licensing' );\n__( $b, 'svc-licensing' );\n",
		screensPhp
	);
	assert.deepEqual( pluginDomainProblems( planted.slice( 0, 1 ) ), [] );
	assert.deepEqual( pluginDomainProblems( planted ), [
		`${ screensPhp }:3: __(): its text is not a literal string`,
	] );
	assert.deepEqual(
		pluginDomainProblems(
			findCalls(
				"<?php\n__( $a, 'svc-licensing' );\n",
				'plugin/src/Other.php'
			)
		),
		[ 'plugin/src/Other.php:2: __(): its text is not a literal string' ]
	);
} );
