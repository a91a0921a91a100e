<?php
/**
 * When the SDK starts core's automatic updater.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\AutoUpdateStart;

final class AutoUpdateStartTest extends TestCase {

	public function test_an_offer_found_in_wp_cron_for_a_product_turned_on_starts_the_updater(): void {
		$this->assertTrue( AutoUpdateStart::needed( true, true, true, false, false ) );
	}

	public function test_nothing_is_started_outside_wp_cron_without_an_offer_or_when_turned_off(): void {
		$this->assertFalse( AutoUpdateStart::needed( false, true, true, false, false ), 'an admin page' );
		$this->assertFalse( AutoUpdateStart::needed( true, false, true, false, false ), 'no installable offer' );
		$this->assertFalse( AutoUpdateStart::needed( true, true, false, false, false ), 'auto-updates off' );
	}

	public function test_an_updater_already_scheduled_or_at_work_is_not_started_again(): void {
		$this->assertFalse( AutoUpdateStart::needed( true, true, true, true, false ), 'already scheduled' );
		$this->assertFalse( AutoUpdateStart::needed( true, true, true, false, true ), 'its own update check' );
	}

	public function test_turned_on_means_core_allows_the_type_and_lists_the_product(): void {
		$list = array( 'acme-widgets/acme-widgets.php', 'other/other.php' );
		$this->assertTrue( AutoUpdateStart::turned_on( true, $list, 'acme-widgets/acme-widgets.php' ) );
		$this->assertFalse( AutoUpdateStart::turned_on( true, $list, 'gadgets/gadgets.php' ), 'not listed' );
		$this->assertFalse( AutoUpdateStart::turned_on( false, $list, 'acme-widgets/acme-widgets.php' ), 'type off (a filter)' );
		$this->assertFalse( AutoUpdateStart::turned_on( true, false, 'acme-widgets/acme-widgets.php' ), 'option never saved' );
		$this->assertFalse( AutoUpdateStart::turned_on( true, 'acme-widgets/acme-widgets.php', 'acme-widgets/acme-widgets.php' ), 'not a list' );
	}
}
