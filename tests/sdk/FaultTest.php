<?php
/**
 * Only the licence service decides a licence: which error codes are its word on a licence (a refusal), and why
 * anything else is no usable answer, named so the licence screen can say what happened.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\Fault;
use Svc\LicensingClient\License;
use Svc\LicensingClient\LicenseRecord;
use Svc\LicensingClient\ProductConfig;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\UpdateBatch;

require_once __DIR__ . '/MemoryStore.php';
require_once __DIR__ . '/LeaseSigner.php';

final class FaultTest extends TestCase {

	/**
	 * What the fake transport answers next.
	 *
	 * @var array<string, mixed>|null
	 */
	private $next = null;

	/**
	 * Fake clock.
	 *
	 * @var int
	 */
	private $now = 1000;

	/**
	 * Store.
	 *
	 * @var MemoryStore
	 */
	private $store;

	protected function setUp(): void {
		$this->store = new MemoryStore();
	}

	private function connection(): Connection {
		return new Connection(
			'https://seller.example/wp-json/svc/v1',
			function () {
				return $this->next;
			},
			$this->store,
			function (): int {
				return $this->now;
			}
		);
	}

	/**
	 * A response as HttpTransport hands it over.
	 *
	 * @param array<string, string> $headers Headers, lower-case names.
	 */
	private function respond( int $status, string $body, array $headers = array() ): void {
		$this->next = array(
			'status'  => $status,
			'headers' => $headers,
			'body'    => $body,
		);
	}

	private static function envelope( string $code, int $status ): string {
		return (string) json_encode(
			array(
				'code'    => $code,
				'message' => 'Something.',
				'data'    => array( 'status' => $status ),
			)
		);
	}

	/**
	 * @return array<string, array{string, int}>
	 */
	public static function license_codes(): array {
		return array(
			'invalid_license_key'      => array( 'invalid_license_key', 400 ),
			'license_not_found'        => array( 'license_not_found', 404 ),
			'product_not_found'        => array( 'product_not_found', 404 ),
			'activation_limit_reached' => array( 'activation_limit_reached', 403 ),
			'license_not_active'       => array( 'license_not_active', 403 ),
			'site_not_activated'       => array( 'site_not_activated', 403 ),
		);
	}

	#[DataProvider( 'license_codes' )]
	public function test_the_services_license_codes_are_a_refusal( string $code, int $status ): void {
		$reply = Reply::of( $status, json_decode( self::envelope( $code, $status ), true ) );
		$this->assertSame( Reply::REFUSED, $reply->kind() );
		$this->assertSame( $code, $reply->error_code() );
		$this->assertTrue( $reply->is_answer() );
	}

	/**
	 * @return array<string, array{string, int}>
	 */
	public static function other_codes(): array {
		return array(
			'WordPress: no such route (service plugin off)' => array( 'rest_no_route', 404 ),
			'WordPress: REST closed to visitors'       => array( 'rest_not_logged_in', 401 ),
			'a security plugin: REST forbidden'        => array( 'rest_forbidden', 403 ),
			'a security plugin: rest_cannot_access'    => array( 'rest_cannot_access', 401 ),
			'WordPress: wrong method after a redirect' => array( 'rest_no_handler', 404 ),
			'the service: a route it does not have'    => array( 'not_found', 404 ),
			'the service: a request it could not read' => array( 'invalid_params', 400 ),
			'the service: an API key it does not know' => array( 'unauthorized', 401 ),
			'the service: forbidden'                   => array( 'forbidden', 403 ),
			'the service: a method it does not take'   => array( 'method_not_allowed', 405 ),
			'another plugin: its own code'             => array( 'jwt_auth_no_auth_header', 403 ),
		);
	}

	#[DataProvider( 'other_codes' )]
	public function test_any_other_error_envelope_is_no_answer_and_names_its_code( string $code, int $status ): void {
		$this->assertSame( Reply::UNAVAILABLE, Reply::of( $status, json_decode( self::envelope( $code, $status ), true ) )->kind() );

		$this->respond( $status, self::envelope( $code, $status ) );
		$reply = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::UNAVAILABLE, $reply->kind() );
		$this->assertFalse( $reply->is_answer() );
		$this->assertSame( '', $reply->error_code() );
		$this->assertNotNull( $reply->fault() );
		$this->assertSame( Fault::NOT_THE_SERVICE, $reply->fault()->kind() );
		$this->assertSame( $code, $reply->fault()->detail() );
	}

	/**
	 * @return array<string, array{int, string, array<string, string>, string, string}>
	 */
	public static function other_answers(): array {
		$html = '<!DOCTYPE html><html><body>Page</body></html>';
		return array(
			'a maintenance page'               => array( 503, $html, array( 'retry-after' => '600' ), Fault::MAINTENANCE, 'HTTP 503' ),
			'a store’s 404 page'               => array( 404, $html, array(), Fault::WEB_PAGE, 'HTTP 404' ),
			'a home page (plain permalinks)'   => array( 200, $html, array(), Fault::WEB_PAGE, 'HTTP 200' ),
			'a 403 page of a firewall'         => array( 403, $html, array(), Fault::WEB_PAGE, 'HTTP 403' ),
			'moved for good (301)'             => array( 301, '', array( 'location' => 'https://new.example/wp-json/svc/v1/licenses/validate' ), Fault::MOVED, 'https://new.example/wp-json/svc/v1/licenses/validate' ),
			'moved for good (308)'             => array( 308, '', array( 'location' => 'https://new.example/x' ), Fault::MOVED, 'https://new.example/x' ),
			'sent to a login page (302)'       => array( 302, '', array( 'location' => 'https://seller.example/wp-login.php' ), Fault::REDIRECTED, 'https://seller.example/wp-login.php' ),
			'sent elsewhere for now (307)'     => array( 307, '', array( 'location' => 'https://seller.example/elsewhere' ), Fault::REDIRECTED, 'https://seller.example/elsewhere' ),
			'the service failing'              => array( 500, self::envelope( 'internal_error', 500 ), array(), Fault::SERVER_ERROR, 'internal_error' ),
			'a bad gateway page'               => array( 502, $html, array(), Fault::WEB_PAGE, 'HTTP 502' ),
			'the service asking to wait (429)' => array( 429, self::envelope( 'rate_limit_exceeded', 429 ), array( 'retry-after' => '30' ), Fault::BUSY, 'rate_limit_exceeded' ),
		);
	}

	/**
	 * @param array<string, string> $headers Headers.
	 */
	#[DataProvider( 'other_answers' )]
	public function test_an_answer_that_is_not_the_services_word_keeps_the_last_answer_and_says_what_it_was( int $status, string $body, array $headers, string $kind, string $detail ): void {
		$this->respond( $status, $body, $headers );
		$reply = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::UNAVAILABLE, $reply->kind() );
		$this->assertNotNull( $reply->fault() );
		$this->assertSame( array( $kind, $detail ), array( $reply->fault()->kind(), $reply->fault()->detail() ) );
	}

	/**
	 * @return array<string, array{string, string, string}>
	 */
	public static function transport_errors(): array {
		return array(
			'DNS failure'              => array( 'http_request_failed', 'cURL error 6: Could not resolve host: seller.invalid', Fault::DNS ),
			'TLS: unknown certificate' => array( 'http_request_failed', 'cURL error 60: SSL certificate problem: self-signed certificate', Fault::TLS ),
			'TLS: handshake failed'    => array( 'http_request_failed', 'cURL error 35: OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to seller.example:443', Fault::TLS ),
			'TLS: wrong host name'     => array( 'http_request_failed', 'cURL error 51: SSL: no alternative certificate subject name matches target host name', Fault::TLS ),
			'timeout'                  => array( 'http_request_failed', 'cURL error 28: Operation timed out after 5001 milliseconds with 0 bytes received', Fault::TIMEOUT ),
			'connection refused'       => array( 'http_request_failed', 'cURL error 7: Failed to connect to 127.0.0.1 port 9: Connection refused', Fault::UNREACHABLE ),
			'no cURL: streams'         => array( 'http_request_failed', 'A valid URL was not provided.', Fault::UNREACHABLE ),
			// Without cURL, Requests' fsockopen transport (WordPress' streams transport) words its failures itself.
			'streams: no answer'       => array( 'http_request_failed', 'fsocket timed out', Fault::TIMEOUT ),
			'streams: connect timeout' => array( 'http_request_failed', 'Connection timed out', Fault::TIMEOUT ),
			'streams: DNS failure'     => array( 'http_request_failed', "stream_socket_client(): php_network_getaddresses: getaddrinfo for seller.invalid failed: Name or service not known\nstream_socket_client(): Unable to connect to ssl://seller.invalid:443 (php_network_getaddresses: getaddrinfo for seller.invalid failed: Name or service not known)", Fault::DNS ),
			'streams: TLS handshake'   => array( 'http_request_failed', "stream_socket_client(): SSL operation failed with code 1. OpenSSL Error messages:\nerror:0A00010B:SSL routines::wrong version number\nstream_socket_client(): Failed to enable crypto\nstream_socket_client(): Unable to connect to ssl://127.0.0.1:4443 (Unknown error)", Fault::TLS ),
			'streams: unknown cert'    => array( 'http_request_failed', "stream_socket_client(): SSL operation failed with code 1. OpenSSL Error messages:\nerror:0A000086:SSL routines::certificate verify failed\nstream_socket_client(): Failed to enable crypto", Fault::TLS ),
			'streams: wrong host name' => array( 'http_request_failed', 'SSL certificate did not match the requested domain name', Fault::TLS ),
			'streams: refused'         => array( 'http_request_failed', 'stream_socket_client(): Unable to connect to tcp://127.0.0.1:9 (Connection refused)', Fault::UNREACHABLE ),
			'blocked by the site'      => array( 'http_request_not_executed', 'User has blocked requests through HTTP.', Fault::UNREACHABLE ),
		);
	}

	#[DataProvider( 'transport_errors' )]
	public function test_a_transport_error_keeps_the_last_answer_and_passes_its_cause_through( string $code, string $message, string $kind ): void {
		$this->next = array(
			'status'  => 0,
			'headers' => array(),
			'body'    => '',
			'error'   => array(
				'code'    => $code,
				'message' => $message,
			),
		);
		$reply      = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::UNAVAILABLE, $reply->kind() );
		$this->assertSame( 1060, $reply->retry_at() );
		$this->assertNotNull( $reply->fault() );
		$this->assertSame( $kind, $reply->fault()->kind() );
		$this->assertSame( $message, $reply->fault()->detail() );
	}

	public function test_the_last_fault_is_kept_per_server_until_the_server_answers(): void {
		$this->respond( 404, self::envelope( 'rest_no_route', 404 ) );
		$this->connection()->call( 'POST', '/licenses/validate', array() );
		$fault = $this->connection()->last_fault();
		$this->assertNotNull( $fault );
		$this->assertSame( array( Fault::NOT_THE_SERVICE, 'rest_no_route' ), array( $fault->kind(), $fault->detail() ) );

		// While the back-off runs nothing is sent, and the fault that started it is still the one to tell.
		$waiting = $this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertSame( Reply::WAITING, $waiting->kind() );
		$this->assertNotNull( $this->connection()->last_fault() );

		$this->now = 2000;
		$this->respond( 200, '{"valid":true}' );
		$this->connection()->call( 'POST', '/licenses/validate', array() );
		$this->assertNull( $this->connection()->last_fault() );
	}

	public function test_a_fault_round_trips_through_storage_and_anything_unreadable_is_none(): void {
		$fault = Fault::of_transport_error( 'http_request_failed', 'cURL error 6: Could not resolve host: x' );
		$this->assertEquals( $fault, Fault::from_array( $fault->to_array() ) );
		$this->assertNull( Fault::from_array( null ) );
		$this->assertNull( Fault::from_array( array( 'kind' => 'nonsense', 'detail' => '' ) ) );
		$this->assertNull( Fault::from_array( array( 'kind' => Fault::DNS ) ) );
	}

	public function test_a_deactivated_service_keeps_a_valid_license_valid_where_today_it_voided_it(): void {
		$store   = $this->store;
		$routes  = array(
			'/licenses/activate' => array( 200, '{"activated":true}' ),
			'/licenses/validate' => array( 200, (string) json_encode( array( 'valid' => true, 'status' => 'active', 'lease' => ( new LeaseSigner( 'k1', 'a' ) )->lease( $this->now ) ) ) ),
		);
		$license = function () use ( $store, &$routes ): License {
			$clock = function (): int {
				return $this->now;
			};
			$root  = 'https://seller.example/wp-json/svc/v1';
			return new License(
				ProductConfig::from_array(
					array(
						'server'      => 'https://seller.example',
						'product'     => 'acme-widgets',
						'file'        => __FILE__,
						'public_keys' => ( new LeaseSigner( 'k1', 'a' ) )->root(),
					)
				),
				new Connection(
					$root,
					static function ( string $method, string $url ) use ( &$routes, $root ): array {
						$answer = $routes[ substr( $url, strlen( $root ) ) ];
						return array(
							'status'  => $answer[0],
							'headers' => array(),
							'body'    => $answer[1],
						);
					},
					$store,
					$clock
				),
				$store,
				'https://client.example',
				str_repeat( 'f', 64 ),
				$clock
			);
		};
		$license()->activate( 'ABCD-EFGH-IJKL-MNOP' );
		$this->assertTrue( $license()->is_valid() );

		$routes['/licenses/validate'] = array( 404, self::envelope( 'rest_no_route', 404 ) );
		$this->now                    = 1000 + 3600;
		$this->assertSame( Reply::UNAVAILABLE, $license()->check()->kind() );
		$this->assertTrue( $license()->is_valid() );
		$this->assertSame( LicenseRecord::UNVERIFIED, $license()->record()->state() );
		$this->assertSame( 'active', $license()->record()->answer()['status'] );
	}

	public function test_a_key_too_long_to_be_one_is_refused_without_asking_the_server(): void {
		$sent    = 0;
		$store   = $this->store;
		$clock   = function (): int {
			return $this->now;
		};
		$license = new License(
			ProductConfig::from_array(
				array(
					'server'  => 'https://seller.example',
					'product' => 'acme-widgets',
					'file'    => __FILE__,
				)
			),
			new Connection(
				'https://seller.example/wp-json/svc/v1',
				static function () use ( &$sent ): array {
					++$sent;
					return array(
						'status'  => 400,
						'headers' => array(),
						'body'    => self::envelope( 'invalid_params', 400 ),
					);
				},
				$store,
				$clock
			),
			$store,
			'https://client.example',
			str_repeat( 'f', 64 ),
			$clock
		);
		$reply   = $license->activate( str_repeat( 'ABCD-', 13 ) );
		$this->assertSame( Reply::REFUSED, $reply->kind() );
		$this->assertSame( 'invalid_license_key', $reply->error_code() );
		$this->assertSame( 0, $sent );
		$this->assertTrue( $license->connection()->backoff()->allows( $this->now ), 'a pasted paragraph is no reason to wait' );
	}

	public function test_an_update_batch_the_seller_site_does_not_route_keeps_every_products_last_answer(): void {
		$this->respond( 404, self::envelope( 'rest_no_route', 404 ) );
		$replies = UpdateBatch::check(
			$this->connection(),
			'https://client.example',
			array(
				'a' => array(
					'license_key'     => 'AAAA-BBBB-CCCC-DDDD',
					'current_version' => '1.0.0',
				),
				'b' => array(
					'license_key'     => 'EEEE-FFFF-GGGG-HHHH',
					'current_version' => '1.0.0',
				),
			)
		);
		$this->assertSame( array( Reply::UNAVAILABLE, Reply::UNAVAILABLE ), array( $replies['a']->kind(), $replies['b']->kind() ) );
	}

	public function test_an_update_item_with_a_code_that_decides_no_license_keeps_its_last_answer(): void {
		$replies = UpdateBatch::split(
			new Reply(
				Reply::ANSWER,
				200,
				array(
					'items' => array(
						array(
							'product_slug' => 'a',
							'status'       => 500,
							'body'         => array( 'code' => 'internal_error' ),
						),
						array(
							'product_slug' => 'b',
							'status'       => 403,
							'body'         => array( 'code' => 'license_not_active' ),
						),
					),
				)
			),
			array( 'a', 'b' )
		);
		$this->assertSame( Reply::UNAVAILABLE, $replies['a']->kind() );
		$this->assertSame( Reply::REFUSED, $replies['b']->kind() );
	}
}
