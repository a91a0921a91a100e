<?php
/**
 * Admin: the export link and the restore upload.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Backups;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\DatabaseImage;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The export file is secret material (it holds the key secret): both routes are for an administrator signed in
 * to wp-admin, never for an API key. GET /admin/backup answers a download link with a fresh nonce (the file
 * itself streams from admin-post.php, see Admin\ExportDownload); POST /admin/backup/restore takes the file.
 */
final class BackupController implements Controller {
	public const EXPORT_ACTION = 'svc_licensing_export';

	/**
	 * Backup use cases.
	 *
	 * @var Backups
	 */
	private $backups;

	/**
	 * The database image, to read.
	 *
	 * @var DatabaseImage
	 */
	private $image;

	/**
	 * Counts.
	 *
	 * @var DataInventory
	 */
	private $inventory;

	/**
	 * Authentication.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Backups       $backups   Backup use cases.
	 * @param DatabaseImage $image     The database image, to read.
	 * @param DataInventory $inventory Counts.
	 * @param AdminGuard    $guard     Authentication.
	 */
	public function __construct( Backups $backups, DatabaseImage $image, DataInventory $inventory, AdminGuard $guard ) {
		$this->backups   = $backups;
		$this->image     = $image;
		$this->inventory = $inventory;
		$this->guard     = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/backup'         => array( $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'describe' ), Permission::ADMIN ) ),
			'/admin/backup/restore' => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'restore' ), Permission::ADMIN ) ),
		);
	}

	/**
	 * GET /admin/backup.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function describe( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_person( $request );
		return new WP_REST_Response(
			array(
				'export_url'  => add_query_arg(
					array(
						'action'   => self::EXPORT_ACTION,
						'_wpnonce' => wp_create_nonce( self::EXPORT_ACTION ),
					),
					admin_url( 'admin-post.php' )
				),
				'counts'      => $this->inventory->counts(),
				'can_restore' => array() === $this->image->occupied(),
			)
		);
	}

	/**
	 * POST /admin/backup/restore: multipart field `file`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When no file came, or as DatabaseImage::restore() says.
	 */
	public function restore( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_person( $request );
		$files = $request->get_file_params();
		$path  = isset( $files['file']['tmp_name'] ) && is_string( $files['file']['tmp_name'] ) ? $files['file']['tmp_name'] : '';
		if ( '' === $path || ! is_uploaded_file( $path ) ) {
			throw ServiceError::invalid_param( 'file', __( 'Choose an export file to restore.', 'svc-licensing' ), __( 'No file was uploaded.', 'svc-licensing' ) );
		}
		$restored = $this->backups->restore( $path );
		return new WP_REST_Response( array( 'restored' => true ) + $restored );
	}
}
