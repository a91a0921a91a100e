/**
 * `npx tsx tools/naming/rename.ts [--dry-run]`: makes the tree obey the naming rule (plugin/README.md, "Naming"):
 * *license* in identifiers and file names, *licence* in prose; and gives the names the rule cannot find (EXPLICIT
 * below) names that say what each thing is. Deterministic and idempotent (a second run changes nothing); it discovers
 * every file itself (./naming.ts), so it runs on a tree that changed since it was written.
 *
 * Token-aware: PHP through PHP's own tokenizer, TS/TSX through the `typescript` parser. It renames identifiers only,
 * never a comment's prose or an ordinary string, with these exceptions, which name code:
 * - PHP strings that name a renamed callable, method or class: `array( $this, 'method' )`, `[ X::class, 'method' ]`,
 *   `'Class::method'`, a function name given to add_action/add_filter/call_user_func/method_exists…, a
 *   `#[DataProvider( 'name' )]`, and class names (`'Svc\\Licensing\\Core\\LicenceAdmin'`);
 * - doc-comment types and variables (`@param LicenceAdmin $licence_admin`, `@var`, `@return`, `@dataProvider`),
 *   compound class names and `Class::member` references in comments, and file paths in comments and docs;
 * - a WP-CLI subcommand's method gets `@subcommand <old name>`, so the command users type does not change.
 * Wire names (REST fields and routes, options, hooks, event types, tables, JSON keys, CSS classes, block names) are
 * strings and stay; a TS property name that is a key on the wire (a string in the PHP or a JSON key) stays too.
 * Files move with `git mv`. Where a rename would make two names one (`$licences` the Core service beside `$licenses`
 * the repository), the other one is named after its type (`$license_repository`), in its class and where it is read;
 * a clash it cannot resolve stops the run before anything is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ts from 'typescript';
import {
	FORBIDDEN,
	PHP_IDENTIFIER_TOKENS,
	isPhp,
	isTs,
	parseTs,
	phpTokens,
	sourceFiles,
	toLicense,
	tsIdentifiers,
	isPropertyName,
	unquote,
	wireKeys,
	type PhpToken,
} from './naming.ts';

/**
 * Names the rule does not catch. "Webhook" named both the payment processor's events coming in (Stripe → us) and
 * our deliveries going out: inbound is now PaymentEvent…, outbound Outbound…. Only code names change: tables,
 * routes, options, hooks and panel labels stay.
 */
export const EXPLICIT_CLASSES: Record< string, string > = {
	WebhookInbox: 'PaymentEventInbox',
	WebhookEventRepository: 'PaymentEventRepository',
	WebhookRetryJob: 'PaymentEventRetryJob',
	WebhookController: 'PaymentEventController',
	AdminWebhookController: 'AdminPaymentEventController',
	WebhookDeliveryRepository: 'OutboundDeliveryRepository',
	WebhookEndpointRepository: 'OutboundEndpointRepository',
	WebhookDeliveries: 'OutboundDeliveries',
	WebhookEndpoints: 'OutboundEndpoints',
};

/** Namespace segments that move (a folder under plugin/src or tests/php). */
export const EXPLICIT_NAMESPACES: Array< [ string[], string[] ] > = [
	[
		[ 'Domain', 'Webhook' ],
		[ 'Domain', 'PaymentEvent' ],
	],
];

/**
 * Local variables named after the wrong thing, renamed together in a file that has them all: in Plugin.php
 * `$prices` was Core\Catalog and `$catalog` CatalogRepository.
 */
export const EXPLICIT_VARIABLES: Array<
	Array< { type: string; from: string; to: string } >
> = [
	[
		{ type: 'Catalog', from: 'prices', to: 'catalog' },
		{
			type: 'CatalogRepository',
			from: 'catalog',
			to: 'catalog_repository',
		},
	],
];

/** Calls whose string arguments name a callable (the first argument of a hook function is the hook: it stays). */
const CALLABLE_ARGUMENTS: Record< string, number > = {
	add_action: 1,
	add_filter: 1,
	remove_action: 1,
	remove_filter: 1,
	has_action: 1,
	has_filter: 1,
	call_user_func: 0,
	call_user_func_array: 0,
	is_callable: 0,
	function_exists: 0,
	method_exists: 1,
	property_exists: 1,
	register_activation_hook: 1,
	register_deactivation_hook: 1,
	register_uninstall_hook: 1,
	add_shortcode: 1,
	spl_autoload_register: 0,
	array_map: 0,
	array_filter: 1,
	usort: 1,
	uasort: 1,
	uksort: 1,
	DataProvider: 0,
};

const TRIVIA = new Set( [ 'T_WHITESPACE', 'T_COMMENT', 'T_DOC_COMMENT' ] );

export interface Plan {
	/** Old path → new path, files only, relative to the root. */
	moves: Map< string, string >;
	/** New text of each changed file, by its old path. */
	edits: Map< string, string >;
	renamedIdentifiers: number;
	errors: string[];
}

function snake( type: string ): string {
	return type
		.replace( /([a-z0-9])([A-Z])/g, '$1_$2' )
		.replace( /([A-Z])([A-Z][a-z])/g, '$1_$2' )
		.toLowerCase();
}

function requote( literal: string, value: string ): string {
	const quote = literal[ 0 ];
	return quote + value.replace( /\\/g, '\\\\' ) + quote;
}

interface PhpClass {
	fqn: string;
	file: string;
	/** Property name → declared type (short name). */
	properties: Map< string, { type: string; isPublic: boolean } >;
}

