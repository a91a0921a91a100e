/**
 * Gettext catalogues: a .po/.pot writer and reader and a .mo writer, enough for the client SDK's template and a
 * test locale. No gettext tools are needed (WP-CLI's i18n command is not installable here).
 *
 * Formats: https://www.gnu.org/software/gettext/manual/html_node/PO-Files.html and
 * https://www.gnu.org/software/gettext/manual/html_node/MO-Files.html
 */
import fs from 'node:fs';
import path from 'node:path';

/** One message: its id, optional context and plural, the translation(s), and what a translator is told. */
export interface Message {
	msgid: string;
	msgctxt?: string;
	msgidPlural?: string;
	/** One translation, or one per plural form ('' or [] in a template). */
	msgstr: string[];
	/** Extracted comments (`#.`), such as `translators: %s: product name.` */
	comments: string[];
	/** Source references (`#:`), `file:line`. */
	references: string[];
	/** Flags (`#,`), such as `php-format`. */
	flags: string[];
}

/** The key gettext looks a message up by: context, EOT, id. */
export const keyOf = ( message: Pick< Message, 'msgctxt' | 'msgid' > ) =>
	message.msgctxt === undefined
		? message.msgid
		: `${ message.msgctxt }\u0004${ message.msgid }`;

/** A PO string: quoted, escaped, split after each \n so long texts stay readable. */
function quote( text: string ): string {
	const escaped = ( part: string ) =>
		'"' +
		part
			.replace( /\\/g, '\\\\' )
			.replace( /"/g, '\\"' )
			.replace( /\t/g, '\\t' )
			.replace( /\r/g, '\\r' )
			.replace( /\n/g, '\\n' ) +
		'"';
	const lines = text.split( /(?<=\n)/ ).filter( ( line ) => line !== '' );
	if ( lines.length <= 1 ) {
		return escaped( text );
	}
	return [ '""', ...lines.map( escaped ) ].join( '\n' );
}

/**
 * A PO or POT file: the header entry (msgid "") with `headers` in the given order, then the messages in the given
 * order.
 *
 * @param headers  Header fields, e.g. { 'Content-Type': 'text/plain; charset=UTF-8' }.
 * @param messages The messages.
 * @param preamble Comment lines before the header (without the leading '# ').
 */
export function writePo(
	headers: Record< string, string >,
	messages: Message[],
	preamble: string[] = []
): string {
	const out: string[] = preamble.map( ( line ) => `# ${ line }`.trimEnd() );
	out.push( 'msgid ""', 'msgstr ""' );
	for ( const [ name, value ] of Object.entries( headers ) ) {
		out.push( quote( `${ name }: ${ value }\n` ) );
	}
	for ( const message of messages ) {
		out.push( '' );
		for ( const comment of message.comments ) {
			out.push( `#. ${ comment }`.trimEnd() );
		}
		for ( const reference of message.references ) {
			out.push( `#: ${ reference }` );
		}
		if ( message.flags.length > 0 ) {
			out.push( `#, ${ message.flags.join( ', ' ) }` );
		}
		if ( message.msgctxt !== undefined ) {
			out.push( `msgctxt ${ quote( message.msgctxt ) }` );
		}
		out.push( `msgid ${ quote( message.msgid ) }` );
		if ( message.msgidPlural !== undefined ) {
			out.push( `msgid_plural ${ quote( message.msgidPlural ) }` );
			const forms =
				message.msgstr.length > 0 ? message.msgstr : [ '', '' ];
			forms.forEach( ( form, index ) =>
				out.push( `msgstr[${ index }] ${ quote( form ) }` )
			);
		} else {
			out.push( `msgstr ${ quote( message.msgstr[ 0 ] ?? '' ) }` );
		}
	}
	return out.join( '\n' ) + '\n';
}

/** The value of a PO string literal ("..."), unescaped. */
function unquote( literal: string, where: string ): string {
	const match = /^"((?:[^"\\]|\\.)*)"$/.exec( literal.trim() );
	if ( ! match ) {
		throw new Error( `${ where }: not a PO string: ${ literal }` );
	}
	return match[ 1 ].replace( /\\(.)/g, ( _, char: string ) => {
		const map: Record< string, string > = {
			n: '\n',
			t: '\t',
			r: '\r',
			'"': '"',
			'\\': '\\',
		};
		if ( ! ( char in map ) ) {
			throw new Error( `${ where }: unknown escape \\${ char }` );
		}
		return map[ char ];
	} );
}

/**
 * Reads a PO or POT file: its header fields and its messages (the header entry left out). Obsolete entries
 * (`#~`) are skipped.
 *
 * @param text The file's text.
 * @param name The file's name, for errors.
 */
