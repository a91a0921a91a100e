/**
 * Finds @wordpress/i18n's translation calls (__, _x, _n, _nx) in TypeScript and JavaScript source with their text
 * domain and `translators:` comments, as WP-CLI's `wp i18n make-pot` does for JavaScript, using the TypeScript
 * compiler's parser (no type checking). Also a block.json's translatable fields (title, description, keywords), as
 * make-pot reads them.
 *
 * A call counts when its function is imported from '@wordpress/i18n' (under its own name or another) or read off a
 * namespace import of it (`i18n.__()`), or is `wp.i18n.__()`. A call whose text or domain is not a literal string is
 * reported by the caller (domainProblems()), not guessed.
 */
import ts from 'typescript';
import type { Call } from './extract.ts';

/** Each function's arguments, in order, as in @wordpress/i18n. */
const FUNCTIONS: Record<
	string,
	Array< 'text' | 'plural' | 'number' | 'context' | 'domain' >
> = {
	__: [ 'text', 'domain' ],
	_x: [ 'text', 'context', 'domain' ],
	_n: [ 'text', 'plural', 'number', 'domain' ],
	_nx: [ 'text', 'plural', 'number', 'context', 'domain' ],
};

/** The flag a JavaScript text with printf placeholders gets (make-pot's). */
export const JS_FORMAT = 'javascript-format';

/** A literal string's value: a string, a template without substitutions, or literals joined with +; else null. */
function literal( node: ts.Expression | undefined ): string | null {
	if ( ! node ) {
		return null;
	}
	if ( ts.isParenthesizedExpression( node ) ) {
		return literal( node.expression );
	}
	if (
		ts.isStringLiteral( node ) ||
		ts.isNoSubstitutionTemplateLiteral( node )
	) {
		return node.text;
	}
	if (
		ts.isBinaryExpression( node ) &&
		node.operatorToken.kind === ts.SyntaxKind.PlusToken
	) {
		const left = literal( node.left );
		const right = literal( node.right );
		return left === null || right === null ? null : left + right;
	}
	return null;
}

/** Every comment in the file, with the line it ends on (0-based), found before each token. */
function commentsOf(
	source: ts.SourceFile
): Array< { text: string; endLine: number } > {
	const text = source.getFullText();
	const seen = new Map< number, { text: string; endLine: number } >();
	const visit = ( node: ts.Node ) => {
		if ( node.kind === ts.SyntaxKind.JsxText ) {
			return;
		}
		// Comments before a token: those on the previous token's line (TypeScript calls them trailing) and after.
		for ( const range of [
			...( ts.getTrailingCommentRanges( text, node.pos ) ?? [] ),
			...( ts.getLeadingCommentRanges( text, node.pos ) ?? [] ),
		] ) {
			if ( ! seen.has( range.pos ) ) {
				const raw = text.slice( range.pos, range.end );
				const body =
					range.kind === ts.SyntaxKind.SingleLineCommentTrivia
						? raw.slice( 2 )
						: raw
								.slice( 2, -2 )
								.split( '\n' )
								.map( ( part ) =>
									part.replace( /^\s*\*+\s?/, '' ).trim()
								)
								.filter( ( part ) => part !== '' )
								.join( ' ' );
				seen.set( range.pos, {
					text: body.trim(),
					endLine: source.getLineAndCharacterOfPosition( range.end )
						.line,
				} );
			}
		}
		for ( const child of node.getChildren( source ) ) {
			visit( child );
		}
	};
	visit( source );
	return [ ...seen.values() ];
}

/**
 * Every @wordpress/i18n translation call in one TypeScript or JavaScript file.
 *
 * @param code The file's text.
 * @param file Its name in references (relative path); its extension picks the parser (.tsx, .ts, .js, .jsx).
 */