/** Classes, interfaces, traits and enums declared in the PHP files, with their properties' types. */
function phpDeclarations( tokens: Map< string, PhpToken[] > ) {
	const classes = new Map< string, PhpClass >();
	const functions = new Set< string >();
	for ( const [ file, list ] of tokens ) {
		let namespace = '';
		let current: PhpClass | null = null;
		let docType: string | null = null;
		for ( let i = 0; i < list.length; i++ ) {
			const [ name, text ] = list[ i ];
			if ( name === 'T_NAMESPACE' ) {
				const next = significant( list, i + 1 );
				if ( next !== -1 && list[ next ][ 0 ].startsWith( 'T_NAME' ) ) {
					namespace = list[ next ][ 1 ];
				} else if ( next !== -1 && list[ next ][ 0 ] === 'T_STRING' ) {
					namespace = list[ next ][ 1 ];
				}
			}
			if (
				[ 'T_CLASS', 'T_INTERFACE', 'T_TRAIT', 'T_ENUM' ].includes(
					name
				)
			) {
				const prev = previousSignificant( list, i - 1 );
				if (
					prev !== -1 &&
					[ 'T_DOUBLE_COLON', 'T_NEW' ].includes( list[ prev ][ 0 ] )
				) {
					continue;
				}
				const next = significant( list, i + 1 );
				if ( next !== -1 && list[ next ][ 0 ] === 'T_STRING' ) {
					const fqn = namespace
						? `${ namespace }\\${ list[ next ][ 1 ] }`
						: list[ next ][ 1 ];
					current = { fqn, file, properties: new Map() };
					classes.set( fqn, current );
				}
			}
			if ( name === 'T_DOC_COMMENT' ) {
				docType =
					/@var\s+\\?([A-Za-z_\\][\w\\]*)/
						.exec( text )?.[ 1 ]
						?.split( '\\' )
						.pop() ?? null;
			}
			if ( name === 'T_FUNCTION' ) {
				const next = significant( list, i + 1 );
				if ( next !== -1 && list[ next ][ 0 ] === 'T_STRING' ) {
					functions.add( list[ next ][ 1 ] );
				}
			}
			if (
				current &&
				[ 'T_PUBLIC', 'T_PRIVATE', 'T_PROTECTED' ].includes( name )
			) {
				// `private $x;` or `private Type $x;` (or readonly/static in between).
				let j = significant( list, i + 1 );
				let typed: string | null = null;
				while (
					j !== -1 &&
					[
						'T_STATIC',
						'T_READONLY',
						'T_STRING',
						'T_NAME_QUALIFIED',
						'T_NAME_FULLY_QUALIFIED',
						'?',
					].includes( list[ j ][ 0 ] )
				) {
					if (
						list[ j ][ 0 ] !== 'T_STATIC' &&
						list[ j ][ 0 ] !== 'T_READONLY' &&
						list[ j ][ 0 ] !== '?'
					) {
						typed = list[ j ][ 1 ].split( '\\' ).pop() ?? null;
					}
					j = significant( list, j + 1 );
				}
				if ( j !== -1 && list[ j ][ 0 ] === 'T_VARIABLE' ) {
					const type = typed ?? docType;
					if ( type ) {
						current.properties.set( list[ j ][ 1 ].slice( 1 ), {
							type,
							isPublic: name === 'T_PUBLIC',
						} );
					}
				}
			}
			if (
				! TRIVIA.has( name ) &&
				name !== 'T_DOC_COMMENT' &&
				! [
					'T_PUBLIC',
					'T_PRIVATE',
					'T_PROTECTED',
					'T_STATIC',
					'T_READONLY',
					'T_VARIABLE',
					'T_STRING',
					'?',
					'T_FUNCTION',
					'T_FINAL',
					'T_ABSTRACT',
					'T_CONST',
				].includes( name )
			) {
				docType = null;
			}
		}
	}
	return { classes, functions };
}

function significant( list: PhpToken[], from: number ): number {
	for ( let i = from; i < list.length; i++ ) {
		if ( ! TRIVIA.has( list[ i ][ 0 ] ) ) {
			return i;
		}
	}
	return -1;
}

function previousSignificant( list: PhpToken[], from: number ): number {
	for ( let i = from; i >= 0; i-- ) {
		if ( ! TRIVIA.has( list[ i ][ 0 ] ) ) {
			return i;
		}
	}
	return -1;
}

/** A class's short name after the renames. */
function renameShortClass( name: string ): string {
	return EXPLICIT_CLASSES[ name ] ?? toLicense( name );
}

/** A qualified name (`Svc\Licensing\Core\LicenceAdmin`, `Domain\Webhook\StripeEvent`) after the renames. */
function renameQualified( name: string ): string {
	const lead = name.startsWith( '\\' ) ? '\\' : '';
	const parts = ( lead ? name.slice( 1 ) : name ).split( '\\' );
	for ( const [ from, to ] of EXPLICIT_NAMESPACES ) {
		for ( let i = 0; i + from.length <= parts.length; i++ ) {
			if ( from.every( ( part, k ) => parts[ i + k ] === part ) ) {
				parts.splice( i, from.length, ...to );
			}
		}
	}
	const last = parts.length - 1;
	return (
		lead +
		parts
			.map( ( part, i ) =>
				i === last ? renameShortClass( part ) : toLicense( part )
			)
			.join( '\\' )
	);
}

/** A file's path after the renames (a renamed PHP class moves with its file). */
function renamePath(
	file: string,
	classOfFile: Map< string, string >
): string {
	let moved = file;
	if ( isPhp( file ) ) {
		const dir = path.posix.dirname( file );
		const base = path.posix.basename( file, '.php' );
		const declared = classOfFile.get( file );
		const newBase =
			declared === base ? renameShortClass( base ) : toLicense( base );
		let newDir = dir;
		for ( const [ from, to ] of EXPLICIT_NAMESPACES ) {
			const parts = newDir.split( '/' );
			for ( let i = 0; i + from.length <= parts.length; i++ ) {
				if ( from.every( ( part, k ) => parts[ i + k ] === part ) ) {
					parts.splice( i, from.length, ...to );
				}
			}
			newDir = parts.join( '/' );
		}
		moved = `${ newDir }/${ newBase }.php`;
	}
	return toLicense( moved );
}

