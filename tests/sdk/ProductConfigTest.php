<?php
/**
 * A seller's integration call, checked with messages that say what to fix.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\ProductConfig;

final class ProductConfigTest extends TestCase {

	/**
	 * A valid call.
	 *
	 * @return array<string, mixed>
	 */
	private function call( array $changes = array() ): array {
		return array_merge(
			array(
				'server'  => 'https://seller.example/',
				'product' => 'acme-widgets',
				'file'    => __FILE__,
			),
			$changes
		);
	}

	public function test_a_valid_call_with_defaults(): void {
		$config = ProductConfig::from_array( $this->call() );
		$this->assertSame( 'https://seller.example/wp-json/svc/v1', $config->root() );
		$this->assertSame( 'acme-widgets', $config->slug() );
		$this->assertSame( __FILE__, $config->file() );
		$this->assertSame( 7, $config->grace_days() );
		$this->assertSame( '', $config->account_url() );
	}

	public function test_a_server_in_a_subfolder_and_an_explicit_rest_root(): void {
		$this->assertSame( 'https://seller.example/shop/wp-json/svc/v1', ProductConfig::from_array( $this->call( array( 'server' => 'https://seller.example/shop' ) ) )->root() );
		$this->assertSame(
			'https://seller.example/?rest_route=/svc/v1',
			ProductConfig::from_array( $this->call( array( 'rest_root' => 'https://seller.example/?rest_route=/svc/v1/' ) ) )->root()
		);
	}

	public function test_mistakes_say_what_to_fix(): void {
		$cases = array(
			array( array( 'server' => 'seller.example' ), "'server'" ),
			array( array( 'server' => '' ), "'server'" ),
			array( array( 'server' => 42 ), "'server' must be a string" ),
			array( array( 'product' => 'Acme Widgets' ), "'product'" ),
			array( array( 'product' => '' ), "'product'" ),
			array( array( 'file' => '/nowhere/acme.php' ), "'file'" ),
			array( array( 'grace_days' => 0 ), "'grace_days'" ),
			array( array( 'grace_days' => '7' ), "'grace_days'" ),
			array( array( 'account_url' => 'my account' ), "'account_url'" ),
			array( array( 'rest_root' => 'svc/v1' ), "'rest_root'" ),
			array( array( 'menu_parent' => 'Acme <b>' ), "'menu_parent'" ),
			array( array( 'menu_parent' => array( 'acme' ) ), "'menu_parent' must be a string" ),
		);
		foreach ( $cases as list( $changes, $message ) ) {
			try {
				ProductConfig::from_array( $this->call( $changes ) );
				$this->fail( 'accepted ' . json_encode( $changes ) );
			} catch ( InvalidArgumentException $e ) {
				$this->assertStringContainsString( $message, $e->getMessage() );
			}
		}
	}

	public function test_the_licence_screen_goes_under_plugins_or_appearance_unless_the_seller_names_a_menu(): void {
		$default = ProductConfig::from_array( $this->call() );
		$this->assertSame( '', $default->menu_parent() );
		$this->assertSame( 'plugins.php', $default->screen_base( false ) );
		$this->assertSame( 'themes.php', $default->screen_base( true ) );
		$own = ProductConfig::from_array( $this->call( array( 'menu_parent' => 'acme-gadgets' ) ) );
		$this->assertSame( 'acme-gadgets', $own->menu_parent() );
		$this->assertSame( 'admin.php', $own->screen_base( false ) );
		$this->assertSame( 'admin.php', $own->screen_base( true ) );
		$this->assertSame( 'options-general.php', ProductConfig::from_array( $this->call( array( 'menu_parent' => 'options-general.php' ) ) )->screen_base( false ) );
		$this->assertSame( 'edit.php?post_type=acme_item', ProductConfig::from_array( $this->call( array( 'menu_parent' => 'edit.php?post_type=acme_item' ) ) )->screen_base( false ) );
	}

	public function test_a_theme_is_told_apart_by_its_folder(): void {
		$config = ProductConfig::from_array( $this->call() );
		$this->assertTrue( $config->is_theme( array( dirname( __DIR__ ) ) ) );
		$this->assertFalse( $config->is_theme( array( '/srv/www/wp-content/themes', '' ) ) );
	}
}
