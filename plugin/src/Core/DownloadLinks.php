<?php
/**
 * Issues and checks the signed links of the download route.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Http\RoutePath;
use Svc\Licensing\Domain\Release\DownloadClaims;
use Svc\Licensing\Domain\Release\DownloadToken;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\Settings;

/**
 * The signing key is derived from the server's key secret, so it exists wherever licences do and never leaves
 * the server; the lifetime is the download_token_ttl setting. A link handed to an old protocol's client (EDD SL's
 * updater keeps each get_version answer, package link included, for 3 hours and uses it for every update in that
 * time) lives OLD_CLIENT_LIFETIME, EDD SL's own default, and names the site it was handed to: the download then
 * needs that site still activated, besides the licence still usable (Downloads; docs/api-decisions.md, "Package
 * links for the old clients").
 */
final class DownloadLinks {

	/** How long a link handed to an old protocol's client works: 24 hours, EDD SL's download_link_expiration. */
	public const OLD_CLIENT_LIFETIME = 86400;

	/**
	 * Server secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param KeySecret $secret   Server secret.
	 * @param Settings  $settings Settings.
	 */
	public function __construct( KeySecret $secret, Settings $settings ) {
		$this->secret   = $secret;
		$this->settings = $settings;
	}

	/**
	 * A download URL for one licence and release, valid for the configured lifetime; for an old protocol's client,
	 * valid OLD_CLIENT_LIFETIME and bound to the site's activation when it has one.
	 *
	 * @param array<string, mixed> $product    Product.
	 * @param array<string, mixed> $license    Licence, with this site's `activation` (or null) when known.
	 * @param array<string, mixed> $release    Release.
	 * @param bool                 $old_client Whether the link goes to an old protocol's client.
	 */
	public function url( array $product, array $license, array $release, bool $old_client = false ): string {
		$activation = $license['activation'] ?? null;
		$claims     = $old_client
			? new DownloadClaims( $product['id'], $license['id'], $release['version'], time() + self::OLD_CLIENT_LIFETIME, is_array( $activation ) ? (string) $activation['site_url'] : null )
			: new DownloadClaims( $product['id'], $license['id'], $release['version'], time() + $this->settings->download_token_ttl() );
		return add_query_arg( 'token', $this->token( $claims ), rest_url( RoutePath::NAMESPACE . '/downloads/' . $product['slug'] ) );
	}

	/**
	 * A signed token for these claims.
	 *
	 * @param DownloadClaims $claims What it grants.
	 */
	public function token( DownloadClaims $claims ): string {
		return $this->signer()->issue( $claims );
	}

	/**
	 * The claims of a token.
	 *
	 * @param string   $token Token.
	 * @param int|null $now   Unix time (null: now).
	 * @throws \Svc\Licensing\Domain\Release\InvalidDownloadToken When it is not valid now.
	 */
	public function verify( string $token, ?int $now = null ): DownloadClaims {
		return $this->signer()->verify( $token, $now ?? time() );
	}

	/**
	 * The signer, keyed by a key derived from the server secret.
	 */
	private function signer(): DownloadToken {
		return new DownloadToken( hash_hmac( 'sha256', 'svc-licensing download tokens v1', $this->secret->get(), true ) );
	}
}