/** The type a file gives a variable: a parameter or `@param`/`@var`, `new Type(`, or `$v->property` of a known class. */
function typeOfVariable(
	text: string,
	name: string,
	classes: Map< string, PhpClass >,
	depth = 0
): string | null {
	const escaped = name.replace( /\W/g, '' );
	const hinted = new RegExp(
		`\\b([A-Z][A-Za-z0-9_]*)\\s+(?:&\\s*)?\\$${ escaped }\\b`
	).exec( text );
	if ( hinted ) {
		return hinted[ 1 ];
	}
	const created = new RegExp(
		`\\$(?:this->)?${ escaped }\\s*=\\s*new\\s+\\\\?(?:[\\w\\\\]*\\\\)?([A-Z]\\w*)`
	).exec( text );
	if ( created ) {
		return created[ 1 ];
	}
	const read = new RegExp(
		`\\$${ escaped }\\s*=\\s*\\$(\\w+)->(\\w+)\\s*;`
	).exec( text );
	if ( read && depth < 3 ) {
		const owner = typeOfVariable( text, read[ 1 ], classes, depth + 1 );
		if ( owner ) {
			for ( const declared of classes.values() ) {
				if ( declared.fqn.split( '\\' ).pop() === owner ) {
					return declared.properties.get( read[ 2 ] )?.type ?? null;
				}
			}
		}
	}
	return null;
}

/** Variable and property names of a PHP file (without `$`). */
function phpNames( list: PhpToken[] ): Set< string > {
	const names = new Set< string >();
	for ( let i = 0; i < list.length; i++ ) {
		const [ name, text ] = list[ i ];
		if ( name === 'T_VARIABLE' ) {
			names.add( text.slice( 1 ) );
		} else if ( name === 'T_STRING' ) {
			const prev = previousSignificant( list, i - 1 );
			if (
				prev !== -1 &&
				[ 'T_OBJECT_OPERATOR', 'T_NULLSAFE_OBJECT_OPERATOR' ].includes(
					list[ prev ][ 0 ]
				)
			) {
				const next = significant( list, i + 1 );
				if ( next === -1 || list[ next ][ 1 ] !== '(' ) {
					names.add( text );
				}
			}
		}
	}
	return names;
}

/** The function (or file) a binding belongs to. */
function scopeOf( node: ts.Node ): ts.Node {
	let current: ts.Node = node.parent;
	while (
		current.parent &&
		! ts.isFunctionLike( current ) &&
		! ts.isSourceFile( current ) &&
		! ts.isClassLike( current )
	) {
		current = current.parent;
	}
	return current;
}

function isDeclarationName( node: ts.Node ): boolean {
	const parent = node.parent;
	return (
		( ( ts.isVariableDeclaration( parent ) ||
			ts.isParameter( parent ) ||
			ts.isBindingElement( parent ) ||
			ts.isFunctionDeclaration( parent ) ||
			ts.isClassDeclaration( parent ) ||
			ts.isInterfaceDeclaration( parent ) ||
			ts.isTypeAliasDeclaration( parent ) ||
			ts.isEnumDeclaration( parent ) ||
			ts.isImportSpecifier( parent ) ||
			ts.isImportClause( parent ) ) &&
			( parent as ts.NamedDeclaration ).name === node ) ||
		( ts.isImportSpecifier( parent ) && parent.name === node )
	);
}

function encloses( scope: ts.Node, node: ts.Node ): boolean {
	for (
		let current: ts.Node | undefined = node;
		current;
		current = current.parent
	) {
		if ( current === scope ) {
			return true;
		}
	}
	return false;
}

/** Whether renaming this binding to target would meet a binding of that name in the same or an outer scope. */
function clashes(
	node: ts.Node,
	target: string,
	identifiers: Array< { text: string; node: ts.Node } >
): boolean {
	const source = ( node as ts.Identifier ).text;
	const targetScopes = identifiers
		.filter( ( id ) => id.text === target && isDeclarationName( id.node ) )
		.map( ( id ) => scopeOf( id.node ) );
	if ( targetScopes.some( ( scope ) => encloses( scope, node ) ) ) {
		return true;
	}
	const sourceScopes = identifiers
		.filter(
			( id ) =>
				id.text === source &&
				isDeclarationName( id.node ) &&
				encloses( scopeOf( id.node ), node )
		)
		.map( ( id ) => scopeOf( id.node ) );
	return identifiers.some(
		( id ) =>
			id.text === target &&
			! isPropertyName( id.node ) &&
			sourceScopes.some( ( scope ) => encloses( scope, id.node ) )
	);
}

/** This tool's own folder: its fixtures and docs name the old spellings on purpose. */
const SELF = 'tools/naming/';

