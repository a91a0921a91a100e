<?php
/**
 * Where release packages (ZIP files) are kept.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Release\ZipSignature;

/**
 * A folder the web server should not serve. The SVC_LICENSING_PACKAGE_DIR constant points it outside the
 * document root (the local stack does this); the fallback inside wp-content is locked down by deny files.
 */
final class PackageDirectory {

	/**
	 * Absolute path, no trailing slash.
	 *
	 * @var string
	 */
	private $path;

	/**
	 * Constructor.
	 *
	 * @param string $path Absolute path.
	 */
	public function __construct( string $path ) {
		$this->path = rtrim( $path, '/\\' );
	}

	/**
	 * The configured folder.
	 */
	public static function from_environment(): self {
		if ( defined( 'SVC_LICENSING_PACKAGE_DIR' ) && '' !== (string) SVC_LICENSING_PACKAGE_DIR ) {
			return new self( (string) SVC_LICENSING_PACKAGE_DIR );
		}
		return new self( WP_CONTENT_DIR . '/svc-licensing-packages' );
	}

	/**
	 * Whether a name is one this folder gives its packages (32 random hex characters and .zip): the only names
	 * a restore may write. A site's packages are the ones its releases name (on a network the folder is shared).
	 *
	 * @param string $name File name.
	 */
	public static function is_stored_name( string $name ): bool {
		return 1 === preg_match( '/^[a-f0-9]{32}\.zip\z/', $name );
	}

	/**
	 * Removes the deny files and the folder when no package is left in it (a network's other sites may still
	 * have theirs).
	 */
	public function remove_if_empty(): void {
		$names = glob( $this->path . '/*.zip' );
		if ( ! is_dir( $this->path ) || ( false !== $names && array() !== $names ) ) {
			return;
		}
		$this->purge();
	}

	/**
	 * Absolute path.
	 */
	public function path(): string {
		return $this->path;
	}

	/**
	 * Creates the folder with its deny files when missing, then proves it writable by writing and removing a file.
	 */
	public function ensure_writable(): bool {
		if ( ! is_dir( $this->path ) && ! wp_mkdir_p( $this->path ) ) {
			return false;
		}
		// Checked first, so the writes below do not raise warnings on a read-only folder.
		if ( ! wp_is_writable( $this->path ) ) {
			return false;
		}
		$guards = array(
			'.htaccess' => "Require all denied\nDeny from all\n",
			'index.php' => "<?php\n// Silence is golden.\n",
		);
		foreach ( $guards as $name => $content ) {
			$file = $this->path . '/' . $name;
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- WP_Filesystem may need credentials; this runs unattended.
			if ( ! file_exists( $file ) && false === file_put_contents( $file, $content ) ) {
				return false;
			}
		}
		$probe = $this->path . '/.probe-' . bin2hex( random_bytes( 8 ) );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- see above.
		if ( false === file_put_contents( $probe, 'ok' ) ) {
			return false;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- removing our own probe file.
		return unlink( $probe );
	}

	/**
	 * Moves an uploaded ZIP in under a random name nobody can guess, and reports its digest and size.
	 *
	 * @param string $uploaded Temporary path PHP gave the upload.
	 * @return array{name: string, sha256: string, size: int}|null Null when it could not be stored.
	 */
	public function store_upload( string $uploaded ): ?array {
		if ( ! is_uploaded_file( $uploaded ) || ! $this->ensure_writable() ) {
			return null;
		}
		$name   = bin2hex( random_bytes( 16 ) ) . '.zip';
		$target = $this->path . '/' . $name;
		if ( ! move_uploaded_file( $uploaded, $target ) ) {
			return null;
		}
		return array(
			'name'   => $name,
			'sha256' => (string) hash_file( 'sha256', $target ),
			'size'   => (int) filesize( $target ),
		);
	}

	/**
	 * Copies a local ZIP (a path given to `wp svc release publish`) in under a random name, like an upload; the
	 * original stays where it is.
	 *
	 * @param string $source Local file.
	 * @return array{name: string, sha256: string, size: int}|null Null when it could not be stored.
	 */
	public function store_copy( string $source ): ?array {
		if ( ! is_file( $source ) || ! $this->ensure_writable() ) {
			return null;
		}
		$name   = bin2hex( random_bytes( 16 ) ) . '.zip';
		$target = $this->path . '/' . $name;
		if ( ! copy( $source, $target ) ) {
			return null;
		}
		return array(
			'name'   => $name,
			'sha256' => (string) hash_file( 'sha256', $target ),
			'size'   => (int) filesize( $target ),
		);
	}

	/**
	 * Absolute path of a stored package, or null when the name is not one of ours or the file is gone.
	 *
	 * @param string $name Stored name.
	 */
	public function file( string $name ): ?string {
		if ( ! self::is_stored_name( $name ) ) {
			return null;
		}
		$path = $this->path . '/' . $name;
		return is_file( $path ) ? $path : null;
	}

	/**
	 * Removes stored packages; names that are not ours are skipped.
	 *
	 * @param string ...$names Stored names.
	 */
	public function delete( string ...$names ): void {
		foreach ( $names as $name ) {
			$path = $this->file( $name );
			if ( null !== $path ) {
				wp_delete_file( $path );
			}
		}
	}

	/**
	 * Whether a file on disk is a ZIP archive, by its structure.
	 *
	 * @param string $path File.
	 */
	public static function is_zip( string $path ): bool {
		$size = (int) filesize( $path );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- reading two slices of a local upload.
		$handle = fopen( $path, 'rb' );
		if ( false === $handle ) {
			return false;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- see above.
		$head = (string) fread( $handle, 4 );
		fseek( $handle, max( 0, $size - ZipSignature::TAIL_BYTES ) );
		$tail = (string) stream_get_contents( $handle );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- see above.
		fclose( $handle );
		return ZipSignature::matches( $head, $tail, $size );
	}

	/**
	 * Removes every stored package and the deny files, then the folder if nothing else is in it (uninstall).
	 */
	public function purge(): void {
		$names = glob( $this->path . '/*.zip' );
		$this->delete( ...array_map( 'basename', false === $names ? array() : $names ) );
		foreach ( array( '.htaccess', 'index.php' ) as $guard ) {
			if ( is_file( $this->path . '/' . $guard ) ) {
				wp_delete_file( $this->path . '/' . $guard );
			}
		}
		if ( is_dir( $this->path ) && array() === array_diff( (array) scandir( $this->path ), array( '.', '..' ) ) ) {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- removing our own empty folder.
			rmdir( $this->path );
		}
	}
}
