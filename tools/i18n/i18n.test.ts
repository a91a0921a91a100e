import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { compilePo, readPo, writeMo } from './catalogue.ts';
import { domainProblems, findCalls, messagesOf, writePot } from './extract.ts';
import { SDK_DOMAIN, sdkCalls, sdkPhpFiles, sdkPot } from './sdk-pot.ts';

const SAMPLE = `<?php
/**
 * A sample: every kind of call, comments, strings that are not translations.
 */
echo esc_html__( 'Licence key', 'svc-licensing-client' );
/* translators: %s: product name. */
$title = sprintf( __( '%s licence', 'svc-licensing-client' ), $name );
// translators: 1: sites used, 2: sites allowed.
printf( _n( '%1$d site of %2$d', '%1$d sites of %2$d', $used, 'svc-licensing-client' ), $used, $allowed );
_e( "Say \\"hi\\"\\n", 'svc-licensing-client' );
echo esc_attr_x( 'Check', 'verb: check the licence now', 'svc-licensing-client' );
echo esc_html_e( 'It' . "'s " . 'joined', 'svc-licensing-client' );
$s = 'not __( a call )'; // __( 'in a comment', 'svc-licensing-client' )
$obj->__( 'a method', 'svc-licensing-client' );
$other = __( 'Another domain', 'other-plugin' );
$none  = __( 'No domain' );
$dyn   = __( $text, 'svc-licensing-client' );
$var   = __( "Hello $name", 'svc-licensing-client' );
echo __( 'Licence key', 'svc-licensing-client' );
?>
<p><?php esc_html_e( 'In a template', 'svc-licensing-client' ); ?></p>
`;

test( 'the extractor finds each call with its text, context, plural, domain, line and translators comment', () => {
	const calls = findCalls( SAMPLE, 'sample.php' );
	assert.deepEqual(
		calls.map( ( call ) => [ call.fn, call.line, call.text, call.domain ] ),
		[
			[ 'esc_html__', 5, 'Licence key', SDK_DOMAIN ],
			[ '__', 7, '%s licence', SDK_DOMAIN ],
			[ '_n', 9, '%1$d site of %2$d', SDK_DOMAIN ],
			[ '_e', 10, 'Say "hi"\n', SDK_DOMAIN ],
			[ 'esc_attr_x', 11, 'Check', SDK_DOMAIN ],
			[ 'esc_html_e', 12, "It's joined", SDK_DOMAIN ],
			[ '__', 15, 'Another domain', 'other-plugin' ],
			[ '__', 16, 'No domain', null ],
			[ '__', 17, null, SDK_DOMAIN ],
			[ '__', 18, null, SDK_DOMAIN ],
			[ '__', 19, 'Licence key', SDK_DOMAIN ],
			[ 'esc_html_e', 21, 'In a template', SDK_DOMAIN ],
		]
	);
	assert.equal( calls[ 1 ].translators, 'translators: %s: product name.' );
	assert.equal(
		calls[ 2 ].translators,
		'translators: 1: sites used, 2: sites allowed.'
	);
	assert.equal( calls[ 2 ].plural, '%1$d sites of %2$d' );
	assert.equal( calls[ 4 ].context, 'verb: check the licence now' );
	assert.equal( calls[ 0 ].translators, undefined );
	assert.deepEqual( domainProblems( calls, SDK_DOMAIN ), [
		"sample.php:15: __() uses the text domain 'other-plugin', not 'svc-licensing-client'",
		"sample.php:16: __() uses the text domain (none or not a literal), not 'svc-licensing-client'",
		'sample.php:17: __(): its text is not a literal string',
		'sample.php:18: __(): its text is not a literal string',
	] );
} );