export function plan( root: string ): Plan {
	const files = sourceFiles( root ).filter(
		( file ) => ! file.startsWith( SELF )
	);
	const phpFiles = files.filter( isPhp );
	const tokens = phpTokens( root, phpFiles );
	const { classes, functions } = phpDeclarations( tokens );
	const errors: string[] = [];
	const edits = new Map< string, string >();
	let renamedIdentifiers = 0;

	// Classes and their files.
	const classOfFile = new Map< string, string >();
	const newFqn = new Map< string, string >();
	for ( const declared of classes.values() ) {
		const short = declared.fqn.split( '\\' ).pop() ?? declared.fqn;
		classOfFile.set( declared.file, short );
		const target = renameQualified( declared.fqn );
		if ( target !== declared.fqn ) {
			newFqn.set( declared.fqn, target );
		}
	}
	const fqns = new Set( classes.keys() );
	for ( const [ from, to ] of newFqn ) {
		if ( fqns.has( to ) && ! newFqn.has( to ) ) {
			errors.push( `class ${ from } would become ${ to }, which exists` );
		}
	}
	const moves = new Map< string, string >();
	for ( const file of files ) {
		const target = renamePath( file, classOfFile );
		if ( target !== file ) {
			moves.set( file, target );
		}
	}
	const targets = new Map< string, string >();
	for ( const [ from, to ] of moves ) {
		if (
			targets.has( to ) ||
			( files.includes( to ) && ! moves.has( to ) )
		) {
			errors.push( `${ from } would move to ${ to }, which is taken` );
		}
		targets.set( to, from );
	}

	// Methods and functions whose names change: strings naming them follow.
	const renamedCallables = new Map< string, string >();
	for ( const name of functions ) {
		if ( FORBIDDEN.test( name ) ) {
			renamedCallables.set( name, toLicense( name ) );
		}
	}
	const stringClassNames = new Map< string, string >();
	for ( const [ from, to ] of newFqn ) {
		stringClassNames.set( from, to );
		stringClassNames.set( `\\${ from }`, `\\${ to }` );
	}
	renamedShort.clear();
	for ( const from of newFqn.keys() ) {
		renamedShort.add( from.split( '\\' ).pop() ?? from );
	}
	// Short class names safe to rename in prose: compound names (LicenceAdmin) and the explicit ones.
	const proseClassNames = new Map< string, string >();
	for ( const from of newFqn.keys() ) {
		const short = from.split( '\\' ).pop() ?? from;
		const to = renameShortClass( short );
		if (
			to !== short &&
			( EXPLICIT_CLASSES[ short ] ||
				( short.match( /[A-Z]/g ) ?? [] ).length >= 2 )
		) {
			proseClassNames.set( short, to );
		}
	}

	// Properties and variables whose new name is taken in their file: the one already there is named after its type.
	const propertyRenames = new Map< string, Map< string, string > >(); // class short name → property → new
	const variableRenames = new Map< string, Map< string, string > >(); // file → name → new
	for ( const [ file, list ] of tokens ) {
		const names = phpNames( list );
		const text = list.map( ( t ) => t[ 1 ] ).join( '' );
		const local = new Map< string, string >();
		for ( const name of names ) {
			if ( ! FORBIDDEN.test( name ) ) {
				continue;
			}
			const target = toLicense( name );
			if ( ! names.has( target ) ) {
				continue;
			}
			const own = [ ...classes.values() ].find(
				( c ) => c.file === file
			);
			const type =
				own?.properties.get( target )?.type ??
				typeOfVariable( text, target, classes );
			const ownType =
				own?.properties.get( name )?.type ??
				typeOfVariable( text, name, classes );
			if ( ! type || type === ownType ) {
				errors.push(
					`${ file }: $${ name } would become $${ target }, which is there already (and its type is not known)`
				);
				continue;
			}
			const other = snake( renameShortClass( type ) );
			if ( names.has( other ) ) {
				errors.push(
					`${ file }: $${ target } would become $${ other }, which is there already`
				);
				continue;
			}
			local.set( target, other );
		}
		for ( const group of EXPLICIT_VARIABLES ) {
			if (
				group.every( ( { type, from } ) =>
					new RegExp(
						`\\$${ from }\\s*=\\s*new\\s+${ type }\\s*\\(`
					).test( text )
				)
			) {
				for ( const { from, to } of group ) {
					local.set( from, to );
				}
			}
		}
		if ( local.size > 0 ) {
			variableRenames.set( file, local );
			const declared = [ ...classes.values() ].find(
				( c ) => c.file === file
			);
			if ( declared ) {
				for ( const [ from, to ] of local ) {
					if ( declared.properties.get( from )?.isPublic ) {
						const short =
							declared.fqn.split( '\\' ).pop() ?? declared.fqn;
						const map =
							propertyRenames.get( short ) ??
							new Map< string, string >();
						map.set( from, to );
						propertyRenames.set( short, map );
					}
				}
			}
		}
	}
	// Readers of a renamed public property: `$v->property` where `$v` is that class in the reader's file.
	for ( const [ file, list ] of tokens ) {
		const text = list.map( ( t ) => t[ 1 ] ).join( '' );
		const local =
			variableRenames.get( file ) ?? new Map< string, string >();
		for ( const [ owner, properties ] of propertyRenames ) {
			if (
				classes.get(
					[ ...classes.keys() ].find( ( k ) =>
						k.endsWith( `\\${ owner }` )
					) ?? ''
				)?.file === file
			) {
				continue;
			}
			for ( const [ from, to ] of properties ) {
				for ( const match of text.matchAll(
					new RegExp( `\\$(\\w+)->${ from }\\b`, 'g' )
				) ) {
					if (
						typeOfVariable( text, match[ 1 ], classes ) === owner
					) {
						local.set( `${ match[ 1 ] }->${ from }`, to );
					}
				}
				// A local variable read from it takes the same name when the rule renames a variable beside it.
				for ( const match of text.matchAll(
					new RegExp(
						`\\$(\\w+)\\s*=\\s*\\$(\\w+)->${ from }\\s*;`,
						'g'
					)
				) ) {
					if (
						match[ 1 ] === from &&
						typeOfVariable( text, match[ 2 ], classes ) === owner &&
						phpNames( list ).has(
							[ ...phpNames( list ) ].find(
								( n ) => n !== from && toLicense( n ) === from
							) ?? '\0'
						)
					) {
						local.set( from, to );
					}
				}
			}
		}
		if ( local.size > 0 ) {
			variableRenames.set( file, local );
		}
	}

	// PHP files.
	for ( const [ file, list ] of tokens ) {
		const local =
			variableRenames.get( file ) ?? new Map< string, string >();
		const out: string[] = [];
		const inCli = file.split( '/' ).includes( 'Cli' );
		let changed = 0;
		for ( let i = 0; i < list.length; i++ ) {
			const [ name, text ] = list[ i ];
			let next = text;
			if ( name === 'T_VARIABLE' ) {
				const bare = text.slice( 1 );
				next = `$${ local.get( bare ) ?? toLicense( bare ) }`;
			} else if ( name === 'T_STRING' ) {
				const prev = previousSignificant( list, i - 1 );
				const isProperty =
					prev !== -1 &&
					[
						'T_OBJECT_OPERATOR',
						'T_NULLSAFE_OBJECT_OPERATOR',
					].includes( list[ prev ][ 0 ] );
				const receiver = isProperty
					? previousSignificant( list, prev - 1 )
					: -1;
				const viaReader =
					receiver !== -1 && list[ receiver ][ 0 ] === 'T_VARIABLE'
						? local.get(
								`${ list[ receiver ][ 1 ].slice( 1 ) }->${ text }`
							)
						: undefined;
				const after = significant( list, i + 1 );
				const isCall = after !== -1 && list[ after ][ 1 ] === '(';
				if ( viaReader ) {
					next = viaReader;
				} else if (
					isProperty &&
					! isCall &&
					receiver !== -1 &&
					list[ receiver ][ 1 ] === '$this' &&
					local.has( text )
				) {
					next = local.get( text ) as string;
				} else {
					next = renameShortClass( text );
				}
				// A WP-CLI subcommand keeps the name users type.
				if (
					inCli &&
					next !== text &&
					prev !== -1 &&
					list[ prev ][ 0 ] === 'T_FUNCTION'
				) {
					const doc = docBefore( list, prev );
					if (
						doc !== -1 &&
						! /@subcommand/.test( list[ doc ][ 1 ] ) &&
						isPublicMethod( list, prev )
					) {
						list[ doc ] = [
							'T_DOC_COMMENT',
							list[ doc ][ 1 ].replace(
								/\n(\s*)\*\/$/,
								`\n$1*\n$1* @subcommand ${ text }\n$1*/`
							),
						];
						out[ doc ] = renameComment(
							list[ doc ][ 1 ],
							local,
							proseClassNames,
							renamedCallables,
							moves
						);
					}
				}
			} else if ( name.startsWith( 'T_NAME' ) ) {
				next = renameQualified( text );
			} else if ( name === 'T_STRING_VARNAME' ) {
				next = local.get( text ) ?? toLicense( text );
			} else if ( name === 'T_CONSTANT_ENCAPSED_STRING' ) {
				next = renameString(
					list,
					i,
					renamedCallables,
					stringClassNames
				);
			} else if ( name === 'T_DOC_COMMENT' || name === 'T_COMMENT' ) {
				next = renameComment(
					text,
					local,
					proseClassNames,
					renamedCallables,
					moves
				);
			}
			if ( next !== text && PHP_IDENTIFIER_TOKENS.has( name ) ) {
				changed++;
			}
			out[ i ] = next;
		}
		const result = out.join( '' );
		const original = list.map( ( t ) => t[ 1 ] ).join( '' );
		if ( result !== original ) {
			edits.set( file, result );
			renamedIdentifiers += changed;
		}
	}

	// TS/TSX/JS files.
	const keys = wireKeys( root, files, tokens );
	for ( const file of files.filter( isTs ) ) {
		const text = fs.readFileSync( path.join( root, file ), 'utf8' );
		const source = parseTs( file, text );
		const replacements: Array< {
			start: number;
			end: number;
			text: string;
		} > = [];
		const identifiers = tsIdentifiers( source );
		for ( const id of identifiers ) {
			if ( ! FORBIDDEN.test( id.text ) ) {
				continue;
			}
			const target = toLicense( id.text );
			const property = isPropertyName( id.node );
			const parent = id.node.parent;
			if ( property && keys.has( id.text ) ) {
				// A key on the wire stays; a shorthand binding keeps the key and renames the variable.
				if (
					ts.isShorthandPropertyAssignment( parent ) ||
					( ts.isBindingElement( parent ) && ! parent.propertyName )
				) {
					replacements.push( {
						start: id.start,
						end: id.end,
						text: `${ id.text }: ${ target }`,
					} );
					renamedIdentifiers++;
				}
				continue;
			}
			if ( ! property && clashes( id.node, target, identifiers ) ) {
				errors.push(
					`${ file }: ${ id.text } would become ${ target }, which is there already`
				);
				continue;
			}
			replacements.push( { start: id.start, end: id.end, text: target } );
			renamedIdentifiers++;
		}
		// Module specifiers of moved files, and strings naming a moved file or a renamed PHP class.
		const visit = ( node: ts.Node ) => {
			if ( ts.isStringLiteralLike( node ) ) {
				const value = node.text;
				let renamed = value;
				if ( value.startsWith( '.' ) ) {
					const base = path.posix.dirname( file );
					const resolved = path.posix.normalize(
						path.posix.join( base, value )
					);
					const candidates = [
						'',
						'.ts',
						'.tsx',
						'.js',
						'.php',
						'/index.ts',
						'/index.tsx',
					].map( ( ext ) => resolved + ext );
					const hit = candidates.find( ( c ) => moves.has( c ) );
					if ( hit ) {
						const movedTo = moves.get( hit ) as string;
						let relative = path.posix.relative(
							base,
							movedTo.slice(
								0,
								movedTo.length -
									( hit.length - resolved.length )
							)
						);
						if ( ! relative.startsWith( '.' ) ) {
							relative = `./${ relative }`;
						}
						renamed = relative;
					}
				} else if ( stringClassNames.has( value ) ) {
					renamed = stringClassNames.get( value ) as string;
				} else {
					renamed = renamePaths( value, moves );
				}
				if ( renamed !== value ) {
					const start = node.getStart( source ) + 1;
					const raw = text.slice( start, node.getEnd() - 1 );
					replacements.push( {
						start,
						end: node.getEnd() - 1,
						text: raw.split( value ).join( renamed ),
					} );
				}
			}
			ts.forEachChild( node, visit );
		};
		visit( source );
		const comments = commentRanges( text );
		for ( const range of comments ) {
			const comment = text.slice( range.start, range.end );
			const renamed = renameComment(
				comment,
				new Map(),
				proseClassNames,
				new Map(),
				moves
			);
			if ( renamed !== comment ) {
				replacements.push( {
					start: range.start,
					end: range.end,
					text: renamed,
				} );
			}
		}
		if ( replacements.length > 0 ) {
			replacements.sort( ( a, b ) => b.start - a.start );
			let result = text;
			for ( const r of replacements ) {
				result =
					result.slice( 0, r.start ) + r.text + result.slice( r.end );
			}
			if ( result !== text ) {
				edits.set( file, result );
			}
		}
	}

	// Docs and configuration: paths of moved files, compound class names.
	const others = gitFiles( root ).filter(
		( file ) =>
			! file.startsWith( SELF ) &&
			! edits.has( file ) &&
			! isPhp( file ) &&
			! isTs( file ) &&
			/\.(?:md|txt|json|xml|dist|neon|yml|yaml)$/.test( file )
	);
	for ( const file of others ) {
		const text = fs.readFileSync( path.join( root, file ), 'utf8' );
		let result = mentionsMoved( text, moves )
			? renamePaths( text, moves )
			: text;
		if ( file.endsWith( '.md' ) ) {
			result = renameComment(
				result,
				new Map(),
				proseClassNames,
				new Map(),
				new Map()
			);
		}
		if ( result !== text ) {
			edits.set( file, result );
		}
	}
	return {
		moves,
		edits,
		renamedIdentifiers,
		errors: [ ...new Set( errors ) ],
	};
}

