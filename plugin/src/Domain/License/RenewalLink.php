<?php
/**
 * Where a client site sends a customer to renew a licence: the renewal_url of the validate answer.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

/**
 * Pure. The site's renewal page (setting renewal_page) when one is set, with {product} replaced by the product's
 * slug; otherwise the product's homepage_url; otherwise null. The licence key is never part of it: the link ends
 * up in the client's page source, and in the logs of whatever serves it.
 */
final class RenewalLink {

	/** Replaced by the product's slug. */
	public const PLACEHOLDER = '{product}';

	/** Longest renewal page accepted, as for a product's homepage_url. */
	public const MAX_LENGTH = 2048;

	/** An http(s) address with a host and no white space. */
	private const HTTP_URL = '#^https?://[^\s/?\#{}]+[^\s]*$#iD';

	/**
	 * Whether a value may be stored as the renewal page: empty (none), or an http(s) address with a host, the
	 * placeholder allowed after the host.
	 *
	 * @param string $page The value given.
	 */
	public static function is_page( string $page ): bool {
		return '' === $page || ( strlen( $page ) <= self::MAX_LENGTH && 1 === preg_match( self::HTTP_URL, $page ) );
	}

	/**
	 * The renewal_url of a product's validate answer.
	 *
	 * @param string               $page    The renewal page setting ('' for none).
	 * @param array<string, mixed> $product Product row (slug, homepage_url).
	 */
	public static function for_product( string $page, array $product ): ?string {
		if ( '' !== $page && self::is_page( $page ) ) {
			return str_replace( self::PLACEHOLDER, rawurlencode( (string) ( $product['slug'] ?? '' ) ), $page );
		}
		$homepage = (string) ( $product['homepage_url'] ?? '' );
		return 1 === preg_match( self::HTTP_URL, $homepage ) ? $homepage : null;
	}
}
