import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowed, referencesIn } from './rules.ts';

test( 'a layer may use the layers under it, never one above', () => {
	assert.equal( allowed( 'core', 'storage', 'LicenseRepository' ), true );
	assert.equal( allowed( 'http', 'core', 'Licences' ), true );
	assert.equal( allowed( 'storage', 'core', 'Licences' ), false );
	assert.equal( allowed( 'domain', 'storage', 'Settings' ), false );
	assert.equal( allowed( 'core', 'http', 'Api' ), false );
	assert.equal( allowed( 'entry', 'root', 'ClientApi' ), true );
	assert.equal( allowed( 'http', 'root', 'Plugin' ), false );
} );

test( 'references are read from use statements and fully qualified names, not the namespace line', () => {
	const source = [
		'<?php',
		'namespace Svc\\Licensing\\Storage;',
		'use Svc\\Licensing\\Core\\Licences;',
		'$x = new \\Svc\\Licensing\\Domain\\IsoTime();',
		"$y = 'Svc\\\\Licensing\\\\Http\\\\Api';",
	].join( '\n' );
	assert.deepEqual(
		referencesIn( source ).map( ( ref ) => `${ ref.line }:${ ref.name }` ),
		[ '3:Core\\Licences', '4:Domain\\IsoTime', '5:Http\\Api' ]
	);
} );
