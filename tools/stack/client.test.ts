import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { clientProfile } from './profiles.ts';
import { bundleSdk } from './site.ts';

test( 'a bundled SDK copy is sdk/ without its lint files, and can be given another version', () => {
	const product = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-bundle-' ) );
	try {
		bundleSdk( product, '0.0.9' );
		const copy = path.join( product, 'vendor', 'svc-licensing-client' );
		assert.ok( fs.existsSync( path.join( copy, 'registry.php' ) ) );
		assert.ok( fs.existsSync( path.join( copy, 'src', 'Backoff.php' ) ) );
		assert.ok( ! fs.existsSync( path.join( copy, 'phpcs.xml.dist' ) ) );
		const entry = fs.readFileSync(
			path.join( copy, 'svc-licensing-client.php' ),
			'utf8'
		);
		assert.match( entry, /\} \)\( '0\.0\.9', __DIR__ \);/ );
		bundleSdk( product );
		assert.doesNotMatch(
			fs.readFileSync(
				path.join( copy, 'svc-licensing-client.php' ),
				'utf8'
			),
			/'0\.0\.9'/
		);
	} finally {
		fs.rmSync( product, { recursive: true, force: true } );
	}
} );

test( 'the client site holds two plugins and a theme, the first plugin with an older SDK', () => {
	const profile = clientProfile( 'http://localhost:8889' );
	assert.equal( profile.database, 'sqlite' );
	assert.deepEqual(
		profile.client?.plugins.map( ( dir ) => path.basename( dir ) ),
		[ 'acme-gadgets', 'acme-widgets' ]
	);
	assert.equal( profile.client?.sdkVersions?.[ 'acme-gadgets' ], '0.0.9' );
	assert.equal(
		profile.constants?.SVC_CLIENT_SERVER,
		'http://localhost:8889'
	);
} );
