/**
 * `npm run version -- X.Y.Z`, run on a temporary copy of the files it edits (never on the checkout).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../stack/paths.ts';
import { VERSIONED_FILES, pluginVersion } from './version.ts';
import { headerDisagreements, readHeader } from './headers.ts';

function copyOfCheckout(): string {
	const root = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-version-' ) );
	for ( const file of VERSIONED_FILES ) {
		fs.mkdirSync( path.dirname( path.join( root, file ) ), {
			recursive: true,
		} );
		fs.copyFileSync( path.join( repoRoot, file ), path.join( root, file ) );
	}
	return root;
}

function read( root: string, file: string ): string {
	return fs.readFileSync( path.join( root, file ), 'utf8' );
}

test( 'the version command changes every place, and only the version', () => {
	const root = copyOfCheckout();
	try {
		const before = pluginVersion( root );
		const run = spawnSync(
			process.execPath,
			[
				'--import',
				'tsx',
				path.join( repoRoot, 'tools/release/version.ts' ),
				'7.8.9',
			],
			{
				encoding: 'utf8',
				env: { ...process.env, SVC_VERSION_ROOT: root },
			}
		);
		assert.equal( run.status, 0, run.stderr );
		assert.match(
			run.stdout,
			new RegExp( `${ before.replace( /\./g, '\\.' ) } -> 7\\.8\\.9` )
		);

		const plugin = read( root, 'plugin/svc-licensing.php' );
		const readme = read( root, 'plugin/readme.txt' );
		assert.equal( readHeader( plugin, 'plugin' ).Version, '7.8.9' );
		assert.equal(
			read( root, 'plugin/src/version.php' ).match(
				/return '([^']+)';/
			)?.[ 1 ],
			'7.8.9'
		);
		assert.equal( readHeader( readme, 'readme' )[ 'Stable tag' ], '7.8.9' );
		assert.equal(
			JSON.parse( read( root, 'package.json' ) ).version,
			'7.8.9'
		);
		const lock = JSON.parse( read( root, 'package-lock.json' ) );
		assert.equal( lock.version, '7.8.9' );
		assert.equal( lock.packages[ '' ].version, '7.8.9' );
		assert.deepEqual( headerDisagreements( plugin, readme ), [] );

		// Nothing else moved: putting the old version back gives the checkout's bytes.
		for ( const file of VERSIONED_FILES ) {
			const original = read( repoRoot, file );
			assert.notEqual(
				read( root, file ),
				original,
				`${ file } unchanged`
			);
		}
		const back = spawnSync(
			process.execPath,
			[
				'--import',
				'tsx',
				path.join( repoRoot, 'tools/release/version.ts' ),
				before,
			],
			{
				encoding: 'utf8',
				env: { ...process.env, SVC_VERSION_ROOT: root },
			}
		);
		assert.equal( back.status, 0, back.stderr );
		for ( const file of VERSIONED_FILES ) {
			assert.equal( read( root, file ), read( repoRoot, file ), file );
		}
		// The checkout itself was not touched.
		assert.equal( pluginVersion( repoRoot ), before );
	} finally {
		fs.rmSync( root, { recursive: true, force: true } );
	}
} );

test( 'a version that is not X.Y.Z is refused, and nothing is written', () => {
	const root = copyOfCheckout();
	try {
		const run = spawnSync(
			process.execPath,
			[
				'--import',
				'tsx',
				path.join( repoRoot, 'tools/release/version.ts' ),
				'v1.2',
			],
			{
				encoding: 'utf8',
				env: { ...process.env, SVC_VERSION_ROOT: root },
			}
		);
		assert.equal( run.status, 2 );
		assert.match( run.stderr, /X\.Y\.Z/ );
		for ( const file of VERSIONED_FILES ) {
			assert.equal( read( root, file ), read( repoRoot, file ), file );
		}
	} finally {
		fs.rmSync( root, { recursive: true, force: true } );
	}
} );
