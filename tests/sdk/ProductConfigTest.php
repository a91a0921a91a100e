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
		$this->assertSame( array(), $config->public_keys() );
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

	public function test_the_license_screen_goes_under_plugins_or_appearance_unless_the_seller_names_a_menu(): void {
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

	public function test_plain_http_is_refused_for_a_server_on_the_internet(): void {
		$servers = array(
			'http://seller.example',
			'HTTP://Seller.Example/',
			'http://shop.com/store',
			'http://staging.shop.com',
			'http://dev.shop.com',
			'http://192.168.1.5',
			'http://10.0.0.1:8080',
			'http://localhost.evil.example',
			'http://127.0.0.1.evil.example',
			'http://localhost@evil.example',
			'http://localhost:80@evil.example',
			'http://2130706433',
			'http://[::ffff:127.0.0.1]',
			'http://seller.example.test.evil.example',
		);
		foreach ( $servers as $server ) {
			try {
				ProductConfig::from_array( $this->call( array( 'server' => $server ) ) );
				$this->fail( 'accepted ' . $server );
			} catch ( InvalidArgumentException $e ) {
				$this->assertStringContainsString( "'server' must use https://", $e->getMessage(), $server );
				$this->assertStringContainsString( $server, $e->getMessage() );
			}
		}
		try {
			ProductConfig::from_array( $this->call( array( 'rest_root' => 'http://seller.example/?rest_route=/svc/v1' ) ) );
			$this->fail( 'accepted an http rest_root' );
		} catch ( InvalidArgumentException $e ) {
			$this->assertStringContainsString( "'rest_root' must use https://", $e->getMessage() );
		}
	}

	public function test_plain_http_is_allowed_on_the_loopback_and_local_development_names(): void {
		$servers = array(
			'http://localhost:8888'     => 'http://localhost:8888/wp-json/svc/v1',
			'http://LOCALHOST'          => 'http://LOCALHOST/wp-json/svc/v1',
			'http://127.0.0.1:9'        => 'http://127.0.0.1:9/wp-json/svc/v1',
			'http://127.255.0.3/shop'   => 'http://127.255.0.3/shop/wp-json/svc/v1',
			'http://[::1]:8080'         => 'http://[::1]:8080/wp-json/svc/v1',
			'http://shop.localhost'     => 'http://shop.localhost/wp-json/svc/v1',
			'http://seller.test'        => 'http://seller.test/wp-json/svc/v1',
			'http://a.b.seller.test:81' => 'http://a.b.seller.test:81/wp-json/svc/v1',
			'http://seller.local'       => 'http://seller.local/wp-json/svc/v1',
			'https://seller.example'    => 'https://seller.example/wp-json/svc/v1',
		);
		foreach ( $servers as $server => $root ) {
			$this->assertSame( $root, ProductConfig::from_array( $this->call( array( 'server' => $server ) ) )->root(), $server );
		}
		$this->assertSame(
			'http://localhost:8888/?rest_route=/svc/v1',
			ProductConfig::from_array( $this->call( array( 'server' => 'http://localhost:8888', 'rest_root' => 'http://localhost:8888/?rest_route=/svc/v1' ) ) )->root()
		);
	}

	public function test_the_seller_may_name_a_folder_of_translations(): void {
		$this->assertSame( '', ProductConfig::from_array( $this->call() )->languages_dir() );
		$this->assertSame( __DIR__, ProductConfig::from_array( $this->call( array( 'languages_dir' => __DIR__ . '/' ) ) )->languages_dir() );
		foreach ( array( '/nowhere/languages', __FILE__, array( __DIR__ ) ) as $wrong ) {
			try {
				ProductConfig::from_array( $this->call( array( 'languages_dir' => $wrong ) ) );
				$this->fail( 'accepted ' . json_encode( $wrong ) );
			} catch ( InvalidArgumentException $e ) {
				$this->assertStringContainsString( "'languages_dir'", $e->getMessage() );
			}
		}
	}

	public function test_public_keys_are_checked_and_baked_keys_added_without_replacing_the_call_s(): void {
		$one    = rtrim( strtr( base64_encode( str_repeat( 'a', 32 ) ), '+/', '-_' ), '=' );
		$two    = rtrim( strtr( base64_encode( str_repeat( 'b', 32 ) ), '+/', '-_' ), '=' );
		$config = ProductConfig::from_array( $this->call( array( 'public_keys' => array( 'k1' => $one ) ) ) );
		$this->assertSame( array( 'k1' => $one ), $config->public_keys() );
		$baked = $config->with_baked_keys( array( 'k1' => $two, 'k2' => $two, 'k3' => 'short', 4 => array() ) );
		$this->assertSame( array( 'k1' => $one, 'k2' => $two ), $baked->public_keys() );
		$this->assertSame( array( 'k1' => $one ), $config->public_keys(), 'the call itself is unchanged' );
		foreach ( array( 'not a list', array( 'k1' => 'short' ), array( 'bad id!' => $one ) ) as $wrong ) {
			try {
				ProductConfig::from_array( $this->call( array( 'public_keys' => $wrong ) ) );
				$this->fail( 'accepted ' . json_encode( $wrong ) );
			} catch ( \InvalidArgumentException $e ) {
				$this->assertStringContainsString( "'public_keys'", $e->getMessage() );
			}
		}
	}

	public function test_a_product_s_own_sdk_copies_are_the_ones_in_its_folder(): void {
		$config = ProductConfig::from_array( $this->call() );
		$own    = __DIR__ . '/lib/sdk';
		$this->assertSame( array( $own, __DIR__ . '/vendor/svc-licensing-client' ), $config->own_copies( array( '/elsewhere/plugins/acme-gadgets/vendor/svc-licensing-client', $own, $own, __DIR__ . 'x/vendor/sdk' ) ) );
	}
}
