<?php
/**
 * HTTP for the SDK's Connection: WordPress' HTTP API with a short timeout.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

/**
 * A dead licence server costs a site at most TIMEOUT seconds, once per back-off step, and only where the SDK
 * calls it (cron, the Updates and Plugins screens, the licence screen's buttons), never on an ordinary page.
 * Redirects are never followed: a POST carrying the licence key goes to the configured address or nowhere, and
 * a 3xx comes back as it is, with its Location, for the screen to report ("moved to …").
 */
final class HttpTransport {

	public const TIMEOUT = 5;

	/**
	 * SDK version, for the User-Agent.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * Constructor.
	 *
	 * @param string $version SDK version.
	 */
	public function __construct( string $version ) {
		$this->version = $version;
	}

	/**
	 * Sends one POST without waiting for the answer (a plugin's deletion must not wait on its licence server).
	 *
	 * @param string               $method POST.
	 * @param string               $url    URL.
	 * @param array<string, mixed> $fields JSON body fields.
	 */
	public function send_and_forget( string $method, string $url, array $fields ): void {
		wp_remote_request(
			$url,
			array(
				'method'      => $method,
				'timeout'     => 1,
				'redirection' => 0,
				'blocking'    => false,
				'user-agent'  => $this->user_agent(),
				'headers'     => array(
					'Accept'       => 'application/json',
					'Content-Type' => 'application/json',
				),
				'body'        => (string) wp_json_encode( $fields ),
			)
		);
	}

	/**
	 * Sends one request.
	 *
	 * @param string               $method GET or POST.
	 * @param string               $url    URL.
	 * @param array<string, mixed> $fields Query (GET) or JSON body (POST) fields.
	 * @return array{status: int, headers: array<string, string>, body: string, error?: array{code: string, message: string}} When nothing came back, status 0 and the WP_Error's code and message (cURL's, e.g. "cURL error 60: …").
	 */
	public function __invoke( string $method, string $url, array $fields ): array {
		$args = array(
			'method'      => $method,
			'timeout'     => self::TIMEOUT,
			'redirection' => 0,
			'user-agent'  => $this->user_agent(),
			'headers'     => array( 'Accept' => 'application/json' ),
		);
		if ( 'GET' === $method ) {
			$url = add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $fields ) ), $url );
		} else {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = (string) wp_json_encode( $fields );
		}
		$response = wp_remote_request( $url, $args );
		if ( is_wp_error( $response ) ) {
			return array(
				'status'  => 0,
				'headers' => array(),
				'body'    => '',
				'error'   => array(
					'code'    => (string) $response->get_error_code(),
					'message' => $response->get_error_message(),
				),
			);
		}
		$headers = array();
		foreach ( array( 'retry-after', 'location' ) as $name ) {
			$value            = wp_remote_retrieve_header( $response, $name );
			$headers[ $name ] = is_array( $value ) ? (string) reset( $value ) : (string) $value;
		}
		return array(
			'status'  => (int) wp_remote_retrieve_response_code( $response ),
			'headers' => $headers,
			'body'    => (string) wp_remote_retrieve_body( $response ),
		);
	}

	/**
	 * The User-Agent of every request: the SDK and the site.
	 */
	private function user_agent(): string {
		return 'SvcLicensingClient/' . $this->version . '; ' . home_url( '/' );
	}
}
