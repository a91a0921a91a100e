<?php
/**
 * Streams the export file from admin-post.php.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Domain\Backup\ExportWriter;
use Svc\Licensing\Http\BackupController;
use Svc\Licensing\Storage\DatabaseImage;

/**
 * Only for a signed-in user who can manage options, with the nonce from GET /admin/backup. The file is written
 * straight to the response, a batch of rows and a chunk of a package at a time, so its size is not bounded by
 * PHP's memory.
 */
final class ExportDownload {

	/**
	 * The database image.
	 *
	 * @var DatabaseImage
	 */
	private $image;

	/**
	 * Constructor.
	 *
	 * @param DatabaseImage $image The database image.
	 */
	public function __construct( DatabaseImage $image ) {
		$this->image = $image;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_post_' . BackupController::EXPORT_ACTION, array( $this, 'stream' ) );
	}

	/**
	 * Sends the file.
	 */
	public function stream(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Only an administrator can export the licence service.', 'svc-licensing' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( BackupController::EXPORT_ACTION );
		if ( function_exists( 'set_time_limit' ) ) {
			set_time_limit( 0 );
		}
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- the response body.
		$out = fopen( 'php://output', 'wb' );
		if ( false === $out ) {
			wp_die( esc_html__( 'The export could not be started: PHP refused to open its output stream.', 'svc-licensing' ), '', array( 'response' => 500 ) );
		}
		$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		nocache_headers();
		header( 'Content-Type: application/octet-stream' );
		header( 'X-Content-Type-Options: nosniff' );
		header( sprintf( 'Content-Disposition: attachment; filename="svc-licensing-%s-%s.svcexport"', sanitize_file_name( $host ), gmdate( 'Ymd-His' ) ) );
		$this->image->export( new ExportWriter( $out, gmdate( 'Y-m-d\TH:i:s\Z' ), home_url() ) );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- as above.
		fclose( $out );
		exit;
	}
}
