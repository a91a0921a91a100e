<?php
/**
 * The site's address is not the one its licence was activated with: a move, or a copy of the site with its database.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Compared by the server's identity (SiteIdentity): http → https and a www. added or dropped are the same site, so they
 * are no change. Any other difference is a question only the site's owner can answer, once: did the site move (the
 * licence moves with it: POST /licenses/move), is it a temporary copy (staging: no slot, if the service calls its
 * address a staging host), or a new site (an install of its own, within the licence's limit). Pure.
 */
final class SiteChange {

	/** The site moved: the old address no longer runs. */
	public const MOVED = 'moved';
	/** A temporary copy (staging) of a site that runs on. */
	public const COPY = 'copy';
	/** Another site, with a slot of its own. */
	public const NEW_SITE = 'new';

	/** The answers, in the order the screen offers them. */
	public const ANSWERS = array( self::MOVED, self::COPY, self::NEW_SITE );

	/**
	 * The address the licence was activated with, as stored.
	 *
	 * @var string
	 */
	private $from_url;

	/**
	 * Its identity.
	 *
	 * @var string
	 */
	private $from;

	/**
	 * This site's identity now.
	 *
	 * @var string
	 */
	private $to;

	/**
	 * Constructor.
	 *
	 * @param string $from_url The stored address.
	 * @param string $from     Its identity.
	 * @param string $to       This site's identity now.
	 */
	private function __construct( string $from_url, string $from, string $to ) {
		$this->from_url = $from_url;
		$this->from     = $from;
		$this->to       = $to;
	}

	/**
	 * The change from the address a licence was activated with to the site's address now; null when both are the
	 * same site, or either is not a usable site address (nothing can be said then).
	 *
	 * @param string $activated_with The stored address.
	 * @param string $site_url       The site's address now (home_url()).
	 */
	public static function between( string $activated_with, string $site_url ): ?self {
		$from = SiteIdentity::normalise( $activated_with );
		$to   = SiteIdentity::normalise( $site_url );
		if ( null === $from || null === $to || $from === $to ) {
			return null;
		}
		return new self( $activated_with, $from, $to );
	}

	/**
	 * Whether an answer is one of ANSWERS.
	 *
	 * @param string $answer The owner's answer.
	 */
	public static function is_answer( string $answer ): bool {
		return in_array( $answer, self::ANSWERS, true );
	}

	/**
	 * The address the licence was activated with, as stored (sent as the move's from_site_url).
	 */
	public function from_url(): string {
		return $this->from_url;
	}

	/**
	 * The identity of the address the licence was activated with (example.com), for the question.
	 */
	public function from(): string {
		return $this->from;
	}

	/**
	 * The identity of the site's address now, for the question.
	 */
	public function to(): string {
		return $this->to;
	}

	/**
	 * An id of this change (of the two identities), under which an administrator's dismissal of its notice is kept:
	 * another change is another question.
	 */
	public function id(): string {
		return substr( hash( 'sha256', $this->from . '|' . $this->to ), 0, 20 );
	}
}
