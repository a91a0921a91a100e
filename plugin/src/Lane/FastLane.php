<?php
/**
 * Answers the client routes from the must-use loader, before plugins, the theme and init load.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Lane;

use Svc\Licensing\ClientApi;
use Svc\Licensing\Http\AnswerEnd;
use Svc\Licensing\Http\EddSlProtocol;
use Svc\Licensing\Http\RouteTable;
use Svc\Licensing\Http\SlmProtocol;
use Svc\Licensing\Storage\SchemaMigrator;
use WP_REST_Request;
use WP_REST_Server;

/**
 * A REST server of our own with only the client routes (validate, activate, deactivate, the update check and
 * the download), and the old clients' protocols on the front URL (EDD SL's edd_action, SLM's slm_action) through
 * the same adapters WordPress hooks on init; the routes declared by the same controllers, validated by
 * WordPress' own schema code, passed through the same filters (rate limits, request guard, error envelope) and
 * sent with the headers WordPress' server sends. WordPress core's files and options are loaded by then (the
 * loader is a must-use plugin); nothing of other plugins or the theme is.
 *
 * The lane steps aside, and WordPress answers as before, for anything it cannot answer identically: requests
 * that carry an Authorization, X-Service-Key or X-WP-Nonce header, a WordPress cookie or a `_wpnonce`, WordPress' underscore
 * parameters (_method, _envelope, _jsonp, _fields, _embed, _pretty), a method override header, and multisite.
 */
final class FastLane {

