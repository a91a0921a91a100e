<?php
/**
 * Why a call to the licence server got no usable answer, named so the licence screen can say what happened.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Immutable. A kind and a detail: the error code, the HTTP status, the address a redirect points to, or the
 * transport's message (cURL's "cURL error 6: Could not resolve host: …"). Only the service's licence codes are its
 * word on a licence (Reply::LICENSE_CODES); every other answer is one of these, and keeps the last answer. Pure.
 */
final class Fault {

	/** An error envelope whose code decides no licence: WordPress' rest_no_route (the service plugin is off), rest_not_logged_in (a security plugin), the service's own not_found or invalid_params. Detail: the code. */
	public const NOT_THE_SERVICE = 'not_the_service';
	/** The service's envelope with a 5xx (internal_error, key_secret_unavailable). Detail: the code. */
	public const SERVER_ERROR = 'server_error';
	/** 429: the service asks to wait. Detail: the code, or the HTTP status. */
	public const BUSY = 'busy';
	/** A 503 that is not the service's JSON: a maintenance page, an overloaded host. Detail: HTTP 503. */
	public const MAINTENANCE = 'maintenance';
	/** Any other body that is not the service's JSON: a store's 404 page, a home page, a firewall's page. Detail: HTTP <status>. */
	public const WEB_PAGE = 'web_page';
	/** 301 or 308: the server moved. Detail: the new address. Never followed. */
	public const MOVED = 'moved';
	/** Another 3xx (a login page, a temporary address). Detail: where to. Never followed. */
	public const REDIRECTED = 'redirected';
	/** The server's host name could not be resolved. Detail: the transport's message. */
	public const DNS = 'dns';
	/** The secure connection failed (certificate, handshake). Detail: the transport's message. */
	public const TLS = 'tls';
	/** No answer in time. Detail: the transport's message. */
	public const TIMEOUT = 'timeout';
	/** Nothing came back otherwise (connection refused, requests blocked). Detail: the transport's message. */
	public const UNREACHABLE = 'unreachable';

	private const KINDS = array(
		self::NOT_THE_SERVICE,
		self::SERVER_ERROR,
		self::BUSY,
		self::MAINTENANCE,
		self::WEB_PAGE,
		self::MOVED,
		self::REDIRECTED,
		self::DNS,
		self::TLS,
		self::TIMEOUT,
		self::UNREACHABLE,
	);

	/**
	 * The cURL error numbers of a failed name lookup (CURLE_COULDNT_RESOLVE_PROXY, _HOST).
	 */
	private const CURL_DNS = array( 5, 6 );

	/**
	 * The cURL error numbers of a failed secure connection (SSL connect, peer certificate, engine, certificate
	 * problems, CA file, CRL, issuer, pinned key, and the rest of the CURLE_SSL_* family).
	 */
	private const CURL_TLS = array( 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91 );

	/**
	 * The cURL error number of a timeout (CURLE_OPERATION_TIMEDOUT).
	 */
	private const CURL_TIMEOUT = 28;

	/**
	 * Without cURL, WordPress sends through Requests' fsockopen transport (its streams transport), whose failures
	 * carry PHP's stream warnings or its own words instead of a cURL error number: the kind each one's wording
	 * names, tried in this order (a failed handshake also says "Unable to connect"; anything else is unreachable).
	 */
	private const STREAMS = array(
		self::TLS     => '/SSL operation failed|Failed to enable crypto|certificate verify failed|SSL certificate did not match/i',
		self::DNS     => '/php_network_getaddresses|getaddrinfo/i',
		self::TIMEOUT => '/^fsocket timed out$|Connection timed out|Operation timed out/i',
	);

	/**
	 * One of the kinds above.
	 *
	 * @var string
	 */
	private $kind;

	/**
	 * The detail for the screen.
	 *
	 * @var string
	 */
	private $detail;

