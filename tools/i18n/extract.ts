/**
 * Finds WordPress' translation calls in PHP source (__(), _e(), _x(), _n(), esc_html__() …) with their text
 * domain and `translators:` comments, as WP-CLI's `wp i18n make-pot` does for PHP, and turns them into a POT.
 *
 * A small lexer, not a PHP parser: it knows comments, strings, names and brackets, which is all a translation
 * call's arguments need. A call whose text or domain is not a literal string is reported, not guessed.
 */
import { keyOf, writePo, type Message } from './catalogue.ts';

/** Each function's arguments, in order: which one is the text, the plural, the context, the domain. */
const FUNCTIONS: Record< string, Array< Role > > = {
	__: [ 'text', 'domain' ],
	_e: [ 'text', 'domain' ],
	esc_html__: [ 'text', 'domain' ],
	esc_html_e: [ 'text', 'domain' ],
	esc_attr__: [ 'text', 'domain' ],
	esc_attr_e: [ 'text', 'domain' ],
	_x: [ 'text', 'context', 'domain' ],
	_ex: [ 'text', 'context', 'domain' ],
	esc_html_x: [ 'text', 'context', 'domain' ],
	esc_attr_x: [ 'text', 'context', 'domain' ],
	_n: [ 'text', 'plural', 'number', 'domain' ],
	_nx: [ 'text', 'plural', 'number', 'context', 'domain' ],
	_n_noop: [ 'text', 'plural', 'domain' ],
	_nx_noop: [ 'text', 'plural', 'context', 'domain' ],
};

type Role = 'text' | 'plural' | 'number' | 'context' | 'domain';

/** One translation call as written. */
export interface Call {
	fn: string;
	file: string;
	line: number;
	/** The literal value of each role's argument; null when it is not a literal string (or is missing). */
	text: string | null;
	plural?: string | null;
	context?: string | null;
	domain: string | null;
	/** The `translators:` comment that ends on the call's line or the line before, if any. */
	translators?: string;
	/** The flag a text with printf placeholders gets: php-format (the default) or javascript-format. */
	flag?: string;
}

interface Token {
	kind: 'comment' | 'string' | 'name' | 'punct' | 'other';
	/** A string's value (null when it interpolates variables), a comment's text, or the source text. */
	value: string | null;
	line: number;
	endLine: number;
}

