<?php
/**
 * The SDK on a multisite network: where a licence lives, the addresses it sends, and the network's record of the
 * plugins active on single sites.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Multisite;

final class MultisiteTest extends TestCase {

	private const WIDGETS = 'acme-widgets/acme-widgets.php';

	public function test_a_plugin_activated_network_wide_has_the_network_s_license(): void {
		$sitewide = array( self::WIDGETS => 1700000000 );
		$this->assertSame( Multisite::NETWORK, Multisite::scope( true, false, self::WIDGETS, $sitewide ) );
		$this->assertSame( Multisite::SITE, Multisite::scope( true, false, 'acme-gadgets/acme-gadgets.php', $sitewide ) );
		$this->assertSame( Multisite::SITE, Multisite::scope( false, false, self::WIDGETS, $sitewide ), 'a single site' );
		$this->assertSame( Multisite::SITE, Multisite::scope( true, true, 'acme-theme', array( 'acme-theme' => 1 ) ), 'a theme' );
	}

	public function test_a_network_license_names_the_network_s_main_address_and_every_call_on_a_network_sends_it(): void {
		$this->assertSame( 'https://net.example', Multisite::site_url( Multisite::NETWORK, 'https://net.example/one', 'https://net.example/' ) );
		$this->assertSame( 'https://net.example/one', Multisite::site_url( Multisite::SITE, 'https://net.example/one', 'https://net.example/' ) );
		$this->assertSame( 'https://net.example', Multisite::network_url( true, 'https://net.example/' ) );
		$this->assertSame( '', Multisite::network_url( false, 'https://net.example/' ), 'a single site sends none' );
	}

	public function test_the_record_keeps_each_site_s_call_once_with_scalar_values_only(): void {
		$call   = array(
			'server'  => 'https://seller.example',
			'product' => 'acme-gadgets',
			'file'    => '/var/www/wp-content/plugins/acme-gadgets/acme-gadgets.php',
			'hook'    => static function (): void {
			},
		);
		$record = Multisite::record( null, 'acme-gadgets', 3, $call );
		$record = Multisite::record( $record, 'acme-gadgets', 2, $call );
		$again  = Multisite::record( $record, 'acme-gadgets', 3, $call );
		$this->assertSame( array( 2, 3 ), array_keys( $record['acme-gadgets'] ) );
		$this->assertSame( $record, $again, 'a call seen again changes nothing, so nothing is written' );
		$this->assertArrayNotHasKey( 'hook', $record['acme-gadgets'][2] );
		$this->assertSame( 'https://seller.example', $record['acme-gadgets'][2]['server'] );
	}

	public function test_the_record_holds_a_bounded_number_of_sites_per_product(): void {
		$record = null;
		for ( $site = 1; $site <= Multisite::MAX_SITES + 5; $site++ ) {
			$record = Multisite::record( $record, 'acme-gadgets', $site, array( 'file' => 'f.php' ) );
		}
		$this->assertCount( Multisite::MAX_SITES, $record['acme-gadgets'] );
	}

	public function test_a_product_not_loaded_here_is_served_from_its_first_active_site_with_a_key(): void {
		$call                 = array(
			'product' => 'acme-gadgets',
			'file'    => '/plugins/acme-gadgets/acme-gadgets.php',
		);
		$record               = Multisite::record( null, 'acme-gadgets', 2, $call );
		$record               = Multisite::record( $record, 'acme-gadgets', 3, $call );
		$record               = Multisite::record( $record, 'acme-gadgets', 4, $call );
		list( $serve, $kept ) = Multisite::to_serve(
			$record,
			array( 'acme-widgets' ),
			static function ( int $site_id ): bool {
				return 2 !== $site_id;
			},
			static function ( int $site_id ): bool {
				return 4 === $site_id;
			}
		);
		$this->assertSame( array( 'acme-gadgets' ), array_keys( $serve ) );
		$this->assertSame( 4, $serve['acme-gadgets']['site_id'], 'site 2 no longer runs it, site 3 has no key' );
		$this->assertSame( '/plugins/acme-gadgets/acme-gadgets.php', $serve['acme-gadgets']['call']['file'] );
		$this->assertSame( array( 3, 4 ), array_keys( $kept['acme-gadgets'] ), 'the site that no longer runs it is dropped' );
	}

	public function test_a_product_loaded_here_or_active_nowhere_is_not_served(): void {
		$record        = Multisite::record( null, 'acme-gadgets', 2, array( 'file' => '/plugins/acme-gadgets/acme-gadgets.php' ) );
		$yes           = static function (): bool {
			return true;
		};
		list( $serve ) = Multisite::to_serve( $record, array( 'acme-gadgets' ), $yes, $yes );
		$this->assertSame( array(), $serve, 'loaded in this request: its own hooks serve it' );
		list( $serve, $kept ) = Multisite::to_serve(
			$record,
			array(),
			static function (): bool {
				return false;
			},
			$yes
		);
		$this->assertSame( array(), $serve );
		$this->assertSame( array(), $kept, 'a product active on no site leaves the record' );
		list( $serve ) = Multisite::to_serve( 'not a record', array(), $yes, $yes );
		$this->assertSame( array(), $serve );
	}
}
