<?php
/**
 * What the old clients' protocols on the front URL share: reading a parameter, rate-limiting and counting the call,
 * sending the answer.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\LicenseFinder;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\ProtocolRequestRepository;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The old clients (EDD SL's, SLM's) call the store's front URL by POST or GET; their answers are JSON, passed through
 * Hooks::OLD_PROTOCOL_ANSWER before they are sent, and every answer sent is counted for its protocol and day (Site
 * Health shows the last 30 days). Used alike by WordPress (at init) and by the fast lane.
 */
final class OldProtocolCall {

	/**
	 * Rate limits.
	 *
	 * @var RateLimiter
	 */
	private $limiter;

	/**
	 * The answered requests' counts.
	 *
	 * @var ProtocolRequestRepository
	 */
	private $requests;

	/**
	 * Finds the licence of a key (whose calls are counted per licence and site).
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Constructor.
	 *
	 * @param RateLimiter               $limiter  Rate limits.
	 * @param ProtocolRequestRepository $requests The answered requests' counts.
	 * @param LicenseFinder             $finder   Finds the licence of a key.
	 */
	public function __construct( RateLimiter $limiter, ProtocolRequestRepository $requests, LicenseFinder $finder ) {
		$this->limiter  = $limiter;
		$this->requests = $requests;
		$this->finder   = $finder;
	}

	/**
	 * Hooks an adapter's maybe_answer() on init (priority 20, after core's own init work, as EDD SL reads edd_action
	 * on init too). When it answered, due WP-Cron jobs start (the request ends before wp_loaded, where core would
	 * start them) and the request ends.
	 *
	 * @param callable(): bool $maybe_answer The adapter's maybe_answer().
	 */
	public static function answer_on_init( callable $maybe_answer ): void {
		add_action(
			'init',
			static function () use ( $maybe_answer ): void {
				if ( $maybe_answer() ) {
					AnswerEnd::finish_then_run_cron();
					exit;
				}
			},
			20
		);
	}

	/**
	 * A parameter as sent, by POST or GET (the old clients use both).
	 *
	 * @param string $name Name.
	 */
	public static function param( string $name ): string {
		return trim( sanitize_text_field( self::raw( $name ) ) );
	}

	/**
	 * A parameter urldecoded once more before it is sanitised, as EDD SL reads item_name (urldecode(), so a `+` is a
	 * space): EDD's sample plugins send the name through urlencode() or rawurlencode(), so it arrives encoded once
	 * more than the form's own encoding (and sanitize_text_field() would strip the %20s).
	 *
	 * @param string $name Name.
	 */
	public static function decoded_param( string $name ): string {
		return trim( sanitize_text_field( urldecode( self::raw( $name ) ) ) );
	}

	/**
	 * A parameter as sent, POST before GET, unslashed and not yet sanitised ('' when absent or not a string).
	 *
	 * @param string $name Name.
	 */
	private static function raw( string $name ): string {
		// phpcs:disable WordPress.Security.NonceVerification -- a licence client's call: the licence key is the credential.
		$value = $_POST[ $name ] ?? $_GET[ $name ] ?? ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- each caller sanitises.
		// phpcs:enable WordPress.Security.NonceVerification
		return is_string( $value ) ? wp_unslash( $value ) : '';
	}

	/**
	 * Counts the call against a REST route's limit (issue 41; docs/api-decisions.md, "The old clients' limits"): a
	 * call with a licence key this service knows is counted per licence and site (the site as sent, normalised), so
	 * hundreds of customer sites behind one address (a host's NAT, an agency's server) never share a count, and a
	 * shipped client that checks a few times an hour never meets a 429, which EDD's class takes for the store being
	 * down for an hour. A call without a known key (none, unknown, garbage) is counted per address, as the REST
	 * routes count.
	 *
	 * @param string $name Limit name.
	 * @param string $key  The licence key as sent ('' for none).
	 * @param string $site The site as sent ('' for none).
	 * @return WP_Error|null The refusal when over the limit.
	 */
	public function limit( string $name, string $key = '', string $site = '' ): ?WP_Error {
		$license_id = '' === $key ? null : $this->finder->id_of_key( $key );
		if ( null !== $license_id ) {
			return $this->limiter->count( $name, 'license:' . $license_id . '|site:' . ( SiteUrl::normalise( $site ) ?? '' ) );
		}
		$headers = new WP_REST_Request();
		$headers->set_header( 'x-forwarded-for', isset( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ) : '' );
		return $this->limiter->count_client( $name, $headers );
	}

	/**
	 * Counts the answer for its protocol and sends it as JSON. The caller ends the request.
	 *
	 * @param string               $protocol Source::EDD_SL or Source::SLM.
	 * @param int                  $status   HTTP status.
	 * @param array<string, mixed> $data     Body.
	 */
	public function send( string $protocol, int $status, array $data ): void {
		$this->requests->add( $protocol, time() );
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- Hooks' names carry the prefix.
		$response = apply_filters( Hooks::OLD_PROTOCOL_ANSWER, new WP_REST_Response( $data, $status ), $protocol );
		if ( ! headers_sent() ) {
			status_header( $response->get_status() );
			header( 'Content-Type: application/json; charset=' . get_option( 'blog_charset' ) );
			nocache_headers();
			foreach ( $response->get_headers() as $key => $value ) {
				header( $key . ': ' . $value );
			}
		}
		echo wp_json_encode( $response->get_data() );
	}
}