/** PHP's escapes in a double-quoted string; null when it interpolates a variable. */
function doubleQuoted( body: string ): string | null {
	if ( /(^|[^\\])(\\\\)*\$[A-Za-z_{]/.test( body ) || /\{\$/.test( body ) ) {
		return null;
	}
	return body.replace(
		/\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g,
		( whole, esc: string ) => {
			const simple: Record< string, string > = {
				n: '\n',
				t: '\t',
				r: '\r',
				v: '\v',
				e: '\x1b',
				f: '\f',
				'\\': '\\',
				$: '$',
				'"': '"',
			};
			if ( esc in simple ) {
				return simple[ esc ];
			}
			if ( esc.startsWith( 'u{' ) ) {
				return String.fromCodePoint(
					parseInt( esc.slice( 2, -1 ), 16 )
				);
			}
			if ( esc.startsWith( 'x' ) ) {
				return String.fromCharCode( parseInt( esc.slice( 1 ), 16 ) );
			}
			if ( /^[0-7]+$/.test( esc ) ) {
				return String.fromCharCode( parseInt( esc, 8 ) );
			}
			return whole;
		}
	);
}

/** The tokens of a PHP file's code (what lies outside <?php … ?> is skipped). */
function tokenize( source: string ): Token[] {
	const tokens: Token[] = [];
	let i = source.indexOf( '<?php' );
	if ( i < 0 ) {
		return tokens;
	}
	i += 5;
	let line = 1 + ( source.slice( 0, i ).match( /\n/g ) ?? [] ).length;
	const advance = ( to: number ) => {
		line += ( source.slice( i, to ).match( /\n/g ) ?? [] ).length;
		i = to;
	};
	while ( i < source.length ) {
		const char = source[ i ];
		const start = line;
		if ( /\s/.test( char ) ) {
			advance( i + 1 );
		} else if ( source.startsWith( '?>', i ) ) {
			const open = source.indexOf( '<?php', i );
			advance( open < 0 ? source.length : open + 5 );
		} else if (
			source.startsWith( '//', i ) ||
			( char === '#' && source[ i + 1 ] !== '[' )
		) {
			let end = source.indexOf( '\n', i );
			end = end < 0 ? source.length : end;
			const text = source.slice( i + ( char === '#' ? 1 : 2 ), end );
			advance( end );
			tokens.push( {
				kind: 'comment',
				value: text.trim(),
				line: start,
				endLine: start,
			} );
		} else if ( source.startsWith( '/*', i ) ) {
			let end = source.indexOf( '*/', i + 2 );
			end = end < 0 ? source.length : end + 2;
			const text = source
				.slice( i + 2, end - 2 )
				.split( '\n' )
				.map( ( part ) => part.replace( /^\s*\*+\s?/, '' ).trim() )
				.filter( ( part ) => part !== '' )
				.join( ' ' );
			advance( end );
			tokens.push( {
				kind: 'comment',
				value: text,
				line: start,
				endLine: line,
			} );
		} else if ( char === "'" || char === '"' ) {
			let end = i + 1;
			while ( end < source.length && source[ end ] !== char ) {
				end += source[ end ] === '\\' ? 2 : 1;
			}
			const body = source.slice( i + 1, end );
			advance( Math.min( end + 1, source.length ) );
			tokens.push( {
				kind: 'string',
				value:
					char === "'"
						? body.replace( /\\([\\'])/g, '$1' )
						: doubleQuoted( body ),
				line: start,
				endLine: line,
			} );
		} else if ( source.startsWith( '<<<', i ) ) {
			// Heredoc or nowdoc: skipped whole, never a translation call's literal here.
			const label = /^<<<[ \t]*(['"]?)([A-Za-z_]\w*)\1/.exec(
				source.slice( i )
			);
			const close = label
				? new RegExp( `\\n[ \\t]*${ label[ 2 ] }\\b`, 'g' )
				: null;
			let end = source.length;
			if ( close ) {
				close.lastIndex = i;
				const found = close.exec( source );
				end = found ? found.index + found[ 0 ].length : end;
			}
			advance( end );
			tokens.push( {
				kind: 'other',
				value: null,
				line: start,
				endLine: line,
			} );
		} else if ( /[A-Za-z_\\\x80-\uffff]/.test( char ) ) {
			const name = /^[A-Za-z_\\\x80-\uffff][\w\\\x80-\uffff]*/.exec(
				source.slice( i )
			)![ 0 ];
			advance( i + name.length );
			tokens.push( {
				kind: 'name',
				value: name,
				line: start,
				endLine: start,
			} );
		} else if (
			source.startsWith( '->', i ) ||
			source.startsWith( '::', i )
		) {
			advance( i + 2 );
			tokens.push( {
				kind: 'punct',
				value: source.slice( i - 2, i ),
				line: start,
				endLine: start,
			} );
		} else {
			advance( i + 1 );
			tokens.push( {
				kind: 'punct',
				value: char,
				line: start,
				endLine: start,
			} );
		}
	}
	return tokens;
}

/**
 * Every translation call in one PHP file.
 *
 * @param source The file's text.
 * @param file   Its name in references (relative path).
 */
export function findCalls( source: string, file: string ): Call[] {
	const all = tokenize( source );
	const calls: Call[] = [];
	const code = all.filter( ( token ) => token.kind !== 'comment' );
	const comments = all.filter( ( token ) => token.kind === 'comment' );
	for ( let t = 0; t < code.length; t++ ) {
		const token = code[ t ];
		const fn =
			token.kind === 'name' ? token.value!.replace( /^\\/, '' ) : '';
		if ( ! ( fn in FUNCTIONS ) || code[ t + 1 ]?.value !== '(' ) {
			continue;
		}
		const before = code[ t - 1 ];
		if (
			before &&
			( before.value === '->' ||
				before.value === '::' ||
				before.value === '$' ||
				( before.kind === 'name' &&
					/^function$/i.test( before.value! ) ) )
		) {
			continue;
		}
		// The arguments: split at commas outside brackets; an argument is a literal when it is one string or
		// strings joined with '.'.
		const args: Array< string | null > = [];
		let depth = 0;
		let parts: Token[] = [];
		const close = () => {
			const literal =
				parts.length > 0 &&
				parts.every( ( part, index ) =>
					index % 2 === 0
						? part.kind === 'string' && part.value !== null
						: part.value === '.'
				) &&
				parts.length % 2 === 1;
			args.push(
				literal
					? parts
							.filter( ( part ) => part.kind === 'string' )
							.map( ( part ) => part.value )
							.join( '' )
					: null
			);
			parts = [];
		};
		let u = t + 2;
		for ( ; u < code.length; u++ ) {
			const part = code[ u ];
			if ( part.kind === 'punct' && '([{'.includes( part.value! ) ) {
				depth++;
			} else if (
				part.kind === 'punct' &&
				')]}'.includes( part.value! )
			) {
				if ( depth === 0 ) {
					break;
				}
				depth--;
			} else if ( depth === 0 && part.value === ',' ) {
				close();
				continue;
			}
			parts.push( part );
		}
		if ( parts.length > 0 ) {
			close();
		}
		const roles = FUNCTIONS[ fn ];
		const arg = ( role: Role ) => {
			const index = roles.indexOf( role );
			return index < 0 ? undefined : ( args[ index ] ?? null );
		};
		const comment = comments
			.filter(
				( c ) =>
					( c.endLine === token.line ||
						c.endLine === token.line - 1 ) &&
					/^translators:/i.test( c.value! )
			)
			.pop();
		const call: Call = {
			fn,
			file,
			line: token.line,
			text: arg( 'text' ) ?? null,
			domain: arg( 'domain' ) ?? null,
		};
		if ( roles.includes( 'plural' ) ) {
			call.plural = arg( 'plural' ) ?? null;
		}
		if ( roles.includes( 'context' ) ) {
			call.context = arg( 'context' ) ?? null;
		}
		if ( comment ) {
			call.translators = comment.value!;
		}
		calls.push( call );
		t = u;
	}
	return calls;
}

/** Whether a text holds printf placeholders (%s, %1$d, %%), which makes it php-format. */
const PRINTF = /%(?:\d+\$)?[-+ 0]?(?:'.)?-?\d*(?:\.\d+)?[bcdeEfFgGosuxX]/;

/**
 * The template's messages for the calls of one text domain, merged by context and text in the order first seen:
 * references and translator comments gathered, php-format (or the call's flag) set where the text has placeholders.
 *
 * @param calls  Calls from findCalls().
 * @param domain The text domain to keep.
 */
export function messagesOf( calls: Call[], domain: string ): Message[] {
	const byKey = new Map< string, Message >();
	for ( const call of calls ) {
		if ( call.domain !== domain || call.text === null ) {
			continue;
		}
		const draft = {
			msgid: call.text,
			...( call.context !== undefined && call.context !== null
				? { msgctxt: call.context }
				: {} ),
		};
		const key = keyOf( draft );
		let message = byKey.get( key );
		if ( ! message ) {
			message = {
				...draft,
				msgstr: [],
				comments: [],
				references: [],
				flags: [],
			};
			byKey.set( key, message );
		}
		if ( call.plural !== undefined && call.plural !== null ) {
			message.msgidPlural = call.plural;
		}
		const reference = `${ call.file }:${ call.line }`;
		if ( ! message.references.includes( reference ) ) {
			message.references.push( reference );
		}
		if (
			call.translators &&
			! message.comments.includes( call.translators )
		) {
			message.comments.push( call.translators );
		}
		const flag = call.flag ?? 'php-format';
		if (
			! message.flags.includes( flag ) &&
			( PRINTF.test( message.msgid ) ||
				PRINTF.test( message.msgidPlural ?? '' ) )
		) {
			message.flags.push( flag );
		}
	}
	return [ ...byKey.values() ];
}

/**
 * Problems with a set of calls for one domain: a call with another domain or none, or whose text is not a
 * literal string. Each as `file:line: what`.
 *
 * @param calls  Calls from findCalls().
 * @param domain The only domain allowed.
 */
export function domainProblems( calls: Call[], domain: string ): string[] {
	const problems: string[] = [];
	for ( const call of calls ) {
		const where = `${ call.file }:${ call.line }: ${ call.fn }()`;
		if ( call.domain !== domain ) {
			problems.push(
				`${ where } uses the text domain ${
					call.domain === null
						? '(none or not a literal)'
						: `'${ call.domain }'`
				}, not '${ domain }'`
			);
		}
		if (
			call.text === null ||
			call.plural === null ||
			call.context === null
		) {
			problems.push( `${ where }: its text is not a literal string` );
		}
	}
	return problems;
}

/**
 * A POT for these messages.
 *
 * @param project  Project-Id-Version, e.g. 'Licence Service client SDK 0.1.0'.
 * @param domain   The text domain (X-Domain).
 * @param messages The messages.
 */
export function writePot(
	project: string,
	domain: string,
	messages: Message[]
): string {
	return writePo(
		{
			'Project-Id-Version': project,
			'Report-Msgid-Bugs-To': '',
			'PO-Revision-Date': 'YEAR-MO-DA HO:MI+ZONE',
			'Last-Translator': 'FULL NAME <EMAIL@ADDRESS>',
			'Language-Team': 'LANGUAGE <LL@li.org>',
			'MIME-Version': '1.0',
			'Content-Type': 'text/plain; charset=UTF-8',
			'Content-Transfer-Encoding': '8bit',
			'X-Domain': domain,
		},
		messages,
		[
			`Translation template of ${ project }.`,
			'This file is distributed under the GPL-2.0-or-later.',
		]
	);
}
