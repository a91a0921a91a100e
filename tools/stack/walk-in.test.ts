import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { letOthersWalkTo } from './walk-in.ts';

test( 'a site under a 700 folder: each folder above it gets o+x, and only that', () => {
	const top = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-walk-' ) );
	fs.chmodSync( top, 0o755 );
	try {
		const home = path.join( top, 'home' );
		const site = path.join( home, 'checkout', '.stack', 'sites', 'x' );
		fs.mkdirSync( site, { recursive: true } );
		fs.chmodSync( home, 0o700 );
		fs.chmodSync( path.join( home, 'checkout' ), 0o750 );
		const changed = letOthersWalkTo( site );
		assert.deepEqual( changed.sort(), [
			home,
			path.join( home, 'checkout' ),
		] );
		assert.equal( fs.statSync( home ).mode % 0o1000, 0o701 );
		assert.equal(
			fs.statSync( path.join( home, 'checkout' ) ).mode % 0o1000,
			0o751
		);
		// A second call changes nothing.
		assert.deepEqual( letOthersWalkTo( site ), [] );
	} finally {
		fs.chmodSync( path.join( top, 'home' ), 0o755 );
		fs.rmSync( top, { recursive: true, force: true } );
	}
} );
