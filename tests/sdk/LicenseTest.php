<?php
/**
 * One product's licence: activation keeps the key only when the server accepted it, an outage keeps the last
 * answer, a deactivation forgets the key once the server answered.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\License;
use Svc\LicensingClient\LicenseRecord;
use Svc\LicensingClient\ProductConfig;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\StateStore;

require_once __DIR__ . '/MemoryStore.php';
require_once __DIR__ . '/LeaseSigner.php';

final class LicenseTest extends TestCase {

	/**
	 * Answers the fake server gives, by route; null is no answer.
	 *
	 * @var array<string, array{int, array<string, mixed>}|null>
	 */
	private $server = array();

	/**
	 * Requests sent: route => fields.
	 *
	 * @var array<int, array{string, array<string, mixed>}>
	 */
	private $sent = array();

	/**
	 * Fake clock.
	 *
	 * @var int
	 */
	private $now = 1000;

	/**
	 * Store.
	 *
	 * @var StateStore
	 */
	private $store;

	protected function setUp(): void {
		$this->store = new MemoryStore();
	}

	/**
	 * The network's main address the licence sends ('' on a single site).
	 *
	 * @var string
	 */
	private $network_url = '';

	private function license(): License {
		$clock      = function (): int {
			return $this->now;
		};
		$connection = new Connection(
			'https://seller.example/wp-json/svc/v1',
			function ( string $method, string $url, array $fields ) {
				$route        = substr( $url, strlen( 'https://seller.example/wp-json/svc/v1' ) );
				$this->sent[] = array( $route, $fields );
				$answer       = $this->server[ $route ] ?? null;
				return null === $answer ? null : array(
					'status'  => $answer[0],
					'headers' => array(),
					'body'    => (string) json_encode( $answer[1] ),
				);
			},
			$this->store,
			$clock
		);
		$config     = ProductConfig::from_array(
			array(
				'server'      => 'https://seller.example',
				'product'     => 'acme-widgets',
				'file'        => __FILE__,
				'public_keys' => ( new LeaseSigner( 'k1', 'a' ) )->root(),
			)
		);
		return new License( $config, $connection, $this->store, 'https://client.example', str_repeat( 'f', 64 ), $clock, $this->network_url );
	}

	private function server_accepts(): void {
		$lease                              = ( new LeaseSigner( 'k1', 'a' ) )->lease( $this->now );
		$this->server['/licenses/activate'] = array( 200, array( 'activated' => true, 'activation_count' => 1, 'activation_limit' => 3, 'lease' => $lease ) );
		$this->server['/licenses/validate'] = array( 200, array( 'valid' => true, 'status' => 'active', 'activation_count' => 1, 'activation_limit' => 3, 'lease' => $lease ) );
	}

	public function test_a_valid_answer_without_a_verified_lease_is_not_valid(): void {
		$this->server_accepts();
		$this->server['/licenses/validate'][1]['lease'] = ( new LeaseSigner( 'k1', 'b' ) )->lease( $this->now );
		$this->server['/licenses/activate'][1]['lease'] = $this->server['/licenses/validate'][1]['lease'];
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$license = $this->license();
		$this->assertTrue( $license->record()->answer()['valid'], 'the record says what the server said' );
		$this->assertFalse( $license->is_valid(), 'a lease signed by a key this product does not trust' );
		unset( $this->server['/licenses/validate'][1]['lease'] );
		$license->check();
		$this->assertFalse( $this->license()->is_valid(), 'an answer with no lease' );
	}

	public function test_a_site_whose_slot_was_released_elsewhere_is_not_valid_at_its_next_check(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->assertTrue( $this->license()->is_valid() );
		// The slot freed by the key alone from another machine: validate still says valid (the spec), the lease says
		// not activated here (valid: true as servers before issue 40 signed it, which the SDK must refuse too).
		$this->now += 86400;
		foreach ( array( true, false ) as $valid ) {
			$this->server['/licenses/validate'] = array(
				200,
				array(
					'valid'             => true,
					'status'            => 'active',
					'already_activated' => false,
					'activation_count'  => 0,
					'activation_limit'  => 1,
					'lease'             => ( new LeaseSigner( 'k1', 'a' ) )->lease( $this->now, array( 'valid' => $valid, 'activated' => false ) ),
				),
			);
			$this->license()->check();
			$this->assertFalse( $this->license()->is_valid(), 'lease valid: ' . var_export( $valid, true ) );
			$this->assertSame( 'not_activated', $this->license()->leases()->verdict() );
		}
	}

	public function test_a_key_written_into_the_option_past_the_limit_is_never_valid(): void {
		// No activation here: the key is put straight into the SDK's option, then checked.
		$this->store->set( 'product_acme-widgets_key', 'ABCD-EFGH-IJKL-MNOP' );
		$this->server['/licenses/validate'] = array(
			200,
			array(
				'valid'             => true,
				'status'            => 'active',
				'already_activated' => false,
				'activation_count'  => 1,
				'activation_limit'  => 1,
				'lease'             => ( new LeaseSigner( 'k1', 'a' ) )->lease( $this->now, array( 'activated' => false ) ),
			),
		);
		$this->license()->check();
		$this->assertFalse( $this->license()->is_valid() );
		$this->assertSame( array( '/licenses/validate' ), array_column( $this->sent, 0 ) );
	}

	public function test_the_lease_ends_with_its_own_dates_through_an_outage_and_a_deactivation_forgets_it(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server = array();
		$this->now    = 1000 + 14 * 86400 - 1;
		$this->license()->check();
		$this->assertTrue( $this->license()->is_valid() );
		$this->now = 1000 + 14 * 86400;
		$this->assertFalse( $this->license()->is_valid() );
		$this->server_accepts();
		$this->now += 3600;
		$this->license()->check();
		$this->assertTrue( $this->license()->is_valid(), 'the next answer brings a new lease' );
		$this->server['/licenses/deactivate'] = array( 200, array( 'deactivated' => true ) );
		$this->license()->deactivate();
		$this->assertFalse( $this->license()->is_valid() );
		$this->assertNull( $this->store->get( 'product_acme-widgets_lease' ) );
	}

	public function test_an_accepted_key_is_kept_checked_and_shown_masked(): void {
		$this->server_accepts();
		$reply = $this->license()->activate( ' abcd-efgh-ijkl-mnop ' );
		$this->assertSame( Reply::ANSWER, $reply->kind() );
		$license = $this->license();
		$this->assertSame( 'ABCD-EFGH-IJKL-MNOP', $license->key() );
		$this->assertSame( 'ABCD-••••-••••-MNOP', $license->masked_key() );
		$this->assertTrue( $license->is_valid() );
		$this->assertSame( array( '/licenses/activate', '/licenses/validate' ), array_column( $this->sent, 0 ) );
		$this->assertSame(
			array(
				'license_key'        => 'ABCD-EFGH-IJKL-MNOP',
				'product_slug'       => 'acme-widgets',
				'site_url'           => 'https://client.example',
				'server_fingerprint' => str_repeat( 'f', 64 ),
			),
			$this->sent[0][1]
		);
	}

	public function test_on_a_network_every_license_call_sends_the_network_s_main_address(): void {
		$this->server_accepts();
		$this->server['/licenses/deactivate'] = array( 200, array( 'deactivated' => true ) );
		$this->network_url                    = 'https://net.example';
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->license()->deactivate();
		$this->assertSame( array( '/licenses/activate', '/licenses/validate', '/licenses/deactivate' ), array_column( $this->sent, 0 ) );
		foreach ( $this->sent as list( $route, $fields ) ) {
			$this->assertSame( 'https://net.example', $fields['network_url'], $route );
			$this->assertSame( 'https://client.example', $fields['site_url'], $route );
		}
	}

	public function test_a_channel_choice_is_sent_and_the_answer_kept_for_the_screen(): void {
		$this->assertSame( array( 'channel' => 'stable', 'channels' => array( 'stable', 'beta' ) ), $this->license()->channel() );
		$this->assertSame( 'no_key', $this->license()->choose_channel( 'beta' )->error_code() );
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server['/licenses/channel'] = array( 200, array( 'channel' => 'beta', 'channels' => array( 'stable', 'beta', 'nightly' ) ) );
		$this->sent                        = array();
		$this->assertSame( Reply::ANSWER, $this->license()->choose_channel( 'beta' )->kind() );
		$this->assertSame( array( '/licenses/channel' ), array_column( $this->sent, 0 ) );
		$this->assertSame( 'beta', $this->sent[0][1]['channel'] );
		$this->assertSame( 'acme-widgets', $this->sent[0][1]['product_slug'] );
		$this->assertSame( array( 'channel' => 'beta', 'channels' => array( 'stable', 'beta', 'nightly' ) ), $this->license()->channel() );
		// A malformed name never leaves the site; a refusal keeps the last choice.
		$this->assertSame( 'invalid_params', $this->license()->choose_channel( 'Beta Two' )->error_code() );
		$this->server['/licenses/channel'] = array( 400, array( 'code' => 'invalid_params', 'message' => 'No', 'data' => array( 'status' => 400 ) ) );
		$this->license()->choose_channel( 'gone' );
		$this->assertSame( 'beta', $this->license()->channel()['channel'] );
		$this->license()->forget();
		$this->assertSame( 'stable', $this->license()->channel()['channel'] );
	}

	public function test_a_refused_key_is_not_kept(): void {
		$this->server['/licenses/activate'] = array( 403, array( 'code' => 'activation_limit_reached', 'message' => 'Limit', 'data' => array( 'status' => 403 ) ) );
		$reply                              = $this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->assertSame( 'activation_limit_reached', $reply->error_code() );
		$this->assertSame( '', $this->license()->key() );
	}

	public function test_an_outage_keeps_a_valid_license_valid_and_says_since_when(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server = array();
		$this->now    = 1000 + 86400;
		$reply        = $this->license()->check();
		$this->assertSame( Reply::UNAVAILABLE, $reply->kind() );
		$license = $this->license();
		$this->assertTrue( $license->is_valid() );
		$this->assertSame( LicenseRecord::UNVERIFIED, $license->record()->state() );
		$this->assertSame( 1000, $license->record()->verified_at() );
	}

	public function test_a_key_the_server_no_longer_knows_turns_invalid(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server['/licenses/validate'] = array( 404, array( 'code' => 'license_not_found', 'message' => 'No licence', 'data' => array( 'status' => 404 ) ) );
		$this->license()->check();
		$license = $this->license();
		$this->assertFalse( $license->is_valid() );
		$this->assertSame( 'license_not_found', $license->record()->answer()['status'] );
	}

	public function test_deactivation_forgets_the_key_once_the_server_answered_and_keeps_it_while_it_cannot(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server = array();
		$this->assertSame( Reply::UNAVAILABLE, $this->license()->deactivate()->kind() );
		$this->assertSame( 'ABCD-EFGH-IJKL-MNOP', $this->license()->key() );

		$this->now                            = 100000;
		$this->server['/licenses/deactivate'] = array( 200, array( 'deactivated' => true ) );
		$this->assertSame( Reply::ANSWER, $this->license()->deactivate()->kind() );
		$this->assertSame( '', $this->license()->key() );
		$this->assertSame( LicenseRecord::NONE, $this->license()->record()->state() );
	}

	public function test_deleting_the_product_frees_the_slot_without_waiting_and_forgets_the_key(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$sent = array();
		$this->license()->release_on_delete(
			static function ( string $method, string $url, array $fields ) use ( &$sent ) {
				$sent[] = array( $method, $url, $fields['license_key'], $fields['site_url'] );
			}
		);
		$this->assertSame( array( array( 'POST', 'https://seller.example/wp-json/svc/v1/licenses/deactivate', 'ABCD-EFGH-IJKL-MNOP', 'https://client.example' ) ), $sent );
		$this->assertSame( '', $this->license()->key() );
		$this->assertSame( LicenseRecord::NONE, $this->license()->record()->state() );
	}

	public function test_deleting_while_the_server_is_backed_off_sends_nothing_and_still_forgets(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server = array();
		$this->license()->check();
		$sent = 0;
		$this->license()->release_on_delete(
			static function () use ( &$sent ) {
				++$sent;
			}
		);
		$this->assertSame( 0, $sent );
		$this->assertSame( '', $this->license()->key() );
	}

	public function test_a_products_own_uninstall_frees_the_slot_from_what_the_site_stored_at_activation(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$sent = array();
		License::release_stored(
			'acme-widgets',
			$this->store,
			'https://client.example',
			str_repeat( 'f', 64 ),
			static function ( string $method, string $url, array $fields ) use ( &$sent ) {
				$sent[] = array( $method, $url, $fields );
			},
			function (): int {
				return $this->now;
			}
		);
		$this->assertSame(
			array(
				array(
					'POST',
					'https://seller.example/wp-json/svc/v1/licenses/deactivate',
					array(
						'license_key'        => 'ABCD-EFGH-IJKL-MNOP',
						'product_slug'       => 'acme-widgets',
						'site_url'           => 'https://client.example',
						'server_fingerprint' => str_repeat( 'f', 64 ),
					),
				),
			),
			$sent
		);
	}

	public function test_a_products_own_uninstall_sends_nothing_without_a_stored_key_or_while_the_server_is_backed_off(): void {
		$sent  = 0;
		$send  = static function () use ( &$sent ) {
			++$sent;
		};
		$clock = function (): int {
			return $this->now;
		};
		License::release_stored( 'acme-widgets', $this->store, 'https://client.example', str_repeat( 'f', 64 ), $send, $clock );
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->server = array();
		$this->license()->check();
		License::release_stored( 'acme-widgets', $this->store, 'https://client.example', str_repeat( 'f', 64 ), $send, $clock );
		License::release_stored( 'acme-gadgets', $this->store, 'https://client.example', str_repeat( 'f', 64 ), $send, $clock );
		$this->assertSame( 0, $sent );
	}

	public function test_deactivating_forgets_the_stored_server_too(): void {
		$this->server_accepts();
		$this->license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->assertSame(
			array(
				'root'        => 'https://seller.example/wp-json/svc/v1',
				'site_url'    => 'https://client.example',
				'fingerprint' => str_repeat( 'f', 64 ),
			),
			$this->store->get( 'product_acme-widgets_server' )
		);
		$this->server['/licenses/deactivate'] = array( 200, array( 'deactivated' => true ) );
		$this->license()->deactivate();
		$this->assertNull( $this->store->get( 'product_acme-widgets_server' ) );
	}

	public function test_masks_hide_all_but_the_ends(): void {
		$this->assertSame( '', License::mask( '' ) );
		$this->assertSame( '••••••', License::mask( 'SHORTY' ) );
		$this->assertSame( 'ABCD••••••WXYZ', License::mask( 'ABCDEFGHIJWXYZ' ) );
	}
}
