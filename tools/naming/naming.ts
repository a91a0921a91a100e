/**
 * The naming rule (plugin/README.md, "Naming"): *license* in identifiers and file names, *licence* in prose
 * (comments, docs, user-facing strings). Wire names (REST fields and routes, option, transient and meta names,
 * hooks, event types, tables and columns, JSON keys, CSS classes, block names, the SDK's public functions) are
 * strings, so the rule never reaches them.
 *
 * This module finds the sources the rule covers and reads their identifiers with real tokenizers: PHP's own
 * (php-tokens.php, PhpToken::tokenize) and the `typescript` package's parser. Used by ./check.ts (the checker in
 * `npm run lint:layers`) and ./rename.ts (which makes a tree obey the rule).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ts from 'typescript';

/** The folders the rule covers, from the repository's root. */
export const ROOTS = [
	'plugin',
	'sdk',
	'src',
	'blocks',
	'e2e',
	'tools',
	'tests',
];

/** Folders never read: installed, built or generated. */
const SKIP_DIRS = new Set( [
	'node_modules',
	'vendor',
	'build',
	'languages',
	'test-results',
	'playwright-report',
	'artifacts',
] );

/** What the rule forbids in an identifier or a file name. */
export const FORBIDDEN = /licence/i;

/** `licence` → `license`, keeping each letter's case (`Licences` → `Licenses`, `LICENCE_KEY` → `LICENSE_KEY`). */
export function toLicense( text: string ): string {
	return text.replace(
		/licence/gi,
		( word ) =>
			word.slice( 0, 5 ) + ( word[ 5 ] === 'C' ? 'S' : 's' ) + word[ 6 ]
	);
}

/** PHP token kinds that are identifiers (names of classes, functions, methods, constants, variables). */
export const PHP_IDENTIFIER_TOKENS = new Set( [
	'T_STRING',
	'T_VARIABLE',
	'T_NAME_QUALIFIED',
	'T_NAME_FULLY_QUALIFIED',
	'T_NAME_RELATIVE',
	'T_STRING_VARNAME',
] );

export const TS_EXTENSIONS = [
	'.ts',
	'.tsx',
	'.mts',
	'.cts',
	'.js',
	'.jsx',
	'.mjs',
	'.cjs',
];

