/**
 * `npm run plugin-zip`: the installable zip holds what a site needs under one top folder, and nothing a developer
 * needs (sources, maps, tests, lint and package files).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { MAX_ZIP_BYTES, buildPluginZip } from './plugin-zip.ts';
import { pluginVersion } from './headers.ts';
import { pluginDir } from '../stack/paths.ts';
import { pluginPot } from '../i18n/plugin-pot.ts';
import { sdkPot } from '../i18n/sdk-pot.ts';

function entries( zip: string ): string[] {
	const listed = spawnSync( 'zipinfo', [ '-1', zip ], { encoding: 'utf8' } );
	assert.equal( listed.status, 0, listed.stderr );
	return listed.stdout.split( '\n' ).filter( ( line ) => line !== '' );
}

test( 'the plugin zip: one top folder, what runs, nothing that does not, under the size bound', () => {
	const out = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-zip-' ) );
	// A compiled translation a spec left in the checkout's languages/ folder (the dev site links plugin/) stays out.
	const planted = path.join(
		pluginDir,
		'languages',
		'svc-licensing-xx_XX.mo'
	);
	fs.mkdirSync( path.dirname( planted ), { recursive: true } );
	fs.writeFileSync( planted, 'not shipped' );
	try {
		const { file, bytes } = buildPluginZip( out );
		assert.equal(
			path.basename( file ),
			`svc-licensing-${ pluginVersion() }.zip`
		);
		assert.equal( bytes, fs.statSync( file ).size );
		const names = entries( file );
		assert.ok( names.length > 50, `only ${ names.length } entries` );
		const outside = names.filter(
			( name ) => ! name.startsWith( 'svc-licensing/' )
		);
		assert.deepEqual( outside, [] );

		for ( const required of [
			'svc-licensing/svc-licensing.php',
			'svc-licensing/uninstall.php',
			'svc-licensing/lane.php',
			'svc-licensing/readme.txt',
			'svc-licensing/LICENSE',
			'svc-licensing/src/version.php',
			'svc-licensing/src/Plugin.php',
			'svc-licensing/build/index.js',
			'svc-licensing/build/index.asset.php',
			'svc-licensing/build/blocks/portal/block.json',
			'svc-licensing/build/blocks/portal/view.js',
			'svc-licensing/sdk/svc-licensing-client.php',
			'svc-licensing/sdk/README.md',
			'svc-licensing/languages/svc-licensing.pot',
			'svc-licensing/sdk/languages/svc-licensing-client.pot',
		] ) {
			assert.ok( names.includes( required ), `${ required } is missing` );
		}

		const forbidden = names.filter( ( name ) =>
			/(^|\/)(node_modules|tests?|\.git[^/]*|\.github|composer\.(json|lock)|package(-lock)?\.json|phpcs\.xml(\.dist)?|phpstan\.neon(\.dist)?|phpunit\.xml(\.dist)?|tsconfig\.json)(\/|$)|\.map$|\.tsx?$|\.scss$|^svc-licensing\/(blocks|e2e|tools|vendor|docs|dist)\//.test(
				name
			)
		);
		assert.deepEqual( forbidden, [] );
		// The plugin's developer README (plugin/README.md, the layer rules) is not for site owners; readme.txt is.
		assert.ok( ! names.includes( 'svc-licensing/README.md' ) );
		assert.deepEqual(
			names.filter( ( name ) =>
				/\/languages\/[^/]+\.(mo|po|json)$/.test( name )
			),
			[]
		);

		// Both translation templates are the ones the sources make now, not a stale copy.
		for ( const [ entry, pot ] of [
			[ 'svc-licensing/languages/svc-licensing.pot', pluginPot() ],
			[
				'svc-licensing/sdk/languages/svc-licensing-client.pot',
				sdkPot(),
			],
		] ) {
			const inZip = spawnSync( 'unzip', [ '-p', file, entry ], {
				encoding: 'utf8',
				maxBuffer: 16 * 1024 * 1024,
			} );
			assert.equal( inZip.status, 0, inZip.stderr );
			assert.equal( inZip.stdout, pot, entry );
		}

		assert.ok(
			bytes < MAX_ZIP_BYTES,
			`${ bytes } bytes, over the bound of ${ MAX_ZIP_BYTES }`
		);
	} finally {
		fs.rmSync( planted, { force: true } );
		fs.rmSync( out, { recursive: true, force: true } );
	}
} );
