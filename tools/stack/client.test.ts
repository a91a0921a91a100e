import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { clientProfile } from './profiles.ts';
import { bundleSdk, bundleSdkRelease } from './site.ts';

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

test( 'a released SDK is bundled as it shipped: 0.1.0 registers 0.1.0', () => {
	const product = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-release-' ) );
	try {
		bundleSdkRelease(
			product,
			clientProfile( 'http://localhost:8889' ).client?.sdkReleases?.[
				'acme-gadgets'
			] ?? ''
		);
		const entry = fs.readFileSync(
			path.join(
				product,
				'vendor',
				'svc-licensing-client',
				'svc-licensing-client.php'
			),
			'utf8'
		);
		assert.match( entry, /\} \)\( '0\.1\.0', __DIR__ \);/ );
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
	assert.match(
		profile.client?.sdkReleases?.[ 'acme-gadgets' ] ?? '',
		/svc-licensing-client-0\.1\.0\.zip$/
	);
	assert.equal(
		profile.constants?.SVC_CLIENT_SERVER,
		'http://localhost:8889'
	);
} );
