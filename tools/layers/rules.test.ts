import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	allowed,
	isController,
	propertyCalls,
	referencesIn,
	writersOf,
} from './rules.ts';

test( 'a layer may use the layers under it, never one above', () => {
	assert.equal( allowed( 'core', 'storage', 'LicenseRepository' ), true );
	assert.equal( allowed( 'http', 'core', 'Licences' ), true );
	assert.equal( allowed( 'storage', 'core', 'Licences' ), false );
	assert.equal( allowed( 'domain', 'storage', 'Settings' ), false );
	assert.equal( allowed( 'core', 'http', 'Api' ), false );
	assert.equal( allowed( 'entry', 'root', 'ClientApi' ), true );
	assert.equal( allowed( 'http', 'root', 'Plugin' ), false );
} );

test( 'the view layer (the API shapes) sits under both entry points, over the domain only', () => {
	assert.equal( allowed( 'http', 'view', 'LicenseView' ), true );
	assert.equal( allowed( 'cli', 'view', 'LicenseView' ), true );
	assert.equal( allowed( 'view', 'domain', 'IsoTime' ), true );
	assert.equal( allowed( 'view', 'storage', 'Settings' ), false );
	assert.equal( allowed( 'core', 'view', 'LicenseView' ), false );
	assert.equal( allowed( 'view', 'http', 'Api' ), false );
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

test( "a Storage method writes when it writes through wpdb or options, or calls one of its own or its parent's writers", () => {
	const sources = new Map( [
		[
			'TableRepository',
			[
				'<?php',
				'abstract class TableRepository {',
				'	protected function update_row( $t, $id, $f ) { return $this->db->update( $t, $f, array( "id" => $id ) ); }',
				'	protected function table_name( $t ) { return $this->db->prefix . $t; }',
				'}',
			].join( '\n' ),
		],
		[
			'ThingRepository',
			[
				'<?php',
				'final class ThingRepository extends TableRepository {',
				'	public function find( $id ) { return $this->db->get_row( "SELECT 1" ); }',
				'	public function update( $id, $f ) { return $this->update_row( "t", $id, $f ); }',
				'	public function wipe() { $this->db->query( "DELETE FROM t" ); }',
				'	public function rename( $id ) { return $this->update( $id, array() ); }',
				'	public function name() { return $this->table_name( "t" ); }',
				'}',
			].join( '\n' ),
		],
		[
			'Options',
			'<?php final class Options { public function set( $v ) { update_option( "x", $v ); } public function get() { return get_option( "x" ); } }',
		],
	] );
	assert.deepEqual( [ ...writersOf( 'ThingRepository', sources ) ].sort(), [
		'rename',
		'update',
		'update_row',
		'wipe',
	] );
	assert.deepEqual( [ ...writersOf( 'Options', sources ) ], [ 'set' ] );
} );

test( "property calls are typed by the property's @var docblock; only controllers in Http/ are controllers", () => {
	const source = [
		'<?php',
		'final class ThingController {',
		'	/**',
		'	 * Things.',
		'	 *',
		'	 * @var ThingRepository',
		'	 */',
		'	private $things;',
		'	/**',
		'	 * @var Things',
		'	 */',
		'	private $service;',
		'	public function put( $r ) {',
		'		$this->service->update( 1, array() );',
		'		return $this->things->update( 1, array() );',
		'	}',
		'}',
	].join( '\n' );
	assert.deepEqual(
		propertyCalls( source ).map(
			( call ) => `${ call.line }:${ call.type }::${ call.method }`
		),
		[ '14:Things::update', '15:ThingRepository::update' ]
	);
	assert.equal( isController( 'Http/ThingController.php' ), true );
	assert.equal( isController( 'Http/RateLimiter.php' ), false );
	assert.equal( isController( 'Core/ThingController.php' ), false );
	// A WP-CLI command translates like a controller: its writes are a Core service's too.
	assert.equal( isController( 'Cli/ThingCommand.php' ), true );
	assert.equal( isController( 'Cli/Output.php' ), false );
} );

test( 'the WP-CLI commands sit beside the REST controllers: Core under them, never Http', () => {
	assert.equal( allowed( 'cli', 'core', 'LicenceAdmin' ), true );
	assert.equal( allowed( 'cli', 'http', 'LicenseView' ), false );
	assert.equal( allowed( 'http', 'cli', 'Output' ), false );
	assert.equal( allowed( 'root', 'cli', 'Commands' ), true );
} );
