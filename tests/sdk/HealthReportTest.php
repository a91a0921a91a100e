<?php
/**
 * The SDK's health report after an update: what is reported, when, and once per version.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\HealthReport;

final class HealthReportTest extends TestCase {

	private const NOW = 1800000000;

	public function test_a_failed_install_is_reported_at_once_with_cores_code_for_the_offered_version(): void {
		$this->assertSame(
			array(
				'version'    => '2.0.0',
				'outcome'    => 'failed',
				'error_code' => 'incompatible_archive',
				'due'        => self::NOW,
			),
			HealthReport::after_upgrade( '2.0.0', '1.0.0', 'incompatible_archive', self::NOW )
		);
		$this->assertSame( 'update_failed', HealthReport::after_upgrade( '2.0.0', '1.0.0', '', self::NOW )['error_code'] );
		$this->assertNull( HealthReport::after_upgrade( '', '1.0.0', 'download_failed', self::NOW ) );
	}

	public function test_an_install_waits_for_a_fatal_before_it_is_sent(): void {
		$pending = HealthReport::after_upgrade( '2.0.0', '2.0.0', null, self::NOW );
		$this->assertSame( 'installed', $pending['outcome'] );
		$this->assertSame( self::NOW + HealthReport::HOLD_SECONDS, $pending['due'] );
		$this->assertNull( HealthReport::due( $pending, null, self::NOW ) );
		$this->assertSame(
			array(
				'version'    => '2.0.0',
				'outcome'    => 'installed',
				'error_code' => '',
			),
			HealthReport::due( $pending, null, self::NOW + HealthReport::HOLD_SECONDS )
		);
	}

	public function test_a_fatal_replaces_a_held_install_but_an_install_never_replaces_a_failure(): void {
		$installed = HealthReport::after_upgrade( '2.0.0', '2.0.0', null, self::NOW );
		$fatal     = HealthReport::fatal( '2.0.0', self::NOW + 5 );
		$this->assertTrue( HealthReport::replaces( $installed, $fatal ) );
		$this->assertSame( 'fatal_error', HealthReport::due( $fatal, null, self::NOW + 5 )['error_code'] );
		$this->assertFalse( HealthReport::replaces( $fatal, $installed ) );
		$this->assertTrue( HealthReport::replaces( $fatal, HealthReport::after_upgrade( '2.0.1', '2.0.1', null, self::NOW ) ) );
		$this->assertTrue( HealthReport::replaces( null, $installed ) );
	}

	public function test_a_version_is_reported_once(): void {
		$fatal = HealthReport::fatal( '2.0.0', self::NOW );
		$this->assertNull( HealthReport::due( $fatal, '2.0.0', self::NOW ) );
		$this->assertNotNull( HealthReport::due( $fatal, '1.9.0', self::NOW ) );
		$this->assertNull( HealthReport::due( 'junk', null, self::NOW ) );
		$this->assertNull( HealthReport::due( array( 'version' => '2.0.0' ), null, self::NOW ) );
	}

	public function test_only_a_fatal_error_in_the_products_folder_is_its_own(): void {
		$folder = '/srv/wp-content/plugins/acme-widgets';
		$this->assertTrue( HealthReport::is_fatal_in( array( 'type' => E_ERROR, 'file' => $folder . '/includes/boot.php' ), $folder ) );
		$this->assertTrue( HealthReport::is_fatal_in( array( 'type' => E_PARSE, 'file' => $folder . '/acme-widgets.php' ), $folder . '/' ) );
		$this->assertFalse( HealthReport::is_fatal_in( array( 'type' => E_WARNING, 'file' => $folder . '/acme-widgets.php' ), $folder ) );
		$this->assertFalse( HealthReport::is_fatal_in( array( 'type' => E_ERROR, 'file' => $folder . '-pro/acme.php' ), $folder ) );
		$this->assertFalse( HealthReport::is_fatal_in( array( 'type' => E_ERROR, 'file' => '/srv/wp-includes/load.php' ), $folder ) );
		$this->assertFalse( HealthReport::is_fatal_in( null, $folder ) );
	}

	public function test_the_fields_are_the_update_checks_identity_and_the_report(): void {
		$report = array(
			'version'    => '2.0.0',
			'outcome'    => 'failed',
			'error_code' => 'odd code!',
		);
		$this->assertSame(
			array(
				'license_key'  => 'AAAA-BBBB-CCCC-DDDD',
				'product_slug' => 'acme-widgets',
				'site_url'     => 'https://shop.example',
				'version'      => '2.0.0',
				'outcome'      => 'failed',
				'error_code'   => 'odd_code_',
			),
			HealthReport::fields( $report, 'AAAA-BBBB-CCCC-DDDD', 'acme-widgets', 'https://shop.example', '' )
		);
		$report['error_code'] = '';
		$this->assertArrayNotHasKey( 'error_code', HealthReport::fields( $report, 'k', 's', 'u', '' ) );
		$this->assertSame( 'https://net.example', HealthReport::fields( $report, 'k', 's', 'u', 'https://net.example' )['network_url'] );
	}
}
