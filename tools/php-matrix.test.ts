import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { lintWith } from './php-matrix.ts';
import { parseClientPhp } from './stack/profiles.ts';

test( "Playground's PHP 7.4 refuses what only PHP 8 parses, and 8.5 takes it: the lint can fail", async () => {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-php-matrix-' ) );
	try {
		const newer = path.join( dir, 'newer.php' );
		fs.writeFileSync(
			newer,
			"<?php\nfunction pick( int $n ): string {\n\treturn match ( $n ) { 1 => 'one', default => 'many' };\n}\n"
		);
		const older = path.join( dir, 'older.php' );
		fs.writeFileSync(
			older,
			"<?php\nfunction pick( $n ) {\n\treturn 1 === $n ? 'one' : 'many';\n}\n"
		);
		const on74 = await lintWith( '7.4', dir, [ newer, older ] );
		assert.equal( on74.length, 1 );
		assert.match( on74[ 0 ].file, /newer\.php$/ );
		assert.match( on74[ 0 ].output, /syntax error/ );
		assert.deepEqual( await lintWith( '8.5', dir, [ newer, older ] ), [] );
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
} );

test( '--client-php takes 7.4 or 8.5 and nothing else', () => {
	assert.deepEqual(
		parseClientPhp( [ '--client-php=7.4', '--project=client' ] ),
		{ clientPhp: '7.4', rest: [ '--project=client' ] }
	);
	assert.deepEqual( parseClientPhp( [ 'e2e/client' ] ), {
		clientPhp: undefined,
		rest: [ 'e2e/client' ],
	} );
	assert.throws(
		() => parseClientPhp( [ '--client-php=8.2' ] ),
		/--client-php takes 7\.4 or 8\.5, not "8\.2"/
	);
} );
