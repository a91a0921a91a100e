<?php
/**
 * A REST answer that is written while its work runs: one JSON object a line (NDJSON).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_Error;
use WP_HTTP_Response;
use WP_REST_Response;

/**
 * A long run (the import of 100,000 licences) tells its caller how far it is in its own answer: the work runs when
 * WordPress serves the answer (rest_pre_serve_request, after the status and headers are out, as PackageSender
 * streams a file), and each line it emits is flushed at once, with PHP's output buffers, zlib compression and a
 * proxy's buffering (X-Accel-Buffering) turned off for this answer. A progress row in the database could not do
 * it: the run is one transaction, so nothing it writes is seen until it ends; a file would be seen on one web node
 * only. The work's last line is its result; a fault after the answer began is the last line instead, as
 * {"error": <the spec's envelope>}, since the status is already sent (docs/api-decisions.md).
 */
final class ProgressStream {
	public const CONTENT_TYPE = 'application/x-ndjson';

	/**
	 * The work: called with the function that writes a line, returns the last line.
	 *
	 * @var callable(callable(array<string, mixed>): void): array<string, mixed>
	 */
	private $work;

	/**
	 * Constructor.
	 *
	 * @param callable $work The work.
	 * @phpstan-param callable(callable(array<string, mixed>): void): array<string, mixed> $work
	 */
	private function __construct( callable $work ) {
		$this->work = $work;
	}

	/**
	 * Hooks: serves the streamed answers.
	 */
	public static function add_hooks(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve' ), 10, 2 );
	}

	/**
	 * The answer of a REST callback whose work streams.
	 *
	 * @param callable $work Called with the line writer; returns the last line.
	 * @phpstan-param callable(callable(array<string, mixed>): void): array<string, mixed> $work
	 */
	public static function response( callable $work ): WP_REST_Response {
		return new WP_REST_Response(
			new self( $work ),
			200,
			array(
				'Content-Type'           => self::CONTENT_TYPE . '; charset=utf-8',
				'Cache-Control'          => 'no-store, no-transform',
				'X-Accel-Buffering'      => 'no',
				'X-Content-Type-Options' => 'nosniff',
			)
		);
	}

	/**
	 * On rest_pre_serve_request: runs the work, writing its lines as they come.
	 *
	 * @param bool  $served Whether another filter served it.
	 * @param mixed $result The answer.
	 */
	public static function serve( $served, $result ): bool {
		if ( $served || ! $result instanceof WP_HTTP_Response || ! $result->get_data() instanceof self ) {
			return (bool) $served;
		}
		// phpcs:ignore WordPress.PHP.IniSet.Risky -- this answer must reach the client line by line, not compressed whole at the end.
		ini_set( 'zlib.output_compression', '0' );
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		// A run goes to its end even when the browser leaves, so it is not cut at a random batch; being one
		// transaction, it would leave nothing then, but the seller would not know why.
		ignore_user_abort( true );
		$write   = static function ( array $line ): void {
			echo wp_json_encode( $line ) . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON, served as application/x-ndjson.
			flush();
		};
		$outcome = ErrorResponder::wrap( $result->get_data()->work )( $write );
		$write( $outcome instanceof WP_Error ? array( 'error' => ErrorEnvelope::of( $outcome ) ) : (array) $outcome );
		return true;
	}
}