test( 'the template merges repeats, keeps comments, references and php-format, and is a valid POT', () => {
	const messages = messagesOf(
		findCalls( SAMPLE, 'sample.php' ),
		SDK_DOMAIN
	);
	assert.deepEqual(
		messages.map( ( message ) => message.msgid ),
		[
			'Licence key',
			'%s licence',
			'%1$d site of %2$d',
			'Say "hi"\n',
			'Check',
			"It's joined",
			'In a template',
		]
	);
	assert.deepEqual( messages[ 0 ].references, [
		'sample.php:5',
		'sample.php:19',
	] );
	const pot = writePot( 'Sample 1.0', SDK_DOMAIN, messages );
	assert.match(
		pot,
		/#\. translators: %s: product name\.\n#: sample\.php:7\n#, php-format\nmsgid "%s licence"\nmsgstr ""\n/
	);
	assert.match(
		pot,
		/msgid "%1\$d site of %2\$d"\nmsgid_plural "%1\$d sites of %2\$d"\nmsgstr\[0\] ""\nmsgstr\[1\] ""\n/
	);
	assert.match(
		pot,
		/msgctxt "verb: check the licence now"\nmsgid "Check"\nmsgstr ""\n/
	);
	assert.match( pot, /\nmsgid "Say \\"hi\\"\\n"\nmsgstr ""\n/ );
	assert.match( pot, /"Content-Type: text\/plain; charset=UTF-8\\n"/ );
	assert.match( pot, /"X-Domain: svc-licensing-client\\n"/ );
	assert.doesNotMatch(
		pot,
		/Another domain|No domain|a method|in a comment/
	);
	// Read back, it is the same catalogue.
	const read = readPo( pot, 'sample.pot' );
	assert.equal( read.headers[ 'X-Domain' ], SDK_DOMAIN );
	assert.deepEqual(
		read.messages.map( ( message ) => [
			message.msgctxt,
			message.msgid,
			message.msgidPlural,
			message.comments,
			message.references,
			message.flags,
		] ),
		messages.map( ( message ) => [
			message.msgctxt,
			message.msgid,
			message.msgidPlural,
			message.comments,
			message.references,
			message.flags,
		] )
	);
} );

