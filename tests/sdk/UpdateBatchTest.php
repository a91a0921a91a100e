<?php
/**
 * One update check per licence server for every product of the site: what is sent, and each product's reply.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\UpdateBatch;

require_once __DIR__ . '/MemoryStore.php';

final class UpdateBatchTest extends TestCase {

	/**
	 * Requests the fake transport received: method, URL and fields.
	 *
	 * @var list<array{0: string, 1: string, 2: array<string, mixed>}>
	 */
	private $sent = array();

	/**
	 * What the fake transport answers, given the fields sent.
	 *
	 * @var callable(array<string, mixed>): (array{status: int, headers: array<string, string>, body: string}|null)
	 */
	private $answer;

	private function connection( MemoryStore $store = null ): Connection {
		return new Connection(
			'https://seller.example/wp-json/svc/v1',
			function ( string $method, string $url, array $fields ) {
				$this->sent[] = array( $method, $url, $fields );
				return ( $this->answer )( $fields );
			},
			$store ?? new MemoryStore(),
			static function (): int {
				return 1000;
			}
		);
	}

	/** The server's batch answer: each item answered by $item( product_slug ) as [status, body]. */
	private function server( callable $item ): void {
		$this->answer = static function ( array $fields ) use ( $item ): array {
			$items = array();
			foreach ( $fields['items'] as $asked ) {
				list( $status, $body ) = $item( $asked['product_slug'] );
				$items[]               = array(
					'product_slug' => $asked['product_slug'],
					'status'       => $status,
					'body'         => $body,
				);
			}
			return array(
				'status'  => 200,
				'headers' => array(),
				'body'    => (string) json_encode( array( 'items' => $items ) ),
			);
		};
	}

	private static function product( string $key, string $version = '1.0.0' ): array {
		return array(
			'license_key'     => $key,
			'current_version' => $version,
		);
	}

	public function test_one_request_for_every_product_with_a_key(): void {
		$this->server(
			static function ( string $slug ): array {
				return 'acme-widgets' === $slug ? array( 200, array( 'new_version' => '1.1.0' ) ) : array( 200, array() );
			}
		);
		$replies = UpdateBatch::check(
			$this->connection(),
			'https://client.example',
			array(
				'acme-widgets' => self::product( 'AAAA-BBBB-CCCC-DDDD' ),
				'acme-gadgets' => self::product( 'EEEE-FFFF-GGGG-HHHH', '2.0.0' ),
				'acme-theme'   => self::product( '' ),
			)
		);
		$this->assertCount( 1, $this->sent );
		$this->assertSame( array( 'POST', 'https://seller.example/wp-json/svc/v1/updates/check' ), array_slice( $this->sent[0], 0, 2 ) );
		$this->assertSame(
			array(
				'site_url' => 'https://client.example',
				'items'    => array(
					array(
						'product_slug'    => 'acme-widgets',
						'license_key'     => 'AAAA-BBBB-CCCC-DDDD',
						'current_version' => '1.0.0',
					),
					array(
						'product_slug'    => 'acme-gadgets',
						'license_key'     => 'EEEE-FFFF-GGGG-HHHH',
						'current_version' => '2.0.0',
					),
				),
			),
			$this->sent[0][2]
		);
		$this->assertSame( array( 'acme-theme', 'acme-widgets', 'acme-gadgets' ), array_keys( $replies ) );
		$this->assertSame( Reply::ANSWER, $replies['acme-widgets']->kind() );
		$this->assertSame( array( 'new_version' => '1.1.0' ), $replies['acme-widgets']->body() );
		$this->assertSame( Reply::ANSWER, $replies['acme-gadgets']->kind() );
		$this->assertSame( array(), $replies['acme-gadgets']->body() );
		// No key: refused without asking, as before.
		$this->assertSame( Reply::REFUSED, $replies['acme-theme']->kind() );
	}

	public function test_on_a_network_the_batch_sends_the_network_s_main_address_and_on_a_single_site_none(): void {
		$this->server(
			static function (): array {
				return array( 200, array() );
			}
		);
		UpdateBatch::check( $this->connection(), 'https://net.example/one', array( 'a' => self::product( 'ABCD-EFGH-IJKL-MNOP' ) ), 'https://net.example' );
		UpdateBatch::check( $this->connection(), 'https://client.example', array( 'a' => self::product( 'ABCD-EFGH-IJKL-MNOP' ) ) );
		$this->assertSame( 'https://net.example', $this->sent[0][2]['network_url'] );
		$this->assertSame( 'https://net.example/one', $this->sent[0][2]['site_url'] );
		$this->assertArrayNotHasKey( 'network_url', $this->sent[1][2] );
	}

	public function test_the_batch_sends_the_wordpress_and_php_versions_the_site_reports(): void {
		$this->server(
			static function (): array {
				return array( 200, array() );
			}
		);
		$reported = array(
			'wp_version'  => '6.5.2',
			'php_version' => '8.2.12',
		);
		UpdateBatch::check( $this->connection(), 'https://client.example', array( 'a' => self::product( 'ABCD-EFGH-IJKL-MNOP' ) ), '', $reported );
		UpdateBatch::check( $this->connection(), 'https://client.example', array( 'a' => self::product( 'ABCD-EFGH-IJKL-MNOP' ) ) );
		$this->assertSame( '6.5.2', $this->sent[0][2]['wp_version'] );
		$this->assertSame( '8.2.12', $this->sent[0][2]['php_version'] );
		$this->assertArrayNotHasKey( 'wp_version', $this->sent[1][2] );
		$this->assertArrayNotHasKey( 'php_version', $this->sent[1][2] );
	}

	public function test_no_request_when_no_product_has_a_key(): void {
		$this->server(
			static function (): array {
				return array( 200, array() );
			}
		);
		$replies = UpdateBatch::check( $this->connection(), 'https://client.example', array( 'a' => self::product( '' ) ) );
		$this->assertSame( array(), $this->sent );
		$this->assertSame( Reply::REFUSED, $replies['a']->kind() );
	}

	public function test_more_products_than_the_limit_take_one_request_per_limit(): void {
		$this->server(
			static function (): array {
				return array( 200, array() );
			}
		);
		$products = array();
		for ( $i = 1; $i <= UpdateBatch::LIMIT + 1; $i++ ) {
			$products[ 'product-' . $i ] = self::product( 'AAAA-BBBB-CCCC-DDDD' );
		}
		$replies = UpdateBatch::check( $this->connection(), 'https://client.example', $products );
		$this->assertCount( 2, $this->sent );
		$this->assertCount( UpdateBatch::LIMIT, $this->sent[0][2]['items'] );
		$this->assertCount( 1, $this->sent[1][2]['items'] );
		$this->assertCount( UpdateBatch::LIMIT + 1, $replies );
	}

	public function test_an_item_refused_by_the_server_is_refused_and_the_others_are_answered(): void {
		$this->server(
			static function ( string $slug ): array {
				if ( 'expired' === $slug ) {
					return array(
						403,
						array(
							'code'    => 'license_not_active',
							'message' => 'The licence is expired.',
							'data'    => array( 'status' => 403 ),
						),
					);
				}
				if ( 'broken' === $slug ) {
					return array( 500, array( 'code' => 'internal_error' ) );
				}
				return array( 200, array( 'new_version' => '1.1.0' ) );
			}
		);
		$replies = UpdateBatch::check(
			$this->connection(),
			'https://client.example',
			array(
				'expired' => self::product( 'AAAA-BBBB-CCCC-DDDD' ),
				'broken'  => self::product( 'AAAA-BBBB-CCCC-DDDD' ),
				'fine'    => self::product( 'AAAA-BBBB-CCCC-DDDD' ),
			)
		);
		$this->assertSame( Reply::REFUSED, $replies['expired']->kind() );
		$this->assertSame( 403, $replies['expired']->status() );
		$this->assertSame( Reply::UNAVAILABLE, $replies['broken']->kind() );
		$this->assertSame( Reply::ANSWER, $replies['fine']->kind() );
	}

	public function test_an_outage_or_a_429_is_every_products_reply_and_the_back_off_then_holds_them_all(): void {
		$store        = new MemoryStore();
		$this->answer = static function (): array {
			return array(
				'status'  => 429,
				'headers' => array( 'Retry-After' => '30' ),
				'body'    => '{"code":"rate_limit_exceeded","message":"Too many.","data":{"status":429}}',
			);
		};
		$products     = array(
			'a' => self::product( 'AAAA-BBBB-CCCC-DDDD' ),
			'b' => self::product( 'EEEE-FFFF-GGGG-HHHH' ),
		);
		$replies      = UpdateBatch::check( $this->connection( $store ), 'https://client.example', $products );
		$this->assertSame( array( Reply::UNAVAILABLE, Reply::UNAVAILABLE ), array( $replies['a']->kind(), $replies['b']->kind() ) );
		$this->assertSame( 1030, $replies['a']->retry_at() );

		$again = UpdateBatch::check( $this->connection( $store ), 'https://client.example', $products );
		$this->assertCount( 1, $this->sent );
		$this->assertSame( array( Reply::WAITING, Reply::WAITING ), array( $again['a']->kind(), $again['b']->kind() ) );
	}

	/**
	 * @return array<string, array{0: Reply, 1: string}>
	 */
	public static function not_batch_answers(): array {
		return array(
			'refused as a whole'   => array( new Reply( Reply::REFUSED, 400, array( 'code' => 'invalid_params' ) ), Reply::REFUSED ),
			'unavailable'          => array( new Reply( Reply::UNAVAILABLE, 503 ), Reply::UNAVAILABLE ),
			'a 2xx without items'  => array( new Reply( Reply::ANSWER, 200, array( 'new_version' => '9.9.9' ) ), Reply::UNAVAILABLE ),
			'items not a list'     => array( new Reply( Reply::ANSWER, 200, array( 'items' => 'x' ) ), Reply::UNAVAILABLE ),
		);
	}

	#[DataProvider( 'not_batch_answers' )]
	public function test_a_reply_that_is_not_a_batch_answer_is_every_products_reply( Reply $reply, string $kind ): void {
		$replies = UpdateBatch::split( $reply, array( 'a', 'b' ) );
		$this->assertSame( array( $kind, $kind ), array( $replies['a']->kind(), $replies['b']->kind() ) );
	}

	public function test_an_item_missing_or_for_another_product_keeps_the_last_answer(): void {
		$reply   = new Reply(
			Reply::ANSWER,
			200,
			array(
				'items' => array(
					array(
						'product_slug' => 'b',
						'status'       => 200,
						'body'         => array( 'new_version' => '9.9.9' ),
					),
				),
			)
		);
		$replies = UpdateBatch::split( $reply, array( 'a', 'b' ) );
		$this->assertSame( Reply::UNAVAILABLE, $replies['a']->kind() );
		$this->assertSame( Reply::UNAVAILABLE, $replies['b']->kind() );
	}

	public function test_each_item_s_lease_goes_to_its_product_and_a_whole_answer_s_header_to_a_single_call(): void {
		$this->answer = static function (): array {
			return array(
				'status'  => 200,
				'headers' => array( 'X-Svc-Lease' => 'header.lease' ),
				'body'    => (string) json_encode(
					array(
						'items' => array(
							array( 'product_slug' => 'acme-widgets', 'status' => 200, 'body' => array(), 'lease' => 'item.lease' ),
							array( 'product_slug' => 'acme-theme', 'status' => 200, 'body' => array( 'version' => '2.0.0', 'lease' => 'body.lease' ) ),
							array( 'product_slug' => 'acme-tools', 'status' => 403, 'body' => array( 'code' => 'license_not_active', 'lease' => 'refusal.lease' ) ),
						),
					)
				),
			);
		};
		$replies = UpdateBatch::check(
			$this->connection(),
			'https://client.example',
			array(
				'acme-widgets' => array( 'license_key' => 'K1', 'current_version' => '1.0.0' ),
				'acme-theme'   => array( 'license_key' => 'K2', 'current_version' => '1.0.0' ),
				'acme-tools'   => array( 'license_key' => 'K3', 'current_version' => '1.0.0' ),
			)
		);
		$this->assertSame( 'item.lease', $replies['acme-widgets']->lease(), 'the "current" item\'s body stays {}' );
		$this->assertSame( 'body.lease', $replies['acme-theme']->lease() );
		$this->assertSame( '', $replies['acme-tools']->lease(), 'a refusal carries no lease' );
		$this->assertSame( 'header.lease', $this->connection()->call( 'POST', '/licenses/validate', array() )->lease() );
	}
}