export function findJsCalls( code: string, file: string ): Call[] {
	const kinds: Record< string, ts.ScriptKind > = {
		tsx: ts.ScriptKind.TSX,
		ts: ts.ScriptKind.TS,
		jsx: ts.ScriptKind.JSX,
	};
	const kind = kinds[ file.split( '.' ).pop() ?? '' ] ?? ts.ScriptKind.JS;
	const source = ts.createSourceFile(
		file,
		code,
		ts.ScriptTarget.Latest,
		true,
		kind
	);
	// Local names of the functions imported from @wordpress/i18n, and its namespace imports.
	const named = new Map< string, string >();
	const namespaces = new Set< string >();
	for ( const statement of source.statements ) {
		if (
			! ts.isImportDeclaration( statement ) ||
			! ts.isStringLiteral( statement.moduleSpecifier ) ||
			statement.moduleSpecifier.text !== '@wordpress/i18n'
		) {
			continue;
		}
		const bindings = statement.importClause?.namedBindings;
		if ( bindings && ts.isNamespaceImport( bindings ) ) {
			namespaces.add( bindings.name.text );
		} else if ( bindings ) {
			for ( const element of bindings.elements ) {
				const imported = ( element.propertyName ?? element.name ).text;
				if ( imported in FUNCTIONS ) {
					named.set( element.name.text, imported );
				}
			}
		}
	}
	const calleeName = ( callee: ts.Expression ): string | null => {
		if ( ts.isIdentifier( callee ) ) {
			return named.get( callee.text ) ?? null;
		}
		if (
			ts.isPropertyAccessExpression( callee ) &&
			callee.name.text in FUNCTIONS
		) {
			const owner = callee.expression;
			if ( ts.isIdentifier( owner ) && namespaces.has( owner.text ) ) {
				return callee.name.text;
			}
			if (
				ts.isPropertyAccessExpression( owner ) &&
				owner.name.text === 'i18n' &&
				ts.isIdentifier( owner.expression ) &&
				owner.expression.text === 'wp'
			) {
				return callee.name.text;
			}
		}
		return null;
	};
	const comments = commentsOf( source );
	const calls: Call[] = [];
	const visit = ( node: ts.Node ) => {
		if ( ts.isCallExpression( node ) ) {
			const fn = calleeName( node.expression );
			if ( fn ) {
				const roles = FUNCTIONS[ fn ];
				const line = source.getLineAndCharacterOfPosition(
					node.getStart( source )
				).line;
				const arg = ( role: ( typeof roles )[ number ] ) =>
					literal( node.arguments[ roles.indexOf( role ) ] );
				const call: Call = {
					fn,
					file,
					line: line + 1,
					text: arg( 'text' ),
					domain: arg( 'domain' ),
					flag: JS_FORMAT,
				};
				if ( roles.includes( 'plural' ) ) {
					call.plural = arg( 'plural' );
				}
				if ( roles.includes( 'context' ) ) {
					call.context = arg( 'context' );
				}
				const comment = comments
					.filter(
						( c ) =>
							( c.endLine === line || c.endLine === line - 1 ) &&
							/^translators:/i.test( c.text )
					)
					.pop();
				if ( comment ) {
					call.translators = comment.text;
				}
				calls.push( call );
			}
		}
		ts.forEachChild( node, visit );
	};
	visit( source );
	return calls;
}

/**
 * A block.json's translatable fields as calls (title, description, each keyword, with make-pot's contexts), in the
 * block's own text domain (its `textdomain` field; null when it has none).
 *
 * @param json The file's text.
 * @param file Its name in references.
 */
export function findBlockJsonCalls( json: string, file: string ): Call[] {
	const metadata = JSON.parse( json ) as {
		textdomain?: unknown;
		title?: unknown;
		description?: unknown;
		keywords?: unknown;
	};
	const domain =
		typeof metadata.textdomain === 'string' ? metadata.textdomain : null;
	const lines = json.split( '\n' );
	const lineOf = ( field: string ) =>
		1 + lines.findIndex( ( line ) => line.includes( `"${ field }"` ) );
	const calls: Call[] = [];
	const add = ( field: string, context: string, value: unknown ) => {
		calls.push( {
			fn: `block.json ${ field }`,
			file,
			line: lineOf( field ),
			text: typeof value === 'string' ? value : null,
			context,
			domain,
		} );
	};
	if ( metadata.title !== undefined ) {
		add( 'title', 'block title', metadata.title );
	}
	if ( metadata.description !== undefined ) {
		add( 'description', 'block description', metadata.description );
	}
	if ( Array.isArray( metadata.keywords ) ) {
		for ( const keyword of metadata.keywords ) {
			add( 'keywords', 'block keyword', keyword );
		}
	}
	return calls;
}
