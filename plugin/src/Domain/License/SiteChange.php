<?php
/**
 * What the owner said a site with a changed address is: a temporary copy or a new site (a move has its own route).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use Svc\Licensing\Domain\ErrorCode;

/**
 * A site copied with its database (a clone, a staging copy) or moved to a new address carries the SDK's install
 * fingerprint. An activation from an address the licence has no activation at, carrying a fingerprint another of
 * the licence's sites holds, is such a copy: it is refused until the owner answers what it is, so a copy never
 * takes a slot nor frees the original's on its own (docs/api-decisions.md, "Moves and clones"). The answer:
 * `copy` (a temporary copy: only on a staging host, where it takes no slot) or `new` (a new site: one more slot).
 */
final class SiteChange {

	/** A temporary copy (staging): no slot, on a staging host only. */
	public const COPY = 'copy';

	/** A new site of its own: an ordinary activation within the limit. */
	public const NEW_SITE = 'new';

	/** The values the activate route accepts. */
	public const VALUES = array( self::COPY, self::NEW_SITE );

	/**
	 * The error code refusing an activation of a site that has none on the licence yet, or null when it goes on.
	 *
	 * @param string|null $answer      The site_change sent (one of VALUES), or null.
	 * @param string|null $original_of The normalised site at another address that holds the call's fingerprint on
	 *                                 this licence, or null.
	 * @param bool        $staging     Whether the site's host is a staging host by the settings.
	 */
	public static function refusal( ?string $answer, ?string $original_of, bool $staging ): ?string {
		if ( self::COPY === $answer ) {
			return $staging ? null : ErrorCode::NOT_A_STAGING_SITE;
		}
		if ( null === $answer && null !== $original_of ) {
			return ErrorCode::SITE_CHANGE_UNANSWERED;
		}
		return null;
	}
}
