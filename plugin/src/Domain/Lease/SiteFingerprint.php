<?php
/**
 * The site a lease is for.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use Svc\Licensing\Domain\SiteUrl;

/**
 * "sha256:" + the hex SHA-256 of the site's identity as activations normalise it (Domain\SiteUrl), so a lease
 * names its site without carrying its URL; the SDK computes the same from home_url().
 */
final class SiteFingerprint {

	/**
	 * The fingerprint of a normalised identity.
	 *
	 * @param string $identity SiteUrl::normalise()'s answer.
	 */
	public static function of_identity( string $identity ): string {
		return 'sha256:' . hash( 'sha256', $identity );
	}

	/**
	 * The fingerprint of a site URL, or null when it is not a usable site URL.
	 *
	 * @param string $url Site URL as a caller sent it.
	 */
	public static function of_url( string $url ): ?string {
		$identity = SiteUrl::normalise( $url );
		return null === $identity ? null : self::of_identity( $identity );
	}
}
