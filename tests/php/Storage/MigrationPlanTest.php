<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Storage;

use LogicException;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\MigrationPlan;
use Svc\Licensing\Storage\Schema;
use Svc\Licensing\Storage\Tables;

final class MigrationPlanTest extends TestCase {

	private static function step( int $version ): Migration {
		return new class( $version ) implements Migration {
			private $version;

			public function __construct( int $version ) {
				$this->version = $version;
			}

			public function version(): int {
				return $this->version;
			}

			public function statements( string $prefix, string $charset_collate ): array {
				return array( "CREATE TABLE {$prefix}t{$this->version} (id INT) {$charset_collate}" );
			}
		};
	}

	public function test_pending_steps_are_those_after_the_stored_version_in_order(): void {
		$plan = new MigrationPlan( array( self::step( 1 ), self::step( 2 ), self::step( 5 ) ) );
		$this->assertSame( 5, $plan->latest() );
		$this->assertSame( array( 1, 2, 5 ), self::versions( $plan->pending( 0 ) ) );
		$this->assertSame( array( 5 ), self::versions( $plan->pending( 2 ) ) );
		$this->assertSame( array( 5 ), self::versions( $plan->pending( 3 ) ) );
		$this->assertSame( array(), self::versions( $plan->pending( 5 ) ) );
	}

	public function test_out_of_order_or_repeated_versions_are_refused(): void {
		$this->expectException( LogicException::class );
		new MigrationPlan( array( self::step( 2 ), self::step( 1 ) ) );
	}

	public function test_repeated_versions_are_refused(): void {
		$this->expectException( LogicException::class );
		new MigrationPlan( array( self::step( 1 ), self::step( 1 ) ) );
	}

	public function test_an_empty_plan_is_at_version_zero(): void {
		$this->assertSame( 0, ( new MigrationPlan( array() ) )->latest() );
	}

	public function test_the_latest_version_constant_is_the_last_steps_version(): void {
		// Every request reads Schema::LATEST to learn whether the schema is current; only an upgrade builds the steps.
		$steps = Schema::plan()->pending( 0 );
		$this->assertSame( end( $steps )->version(), Schema::LATEST );
		$this->assertSame( Schema::plan()->latest(), Schema::LATEST );
	}

	public function test_the_shipped_schema_creates_every_table_it_lists(): void {
		$sql = '';
		foreach ( Schema::plan()->pending( 0 ) as $step ) {
			$sql .= implode( "\n", $step->statements( 'wp_', '' ) );
		}
		foreach ( Tables::all() as $table ) {
			$this->assertStringContainsString( 'CREATE TABLE IF NOT EXISTS wp_' . $table . ' ', $sql );
		}
	}

	public function test_step_8_adds_the_license_status_index_in_one_alter(): void {
		// One ALTER alone in its step: it either happened or not, so a failed step can run again whole.
		$steps = Schema::plan()->pending( 7 );
		$this->assertSame( 8, $steps[0]->version() );
		$this->assertSame( array( 'ALTER TABLE wp_' . Tables::LICENSES . ' ADD INDEX status (status)' ), $steps[0]->statements( 'wp_', '' ) );
	}

	public function test_step_9_marks_staging_activations_in_one_alter(): void {
		// Existing activations are not staging: each keeps the slot it took until it is deactivated.
		$steps = Schema::plan()->pending( 8 );
		$this->assertSame( 9, $steps[0]->version() );
		$this->assertSame( array( 'ALTER TABLE wp_' . Tables::ACTIVATIONS . ' ADD COLUMN is_staging TINYINT(1) NOT NULL DEFAULT 0' ), $steps[0]->statements( 'wp_', '' ) );
	}

	public function test_step_10_creates_the_event_log_with_an_index_per_filter(): void {
		$steps = Schema::plan()->pending( 9 );
		$this->assertSame( 10, $steps[0]->version() );
		$sql = implode( "\n", $steps[0]->statements( 'wp_', '' ) );
		$this->assertStringContainsString( 'CREATE TABLE IF NOT EXISTS wp_' . Tables::EVENTS . ' ', $sql );
		foreach ( array( 'KEY subject (subject_type, subject_id, id)', 'KEY type (type, id)', 'KEY product_id (product_id, id)', 'KEY actor (actor_kind', 'KEY created_at (created_at)' ) as $index ) {
			$this->assertStringContainsString( $index, $sql );
		}
	}

