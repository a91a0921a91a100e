import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	TABLE_OWNERS,
	isSchemaWriter,
	ownerProblems,
	ownersStatedIn,
	rawTransactions,
} from './rules.ts';
import { callArgs, writesIn } from './writers.ts';

const tables = [
	'<?php',
	'final class Tables {',
	"	public const THINGS = 'svc_things';",
	"	public const PARTS  = 'svc_parts';",
	'}',
].join( '\n' );

const base = [
	'<?php',
	'abstract class TableRepository {',
	'	protected $db;',
	'	protected function table_name( string $table ): string { return $this->db->prefix . $table; }',
	'	protected function update_row( string $table, int $id, array $f ): bool {',
	'		return false !== $this->db->update( $this->table_name( $table ), $f, array( "id" => $id ) );',
	'	}',
	'	protected function insert_timestamped( string $table, array $f ): int {',
	'		$this->db->insert( $this->table_name( $table ), $f );',
	'		return 1;',
	'	}',
	'}',
].join( '\n' );

/** The owner of svc_things, writing it every way the code does. */
const things = [
	'<?php',
	'final class ThingRepository extends TableRepository {',
	'	private function table(): string {',
	'		return $this->table_name( Tables::THINGS );',
	'	}',
	'	/**',
	'	 * A conditional UPDATE of the count (prose, not a write).',
	'	 */',
	'	public function bump( int $id ): void {',
	'		$this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET n = n + 1 WHERE id = %d", $id ) );',
	'	}',
	'	public function add( array $f ): int { return $this->insert_timestamped( Tables::THINGS, $f ); }',
	'	public function change( int $id, array $f ): bool { return $this->update_row( Tables::THINGS, $id, $f ); }',
	'	public function drop( int $id ): void { $this->db->delete( $this->table(), array( "id" => $id ) ); }',
	'}',
].join( '\n' );

/** The owner of svc_parts; the second writer is planted into it by the test below. */
function parts( planted: string ): string {
	return [
		'<?php',
		'final class PartRepository extends TableRepository {',
		'	public function add( array $f ): int { return $this->insert_timestamped( Tables::PARTS, $f ); }',
		'	public function update( string $table, int $id, array $f ): bool { return $this->update_row( $table, $id, $f ); }',
		'	public function wipe( int $thing ): void {',
		'		$things = $this->table_name( Tables::THINGS );',
		`		${ planted }`,
		'	}',
		'}',
	].join( '\n' );
}

const owners = { svc_things: 'ThingRepository', svc_parts: 'PartRepository' };

function problemsWith( planted: string, extra: [ string, string ][] = [] ) {
	const sources = new Map( [
		[ 'Storage/Tables.php', tables ],
		[ 'Storage/TableRepository.php', base ],
		[ 'Storage/ThingRepository.php', things ],
		[ 'Storage/PartRepository.php', parts( planted ) ],
		...extra,
	] );
	return ownerProblems( writesIn( sources ), owners );
}

test( 'every write of the owner maps to its own table: the checker passes', () => {
	const sources = new Map( [
		[ 'Storage/Tables.php', tables ],
		[ 'Storage/TableRepository.php', base ],
		[ 'Storage/ThingRepository.php', things ],
	] );
	const writes = writesIn( sources ).map(
		( w ) => `${ w.line }:${ w.writer }:${ w.table }`
	);
	assert.deepEqual( writes.sort(), [
		'10:ThingRepository:svc_things',
		'12:ThingRepository:svc_things',
		'13:ThingRepository:svc_things',
		'14:ThingRepository:svc_things',
	] );
	assert.deepEqual( problemsWith( '' ), [] );
} );

test( 'a second writer planted in another repository fails the check, however it names the table', () => {
	const expected = [
		'Storage/PartRepository.php:7: PartRepository writes svc_things, whose one writer is ThingRepository',
	];
	// SQL text through a local variable (ReleaseRepository::publish wrote svc_products this way).
	assert.deepEqual(
		problemsWith(
			'$this->db->query( "DELETE FROM {$things} WHERE id = 1" );'
		),
		expected
	);
	// wpdb's own method, with the table expression as its first argument.
	assert.deepEqual(
		problemsWith( '$this->db->update( $things, array(), array() );' ),
		expected
	);
	// An inherited helper given another table's constant.
	assert.deepEqual(
		problemsWith( '$this->update_row( Tables::THINGS, 1, array() );' ),
		expected
	);
	// The prefix and the name written out.
	assert.deepEqual(
		problemsWith(
			'$this->db->query( "TRUNCATE TABLE {$this->db->prefix}svc_things" );'
		),
		expected
	);
	assert.deepEqual(
		problemsWith(
			'$this->db->query( "INSERT IGNORE INTO " . $this->table_name( Tables::THINGS ) . " VALUES (1)" );'
		),
		expected
	);
} );