function gitFiles( root: string ): string[] {
	if ( ! fs.existsSync( path.join( root, '.git' ) ) ) {
		return [];
	}
	const listed = spawnSync( 'git', [ 'ls-files', '-z' ], {
		cwd: root,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	} );
	return listed.stdout
		.split( '\0' )
		.filter(
			( f ) =>
				f !== '' &&
				! f.split( '/' ).includes( 'node_modules' ) &&
				fs.existsSync( path.join( root, f ) )
		);
}

/** Comment ranges of a TS file (prose; only code names in them change). */
function commentRanges(
	text: string
): Array< { start: number; end: number } > {
	const scanner = ts.createScanner(
		ts.ScriptTarget.Latest,
		false,
		ts.LanguageVariant.JSX,
		text
	);
	const ranges: Array< { start: number; end: number } > = [];
	let kind = scanner.scan();
	while ( kind !== ts.SyntaxKind.EndOfFileToken ) {
		if (
			kind === ts.SyntaxKind.SingleLineCommentTrivia ||
			kind === ts.SyntaxKind.MultiLineCommentTrivia
		) {
			ranges.push( {
				start: scanner.getTokenStart(),
				end: scanner.getTokenEnd(),
			} );
		}
		kind = scanner.scan();
	}
	return ranges;
}