	/**
	 * Constructor.
	 *
	 * @param string $kind   One of the kinds above.
	 * @param string $detail Code, status, address or message.
	 */
	public function __construct( string $kind, string $detail ) {
		$this->kind   = $kind;
		$this->detail = $detail;
	}

	/**
	 * Why a response that came back is no usable answer (a Reply::of() that is not ANSWER or REFUSED).
	 *
	 * @param int                   $status  HTTP status.
	 * @param array<string, string> $headers Headers (any letter case).
	 * @param mixed                 $body    The decoded body (null when it was not JSON).
	 */
	public static function of_response( int $status, array $headers, $body ): self {
		if ( $status >= 300 && $status < 400 ) {
			$location = self::header( $headers, 'location' );
			return new self( in_array( $status, array( 301, 308 ), true ) ? self::MOVED : self::REDIRECTED, '' === $location ? 'HTTP ' . $status : $location );
		}
		$code = is_array( $body ) && isset( $body['code'] ) && is_string( $body['code'] ) ? $body['code'] : '';
		if ( 429 === $status ) {
			return new self( self::BUSY, '' === $code ? 'HTTP 429' : $code );
		}
		if ( '' !== $code ) {
			return new self( $status >= 500 ? self::SERVER_ERROR : self::NOT_THE_SERVICE, $code );
		}
		return new self( 503 === $status ? self::MAINTENANCE : self::WEB_PAGE, 'HTTP ' . $status );
	}

	/**
	 * Why nothing came back: the transport's error code (WP_Error's, e.g. http_request_failed) and message.
	 *
	 * @param string $code    The transport's error code.
	 * @param string $message Its message, e.g. "cURL error 60: SSL certificate problem: …", or without cURL the
	 *                        fsockopen transport's ("fsocket timed out", PHP's "SSL operation failed …").
	 */
	public static function of_transport_error( string $code, string $message ): self {
		$detail = '' === $message ? $code : $message;
		if ( 1 !== preg_match( '/^cURL error (\d+):/', $message, $match ) ) {
			foreach ( self::STREAMS as $kind => $wording ) {
				if ( 1 === preg_match( $wording, $message ) ) {
					return new self( $kind, $detail );
				}
			}
			return new self( self::UNREACHABLE, $detail );
		}
		$number = (int) $match[1];
		if ( in_array( $number, self::CURL_DNS, true ) ) {
			return new self( self::DNS, $detail );
		}
		if ( in_array( $number, self::CURL_TLS, true ) ) {
			return new self( self::TLS, $detail );
		}
		return new self( self::CURL_TIMEOUT === $number ? self::TIMEOUT : self::UNREACHABLE, $detail );
	}

	/**
	 * From what to_array() stored; anything unreadable is none.
	 *
	 * @param mixed $stored Stored value.
	 */
	public static function from_array( $stored ): ?self {
		if ( ! is_array( $stored ) || ! isset( $stored['kind'], $stored['detail'] ) || ! is_string( $stored['detail'] ) || ! in_array( $stored['kind'], self::KINDS, true ) ) {
			return null;
		}
		return new self( $stored['kind'], $stored['detail'] );
	}

	/**
	 * For storage.
	 *
	 * @return array{kind: string, detail: string}
	 */
	public function to_array(): array {
		return array(
			'kind'   => $this->kind,
			'detail' => $this->detail,
		);
	}

	/**
	 * One of the kinds above.
	 */
	public function kind(): string {
		return $this->kind;
	}

	/**
	 * The code, status, address or message that goes with the kind.
	 */
	public function detail(): string {
		return $this->detail;
	}

	/**
	 * A header's value, whatever its letter case; '' when absent.
	 *
	 * @param array<string, string> $headers Headers.
	 * @param string                $name    Lower-case name.
	 */
	public static function header( array $headers, string $name ): string {
		foreach ( $headers as $key => $value ) {
			if ( strtolower( (string) $key ) === $name ) {
				return trim( (string) $value );
			}
		}
		return '';
	}
}