test( 'every translation call in the SDK uses its text domain, and its POT lists every string once', () => {
	const calls = sdkCalls();
	assert.deepEqual( domainProblems( calls, SDK_DOMAIN ), [] );
	// Every file that calls a translation function was read: a plain search finds no call the extractor missed.
	const byFile = new Map< string, number >();
	for ( const call of calls ) {
		byFile.set( call.file, ( byFile.get( call.file ) ?? 0 ) + 1 );
	}
	for ( const file of sdkPhpFiles() ) {
		const source = fs.readFileSync( path.join( 'sdk', file ), 'utf8' );
		const plain = (
			source.match(
				/(?<![\w>$:])(?:__|_e|_x|_ex|_n|_nx|_n_noop|_nx_noop|esc_html__|esc_html_e|esc_attr__|esc_attr_e|esc_html_x|esc_attr_x)\s*\(/g
			) ?? []
		).length;
		assert.equal( byFile.get( file ) ?? 0, plain, file );
	}
	assert.ok( calls.length > 20, `${ calls.length } calls` );
	const pot = readPo( sdkPot(), 'sdk.pot' );
	assert.equal( pot.headers[ 'X-Domain' ], SDK_DOMAIN );
	const ids = pot.messages.map(
		( message ) => `${ message.msgctxt ?? '' }|${ message.msgid }`
	);
	assert.equal( new Set( ids ).size, ids.length );
	for ( const wanted of [ 'Licence key', 'Activate', '%s licence' ] ) {
		assert.ok( ids.includes( `|${ wanted }` ), wanted );
	}
	const license = pot.messages.find(
		( message ) => message.msgid === '%s licence'
	);
	assert.deepEqual( license?.comments, [ 'translators: %s: product name.' ] );
	assert.deepEqual( license?.flags, [ 'php-format' ] );
} );

/** A .mo file read back per the format: magic, counts, and each original and translation at its offset. */
function readMo( bytes: Buffer ): Map< string, string > {
	assert.equal( bytes.readUInt32LE( 0 ), 0x950412de );
	assert.equal( bytes.readUInt32LE( 4 ), 0 );
	const count = bytes.readUInt32LE( 8 );
	const originals = bytes.readUInt32LE( 12 );
	const translations = bytes.readUInt32LE( 16 );
	const at = ( table: number, index: number ) => {
		const length = bytes.readUInt32LE( table + index * 8 );
		const offset = bytes.readUInt32LE( table + index * 8 + 4 );
		assert.equal( bytes[ offset + length ], 0, 'NUL-terminated' );
		return bytes.subarray( offset, offset + length ).toString( 'utf8' );
	};
	const map = new Map< string, string >();
	let previous: Buffer | null = null;
	for ( let index = 0; index < count; index++ ) {
		const original = at( originals, index );
		const key = Buffer.from( original );
		if ( previous ) {
			assert.ok( Buffer.compare( previous, key ) < 0, 'sorted' );
		}
		previous = key;
		map.set( original, at( translations, index ) );
	}
	return map;
}

test( 'a .po compiles to a .mo that gettext reads: header, context, plurals, UTF-8, untranslated left out', () => {
	const po = `msgid ""
msgstr ""
"Language: de_DE\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#. translators: %s: product name.
#, php-format
msgid "%s licence"
msgstr "Lizenz für %s"

msgctxt "verb"
msgid "Check"
msgstr "Prüfen"

msgid "A licence from %s needs renewing"
msgid_plural "Licences from %s need renewing"
msgstr[0] "Eine Lizenz von %s muss erneuert werden"
msgstr[1] "Lizenzen von %s müssen erneuert werden"

msgid "Not yet"
msgstr ""

msgid ""
"Two\\n"
"lines"
msgstr ""
"Zwei\\n"
"Zeilen"
`;
	const mo = readMo( compilePo( po, 'de_DE.po' ) );
	assert.deepEqual(
		[ ...mo.keys() ],
		[
			'',
			'%s licence',
			'A licence from %s needs renewing\u0000Licences from %s need renewing',
			'Two\nlines',
			'verb\u0004Check',
		]
	);
	assert.equal(
		mo.get( '' ),
		'Language: de_DE\nContent-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n'
	);
	assert.equal( mo.get( '%s licence' ), 'Lizenz für %s' );
	assert.equal( mo.get( 'verb\u0004Check' ), 'Prüfen' );
	assert.equal(
		mo.get(
			'A licence from %s needs renewing\u0000Licences from %s need renewing'
		),
		'Eine Lizenz von %s muss erneuert werden\u0000Lizenzen von %s müssen erneuert werden'
	);
	assert.equal( mo.get( 'Two\nlines' ), 'Zwei\nZeilen' );
	assert.equal(
		readMo( writeMo( { Language: 'de_DE' }, [] ) ).size,
		1,
		'only the header'
	);
} );

test( 'the e2e German catalogue compiles and translates only strings the SDK has', () => {
	const file = path.join(
		'e2e',
		'client',
		'plugins',
		'acme-widgets',
		'languages',
		'svc-licensing-client-de_DE.po'
	);
	const { messages } = readPo( fs.readFileSync( file, 'utf8' ), file );
	const known = new Set(
		readPo( sdkPot(), 'sdk.pot' ).messages.map(
			( message ) => message.msgid
		)
	);
	assert.ok( messages.length > 3 );
	for ( const message of messages ) {
		assert.ok( known.has( message.msgid ), message.msgid );
	}
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-mo-' ) );
	try {
		const out = path.join( dir, 'de_DE.mo' );
		fs.writeFileSync( out, compilePo( fs.readFileSync( file, 'utf8' ) ) );
		assert.equal(
			readMo( fs.readFileSync( out ) ).get( 'Licence key' ),
			'Lizenzschlüssel'
		);
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
} );
