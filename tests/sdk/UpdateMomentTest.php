<?php
/**
 * When the SDK asks its server for updates, and which downloads are a product's own.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\UpdateMoment;

final class UpdateMomentTest extends TestCase {

	private function data( ?int $last_checked ): \stdClass {
		$data = new \stdClass();
		if ( null !== $last_checked ) {
			$data->last_checked = $last_checked;
		}
		$data->response = array();
		return $data;
	}

	public function test_cron_and_the_four_screens_may_always_ask(): void {
		$this->assertTrue( UpdateMoment::may_ask( true, '', false, false ) );
		foreach ( UpdateMoment::CHECK_SCREENS as $screen ) {
			$this->assertTrue( UpdateMoment::may_ask( false, $screen, false, true ), $screen );
		}
	}

	public function test_fresh_update_data_saved_anywhere_else_may_ask(): void {
		// wp plugin update, a remote manager's request, core's upgrader after an install: wp_update_plugins() in a
		// request that is none of the four screens.
		$this->assertTrue( UpdateMoment::may_ask( false, 'index.php', true, false ) );
		$this->assertTrue( UpdateMoment::may_ask( false, '', true, false ) );
	}

	public function test_an_ordinary_page_never_asks(): void {
		// A save that is not a fresh check.
		$this->assertFalse( UpdateMoment::may_ask( false, 'index.php', false, false ) );
		// Core's passive twelve-hour check on admin_init of an ordinary admin page.
		$this->assertFalse( UpdateMoment::may_ask( false, 'edit.php', true, true ) );
		$this->assertFalse( UpdateMoment::may_ask( false, 'admin-ajax.php', true, true ) );
	}

	public function test_core_checked_when_last_checked_moves(): void {
		$this->assertTrue( UpdateMoment::core_checked( $this->data( 1000 ), false ) );
		$this->assertTrue( UpdateMoment::core_checked( $this->data( 1000 ), $this->data( 900 ) ) );
		$this->assertTrue( UpdateMoment::core_checked( $this->data( 1000 ), $this->data( null ) ) );
		$this->assertFalse( UpdateMoment::core_checked( $this->data( 1000 ), $this->data( 1000 ) ) );
		$this->assertFalse( UpdateMoment::core_checked( $this->data( null ), $this->data( 1000 ) ) );
		$this->assertFalse( UpdateMoment::core_checked( 'not update data', false ) );
	}

	public function test_a_download_of_the_product_from_its_server_whatever_the_token(): void {
		$root = 'https://Seller.example/wp-json/svc/v1';
		$this->assertTrue( UpdateMoment::is_download_of( $root, 'acme-widgets', 'https://seller.example/wp-json/svc/v1/downloads/acme-widgets?token=abc' ) );
		$this->assertTrue( UpdateMoment::is_download_of( $root . '/', 'acme-widgets', 'HTTPS://SELLER.EXAMPLE/wp-json/svc/v1/downloads/acme-widgets?token=other' ) );
		$this->assertTrue( UpdateMoment::is_download_of( 'http://localhost:8889/?rest_route=/svc/v1', 'acme-widgets', 'http://localhost:8889/?rest_route=/svc/v1/downloads/acme-widgets&token=abc' ) );
	}

	public function test_other_downloads_are_not_the_products(): void {
		$root = 'https://seller.example/wp-json/svc/v1';
		$this->assertFalse( UpdateMoment::is_download_of( $root, 'acme-widgets', 'https://seller.example/wp-json/svc/v1/downloads/acme-widgets-pro?token=abc' ) );
		$this->assertFalse( UpdateMoment::is_download_of( $root, 'acme-widgets', 'https://seller.example/wp-json/svc/v1/downloads/acme-theme?token=abc' ) );
		$this->assertFalse( UpdateMoment::is_download_of( $root, 'acme-widgets', 'https://other.example/wp-json/svc/v1/downloads/acme-widgets?token=abc' ) );
		$this->assertFalse( UpdateMoment::is_download_of( $root, 'acme-widgets', 'https://downloads.wordpress.org/plugin/acme-widgets.9.9.9.zip' ) );
		$this->assertFalse( UpdateMoment::is_download_of( $root, 'acme-widgets', 'https://seller.example.evil/wp-json/svc/v1/downloads/acme-widgets?token=abc' ) );
	}
}