const stems = new WeakMap< Map< string, string >, RegExp >();

/** Whether a text may name a moved file (a quick test before renamePaths). */
function mentionsMoved( text: string, moves: Map< string, string > ): boolean {
	let stem = stems.get( moves );
	if ( ! stem ) {
		const names = [ ...moves.keys() ].map( ( f ) =>
			path.posix
				.basename( f )
				.replace( /\.[^.]*$/, '' )
				.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' )
		);
		stem = new RegExp( names.join( '|' ) || '(?!)' );
		stems.set( moves, stem );
	}
	return stem.test( text );
}

/** Paths of moved files inside a text (`src/routes/licenses/licence-utils.ts`, `e2e/client/licence.spec.ts`). */
function renamePaths( text: string, moves: Map< string, string > ): string {
	let result = text;
	const ordered = [ ...moves ].sort(
		( a, b ) => b[ 0 ].length - a[ 0 ].length
	);
	for ( const [ from, to ] of ordered ) {
		result = result.split( from ).join( to );
		// The same path from its own root folder (plugin/src/Core/X.php named as src/Core/X.php, tests/sdk/…).
		const tail = from.split( '/' ).slice( 1 ).join( '/' );
		const newTail = to.split( '/' ).slice( 1 ).join( '/' );
		if ( tail.includes( '/' ) && tail !== newTail ) {
			result = result.replace(
				new RegExp(
					`(?<![\\w/.-])${ tail.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) }`,
					'g'
				),
				newTail
			);
		}
		// A file's own name, when it says licence (licence-utils.ts, LicenceRecord.php, licence.spec.ts).
		const base = path.posix.basename( from );
		const newBase = path.posix.basename( to );
		if (
			base !== newBase &&
			/[-_.A-Z]/.test( base.replace( /\.[a-z]+$/, '' ) + '.' ) &&
			base.includes( '.' )
		) {
			result = result.replace(
				new RegExp(
					`(?<![\\w-])${ base.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) }(?![\\w-])`,
					'g'
				),
				newBase
			);
		}
	}
	return result;
}

/**
 * A comment's code names: doc-comment types and variables, `@dataProvider`, compound class names, `Class::member`,
 * file paths. Its prose stays.
 */
function renameComment(
	text: string,
	variables: Map< string, string >,
	classNames: Map< string, string >,
	callables: Map< string, string >,
	moves: Map< string, string >
): string {
	let result = renameDocTags( text, variables );
	result = result.replace(
		/(@dataProvider\s+)(\w+)/g,
		( _all, tag: string, method: string ) =>
			tag + ( callables.get( method ) ?? toLicense( method ) )
	);
	result = result.replace( /\\?Svc\\[\w\\]+/g, ( name ) =>
		renameQualified( name )
	);
	// A renamed class named alone in code quotes (`Licences`).
	result = result.replace( /`([A-Z]\w*)`/g, ( all, name: string ) =>
		name !== renameShortClass( name ) && renamedShort.has( name )
			? `\`${ renameShortClass( name ) }\``
			: all
	);
	for ( const [ from, to ] of classNames ) {
		result = result.replace(
			new RegExp( `(?<![\\w$])${ from }(?!\\w)`, 'g' ),
			to
		);
	}
	result = result.replace(
		/\b([A-Z]\w*)::(\$?)(\w+)/g,
		( _all, owner: string, dollar: string, member: string ) =>
			`${ renameShortClass( owner ) }::${ dollar }${ toLicense( member ) }`
	);
	return moves.size > 0 && mentionsMoved( result, moves )
		? renamePaths( result, moves )
		: result;
}

