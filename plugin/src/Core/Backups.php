<?php
/**
 * What a site owner does with a backup: restore an export into an empty site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\DatabaseImage;

/**
 * The export is streamed by DatabaseImage itself (Admin\ExportDownload); restoring reads an export file and
 * refuses a site that already holds data (DatabaseImage::restore says why).
 */
final class Backups {

	/**
	 * The plugin's tables and files as one export.
	 *
	 * @var DatabaseImage
	 */
	private $image;

	/**
	 * Constructor.
	 *
	 * @param DatabaseImage $image The plugin's tables and files as one export.
	 */
	public function __construct( DatabaseImage $image ) {
		$this->image = $image;
	}

	/**
	 * Restores an export file.
	 *
	 * @param string $path A readable export file.
	 * @return array{rows: int, files: int, tables: array<string, int>, created_at: string, source: string}
	 * @throws ServiceError When the file cannot be read, or the restore refuses it.
	 */
	public function restore( string $path ): array {
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- streamed read of the upload.
		$stream = fopen( $path, 'rb' );
		if ( false === $stream ) {
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The uploaded file could not be read.', 'svc-licensing' ), 500 );
		}
		try {
			return $this->image->restore( $stream );
		} finally {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- as above.
			fclose( $stream );
		}
	}
}
