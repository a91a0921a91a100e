/**
 * The plugin's translation template, plugin/languages/svc-licensing.pot (text domain `svc-licensing`): the strings
 * of the plugin's PHP (plugin/**.php, not the SDK copy nor the build), of the admin panel's and the blocks' sources
 * (src/, blocks/: @wordpress/i18n calls), of the blocks' block.json files (title, description, keywords) and of the
 * plugin header (name, description, author), as `wp i18n make-pot` would gather them. References are paths from the
 * repository root with the line (`plugin/src/Admin/AdminPage.php:12`, `src/routes/index.tsx:40`).
 *
 * Written by `npm run build` and `npm run i18n:pot` (tools/i18n/pot.ts) and before each zip (`npm run plugin-zip`);
 * not committed, like the SDK's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTemplateFile, type Message } from './catalogue.ts';
import {
	domainProblems,
	findCalls,
	messagesOf,
	writePot,
	type Call,
} from './extract.ts';
import { findBlockJsonCalls, findJsCalls } from './extract-js.ts';
import { readHeader } from '../release/headers.ts';

export const PLUGIN_DOMAIN = 'svc-licensing';

export const repoRoot = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'..'
);
export const pluginPotFile = path.join(
	repoRoot,
	'plugin',
	'languages',
	`${ PLUGIN_DOMAIN }.pot`
);

/** Folders under plugin/ that are not the plugin's own source: the SDK copy (its own domain), the build, deps. */
const NOT_PLUGIN_SOURCE =
	/^plugin\/(sdk|build|vendor|node_modules|languages)(\/|$)/;

/** Files under `dir` (relative to `root`) whose repository-relative path passes `keep`, sorted, '/'-separated. */
function filesUnder(
	root: string,
	dir: string,
	keep: ( relative: string ) => boolean
): string[] {
	const full = path.join( root, dir );
	if ( ! fs.existsSync( full ) ) {
		return [];
	}
	return fs
		.readdirSync( full, { recursive: true, encoding: 'utf8' } )
		.map( ( file ) => path.join( dir, file ).split( path.sep ).join( '/' ) )
		.filter(
			( relative ) =>
				! /(^|\/)node_modules\//.test( relative ) &&
				fs.statSync( path.join( root, relative ) ).isFile() &&
				keep( relative )
		)
		.sort();
}

/** The sources the template is made from, relative to the repository root. */
export function pluginSources( root = repoRoot ): {
	php: string[];
	js: string[];
	blockJson: string[];
} {
	const script = ( relative: string ) =>
		/\.(tsx?|jsx?)$/.test( relative ) &&
		! /\.(test|spec)\.[jt]sx?$|\.d\.ts$/.test( relative );
	return {
		php: filesUnder(
			root,
			'plugin',
			( relative ) =>
				relative.endsWith( '.php' ) &&
				! NOT_PLUGIN_SOURCE.test( relative )
		),
		js: [
			...filesUnder( root, 'src', script ),
			...filesUnder( root, 'blocks', script ),
		],
		blockJson: filesUnder( root, 'blocks', ( relative ) =>
			relative.endsWith( '/block.json' )
		),
	};
}

/**
 * The panel's screen list (plugin/src/Admin/screens.json, the one list of its screens): PHP translates each title
 * through a variable in Screens::title(), as core translates a block.json title. The titles come into the template
 * from the JSON, and that one call is the only text that is not a literal the domain check lets through.
 */
export const SCREEN_LIST = 'plugin/src/Admin/screens.json';
const SCREEN_TITLE_FILE = 'plugin/src/Admin/Screens.php';

/** The screen list's titles as translation calls of the plugin's domain, each at its line of the JSON. */
export function findScreenListCalls( json: string, file: string ): Call[] {
	const list = JSON.parse( json ) as {
		screens?: Array< { title?: unknown } >;
	};
	const lines = json.split( '\n' );
	return ( list.screens ?? [] ).map( ( screen ) => {
		const text = typeof screen.title === 'string' ? screen.title : null;
		return {
			fn: 'screens.json title',
			file,
			line:
				1 +
				lines.findIndex( ( line ) =>
					line.includes( `"title": ${ JSON.stringify( text ) }` )
				),
			text,
			domain: PLUGIN_DOMAIN,
		};
	} );
}

/**
 * The domain check of the plugin's calls: domainProblems(), except for the one call of Screens.php that translates
 * the screen list's titles (a second call there whose text is not a literal is still reported).
 */
export function pluginDomainProblems( calls: Call[] ): string[] {
	const titleCall = calls.find(
		( call ) =>
			call.file === SCREEN_TITLE_FILE &&
			call.text === null &&
			call.domain === PLUGIN_DOMAIN
	);
	return domainProblems(
		calls.filter( ( call ) => call !== titleCall ),
		PLUGIN_DOMAIN
	);
}

/** Every translation call of the plugin: PHP, panel and blocks scripts, block.json fields, the screen list. */
export function pluginCalls( root = repoRoot ): Call[] {
	const sources = pluginSources( root );
	const read = ( relative: string ) =>
		fs.readFileSync( path.join( root, relative ), 'utf8' );
	const screenList = fs.existsSync( path.join( root, SCREEN_LIST ) )
		? findScreenListCalls( read( SCREEN_LIST ), SCREEN_LIST )
		: [];
	return [
		...screenList,
		...sources.php.flatMap( ( file ) => findCalls( read( file ), file ) ),
		...sources.js.flatMap( ( file ) => findJsCalls( read( file ), file ) ),
		...sources.blockJson.flatMap( ( file ) =>
			findBlockJsonCalls( read( file ), file )
		),
	];
}

/** The plugin header's translatable fields, with make-pot's comments (`Plugin Name of the plugin`). */
function headerMessages( root: string ): Message[] {
	const file = 'plugin/svc-licensing.php';
	const header = readHeader(
		fs.readFileSync( path.join( root, file ), 'utf8' ),
		'plugin'
	);
	return [
		'Plugin Name',
		'Plugin URI',
		'Description',
		'Author',
		'Author URI',
	]
		.filter( ( field ) => header[ field ] !== undefined )
		.map( ( field ) => ( {
			msgid: header[ field ],
			msgstr: [],
			comments: [ `${ field } of the plugin` ],
			references: [ file ],
			flags: [],
		} ) );
}

/** The template's text; throws when a call uses another text domain or none, or a text that is not a literal. */
export function pluginPot( root = repoRoot ): string {
	const calls = pluginCalls( root );
	const problems = pluginDomainProblems( calls );
	if ( problems.length > 0 ) {
		throw new Error( problems.join( '\n' ) );
	}
	const header = readHeader(
		fs.readFileSync(
			path.join( root, 'plugin/svc-licensing.php' ),
			'utf8'
		),
		'plugin'
	);
	// A header field the code also translates (the plugin's name is the menu's title) is one message with both.
	const fromCode = messagesOf( calls, PLUGIN_DOMAIN );
	const fromHeader = headerMessages( root ).filter( ( message ) => {
		const same = fromCode.find(
			( other ) =>
				other.msgctxt === undefined && other.msgid === message.msgid
		);
		if ( same ) {
			same.comments.unshift( ...message.comments );
			same.references.unshift( ...message.references );
		}
		return ! same;
	} );
	return writePot(
		`${ header[ 'Plugin Name' ] } ${ header.Version }`,
		PLUGIN_DOMAIN,
		[ ...fromHeader, ...fromCode ]
	);
}

/** Writes plugin/languages/svc-licensing.pot when its text differs; returns the number of strings. */
export function writePluginPot(): number {
	return writeTemplateFile( pluginPotFile, pluginPot() );
}