/** Short names of the renamed classes (set by plan()), for prose that quotes one alone. */
const renamedShort = new Set< string >();

const DOC_TAG =
	/@(?:param|var|return|throws|property(?:-read|-write)?|phpstan-[\w-]+|psalm-[\w-]+|see|uses|method)[ \t]+/g;

/**
 * Doc-comment tags' types and variables: `@param array<string, array{record: LicenceRecord}> $licences` (a type
 * may hold spaces inside its brackets).
 */
function renameDocTags(
	text: string,
	variables: Map< string, string >
): string {
	let result = '';
	let from = 0;
	for ( const match of text.matchAll( DOC_TAG ) ) {
		const start = ( match.index ?? 0 ) + match[ 0 ].length;
		if ( start < from ) {
			continue;
		}
		let end = start;
		let depth = 0;
		while ( end < text.length ) {
			const char = text[ end ];
			if ( '<{(['.includes( char ) ) {
				depth++;
			} else if ( '>})]'.includes( char ) && depth > 0 ) {
				depth--;
			} else if ( /\s/.test( char ) && depth === 0 ) {
				break;
			}
			end++;
		}
		const type = text
			.slice( start, end )
			.replace( /\\?[A-Za-z_][\w\\]*/g, ( name ) =>
				renameTypeName( name )
			);
		const variable = /^([ \t]+(?:\.\.\.)?&?\$)(\w+)/.exec(
			text.slice( end )
		);
		result += text.slice( from, start ) + type;
		from = end;
		if ( variable ) {
			result +=
				variable[ 1 ] +
				( variables.get( variable[ 2 ] ) ??
					toLicense( variable[ 2 ] ) );
			from = end + variable[ 0 ].length;
		}
	}
	return result + text.slice( from );
}

/** A name in a doc-comment type: a qualified name or a class, never a keyword such as `array`. */
function renameTypeName( name: string ): string {
	if ( name.includes( '\\' ) ) {
		return renameQualified( name );
	}
	return /^[A-Z]/.test( name ) ? renameShortClass( name ) : name;
}

/** A PHP string literal that names a renamed class or callable; any other string stays as it is. */
function renameString(
	list: PhpToken[],
	i: number,
	callables: Map< string, string >,
	classNames: Map< string, string >
): string {
	const text = list[ i ][ 1 ];
	const value = unquote( text );
	if ( value === null ) {
		return text;
	}
	if ( classNames.has( value ) ) {
		return requote( text, classNames.get( value ) as string );
	}
	const pair = /^(\\?[\w\\]+)::(\w+)$/.exec( value );
	if (
		pair &&
		( classNames.has( pair[ 1 ] ) || callables.has( pair[ 2 ] ) )
	) {
		return requote(
			text,
			`${ classNames.get( pair[ 1 ] ) ?? pair[ 1 ] }::${ callables.get( pair[ 2 ] ) ?? pair[ 2 ] }`
		);
	}
	const callable = callables.get( value );
	if ( ! callable ) {
		return text;
	}
	return isCallablePosition( list, i ) ? requote( text, callable ) : text;
}

/** `array( X, 'name' )`, `[ X, 'name' ]`, or an argument that takes a callable (CALLABLE_ARGUMENTS). */
function isCallablePosition( list: PhpToken[], i: number ): boolean {
	const prev = previousSignificant( list, i - 1 );
	const next = significant( list, i + 1 );
	if ( prev === -1 || next === -1 ) {
		return false;
	}
	// Second of a two-element array.
	if ( list[ prev ][ 1 ] === ',' ) {
		let j = previousSignificant( list, prev - 1 );
		// The first element: $var, 'Class', Class::class, self::class, static::class.
		if ( j !== -1 && list[ j ][ 0 ] === 'T_CLASS' ) {
			j = previousSignificant(
				list,
				previousSignificant( list, j - 1 ) - 1
			);
		} else if (
			j !== -1 &&
			[ 'T_VARIABLE', 'T_CONSTANT_ENCAPSED_STRING' ].includes(
				list[ j ][ 0 ]
			)
		) {
			j = previousSignificant( list, j - 1 );
		} else if ( j !== -1 && list[ j ][ 0 ] === 'T_STRING' ) {
			// $this->property, e.g. array( $this->admin, 'method' ).
			const arrow = previousSignificant( list, j - 1 );
			j =
				arrow !== -1 && list[ arrow ][ 0 ] === 'T_OBJECT_OPERATOR'
					? previousSignificant( list, arrow - 2 )
					: -1;
		} else {
			j = -1;
		}
		const closing =
			list[ next ][ 1 ] === ',' ? significant( list, next + 1 ) : next;
		if ( j !== -1 && closing !== -1 ) {
			const opens =
				list[ j ][ 1 ] === '[' && list[ closing ][ 1 ] === ']';
			const arrayCall =
				list[ j ][ 1 ] === '(' &&
				list[ closing ][ 1 ] === ')' &&
				list[ previousSignificant( list, j - 1 ) ]?.[ 0 ] === 'T_ARRAY';
			if ( opens || arrayCall ) {
				return true;
			}
		}
	}
	// An argument of a function that takes a callable.
	let depth = 0;
	let argument = 0;
	for ( let j = i - 1; j >= 0; j-- ) {
		const token = list[ j ][ 1 ];
		if ( token === ')' || token === ']' ) {
			depth++;
		} else if ( token === '(' || token === '[' ) {
			if ( depth === 0 ) {
				const callee = previousSignificant( list, j - 1 );
				if ( token === '(' && callee !== -1 ) {
					const name = list[ callee ][ 1 ].split( '\\' ).pop() ?? '';
					return (
						name in CALLABLE_ARGUMENTS &&
						CALLABLE_ARGUMENTS[ name ] <= argument
					);
				}
				return false;
			}
			depth--;
		} else if ( token === ',' && depth === 0 ) {
			argument++;
		} else if ( token === ';' || token === '{' || token === '}' ) {
			return false;
		}
	}
	return false;
}

