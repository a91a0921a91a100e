<?php
/**
 * Which client sites are staging, development or local copies: they are activated without using a slot.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

/**
 * Decided by the server from the site's normalised URL (SiteUrl), never from anything the client says about
 * itself. A pattern is a host with `*` standing for any run of letters, digits, dots and hyphens: `*.test`
 * matches shop.test and a.b.test, `staging.*` matches staging.acme.com. Letter case does not matter; ports and
 * paths are ignored. The defaults cover loopback, the reserved local and test top-level domains, and the usual
 * staging and development sub-domains; the seller may replace the list or switch the rule off (settings).
 */
final class StagingHosts {

	public const DEFAULTS = array(
		'localhost',
		'127.0.0.1',
		'[::1]',
		'*.localhost',
		'*.local',
		'*.test',
		'*.example',
		'*.invalid',
		'staging.*',
		'stage.*',
		'dev.*',
		'*.staging.*',
	);

	/** At most this many patterns, each at most MAX_PATTERN_LENGTH characters. */
	public const MAX_PATTERNS       = 100;
	public const MAX_PATTERN_LENGTH = 253;

	/**
	 * The patterns.
	 *
	 * @var string[]
	 */
	private $patterns;

	/**
	 * Constructor.
	 *
	 * @param string[] $patterns Valid patterns (see is_valid_pattern()).
	 */
	public function __construct( array $patterns = self::DEFAULTS ) {
		$this->patterns = array_values( array_map( 'strtolower', $patterns ) );
	}

	/**
	 * Whether a pattern is one this class understands: a host name, IPv4 or bracketed IPv6 address, with `*`
	 * for any run of host characters; not `*` alone, which would make every site a staging site.
	 *
	 * @param mixed $pattern A pattern.
	 */
	public static function is_valid_pattern( $pattern ): bool {
		return is_string( $pattern )
			&& strlen( $pattern ) <= self::MAX_PATTERN_LENGTH
			&& 1 === preg_match( '/^(\[[0-9a-f:.]+\]|[a-z0-9*]([a-z0-9*.-]*[a-z0-9*])?)$/i', $pattern )
			&& 1 === preg_match( '/[a-z0-9\[]/i', $pattern );
	}

	/**
	 * A list as a person typed it: each pattern trimmed and in lower case, empty lines and repeats left out, in
	 * the order given. Check each with is_valid_pattern() afterwards.
	 *
	 * @param string[] $patterns Patterns as typed.
	 * @return string[]
	 */
	public static function tidy( array $patterns ): array {
		$tidy = array();
		foreach ( $patterns as $pattern ) {
			$pattern = strtolower( trim( (string) $pattern ) );
			if ( '' !== $pattern && ! in_array( $pattern, $tidy, true ) ) {
				$tidy[] = $pattern;
			}
		}
		return $tidy;
	}

	/**
	 * Whether a site (a SiteUrl-normalised value: host, optional :port, optional path) is a staging site.
	 *
	 * @param string $site Normalised site URL.
	 */
	public function matches( string $site ): bool {
		$host = self::host_of( strtolower( $site ) );
		foreach ( $this->patterns as $pattern ) {
			$regex = '/^' . str_replace( '\*', '[a-z0-9.-]+', preg_quote( $pattern, '/' ) ) . '$/';
			if ( 1 === preg_match( $regex, $host ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The host part of a normalised site URL.
	 *
	 * @param string $site Normalised site URL.
	 */
	private static function host_of( string $site ): string {
		if ( 0 === strpos( $site, '[' ) ) {
			$end = strpos( $site, ']' );
			return false === $end ? $site : substr( $site, 0, $end + 1 );
		}
		$end = strcspn( $site, ':/' );
		return substr( $site, 0, $end );
	}
}
