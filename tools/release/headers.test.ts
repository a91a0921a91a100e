/**
 * readme.txt's header fields agree with the plugin header (plugin/svc-licensing.php), so the two never disagree.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pluginDir } from '../stack/paths.ts';
import { headerDisagreements, readHeader } from './headers.ts';

const PLUGIN = fs.readFileSync(
	path.join( pluginDir, 'svc-licensing.php' ),
	'utf8'
);
const README = fs.readFileSync( path.join( pluginDir, 'readme.txt' ), 'utf8' );

test( 'readme.txt and the plugin header agree', () => {
	assert.deepEqual( headerDisagreements( PLUGIN, README ), [] );
} );

test( "readme.txt has WordPress.org's header fields and sections", () => {
	const readme = readHeader( README, 'readme' );
	for ( const field of [
		'Contributors',
		'Tags',
		'Requires at least',
		'Tested up to',
		'Requires PHP',
		'Stable tag',
		'License',
		'License URI',
	] ) {
		assert.ok( readme[ field ], `readme.txt lacks "${ field }:"` );
	}
	assert.match( README, /^=== .+ ===$/m );
	for ( const section of [
		'Description',
		'Installation',
		'Frequently Asked Questions',
		'Screenshots',
		'Changelog',
	] ) {
		assert.match(
			README,
			new RegExp( `^== ${ section } ==$`, 'm' ),
			`readme.txt lacks "== ${ section } =="`
		);
	}
	assert.match(
		README,
		new RegExp(
			`^= ${ readme[ 'Stable tag' ].replace( /\./g, '\\.' ) } =$`,
			'm'
		),
		'the changelog has no entry for the stable tag'
	);
} );

test( 'a disagreement is found, field by field', () => {
	const readme = README.replace( /^Stable tag:.*$/m, 'Stable tag: 9.9.9' )
		.replace( /^Requires PHP:.*$/m, 'Requires PHP: 8.1' )
		.replace( /^Requires at least:.*$/m, 'Requires at least: 6.0' );
	assert.deepEqual(
		headerDisagreements( PLUGIN, readme ).map( ( line ) =>
			line.replace( /:.*/, '' )
		),
		[ 'Requires at least', 'Requires PHP', 'Stable tag' ]
	);
	assert.deepEqual(
		headerDisagreements(
			PLUGIN,
			readme.replace( /^Stable tag:.*\n/m, '' )
		),
		[
			'Requires at least: the plugin header says 6.5, readme.txt says 6.0',
			'Requires PHP: the plugin header says 7.4, readme.txt says 8.1',
			'Stable tag: readme.txt has none',
		]
	);
} );
