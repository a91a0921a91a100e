<?php
/**
 * An admin downloads the client SDK as a zip.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Sdk\SdkBundle;
use Svc\Licensing\Domain\ServiceError;

/**
 * Zips the copy of the SDK the plugin ships (`sdk/` inside the plugin, put there by the plugin's build) into a
 * temporary file: with PHP's ZipArchive when the zip extension is there, otherwise with WordPress' own PclZip
 * (core's fallback for the same reason). Built per request: it is small, and always matches the files. Each zip
 * also holds trusted-keys.php, the service's active and next lease keys as published now (docs/leases.md).
 */
final class SdkDownload {

	/**
	 * The SDK folder the plugin ships.
	 *
	 * @var string
	 */
	private $dir;

	/**
	 * Answers the lease keys to bake in: key id => public key (base64url).
	 *
	 * @var callable(): array<string, string>
	 */
	private $trusted_keys;

	/**
	 * Constructor.
	 *
	 * @param string   $dir          The SDK folder, e.g. the plugin's sdk/.
	 * @param callable $trusted_keys Answers the lease keys to bake in, key id => public key (LeaseKeyAdmin::trusted).
	 */
	public function __construct( string $dir, callable $trusted_keys ) {
		$this->dir          = rtrim( $dir, '/\\' );
		$this->trusted_keys = $trusted_keys;
	}

	/**
	 * Builds the zip. The caller sends it and deletes the file.
	 *
	 * @return array{path: string, name: string, version: string}
	 * @throws ServiceError 503 sdk_unavailable when the plugin has no SDK copy or no way to zip.
	 */
	public function archive(): array {
		if ( ! $this->is_shipped() ) {
			throw new ServiceError( ErrorCode::SDK_UNAVAILABLE, __( 'This copy of the plugin does not include the client SDK (its sdk folder is missing). Install the plugin from its release package, or run "npm run build" in its source tree.', 'svc-licensing' ) );
		}
		$version = $this->version();
		if ( null === $version ) {
			throw new ServiceError( ErrorCode::SDK_UNAVAILABLE, __( 'The client SDK shipped with the plugin does not state its version, so it is not offered. Reinstall the plugin.', 'svc-licensing' ) );
		}
		$keys = ( $this->trusted_keys )();
		if ( array() === $keys ) {
			throw new ServiceError( ErrorCode::SDK_UNAVAILABLE, __( 'The SDK is not offered while the lease keys are missing or replaced: it would trust no key. See Site Health.', 'svc-licensing' ) );
		}
		$entries = array();
		foreach ( SdkBundle::entries( $this->files() ) as $relative => $name ) {
			$entries[ $this->dir . '/' . $relative ] = $name;
		}
		$path      = tempnam( get_temp_dir(), 'svc-sdk-' );
		$keys_file = tempnam( get_temp_dir(), 'svc-sdk-keys-' );
		if ( false === $path || false === $keys_file || false === file_put_contents( $keys_file, SdkBundle::trusted_keys_file( $keys ) ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a temporary file of this request.
			throw new ServiceError( ErrorCode::SDK_UNAVAILABLE, __( 'The SDK zip could not be built: the server has no writable temporary folder.', 'svc-licensing' ) );
		}
		$entries[ $keys_file ] = SdkBundle::FOLDER . '/' . SdkBundle::TRUSTED_KEYS;
		$built                 = class_exists( 'ZipArchive' ) ? $this->zip_archive( $path, $entries ) : $this->pcl_zip( $path, $entries );
		wp_delete_file( $keys_file );
		if ( ! $built ) {
			wp_delete_file( $path );
			throw new ServiceError( ErrorCode::SDK_UNAVAILABLE, __( 'The SDK zip could not be built on this server. Enable PHP\'s zip extension, or copy the sdk folder from the plugin\'s files instead.', 'svc-licensing' ) );
		}
		return array(
			'path'    => $path,
			'name'    => SdkBundle::file_name( $version ),
			'version' => $version,
		);
	}

	/**
	 * Whether the plugin ships the SDK's entry file.
	 */
	private function is_shipped(): bool {
		return is_readable( $this->dir . '/' . SdkBundle::ENTRY );
	}

	/**
	 * The version of the SDK the plugin ships; null when it ships none or the copy states none.
	 */
	public function version(): ?string {
		if ( ! $this->is_shipped() ) {
			return null;
		}
		return SdkBundle::version_in( (string) file_get_contents( $this->dir . '/' . SdkBundle::ENTRY ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
	}

	/**
	 * The SDK folder's files, relative to it.
	 *
	 * @return string[]
	 */
	private function files(): array {
		$files    = array();
		$iterator = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $this->dir, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $iterator as $file ) {
			if ( $file instanceof \SplFileInfo && $file->isFile() ) {
				$files[] = substr( $file->getPathname(), strlen( $this->dir ) + 1 );
			}
		}
		return $files;
	}

	/**
	 * With PHP's zip extension.
	 *
	 * @param string                $path    Target file (exists, empty).
	 * @param array<string, string> $entries File => name in the zip.
	 */
	private function zip_archive( string $path, array $entries ): bool {
		$zip = new \ZipArchive();
		if ( true !== $zip->open( $path, \ZipArchive::OVERWRITE ) ) {
			return false;
		}
		foreach ( $entries as $file => $name ) {
			if ( ! $zip->addFile( $file, $name ) ) {
				$zip->close();
				return false;
			}
		}
		return $zip->close();
	}

	/**
	 * With WordPress' PclZip, which needs only zlib.
	 *
	 * @param string                $path    Target file.
	 * @param array<string, string> $entries File => name in the zip.
	 */
	private function pcl_zip( string $path, array $entries ): bool {
		if ( ! function_exists( 'gzopen' ) ) {
			// PclZip's constructor would end the request.
			return false;
		}
		require_once ABSPATH . 'wp-admin/includes/class-pclzip.php'; // @phpstan-ignore requireOnce.fileNotFound
		$list = array();
		foreach ( $entries as $file => $name ) {
			$list[] = array(
				PCLZIP_ATT_FILE_NAME          => $file,
				PCLZIP_ATT_FILE_NEW_FULL_NAME => $name,
			);
		}
		wp_delete_file( $path );
		// PclZip counts bytes with strlen(), which mbstring's function overloading would break.
		mbstring_binary_safe_encoding();
		$created = ( new \PclZip( $path ) )->create( $list );
		reset_mbstring_encoding();
		return is_array( $created ) && count( $created ) === count( $list );
	}
}