function docBefore( list: PhpToken[], functionIndex: number ): number {
	for ( let j = functionIndex - 1; j >= 0; j-- ) {
		const [ name ] = list[ j ];
		if ( name === 'T_DOC_COMMENT' ) {
			return j;
		}
		if (
			! TRIVIA.has( name ) &&
			! [
				'T_PUBLIC',
				'T_STATIC',
				'T_FINAL',
				'T_ABSTRACT',
				'T_PRIVATE',
				'T_PROTECTED',
			].includes( name )
		) {
			return -1;
		}
	}
	return -1;
}

function isPublicMethod( list: PhpToken[], functionIndex: number ): boolean {
	let isPublic = true;
	for ( let j = functionIndex - 1; j >= 0; j-- ) {
		const [ name ] = list[ j ];
		if (
			name === 'T_PRIVATE' ||
			name === 'T_PROTECTED' ||
			name === 'T_STATIC'
		) {
			isPublic = false;
		}
		if (
			! TRIVIA.has( name ) &&
			! [
				'T_PUBLIC',
				'T_STATIC',
				'T_FINAL',
				'T_ABSTRACT',
				'T_PRIVATE',
				'T_PROTECTED',
			].includes( name )
		) {
			break;
		}
	}
	return isPublic;
}

/**
 * Aligns what the renames moved (`=`, `=>`, `@param` columns) with the project's own phpcbf and standards, on the
 * PHP files the plan changed, when Composer's tools are installed (vendor/bin/phpcbf).
 */
export function realign( root: string, files: string[] ): void {
	const phpcbf = path.join( root, 'vendor', 'bin', 'phpcbf' );
	if ( ! fs.existsSync( phpcbf ) ) {
		return;
	}
	const sniffs = [
		'Generic.Formatting.MultipleStatementAlignment',
		'WordPress.Arrays.MultipleStatementAlignment',
		'Squiz.Commenting.FunctionComment',
	].join( ',' );
	for ( const [ standard, prefix ] of [
		[ 'sdk/phpcs.xml.dist', 'sdk/' ],
		[ 'phpcs.xml.dist', '' ],
	] ) {
		const chosen = files.filter(
			( file ) =>
				isPhp( file ) &&
				file.startsWith( prefix ) &&
				( prefix !== '' || ! file.startsWith( 'sdk/' ) )
		);
		if (
			chosen.length === 0 ||
			! fs.existsSync( path.join( root, standard ) )
		) {
			continue;
		}
		// phpcbf exits 1 when it fixed something, 2 when something is left; either way the files are written.
		spawnSync(
			phpcbf,
			[
				`--standard=${ standard }`,
				`--sniffs=${ sniffs }`,
				'-q',
				...chosen,
			],
			{ cwd: root, encoding: 'utf8' }
		);
	}
}

/** Writes a plan: edits in place, then `git mv` (or a plain move outside git). */
export function apply( root: string, result: Plan ): void {
	for ( const [ file, text ] of result.edits ) {
		fs.writeFileSync( path.join( root, file ), text );
	}
	const isGit = fs.existsSync( path.join( root, '.git' ) );
	for ( const [ from, to ] of [ ...result.moves ].sort( ( a, b ) =>
		a[ 0 ].localeCompare( b[ 0 ] )
	) ) {
		fs.mkdirSync( path.dirname( path.join( root, to ) ), {
			recursive: true,
		} );
		const tracked =
			isGit &&
			spawnSync( 'git', [ 'ls-files', '--error-unmatch', from ], {
				cwd: root,
			} ).status === 0;
		if ( tracked ) {
			const moved = spawnSync( 'git', [ 'mv', from, to ], {
				cwd: root,
				encoding: 'utf8',
			} );
			if ( moved.status !== 0 ) {
				throw new Error(
					`git mv ${ from } ${ to }: ${ moved.stderr }`
				);
			}
		} else {
			fs.renameSync( path.join( root, from ), path.join( root, to ) );
		}
		// Remove folders left empty.
		let dir = path.dirname( path.join( root, from ) );
		while (
			dir.startsWith( root ) &&
			dir !== root &&
			fs.existsSync( dir ) &&
			fs.readdirSync( dir ).length === 0
		) {
			fs.rmdirSync( dir );
			dir = path.dirname( dir );
		}
	}
}

if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === path.resolve( import.meta.filename )
) {
	const started = Date.now();
	const root = path.resolve( import.meta.dirname, '..', '..' );
	const result = plan( root );
	if ( result.errors.length > 0 ) {
		console.error( result.errors.join( '\n' ) );
		console.error(
			`\n${ result.errors.length } clash(es); nothing was written.`
		);
		process.exit( 1 );
	}
	if ( ! process.argv.includes( '--dry-run' ) ) {
		apply( root, result );
		realign(
			root,
			[ ...result.edits.keys() ].map(
				( file ) => result.moves.get( file ) ?? file
			)
		);
	}
	console.log(
		`naming: ${ result.renamedIdentifiers } identifier(s) renamed in ${ result.edits.size } file(s), ${ result.moves.size } file(s) moved, in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s${ process.argv.includes( '--dry-run' ) ? ' (dry run: nothing written)' : '' }.`
	);
}
