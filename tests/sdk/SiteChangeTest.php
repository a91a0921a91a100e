<?php
/**
 * A site copied with its database to another address (issue 44): the SDK notices that its address is not the one
 * it activated with, asks the owner once, and until the answer neither takes a slot for the copy nor frees the
 * original's. Each answer sends the one request the contract names (docs: sdk/README.md, "Moves and clones").
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\InstallId;
use Svc\LicensingClient\License;
use Svc\LicensingClient\ProductConfig;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\SiteChange;
use Svc\LicensingClient\SiteIdentity;

require_once __DIR__ . '/MemoryStore.php';
require_once __DIR__ . '/LeaseSigner.php';

final class SiteChangeTest extends TestCase {

	private const ROOT = 'https://seller.example/wp-json/svc/v1';
	private const KEY  = 'ABCD-EFGH-IJKL-MNOP';

	/**
	 * Answers the fake server gives, by route; null is no answer.
	 *
	 * @var array<string, array{int, array<string, mixed>}|null>
	 */
	private $server = array();

	/**
	 * Requests sent: [route, fields].
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
	 * The site's database, copied along with the site.
	 *
	 * @var MemoryStore
	 */
	private $store;

	protected function setUp(): void {
		$this->store = new MemoryStore();
		$this->store->set( 'install_id', str_repeat( 'a', 64 ) );
	}

	/**
	 * The product's licence on the site at this address, with the install's fingerprint as Sdk makes it.
	 *
	 * @param string $site_url The site's address now (home_url()).
	 * @param string $slug     The product.
	 */
	private function license( string $site_url, string $slug = 'acme-widgets' ): License {
		$clock      = function (): int {
			return $this->now;
		};
		$connection = new Connection(
			self::ROOT,
			function ( string $method, string $url, array $fields ) {
				$route        = substr( $url, strlen( self::ROOT ) );
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
				'product'     => $slug,
				'file'        => __FILE__,
				'public_keys' => ( new LeaseSigner( 'k1', 'a' ) )->root(),
			)
		);
		return new License( $config, $connection, $this->store, $site_url, InstallId::fingerprint( (string) $this->store->get( 'install_id' ) ), $clock );
	}

	/**
	 * The server answers activate, move and validate with a good lease for the site at this address.
	 *
	 * @param string $site_url The address the lease names.
	 */
	private function server_accepts( string $site_url ): void {
		$lease                              = ( new LeaseSigner( 'k1', 'a' ) )->lease( $this->now, array( 'site' => SiteIdentity::fingerprint( $site_url ) ) );
		$this->server['/licenses/activate'] = array(
			200,
			array(
				'activated'        => true,
				'activation_count' => 1,
				'activation_limit' => 3,
				'lease'            => $lease,
			),
		);
		$this->server['/licenses/move']     = array(
			200,
			array(
				'moved'            => true,
				'activation_count' => 1,
				'activation_limit' => 3,
				'lease'            => $lease,
			),
		);
		$this->server['/licenses/validate'] = array(
			200,
			array(
				'valid'            => true,
				'status'           => 'active',
				'activation_count' => 1,
				'activation_limit' => 3,
				'lease'            => $lease,
			),
		);
	}

	/**
	 * Activated at https://client.example; then the database is copied to another address (the requests so far are
	 * forgotten).
	 */
	private function activated_then_copied(): void {
		$this->server_accepts( 'https://client.example' );
		$this->license( 'https://client.example' )->activate( self::KEY );
		$this->assertTrue( $this->license( 'https://client.example' )->is_valid() );
		$this->sent   = array();
		$this->server = array();
	}

	/**
	 * The routes sent since the copy.
	 *
	 * @return list<string>
	 */
	private function routes(): array {
		return array_map(
			static function ( array $sent ): string {
				return $sent[0];
			},
			$this->sent
		);
	}

	public function test_a_new_address_is_a_question_and_http_to_https_or_www_is_not(): void {
		$this->activated_then_copied();
		foreach ( array( 'https://client.example', 'http://client.example', 'https://www.client.example/', 'HTTPS://Client.Example' ) as $same ) {
			$this->assertNull( $this->license( $same )->site_change(), $same );
		}
		$change = $this->license( 'https://staging.client.example' )->site_change();
		$this->assertInstanceOf( SiteChange::class, $change );
		$this->assertSame( 'client.example', $change->from() );
		$this->assertSame( 'staging.client.example', $change->to() );
		$this->assertNotSame( $change->id(), $this->license( 'https://other.example' )->site_change()->id(), 'each change is its own question' );
		$this->assertNull( $this->license( 'https://sub.client.example', 'acme-gadgets' )->site_change(), 'a product without a key asks nothing' );
		$this->assertSame( array(), $this->sent, 'noticing asks no server' );
	}

	public function test_until_the_answer_the_daily_check_sends_nothing_and_the_copy_is_not_licensed(): void {
		$this->activated_then_copied();
		$this->server_accepts( 'https://copy.example' );
		$copy  = $this->license( 'https://copy.example' );
		$reply = $copy->check();
		$this->assertSame( array(), $this->sent, 'no validate, activate, move or deactivate from the daily check' );
		$this->assertSame( 'site_changed', $reply->error_code() );
		$this->assertFalse( $copy->is_valid(), 'the lease names the original site' );
		$this->assertSame( 'https://client.example', $this->store->get( 'product_acme-widgets_server' )['site_url'], 'the question stays' );
		$this->assertNotNull( $this->license( 'https://copy.example' )->site_change() );
	}

	public function test_the_site_moved_sends_move_from_the_stored_address_and_the_record_follows(): void {
		$this->activated_then_copied();
		$this->server_accepts( 'https://new.example' );
		$moved = $this->license( 'https://new.example' );
		$reply = $moved->answer_site_change( SiteChange::MOVED );
		$this->assertSame( Reply::ANSWER, $reply->kind() );
		$this->assertSame( '/licenses/move', $this->sent[0][0] );
		$this->assertSame(
			array(
				'license_key'        => self::KEY,
				'product_slug'       => 'acme-widgets',
				'site_url'           => 'https://new.example',
				'from_site_url'      => 'https://client.example',
				'server_fingerprint' => InstallId::fingerprint( str_repeat( 'a', 64 ) ),
			),
			$this->sent[0][1]
		);
		$this->assertSame( array( '/licenses/move', '/licenses/validate' ), $this->routes() );
		$this->assertNull( $this->license( 'https://new.example' )->site_change() );
		$this->assertSame( 'https://new.example', $this->store->get( 'product_acme-widgets_server' )['site_url'] );
		$this->assertTrue( $this->license( 'https://new.example' )->is_valid() );
	}

	public function test_a_temporary_copy_activates_with_site_change_copy_and_a_refusal_keeps_the_question(): void {
		$this->activated_then_copied();
		$this->server['/licenses/activate'] = array(
			409,
			array(
				'code'    => 'not_a_staging_site',
				'message' => 'copy.example is not one of the staging hosts.',
				'data'    => array( 'status' => 409 ),
			),
		);
		$copy                               = $this->license( 'https://copy.example' );
		$reply                              = $copy->answer_site_change( SiteChange::COPY );
		$this->assertSame( Reply::REFUSED, $reply->kind(), 'the service said no: no back-off, the owner may answer again' );
		$this->assertSame( 'not_a_staging_site', $reply->error_code() );
		$this->assertSame( 'copy', $this->sent[0][1]['site_change'] );
		$this->assertSame( 'https://copy.example', $this->sent[0][1]['site_url'] );
		$this->assertSame( array( '/licenses/activate' ), $this->routes() );
		$this->assertTrue( $copy->connection()->backoff()->allows( $this->now ) );
		$this->assertNotNull( $this->license( 'https://copy.example' )->site_change(), 'the question stays' );
		$this->assertSame( self::KEY, $this->license( 'https://copy.example' )->key() );

		$this->server_accepts( 'https://staging.copy.example' );
		$this->sent = array();
		$this->license( 'https://staging.copy.example' )->answer_site_change( SiteChange::COPY );
		$this->assertSame( array( '/licenses/activate', '/licenses/validate' ), $this->routes() );
		$this->assertNull( $this->license( 'https://staging.copy.example' )->site_change() );
		$this->assertTrue( $this->license( 'https://staging.copy.example' )->is_valid() );
	}

	public function test_a_new_site_gets_a_new_install_id_then_activates_with_site_change_new(): void {
		$this->activated_then_copied();
		$original                           = InstallId::fingerprint( str_repeat( 'a', 64 ) );
		$this->server['/licenses/activate'] = array(
			403,
			array(
				'code'    => 'activation_limit_reached',
				'message' => 'Limit.',
				'data'    => array( 'status' => 403 ),
			),
		);
		$reply                              = $this->license( 'https://second.example' )->answer_site_change( SiteChange::NEW_SITE );
		$this->assertSame( 'activation_limit_reached', $reply->error_code() );
		$this->assertSame( 'new', $this->sent[0][1]['site_change'] );
		$renewed = $this->sent[0][1]['server_fingerprint'];
		$this->assertNotSame( $original, $renewed, 'the copy is an install of its own' );
		$this->assertSame( InstallId::fingerprint( (string) $this->store->get( 'install_id' ) ), $renewed );
		$this->assertNotNull( $this->license( 'https://second.example' )->site_change(), 'refused: the question stays' );

		// Answered again, or for a second product of the same copy: the copy's id is made once.
		$this->server_accepts( 'https://second.example' );
		$this->sent = array();
		$this->license( 'https://second.example' )->answer_site_change( SiteChange::NEW_SITE );
		$this->assertSame( $renewed, $this->sent[0][1]['server_fingerprint'] );
		$this->assertSame( array( '/licenses/activate', '/licenses/validate' ), $this->routes() );
		$this->assertSame( $renewed, $this->sent[1][1]['server_fingerprint'], 'later calls carry the new fingerprint' );
		$this->assertNull( $this->license( 'https://second.example' )->site_change() );
		$this->assertTrue( $this->license( 'https://second.example' )->is_valid() );
	}

	public function test_a_staging_copy_pushed_to_production_then_copied_again_is_a_new_install_again(): void {
		$this->activated_then_copied();
		// Production's database copied to staging, which its owner calls a new site: an install of its own.
		$this->server_accepts( 'https://staging.example' );
		$this->license( 'https://staging.example' )->answer_site_change( SiteChange::NEW_SITE );
		$staging = $this->sent[0][1]['server_fingerprint'];
		// Staging's database pushed back to production, which says it moved there.
		$this->server_accepts( 'https://client.example' );
		$this->license( 'https://client.example' )->answer_site_change( SiteChange::MOVED );
		$this->assertNull( $this->license( 'https://client.example' )->site_change() );
		// And production copied to staging again: that copy carries the id production runs with, so it gets its own.
		$this->server_accepts( 'https://staging.example' );
		$this->sent = array();
		$this->license( 'https://staging.example' )->answer_site_change( SiteChange::NEW_SITE );
		$this->assertSame( '/licenses/activate', $this->sent[0][0] );
		$this->assertNotSame( $staging, $this->sent[0][1]['server_fingerprint'], 'not the fingerprint production holds' );
	}

	public function test_an_unknown_answer_or_no_question_sends_nothing(): void {
		$this->activated_then_copied();
		$this->assertSame( 'invalid_params', $this->license( 'https://copy.example' )->answer_site_change( 'maybe' )->error_code() );
		$this->assertSame( 'no_site_change', $this->license( 'https://client.example' )->answer_site_change( SiteChange::MOVED )->error_code() );
		$this->assertSame( array(), $this->sent );
	}

	public function test_the_services_question_on_activate_becomes_the_screens_question(): void {
		// The key entered again on a copy whose stored key was forgotten: the install's fingerprint is the original's.
		$this->server['/licenses/activate'] = array(
			409,
			array(
				'code'    => 'site_change_unanswered',
				'message' => 'This site looks like a copy of client.example.',
				'data'    => array(
					'status'         => 409,
					'activated_site' => 'client.example',
				),
			),
		);
		$copy                               = $this->license( 'https://copy.example' );
		$reply                              = $copy->activate( self::KEY );
		$this->assertSame( Reply::REFUSED, $reply->kind() );
		$this->assertSame( 'site_change_unanswered', $reply->error_code() );
		$change = $this->license( 'https://copy.example' )->site_change();
		$this->assertNotNull( $change );
		$this->assertSame( 'client.example', $change->from() );
		$this->assertSame( 'copy.example', $change->to() );
	}

	public function test_deleting_the_product_on_the_copy_frees_nothing(): void {
		$this->activated_then_copied();
		$sent = array();
		$send = static function ( string $method, string $url, array $fields ) use ( &$sent ) {
			$sent[] = $fields['site_url'];
		};
		$this->license( 'https://copy.example' )->release_on_delete( $send );
		$this->assertSame( array(), $sent, 'the copy has no slot, and must not free the original\'s' );
		$this->assertSame( '', $this->license( 'https://copy.example' )->key(), 'the copy forgets its key' );
	}

	public function test_a_products_own_uninstall_on_the_copy_never_sends_the_stored_address(): void {
		$this->activated_then_copied();
		$sent        = array();
		$send        = static function ( string $method, string $url, array $fields ) use ( &$sent ) {
			$sent[] = $fields['site_url'];
		};
		$clock       = function (): int {
			return $this->now;
		};
		$fingerprint = InstallId::fingerprint( str_repeat( 'a', 64 ) );
		License::release_stored( 'acme-widgets', $this->store, 'https://copy.example', $fingerprint, $send, $clock );
		$this->assertSame( array(), $sent, 'the stored address is the original\'s: its slot stays taken' );
		License::release_stored( 'acme-widgets', $this->store, 'http://www.client.example', $fingerprint, $send, $clock );
		$this->assertSame( array( 'https://client.example' ), $sent, 'the same site (http, www.) frees its own slot' );
	}

	public function test_the_services_site_change_refusals_are_answers_not_outages(): void {
		foreach ( array( 'site_change_unanswered', 'not_a_staging_site', 'site_move_limit' ) as $code ) {
			$reply = Reply::of(
				409,
				array(
					'code'    => $code,
					'message' => 'No.',
					'data'    => array( 'status' => 409 ),
				)
			);
			$this->assertSame( Reply::REFUSED, $reply->kind(), $code );
			$this->assertSame( $code, $reply->error_code() );
		}
	}
}
