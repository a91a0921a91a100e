<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Health\CheckResult;
use Svc\Licensing\Domain\Health\SiteHealthFormat;

final class SiteHealthFormatTest extends TestCase {

	public function test_check_statuses_map_to_site_health_statuses_and_badge_colours(): void {
		$this->assertSame( 'good', SiteHealthFormat::status( new CheckResult( 'database', 'pass' ) ) );
		$this->assertSame( 'recommended', SiteHealthFormat::status( new CheckResult( 'payment_webhook', 'warn', 'No secret.' ) ) );
		$this->assertSame( 'critical', SiteHealthFormat::status( new CheckResult( 'file_storage', 'fail', 'Not writable.' ) ) );
		$this->assertSame( 'blue', SiteHealthFormat::color( new CheckResult( 'database', 'pass' ) ) );
		$this->assertSame( 'orange', SiteHealthFormat::color( new CheckResult( 'database', 'warn' ) ) );
		$this->assertSame( 'red', SiteHealthFormat::color( new CheckResult( 'database', 'fail' ) ) );
	}

	public function test_values_read_as_text_and_keep_their_raw_form_for_the_copy(): void {
		$this->assertSame( array( 'Yes', 'true' ), SiteHealthFormat::value( true ) );
		$this->assertSame( array( 'No', 'false' ), SiteHealthFormat::value( false ) );
		$this->assertSame( array( '*.test, staging.*', '*.test, staging.*' ), SiteHealthFormat::value( array( '*.test', 'staging.*' ) ) );
		$this->assertSame( array( 'None', '' ), SiteHealthFormat::value( array() ) );
		$this->assertSame(
			array( 'validate: 30, activate: 10', 'validate: 30, activate: 10' ),
			SiteHealthFormat::value(
				array(
					'validate' => 30,
					'activate' => 10,
				)
			)
		);
		$this->assertSame( array( 'USD', 'USD' ), SiteHealthFormat::value( 'USD' ) );
		$this->assertSame( array( '300', '300' ), SiteHealthFormat::value( 300 ) );
	}

	public function test_settings_become_fields_and_network_details_are_private(): void {
		$fields = SiteHealthFormat::settings(
			array(
				'fast_lane'                  => true,
				'trusted_proxies'            => array( '10.0.0.0/8' ),
				'webhook_signing_secret_set' => true,
			)
		);
		$this->assertSame(
			array(
				'label' => 'fast_lane',
				'value' => 'Yes',
				'debug' => 'true',
			),
			$fields['setting_fast_lane']
		);
		$this->assertTrue( $fields['setting_trusted_proxies']['private'] );
		$this->assertSame( '10.0.0.0/8', $fields['setting_trusted_proxies']['value'] );
		$this->assertArrayNotHasKey( 'private', $fields['setting_webhook_signing_secret_set'] );
	}

	public function test_a_setting_that_holds_a_secret_is_refused_not_shown(): void {
		$fields = SiteHealthFormat::settings(
			array(
				'currency'               => 'EUR',
				'webhook_signing_secret' => 'whsec_leak',
				'api_key'                => 'svc_live_leak',
			)
		);
		$this->assertSame( array( 'setting_currency' ), array_keys( $fields ) );
	}

	public function test_a_job_reads_as_its_next_run_or_as_not_scheduled(): void {
		$now = 1_800_000_000;
		$this->assertSame( 'Not scheduled', SiteHealthFormat::schedule( null, $now ) );
		$this->assertSame( '2027-01-15T08:05:00Z (in 5 min)', SiteHealthFormat::schedule( $now + 300, $now ) );
		$this->assertSame( '2027-01-15T08:00:30Z (due now)', SiteHealthFormat::schedule( $now + 30, $now ) );
		$this->assertSame( '2027-01-15T07:30:00Z (overdue by 30 min)', SiteHealthFormat::schedule( $now - 1800, $now ) );
	}
}