	public function test_step_11_creates_the_outbound_webhook_tables_with_the_keys_that_settle_races(): void {
		$steps = Schema::plan()->pending( 10 );
		$this->assertSame( 11, $steps[0]->version() );
		$sql = implode( "\n", $steps[0]->statements( 'wp_', '' ) );
		foreach ( array( Tables::WEBHOOK_ENDPOINTS, Tables::WEBHOOK_DELIVERIES, Tables::WEBHOOK_ATTEMPTS ) as $table ) {
			$this->assertStringContainsString( 'CREATE TABLE IF NOT EXISTS wp_' . $table . ' ', $sql );
		}
		foreach ( array( 'UNIQUE KEY delivery_uuid (delivery_uuid)', 'UNIQUE KEY endpoint_event (endpoint_id, fanout_event_id)', 'UNIQUE KEY delivery_attempt (delivery_id, attempt)', 'KEY due (status, next_attempt_at)' ) as $index ) {
			$this->assertStringContainsString( $index, $sql );
		}
	}

	public function test_steps_12_and_13_give_prices_an_amount_and_a_currency_one_alter_each(): void {
		// Unknown (NULL) until the admin enters them or a paid invoice's Stripe price carries them.
		$steps = Schema::plan()->pending( 11 );
		$this->assertSame( array( 12, 13 ), array_slice( self::versions( $steps ), 0, 2 ) );
		$this->assertSame( array( 'ALTER TABLE wp_' . Tables::PRICES . ' ADD COLUMN unit_amount BIGINT NULL DEFAULT NULL' ), $steps[0]->statements( 'wp_', '' ) );
		$this->assertSame( array( 'ALTER TABLE wp_' . Tables::PRICES . ' ADD COLUMN currency CHAR(3) NULL DEFAULT NULL' ), $steps[1]->statements( 'wp_', '' ) );
	}

	public function test_step_14_creates_the_portal_link_table_with_a_unique_token_hash(): void {
		$steps = Schema::plan()->pending( 13 );
		$this->assertSame( 14, $steps[0]->version() );
		$sql = implode( "\n", $steps[0]->statements( 'wp_', '' ) );
		$this->assertStringContainsString( 'CREATE TABLE IF NOT EXISTS wp_' . Tables::PORTAL_LINKS . ' ', $sql );
		foreach ( array( 'token_hash CHAR(64) NOT NULL', 'used_at DATETIME NULL DEFAULT NULL', 'UNIQUE KEY token_hash (token_hash)', 'KEY expires_at (expires_at)' ) as $part ) {
			$this->assertStringContainsString( $part, $sql );
		}
	}

	public function test_step_15_creates_the_portal_session_table_keyed_by_the_session_ids_hash(): void {
		$steps = Schema::plan()->pending( 14 );
		$this->assertSame( 15, $steps[0]->version() );
		$sql = implode( "\n", $steps[0]->statements( 'wp_', '' ) );
		$this->assertStringContainsString( 'CREATE TABLE IF NOT EXISTS wp_' . Tables::PORTAL_SESSIONS . ' ', $sql );
		foreach ( array( 'session_hash CHAR(64) NOT NULL', 'UNIQUE KEY session_hash (session_hash)', 'KEY email (email(191))', 'KEY expires_at (expires_at)' ) as $part ) {
			$this->assertStringContainsString( $part, $sql );
		}
	}

	public function test_step_16_adds_the_products_multisite_counting_per_network_by_default(): void {
		$steps = Schema::plan()->pending( 15 );
		$this->assertSame( 16, $steps[0]->version() );
		$this->assertSame(
			array( 'ALTER TABLE wp_' . Tables::PRODUCTS . " ADD COLUMN multisite_activation VARCHAR(16) NOT NULL DEFAULT 'network'" ),
			$steps[0]->statements( 'wp_', '' )
		);
	}

	/**
	 * @param Migration[] $steps Steps.
	 * @return int[]
	 */
	private static function versions( array $steps ): array {
		return array_map(
			static function ( Migration $step ): int {
				return $step->version();
			},
			$steps
		);
	}
}
