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
import { sdkVersion } from '../i18n/sdk-pot.ts';

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

/** A git repository holding the versioned files and the SDK, as the checkout has them; returns its root. */
function repositoryWithSdk(): string {
	const root = copyOfCheckout();
	fs.cpSync( path.join( repoRoot, 'sdk' ), path.join( root, 'sdk' ), {
		recursive: true,
	} );
	const git = ( ...args: string[] ) => {
		const run = spawnSync( 'git', args, { cwd: root, encoding: 'utf8' } );
		assert.equal( run.status, 0, run.stderr );
	};
	git( 'init', '-q' );
	git( 'add', '-A' );
	git(
		'-c',
		'user.name=t',
		'-c',
		'user.email=t@localhost',
		'commit',
		'-qm',
		'start'
	);
	return root;
}

function versionIn( root: string, ...args: string[] ) {
	return spawnSync(
		process.execPath,
		[
			'--import',
			'tsx',
			path.join( repoRoot, 'tools/release/version.ts' ),
			...args,
		],
		{ encoding: 'utf8', env: { ...process.env, SVC_VERSION_ROOT: root } }
	);
}

test( "the SDK's version literal: left alone while the SDK is unchanged, and a changed SDK needs its next version", () => {
	const root = repositoryWithSdk();
	try {
		const entry = 'sdk/svc-licensing-client.php';
		const sdkBefore = sdkVersion( path.join( root, 'sdk' ) );

		// Unchanged since its version was set: only the plugin's version moves.
		const quiet = versionIn( root, '7.8.9' );
		assert.equal( quiet.status, 0, quiet.stderr );
		assert.equal( sdkVersion( path.join( root, 'sdk' ) ), sdkBefore );

		// A changed SDK file: refused until the SDK's next version is given, and nothing is written.
		fs.appendFileSync(
			path.join( root, 'sdk/src/License.php' ),
			'\n// a fix\n'
		);
		const plugin = read( root, 'plugin/svc-licensing.php' );
		const refused = versionIn( root, '7.9.0' );
		assert.equal( refused.status, 2 );
		assert.match( refused.stderr, /sdk\/src\/License\.php/ );
		assert.match( refused.stderr, /--sdk=/ );
		assert.equal( read( root, 'plugin/svc-licensing.php' ), plugin );

		// Not higher than the SDK's version: refused too.
		const lower = versionIn( root, '7.9.0', `--sdk=${ sdkBefore }` );
		assert.equal( lower.status, 2 );
		assert.match( lower.stderr, /higher than/ );
		assert.equal( read( root, 'plugin/svc-licensing.php' ), plugin );

		const bumped = versionIn( root, '7.9.0', '--sdk=9.0.1' );
		assert.equal( bumped.status, 0, bumped.stderr );
		assert.match( bumped.stdout, /SDK .* -> 9\.0\.1/ );
		assert.equal( sdkVersion( path.join( root, 'sdk' ) ), '9.0.1' );
		assert.equal( pluginVersion( root ), '7.9.0' );
		// Only the literal moved in the SDK's entry file.
		assert.equal(
			read( root, entry ),
			read( repoRoot, entry ).replace(
				`'${ sdkBefore }', __DIR__`,
				"'9.0.1', __DIR__"
			)
		);

		// The SDK's version set in this change counts as set: the next plugin version needs no --sdk.
		const again = versionIn( root, '7.9.1' );
		assert.equal( again.status, 0, again.stderr );
		assert.equal( sdkVersion( path.join( root, 'sdk' ) ), '9.0.1' );
	} finally {
		fs.rmSync( root, { recursive: true, force: true } );
	}
} );