export function readPo(
	text: string,
	name = 'po'
): { headers: Record< string, string >; messages: Message[] } {
	const entries: Message[] = [];
	let current: Message | null = null;
	let field: { key: string; index: number } | null = null;
	const fresh = (): Message => ( {
		msgid: '',
		msgstr: [],
		comments: [],
		references: [],
		flags: [],
	} );
	const append = ( value: string ) => {
		if ( ! current || ! field ) {
			throw new Error( `${ name }: a string outside an entry` );
		}
		if ( field.key === 'msgid' ) {
			current.msgid += value;
		} else if ( field.key === 'msgctxt' ) {
			current.msgctxt = ( current.msgctxt ?? '' ) + value;
		} else if ( field.key === 'msgid_plural' ) {
			current.msgidPlural = ( current.msgidPlural ?? '' ) + value;
		} else {
			current.msgstr[ field.index ] =
				( current.msgstr[ field.index ] ?? '' ) + value;
		}
	};
	let seenMsgstr = false;
	const lines = text.split( /\r?\n/ );
	lines.forEach( ( raw, number ) => {
		const where = `${ name }:${ number + 1 }`;
		const line = raw.trim();
		if ( line === '' || line.startsWith( '#~' ) ) {
			return;
		}
		const startsEntry =
			line.startsWith( '#' ) ||
			line.startsWith( 'msgctxt ' ) ||
			line.startsWith( 'msgid ' );
		if ( startsEntry && ( current === null || seenMsgstr ) ) {
			if ( current ) {
				entries.push( current );
			}
			current = fresh();
			field = null;
			seenMsgstr = false;
		}
		if ( line.startsWith( '#' ) ) {
			const body = line.slice( 2 ).trim();
			if ( line.startsWith( '#.' ) ) {
				current!.comments.push( body );
			} else if ( line.startsWith( '#:' ) ) {
				current!.references.push( ...body.split( /\s+/ ) );
			} else if ( line.startsWith( '#,' ) ) {
				current!.flags.push(
					...body.split( ',' ).map( ( flag ) => flag.trim() )
				);
			}
			return;
		}
		const keyword =
			/^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$/.exec(
				line
			);
		if ( keyword ) {
			const key = keyword[ 1 ].startsWith( 'msgstr' )
				? 'msgstr'
				: keyword[ 1 ];
			field = { key, index: Number( keyword[ 2 ] ?? 0 ) };
			seenMsgstr ||= key === 'msgstr';
			if ( key === 'msgctxt' ) {
				current!.msgctxt = '';
			}
			append( unquote( keyword[ 3 ], where ) );
			return;
		}
		if ( line.startsWith( '"' ) ) {
			append( unquote( line, where ) );
			return;
		}
		throw new Error( `${ where }: cannot read: ${ line }` );
	} );
	if ( current ) {
		entries.push( current );
	}
	const header = entries.find(
		( entry ) => entry.msgid === '' && entry.msgctxt === undefined
	);
	const headers: Record< string, string > = {};
	for ( const line of ( header?.msgstr[ 0 ] ?? '' ).split( '\n' ) ) {
		const colon = line.indexOf( ':' );
		if ( colon > 0 ) {
			headers[ line.slice( 0, colon ).trim() ] = line
				.slice( colon + 1 )
				.trim();
		}
	}
	return {
		headers,
		messages: entries.filter( ( entry ) => entry !== header ),
	};
}

/**
 * A .mo file (little-endian, revision 0, no hash table) for these header fields and messages. Untranslated
 * messages (an empty msgstr) are left out, as msgfmt leaves them out.
 *
 * @param headers  Header fields (Content-Type, Plural-Forms, Language …).
 * @param messages The messages with their translations.
 */
export function writeMo(
	headers: Record< string, string >,
	messages: Message[]
): Buffer {
	const headerText = Object.entries( headers )
		.map( ( [ name, value ] ) => `${ name }: ${ value }\n` )
		.join( '' );
	const pairs: Array< [ string, string ] > = [ [ '', headerText ] ];
	for ( const message of messages ) {
		if ( message.msgstr.every( ( form ) => form === '' ) ) {
			continue;
		}
		const original =
			message.msgidPlural === undefined
				? keyOf( message )
				: `${ keyOf( message ) }\u0000${ message.msgidPlural }`;
		pairs.push( [ original, message.msgstr.join( '\u0000' ) ] );
	}
	// The originals must be sorted (byte order of their UTF-8) for gettext's binary search.
	pairs.sort( ( a, b ) =>
		Buffer.compare( Buffer.from( a[ 0 ] ), Buffer.from( b[ 0 ] ) )
	);
	const count = pairs.length;
	const originalsAt = 28;
	const translationsAt = originalsAt + count * 8;
	let dataAt = translationsAt + count * 8;
	const table = Buffer.alloc( dataAt );
	table.writeUInt32LE( 0x950412de, 0 );
	table.writeUInt32LE( 0, 4 );
	table.writeUInt32LE( count, 8 );
	table.writeUInt32LE( originalsAt, 12 );
	table.writeUInt32LE( translationsAt, 16 );
	table.writeUInt32LE( 0, 20 ); // Hash table size.
	table.writeUInt32LE( dataAt, 24 ); // Hash table offset (none).
	const data: Buffer[] = [];
	const place = ( text: string, slot: number ) => {
		const bytes = Buffer.from( text, 'utf8' );
		table.writeUInt32LE( bytes.length, slot );
		table.writeUInt32LE( dataAt, slot + 4 );
		data.push( bytes, Buffer.alloc( 1 ) );
		dataAt += bytes.length + 1;
	};
	pairs.forEach( ( [ original ], index ) =>
		place( original, originalsAt + index * 8 )
	);
	pairs.forEach( ( [ , translation ], index ) =>
		place( translation, translationsAt + index * 8 )
	);
	return Buffer.concat( [ table, ...data ] );
}

/** A .po file's text compiled to .mo bytes. */
export function compilePo( text: string, name = 'po' ): Buffer {
	const { headers, messages } = readPo( text, name );
	return writeMo( headers, messages );
}

/**
 * Writes a translation template to `file` only when its text differs (an unchanged source keeps its file as it is);
 * returns the number of strings, the header entry not counted.
 */
export function writeTemplateFile( file: string, pot: string ): number {
	const current = fs.existsSync( file )
		? fs.readFileSync( file, 'utf8' )
		: null;
	if ( current !== pot ) {
		fs.mkdirSync( path.dirname( file ), { recursive: true } );
		fs.writeFileSync( file, pot );
	}
	return ( pot.match( /^msgid "/gm ) ?? [] ).length - 1;
}