/** Every file under the rule's folders, relative to root with forward slashes, sorted. */
export function sourceFiles( root: string ): string[] {
	let files: string[];
	if ( fs.existsSync( path.join( root, '.git' ) ) ) {
		const listed = spawnSync(
			'git',
			[
				'ls-files',
				'-z',
				'--cached',
				'--others',
				'--exclude-standard',
				'--',
				...ROOTS,
			],
			{ cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
		);
		if ( listed.status !== 0 ) {
			throw new Error( `git ls-files failed: ${ listed.stderr }` );
		}
		files = listed.stdout
			.split( '\0' )
			.filter( ( file ) => file !== '' )
			.filter( ( file ) => fs.existsSync( path.join( root, file ) ) );
	} else {
		files = ROOTS.flatMap( ( dir ) => walk( root, dir ) );
	}
	return files
		.filter(
			( file ) =>
				! file.split( '/' ).some( ( part ) => SKIP_DIRS.has( part ) )
		)
		.sort();
}

function walk( root: string, dir: string ): string[] {
	const full = path.join( root, dir );
	if ( ! fs.existsSync( full ) ) {
		return [];
	}
	return fs
		.readdirSync( full, { withFileTypes: true } )
		.flatMap( ( entry ) => {
			if ( entry.name.startsWith( '.' ) || SKIP_DIRS.has( entry.name ) ) {
				return [];
			}
			const relative = `${ dir }/${ entry.name }`;
			return entry.isDirectory() ? walk( root, relative ) : [ relative ];
		} );
}

export const isPhp = ( file: string ) => file.endsWith( '.php' );
export const isTs = ( file: string ) =>
	TS_EXTENSIONS.some( ( ext ) => file.endsWith( ext ) ) &&
	! file.endsWith( '.d.ts' );

export type PhpToken = [ name: string, text: string ];

/** The tokens of each PHP file, from PHP's own tokenizer (one `php` run for all of them). */
export function phpTokens(
	root: string,
	files: string[]
): Map< string, PhpToken[] > {
	const result = new Map< string, PhpToken[] >();
	const chunk = 400;
	for ( let i = 0; i < files.length; i += chunk ) {
		const part = files.slice( i, i + chunk );
		const run = spawnSync(
			'php',
			[ path.join( import.meta.dirname, 'php-tokens.php' ) ],
			{
				cwd: root,
				input: JSON.stringify( part ),
				encoding: 'utf8',
				maxBuffer: 512 * 1024 * 1024,
			}
		);
		if ( run.status !== 0 ) {
			throw new Error( `php-tokens.php failed: ${ run.stderr }` );
		}
		const parsed = JSON.parse( run.stdout ) as Record< string, PhpToken[] >;
		for ( const file of part ) {
			result.set( file, parsed[ file ] ?? [] );
		}
	}
	return result;
}

export interface TsIdentifier {
	start: number;
	end: number;
	text: string;
	node: ts.Identifier | ts.PrivateIdentifier;
}

export function parseTs( file: string, text: string ): ts.SourceFile {
	let kind = ts.ScriptKind.TS;
	if ( file.endsWith( '.tsx' ) ) {
		kind = ts.ScriptKind.TSX;
	} else if ( /\.(?:jsx|js|mjs|cjs)$/.test( file ) ) {
		kind = ts.ScriptKind.JSX;
	}
	return ts.createSourceFile(
		file,
		text,
		ts.ScriptTarget.Latest,
		true,
		kind
	);
}

/** Every identifier of a TS/TSX/JS file (names in code; comments and strings are not identifiers). */
export function tsIdentifiers( source: ts.SourceFile ): TsIdentifier[] {
	const found: TsIdentifier[] = [];
	const visit = ( node: ts.Node ) => {
		if ( ts.isIdentifier( node ) || ts.isPrivateIdentifier( node ) ) {
			found.push( {
				start: node.getStart( source ),
				end: node.getEnd(),
				text: node.text,
				node,
			} );
		}
		ts.forEachChild( node, visit );
	};
	visit( source );
	return found;
}

/** Line number (from 1) of an offset. */
export function lineOf( text: string, offset: number ): number {
	let line = 1;
	for ( let i = 0; i < offset && i < text.length; i++ ) {
		if ( text.charCodeAt( i ) === 10 ) {
			line++;
		}
	}
	return line;
}

/** Every break of the rule under root: `file:line: identifier` lines, and file names. */
export function namingProblems( root: string ): string[] {
	const files = sourceFiles( root );
	const problems: string[] = [];
	for ( const file of files ) {
		if ( FORBIDDEN.test( file ) ) {
			problems.push(
				`${ file }: file name says "licence"; identifiers and file names say "license"`
			);
		}
	}
	const php = phpTokens( root, files.filter( isPhp ) );
	const keys = wireKeys( root, files, php );
	for ( const [ file, tokens ] of php ) {
		let line = 1;
		for ( const [ name, text ] of tokens ) {
			if ( PHP_IDENTIFIER_TOKENS.has( name ) && FORBIDDEN.test( text ) ) {
				problems.push(
					`${ file }:${ line }: identifier ${ text } (say ${ toLicense( text ) })`
				);
			}
			line += text.split( '\n' ).length - 1;
		}
	}
	for ( const file of files.filter( isTs ) ) {
		const text = fs.readFileSync( path.join( root, file ), 'utf8' );
		if ( ! FORBIDDEN.test( text ) ) {
			continue;
		}
		for ( const id of tsIdentifiers( parseTs( file, text ) ) ) {
			if (
				FORBIDDEN.test( id.text ) &&
				! ( isPropertyName( id.node ) && keys.has( id.text ) )
			) {
				problems.push(
					`${ file }:${ lineOf( text, id.start ) }: identifier ${ id.text } (say ${ toLicense( id.text ) })`
				);
			}
		}
	}
	return problems;
}

/** A PHP string literal's value ('…' or "…" without interpolation), or null. */
export function unquote( literal: string ): string | null {
	if ( literal.length < 2 ) {
		return null;
	}
	const quote = literal[ 0 ];
	if (
		( quote !== "'" && quote !== '"' ) ||
		literal[ literal.length - 1 ] !== quote
	) {
		return null;
	}
	return literal.slice( 1, -1 ).replace( /\\\\/g, '\\' );
}

/** Wire keys: every plain PHP string and every JSON key under the roots; a TS property with such a name stays. */
export function wireKeys(
	root: string,
	files: string[],
	tokens: Map< string, PhpToken[] >
): Set< string > {
	const keys = new Set< string >();
	for ( const list of tokens.values() ) {
		for ( const [ name, text ] of list ) {
			if ( name === 'T_CONSTANT_ENCAPSED_STRING' ) {
				const value = unquote( text );
				if ( value !== null && FORBIDDEN.test( value ) ) {
					keys.add( value );
				}
			}
		}
	}
	for ( const file of files.filter( ( f ) => f.endsWith( '.json' ) ) ) {
		for ( const match of fs
			.readFileSync( path.join( root, file ), 'utf8' )
			.matchAll( /"([^"\\]*licence[^"\\]*)"\s*:/gi ) ) {
			keys.add( match[ 1 ] );
		}
	}
	return keys;
}

/** Whether a TS identifier is a property's name (which may be a key on the wire) rather than a binding. */
export function isPropertyName( node: ts.Node ): boolean {
	const parent = node.parent;
	return (
		( ts.isPropertyAccessExpression( parent ) && parent.name === node ) ||
		( ts.isPropertyAssignment( parent ) && parent.name === node ) ||
		( ts.isPropertySignature( parent ) && parent.name === node ) ||
		( ts.isPropertyDeclaration( parent ) && parent.name === node ) ||
		( ts.isBindingElement( parent ) && parent.propertyName === node ) ||
		( ts.isJsxAttribute( parent ) && parent.name === node ) ||
		( ts.isShorthandPropertyAssignment( parent ) &&
			parent.name === node ) ||
		( ts.isBindingElement( parent ) &&
			parent.name === node &&
			! parent.propertyName &&
			ts.isObjectBindingPattern( parent.parent ) )
	);
}
