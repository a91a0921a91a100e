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
 * the server; the lifetime is the download_token_ttl setting.
 */
final class DownloadLinks {

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
	 * A download URL for one licence and release, valid for the configured lifetime.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param array<string, mixed> $license Licence.
	 * @param array<string, mixed> $release Release.
	 */
	public function url( array $product, array $license, array $release ): string {
		$token = $this->token( new DownloadClaims( $product['id'], $license['id'], $release['version'], time() + $this->settings->download_token_ttl() ) );
		return add_query_arg( 'token', $token, rest_url( RoutePath::NAMESPACE . '/downloads/' . $product['slug'] ) );
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
