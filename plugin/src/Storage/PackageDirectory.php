<?php
/**
 * Where release packages (ZIP files) are kept.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

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
}
