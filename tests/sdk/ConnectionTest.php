<?php
/**
 * Calls to a licence server: what counts as an answer, and one back-off per server for every product.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\StateStore;

require_once __DIR__ . '/MemoryStore.php';

final class ConnectionTest extends TestCase {

	/**
	 * Requests the fake transport received.
	 *
	 * @var string[]
	 */
	private $sent = array();

	/**
	 * What the fake transport answers next.
	 *
	 * @var array{status: int, headers: array<string, string>, body: string}|null
	 */
	private $next = null;

	/**
	 * The fake clock.
	 *
	 * @var int
	 */
	private $now = 1000;

	/**
	 * Shared state.
	 *
	 * @var StateStore
	 */
	private $store;

	protected function setUp(): void {
		$this->store = new MemoryStore();
	}

	private function connection( string $root = 'https://seller.example/wp-json/svc/v1' ): Connection {
		return new Connection(
			$root,
			function ( string $method, string $url, array $fields ) {
				$this->sent[] = $method . ' ' . $url;
				return $this->next;
			},
			$this->store,
			function (): int {
				return $this->now;
			}
		);
	}

	private function answer( int $status, array $body, array $headers = array() ): void {
		$this->next = array(
			'status'  => $status,
			'headers' => $headers,
			'body'    => (string) json_encode( $body ),
		);
	}

	public function test_a_2xx_is_an_answer_and_an_api_error_is_a_refusal_both_replace_the_last_answer(): void {
		$this->answer( 200, array( 'valid' => true ) );
		$reply = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::ANSWER, $reply->kind() );
		$this->assertTrue( $reply->is_answer() );
		$this->assertSame( array( 'POST https://seller.example/wp-json/svc/v1/licenses/validate' ), $this->sent );

		$this->answer( 404, array( 'code' => 'license_not_found', 'message' => 'No licence', 'data' => array( 'status' => 404 ) ) );
		$reply = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::REFUSED, $reply->kind() );
		$this->assertSame( 'license_not_found', $reply->error_code() );
		$this->assertTrue( $reply->is_answer() );
		$this->assertTrue( $this->connection()->backoff()->allows( $this->now ), 'a refusal is no reason to wait' );
	}

	public function test_a_429_makes_every_product_on_this_server_wait_the_retry_after(): void {
		$this->answer( 429, array( 'code' => 'rate_limit_exceeded' ), array( 'Retry-After' => '40' ) );
		$first = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::UNAVAILABLE, $first->kind() );
		$this->assertSame( 1040, $first->retry_at() );

		// Another product, another Connection object, the same server: not sent.
		$this->now = 1039;
		$other     = $this->connection( 'https://SELLER.example/wp-json/svc/v1/' )->call( 'GET', '/updates/check', array() );
		$this->assertSame( Reply::WAITING, $other->kind() );
		$this->assertSame( 1040, $other->retry_at() );
		$this->assertCount( 1, $this->sent );

		// Another server is not held back.
		$this->answer( 200, array() );
		$this->assertSame( Reply::ANSWER, $this->connection( 'https://other.example/wp-json/svc/v1' )->call( 'GET', '/updates/check', array() )->kind() );

		$this->now = 1040;
		$this->assertSame( Reply::ANSWER, $this->connection()->call( 'GET', '/updates/check', array() )->kind() );
		$this->assertSame( 0, $this->connection()->backoff()->failures(), 'a success clears the back-off' );
	}

	public function test_no_answer_a_5xx_or_a_body_that_is_not_the_api_backs_off_longer_each_time(): void {
		$waits = array();
		foreach ( array( null, 500, 502, 200 ) as $status ) {
			if ( null === $status ) {
				$this->next = null;
			} elseif ( 200 === $status ) {
				$this->next = array(
					'status'  => 200,
					'headers' => array(),
					'body'    => '<html>captive portal</html>',
				);
			} else {
				$this->answer( $status, array( 'code' => 'internal_error' ) );
			}
			$reply = $this->connection()->call( 'POST', '/licenses/validate', array() );
			$this->assertSame( Reply::UNAVAILABLE, $reply->kind() );
			$this->assertFalse( $reply->is_answer() );
			$waits[]   = $reply->retry_at() - $this->now;
			$this->now = $reply->retry_at();
		}
		$this->assertSame( array( 60, 300, 900, 3600 ), $waits );
	}

	public function test_a_503_with_retry_after_waits_that_long(): void {
		$this->answer( 503, array(), array( 'retry-after' => '120' ) );
		$this->assertSame( 1120, $this->connection()->call( 'GET', '/updates/check', array() )->retry_at() );
	}
}