	/**
	 * Whether a request is one the lane can answer exactly as WordPress would.
	 *
	 * @param array<string, mixed> $server $_SERVER.
	 * @param array<string, mixed> $query  $_GET.
	 * @param array<string, mixed> $cookie $_COOKIE.
	 * @param array<string, mixed> $body   $_POST.
	 */
	public static function can_answer( array $server, array $query, array $cookie, array $body = array() ): bool {
		if ( is_multisite() || self::carries_authorization( $server ) || isset( $server['HTTP_X_SERVICE_KEY'] ) || isset( $server['HTTP_X_HTTP_METHOD_OVERRIDE'] ) ) {
			return false;
		}
		// A REST nonce, even without a login, is checked by WordPress' cookie authentication (403 when invalid).
		if ( isset( $server['HTTP_X_WP_NONCE'] ) || isset( $body['_wpnonce'] ) ) {
			return false;
		}
		foreach ( array_keys( $query ) as $name ) {
			if ( '_' === substr( (string) $name, 0, 1 ) ) {
				return false;
			}
		}
		foreach ( array_keys( $cookie ) as $name ) {
			if ( 0 === strpos( (string) $name, 'wordpress_' ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether the request carries an Authorization header. WordPress' own .htaccess rules on Apache
	 * (`RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]`) set HTTP_AUTHORIZATION, and after the
	 * rewrite to index.php REDIRECT_HTTP_AUTHORIZATION, on every request, empty when the client sent none; WordPress
	 * treats an empty one as absent, and so does the lane (an isset() here kept the lane off on every Apache host).
	 *
	 * @param array<string, mixed> $server $_SERVER.
	 */
	private static function carries_authorization( array $server ): bool {
		foreach ( array( 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION' ) as $name ) {
			if ( isset( $server[ $name ] ) && '' !== $server[ $name ] ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the stored schema is the code's; when not, the full route answers and migrates first.
	 */
	public static function schema_is_current(): bool {
		global $wpdb;
		return ( new SchemaMigrator( $wpdb ) )->is_current();
	}

	/**
	 * Serves one request on a route LaneRoute recognised, then lets WP-Cron run as a full request would.
	 *
	 * @param string $route Route as the caller wrote it.
	 */
	public static function serve( string $route ): void {
		global $wpdb;
		if ( ! defined( 'REST_REQUEST' ) ) {
			define( 'REST_REQUEST', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's constant, as rest_api_loaded() sets it.
		}
		self::load_what_init_needs();

		// The plugin's filters first and core's REST defaults after, as in a full request (the plugin hooks in
		// when it loads, core's defaults at rest_api_init): at equal priority they run in that order.
		$client = new ClientApi( $wpdb );
		$client->add_rest_hooks();
		rest_api_default_filters();
		$server = new WP_REST_Server();
		// rest_get_server() answers with this one, so rules that ask the router (Api::route_of) see the lane's routes.
		$GLOBALS['wp_rest_server'] = $server; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- core's global.
		RouteTable::register_on( $server, $client->license_routes->routes() + $client->update_routes->routes() + $client->report_routes->routes() + $client->download_routes->routes() );

		$method  = isset( $_SERVER['REQUEST_METHOD'] ) ? (string) $_SERVER['REQUEST_METHOD'] : 'GET'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared, never echoed.
		$request = new WP_REST_Request( $method, $route );
		// phpcs:disable WordPress.Security.NonceVerification -- a public API, as in WP_REST_Server::serve_request().
		$request->set_query_params( wp_unslash( $_GET ) );
		$request->set_body_params( wp_unslash( $_POST ) );
		// phpcs:enable
		$request->set_headers( $server->get_headers( wp_unslash( $_SERVER ) ) );
		$request->set_body( WP_REST_Server::get_raw_data() );

		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's REST filters, applied as its server applies them.
		$server->send_header( 'Content-Type', 'application/json; charset=' . get_option( 'blog_charset' ) );
		$server->send_header( 'X-Robots-Tag', 'noindex' );
		$api_root = get_rest_url();
		if ( '' !== $api_root ) {
			$server->send_header( 'Link', '<' . esc_url_raw( $api_root ) . '>; rel="https://api.w.org/"' );
		}
		$server->send_header( 'X-Content-Type-Options', 'nosniff' );
		$server->send_header( 'Access-Control-Expose-Headers', implode( ', ', apply_filters( 'rest_exposed_cors_headers', array( 'X-WP-Total', 'X-WP-TotalPages', 'Link' ), $request ) ) );
		$server->send_header( 'Access-Control-Allow-Headers', implode( ', ', apply_filters( 'rest_allowed_cors_headers', array( 'Authorization', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type' ), $request ) ) );

		$result = rest_ensure_response( $server->dispatch( $request ) );
		$result = apply_filters( 'rest_post_dispatch', $result, $server, $request );
		$server->send_headers( $result->get_headers() );
		status_header( $result->get_status() );
		if ( ! apply_filters( 'rest_pre_serve_request', false, $result, $request, $server ) && 'HEAD' !== $method ) {
			echo wp_json_encode( $server->response_to_data( $result, false ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON, as WordPress' server echoes it.
		}
		// phpcs:enable
		self::after_response();
	}

	/**
	 * The old client protocol's adapter that would answer this request (its action known, its setting on, not an
	 * admin screen), asked before anything is set up, so that a request it does not want reaches WordPress untouched.
	 *
	 * @param ClientApi $client The client routes' graph.
	 * @return EddSlProtocol|SlmProtocol|null
	 */
	public static function old_protocol( ClientApi $client ) {
		// In the order WordPress' init runs them (Plugin::boot() hooks SLM's first).
		foreach ( array( $client->slm, $client->edd_sl ) as $adapter ) {
			if ( $adapter->wants() ) {
				return $adapter;
			}
		}
		return null;
	}

	/**
	 * Answers an old client's call through its adapter, exactly as the adapter's init hook would, then lets WP-Cron
	 * run as a full request would.
	 *
	 * @param EddSlProtocol|SlmProtocol $adapter The adapter old_protocol() chose.
	 */
	public static function serve_old_protocol( $adapter ): void {
		self::load_what_init_needs();
		$adapter->maybe_answer();
		self::after_response();
	}

	/**
	 * What wp-settings.php does after plugins load and before init, and the answers need.
	 */
	private static function load_what_init_needs(): void {
		global $wp_rewrite;
		wp_magic_quotes();
		wp_cookie_constants();
		wp_ssl_constants();
		wp_functionality_constants();
		if ( ! $wp_rewrite instanceof \WP_Rewrite ) {
			// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- core creates it here too, later.
			$wp_rewrite = new \WP_Rewrite();
		}
		require_once ABSPATH . WPINC . '/pluggable.php'; // @phpstan-ignore requireOnce.fileNotFound
	}

	/**
	 * Finishes the response, then runs due WP-Cron jobs the way a full request would (init's _wp_cron), so
	 * expiries and webhook retries run even when every request takes the lane.
	 */
	private static function after_response(): void {
		AnswerEnd::finish_then_run_cron();
	}
}
