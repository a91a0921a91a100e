<?php
/**
 * The SDK's version registry: the newest bundled copy loads, once, for every product.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__, 2 ) . '/sdk/registry.php';

final class VersionRegistryTest extends TestCase {

	protected function setUp(): void {
		Svc_Licensing_Client_Versions_1::reset_for_tests();
	}

	/**
	 * A copy's loader that records that it ran and which products it got.
	 *
	 * @param array<string, mixed> $log Log, by reference.
	 */
	private function copy( string $version, array &$log ): callable {
		return static function () use ( $version, &$log ) {
			$log['loaded'][] = $version;
			return static function ( array $config ) use ( $version, &$log ) {
				$log['products'][] = $version . ':' . $config['product'];
			};
		};
	}

	public function test_the_newest_copy_loads_once_whatever_the_order_of_registration(): void {
		$log = array();
		Svc_Licensing_Client_Versions_1::register( '1.2.0', $this->copy( '1.2.0', $log ) );
		Svc_Licensing_Client_Versions_1::register( '1.10.0', $this->copy( '1.10.0', $log ) );
		Svc_Licensing_Client_Versions_1::register( '1.9.3', $this->copy( '1.9.3', $log ) );
		Svc_Licensing_Client_Versions_1::add_product( array( 'product' => 'acme-widgets' ) );
		Svc_Licensing_Client_Versions_1::add_product( array( 'product' => 'acme-theme' ) );
		$this->assertSame( array(), $log, 'nothing loads before initialize' );

		Svc_Licensing_Client_Versions_1::initialize();
		Svc_Licensing_Client_Versions_1::initialize();

		$this->assertSame( array( '1.10.0' ), $log['loaded'] );
		$this->assertSame( array( '1.10.0:acme-widgets', '1.10.0:acme-theme' ), $log['products'] );
		$this->assertSame( '1.10.0', Svc_Licensing_Client_Versions_1::chosen() );
	}

	public function test_a_product_added_after_initialize_goes_to_the_chosen_copy_at_once(): void {
		$log = array();
		Svc_Licensing_Client_Versions_1::register( '2.0.0', $this->copy( '2.0.0', $log ) );
		Svc_Licensing_Client_Versions_1::initialize();
		Svc_Licensing_Client_Versions_1::register( '3.0.0', $this->copy( '3.0.0', $log ) );
		Svc_Licensing_Client_Versions_1::add_product( array( 'product' => 'late' ) );

		$this->assertSame( array( '2.0.0' ), $log['loaded'], 'a copy registered too late never loads' );
		$this->assertSame( array( '2.0.0:late' ), $log['products'] );
	}

	public function test_pre_release_versions_sort_below_their_release(): void {
		$log = array();
		Svc_Licensing_Client_Versions_1::register( '1.3.0-beta.2', $this->copy( '1.3.0-beta.2', $log ) );
		Svc_Licensing_Client_Versions_1::register( '1.3.0', $this->copy( '1.3.0', $log ) );
		$this->assertSame( '1.3.0', Svc_Licensing_Client_Versions_1::newest() );
	}

	public function test_nothing_registered_loads_nothing(): void {
		Svc_Licensing_Client_Versions_1::add_product( array( 'product' => 'x' ) );
		Svc_Licensing_Client_Versions_1::initialize();
		$this->assertNull( Svc_Licensing_Client_Versions_1::chosen() );
		$this->assertSame( array(), Svc_Licensing_Client_Versions_1::versions() );
	}
}