test( 'a Core class calling a repository helper with another table writes through that repository: caught', () => {
	const core = [
		'<?php',
		'final class Parts {',
		'	/**',
		'	 * Parts.',
		'	 *',
		'	 * @var PartRepository',
		'	 */',
		'	private $parts;',
		'	public function fine(): void { $this->parts->update( Tables::PARTS, 1, array() ); }',
		'	public function wrong(): void { $this->parts->update( Tables::THINGS, 1, array() ); }',
		'	public function direct( $wpdb ): void { $wpdb->delete( "{$wpdb->prefix}svc_parts", array() ); }',
		'}',
	].join( '\n' );
	assert.deepEqual( problemsWith( '', [ [ 'Core/Parts.php', core ] ] ), [
		'Core/Parts.php:10: PartRepository writes svc_things, whose one writer is ThingRepository',
		'Core/Parts.php:11: Parts writes svc_parts, whose one writer is PartRepository',
	] );
} );

test( "a write whose table the checker cannot tell fails; the schema's writers are exempt by rule", () => {
	assert.deepEqual(
		problemsWith( '$this->db->query( "DELETE FROM {$unknown}" );' ),
		[
			'Storage/PartRepository.php:7: PartRepository writes to a table the checker cannot tell ({$unknown}); name it through Tables::',
		]
	);
	const migration = [
		'<?php',
		'final class CreateThings {',
		'	public function up( $db ): void { $db->query( "ALTER TABLE {$db->prefix}svc_things ADD x INT" ); }',
		'}',
	].join( '\n' );
	assert.deepEqual(
		problemsWith( '', [
			[ 'Storage/Migrations/CreateThings.php', migration ],
		] ),
		[]
	);
	assert.equal(
		isSchemaWriter( 'Storage/Migrations/CreateThings.php' ),
		true
	);
	assert.equal( isSchemaWriter( 'Storage/SchemaMigrator.php' ), true );
	assert.equal( isSchemaWriter( 'Lifecycle.php' ), true );
	assert.equal( isSchemaWriter( 'Storage/ReleaseRepository.php' ), false );
} );

test( "the README's storage row is read as table => owner pairs", () => {
	const readme = [
		'| layer | folders |',
		'|---|---|',
		'| storage | `Storage/` | domain | One repository per table. `svc_licenses` LicenseRepository, `svc_tiers`/`svc_prices` CatalogRepository, `svc_meta` KeySecret. |',
		'| core | `Core/` | … `svc_events` NotThisRow |',
	].join( '\n' );
	assert.deepEqual( ownersStatedIn( readme ), {
		svc_licenses: 'LicenseRepository',
		svc_tiers: 'CatalogRepository',
		svc_prices: 'CatalogRepository',
		svc_meta: 'KeySecret',
	} );
	assert.equal( TABLE_OWNERS.svc_products, 'ProductRepository' );
} );

test( 'call arguments split at top-level commas only', () => {
	const text = '$x->f( Tables::A, array( 1, 2 ), "a, b" )';
	assert.deepEqual( callArgs( text, text.indexOf( '(' ) ), [
		'Tables::A',
		'array( 1, 2 )',
		'"a, b"',
	] );
} );

test( 'a raw START TRANSACTION, COMMIT or ROLLBACK is found; prose about a transaction is not', () => {
	const source = [
		'<?php',
		'// The upsert and the read share a transaction.',
		"$this->db->query( 'START TRANSACTION' );",
		'$this->db->query( "COMMIT" );',
		"$this->db->query( null === $keep ? 'COMMIT' : 'ROLLBACK' );",
		'$this->transaction->run( $work );',
		"$payload = array( 'rollback' => true );",
	].join( '\n' );
	assert.deepEqual( rawTransactions( source ), [ 3, 4, 5 ] );
} );
