<?php
/**
 * An update the server offers, read from GET /svc/v1/updates/check, in the shapes WordPress core's update
 * transients and its "View details" modal expect.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Only an update the site can install and verify is offered: the answer must name a newer version, a package
 * URL (a licence outside the rollout bucket gets none) and a SHA-256 package hash. A rollback (`rollback: true`:
 * the seller withdrew the installed version) names an older version instead, and is offered all the same: core
 * installs whatever package its update transient names, so going down a version is an ordinary update to it.
 */
final class UpdateOffer {

	/**
	 * Fields of the answer.
	 *
	 * @var array{new_version: string, package: string, sha256: string, url: string, tested: string, requires: string, requires_php: string, changelog: string, rollback: bool}
	 */
	private $fields;

	/**
	 * Constructor.
	 *
	 * @param array{new_version: string, package: string, sha256: string, url: string, tested: string, requires: string, requires_php: string, changelog: string, rollback: bool} $fields Fields.
	 */
	private function __construct( array $fields ) {
		$this->fields = $fields;
	}

	/**
	 * The offer in an update-check answer, or null when there is none the site can take.
	 *
	 * @param mixed  $answer            The decoded answer.
	 * @param string $installed_version The version installed on this site.
	 */
	public static function from_answer( $answer, string $installed_version ): ?self {
		if ( ! is_array( $answer ) ) {
			return null;
		}
		$text     = static function ( string $key ) use ( $answer ): string {
			return isset( $answer[ $key ] ) && is_string( $answer[ $key ] ) ? $answer[ $key ] : '';
		};
		$version  = $text( 'new_version' );
		$package  = $text( 'package' );
		$sha256   = PackageHash::parse( $text( 'package_hash' ) );
		$rollback = isset( $answer['rollback'] ) && true === $answer['rollback'];
		if (
			! preg_match( '/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/', $version )
			|| ! version_compare( $version, $installed_version, $rollback ? '<' : '>' )
			|| ! preg_match( '#^https?://#i', $package )
			|| null === $sha256
		) {
			return null;
		}
		$sections = isset( $answer['sections'] ) && is_array( $answer['sections'] ) ? $answer['sections'] : array();
		return new self(
			array(
				'new_version'  => $version,
				'package'      => $package,
				'sha256'       => $sha256,
				'url'          => $text( 'url' ),
				'tested'       => $text( 'tested' ),
				'requires'     => $text( 'requires' ),
				'requires_php' => $text( 'requires_php' ),
				'changelog'    => isset( $sections['changelog'] ) && is_string( $sections['changelog'] ) ? $sections['changelog'] : '',
				'rollback'     => $rollback,
			)
		);
	}

	/**
	 * Whether the offer goes down a version (the installed one was withdrawn).
	 */
	public function is_rollback(): bool {
		return $this->fields['rollback'];
	}

	/**
	 * The offered version.
	 */
	public function version(): string {
		return $this->fields['new_version'];
	}

	/**
	 * The package URL (carries a short-lived token).
	 */
	public function package(): string {
		return $this->fields['package'];
	}

	/**
	 * The package's SHA-256, lower-case hex.
	 */
	public function sha256(): string {
		return $this->fields['sha256'];
	}

	/**
	 * The changelog, HTML as the server sent it (core's modal passes sections through wp_kses).
	 */
	public function changelog(): string {
		return $this->fields['changelog'];
	}

	/**
	 * One entry of the update_plugins transient's `response`.
	 *
	 * @param string $basename The plugin's basename, e.g. acme-widgets/acme-widgets.php.
	 * @param string $slug     The plugin's slug (its folder).
	 * @return array<string, mixed>
	 */
	public function for_plugin( string $basename, string $slug ): array {
		return array(
			'id'           => $basename,
			'slug'         => $slug,
			'plugin'       => $basename,
			'new_version'  => $this->fields['new_version'],
			'url'          => $this->fields['url'],
			'package'      => $this->fields['package'],
			'tested'       => $this->fields['tested'],
			'requires'     => $this->fields['requires'],
			'requires_php' => $this->fields['requires_php'],
			'icons'        => array(),
			'banners'      => array(),
			'banners_rtl'  => array(),
		);
	}

	/**
	 * One entry of the update_themes transient's `response`.
	 *
	 * @param string $stylesheet The theme's folder.
	 * @return array<string, mixed>
	 */
	public function for_theme( string $stylesheet ): array {
		return array(
			'theme'        => $stylesheet,
			'new_version'  => $this->fields['new_version'],
			'url'          => $this->fields['url'],
			'package'      => $this->fields['package'],
			'requires'     => $this->fields['requires'],
			'requires_php' => $this->fields['requires_php'],
		);
	}
}
