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
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Tables;

/**
 * The export is streamed by DatabaseImage itself (Admin\ExportDownload); restoring reads an export file and
 * refuses a site that already holds data (DatabaseImage::restore says why).
 *
 * An export's checksum proves it undamaged, not honest, so what it restores passes the rules of the ordinary
 * way in: the settings SiteSettings::checked() (a refused one refuses the whole file before anything is written;
 * names it does not know are dropped), each release's changelog Releases::changelog().
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
	 * @throws ServiceError When the file cannot be read, or the restore refuses it (400 invalid_export with
	 *                      data.reason invalid_setting and data.setting for a setting the settings' rules refuse).
	 */
	public function restore( string $path ): array {
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- streamed read of the upload.
		$stream = fopen( $path, 'rb' );
		if ( false === $stream ) {
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The uploaded file could not be read.', 'svc-licensing' ), 500 );
		}
		try {
			return $this->image->restore(
				$stream,
				static function ( string $table, array $row ): array {
					return self::admitted( $table, $row );
				}
			);
		} finally {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- as above.
			fclose( $stream );
		}
	}

	/**
	 * A row of an export as this site stores it: the settings through their rules, a changelog sanitised.
	 *
	 * @param string               $table Table, or 'options' (`name`, `value` decoded).
	 * @param array<string, mixed> $row   Row.
	 * @return array<string, mixed>
	 * @throws ServiceError 400 invalid_export (reason invalid_setting) when a setting is refused.
	 */
	private static function admitted( string $table, array $row ): array {
		if ( 'options' === $table && Settings::OPTION === $row['name'] ) {
			$row['value'] = self::settings( $row['value'] );
		} elseif ( Tables::RELEASES === $table && isset( $row['changelog'] ) ) {
			$row['changelog'] = Releases::changelog( (string) $row['changelog'] );
		}
		return $row;
	}

	/**
	 * The export's settings through SiteSettings::checked(), or the refusal naming the setting.
	 *
	 * @param mixed $stored The settings option as the file holds it.
	 * @return array<string, mixed>
	 * @throws ServiceError 400 invalid_export, reason invalid_setting.
	 */
	private static function settings( $stored ): array {
		try {
			if ( ! is_array( $stored ) ) {
				throw ServiceError::invalid_param( Settings::OPTION, __( 'The settings are not a list of settings and values.', 'svc-licensing' ), __( 'Not a list of settings.', 'svc-licensing' ) );
			}
			return SiteSettings::checked( $stored );
		} catch ( ServiceError $refused ) {
			$params  = $refused->data()['params'] ?? array();
			$setting = is_array( $params ) && array() !== $params ? (string) array_key_first( $params ) : Settings::OPTION;
			throw new ServiceError(
				ErrorCode::INVALID_EXPORT,
				sprintf(
					/* translators: 1: a setting's name, such as rate_limits; 2: why its value is refused. */
					__( 'The export holds a value of the setting %1$s that this site refuses, so nothing was restored. %2$s Correct the setting on the site the export came from, export again and restore the new file.', 'svc-licensing' ),
					$setting,
					rtrim( $refused->getMessage(), '.' ) . '.'
				),
				400,
				array(
					'reason'  => 'invalid_setting',
					'setting' => $setting,
					'params'  => $params,
				)
			);
		}
	}
}
