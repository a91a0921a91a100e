<?php
/**
 * Sends a package file or a redirect instead of a JSON body.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The download route returns a response whose data is a PackageSender marker; WordPress has sent its status
 * and headers by the time rest_pre_serve_request runs, so this streams the file (or nothing, for a redirect
 * or a HEAD request) and tells WordPress the body is served. Every other response passes untouched.
 */
final class PackageSender {

	/**
	 * File to stream, or null for a body-less answer.
	 *
	 * @var string|null
	 */
	private $path;

	/**
	 * Constructor.
	 *
	 * @param string|null $path File to stream; the instance that adds the hooks has none.
	 */
	public function __construct( ?string $path = null ) {
		$this->path = $path;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 10, 3 );
	}

	/**
	 * A 200 that streams a ZIP file.
	 *
	 * @param string $path Absolute path.
	 * @param string $name File name for the browser; a safe default when empty.
	 */
	public static function file( string $path, string $name ): WP_REST_Response {
		$name = sanitize_file_name( '' !== $name ? $name : 'package.zip' );
		return new WP_REST_Response(
			new self( $path ),
			200,
			array(
				'Content-Type'           => 'application/zip',
				'Content-Length'         => (string) filesize( $path ),
				'Content-Disposition'    => 'attachment; filename="' . $name . '"',
				'Cache-Control'          => 'private, no-store',
				'X-Content-Type-Options' => 'nosniff',
			)
		);
	}

	/**
	 * A 200 that streams a ZIP file made for this request, deleted when the request ends, sent or not.
	 *
	 * @param string $path Absolute path.
	 * @param string $name File name for the browser.
	 */
	public static function temporary_file( string $path, string $name ): WP_REST_Response {
		register_shutdown_function(
			static function () use ( $path ): void {
				if ( file_exists( $path ) ) {
					wp_delete_file( $path );
				}
			}
		);
		return self::file( $path, $name );
	}

	/**
	 * A 302 to an external package.
	 *
	 * @param string $url Target.
	 */
	public static function redirect( string $url ): WP_REST_Response {
		return new WP_REST_Response(
			new self( null ),
			302,
			array(
				'Location'      => $url,
				'Cache-Control' => 'private, no-store',
			)
		);
	}

	/**
	 * Serves the body of a package response.
	 *
	 * @param bool             $served  Whether something already served it.
	 * @param WP_HTTP_Response $result  Response.
	 * @param WP_REST_Request  $request Request.
	 */
	public static function serve( $served, $result, $request ): bool {
		if ( $served || ! $result instanceof WP_HTTP_Response || ! $result->get_data() instanceof self ) {
			return (bool) $served;
		}
		$path = $result->get_data()->path;
		if ( null !== $path && ! ( $request instanceof WP_REST_Request && 'HEAD' === $request->get_method() ) ) {
			while ( ob_get_level() > 0 ) {
				ob_end_clean();
			}
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_readfile -- streaming a package without loading it into memory.
			readfile( $path );
		}
		return true;
	}
}
