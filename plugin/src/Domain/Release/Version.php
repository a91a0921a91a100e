<?php
/**
 * Semantic versions: parsing and precedence (semver.org 2.0.0, section 11).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use InvalidArgumentException;

/**
 * A parsed version. Releases must be strict semver (MAJOR.MINOR.PATCH[-pre][+build]); what a client reports as
 * installed may be looser, as WordPress plugin headers often are ("2.1", "v3"), and is read with missing parts as 0.
 */
final class Version {
	/**
	 * Strict semver as a regular expression without delimiters: the one rule for a release's version, used
	 * here and as the JSON schema pattern of every REST field that takes one (WordPress tests a pattern with
	 * preg_match( '#' . $pattern . '#u' )).
	 */
	public const PATTERN = '^(0|[1-9]\d{0,17})\.(0|[1-9]\d{0,17})\.(0|[1-9]\d{0,17})(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$';

	private const STRICT = '/' . self::PATTERN . '/';

	private const LENIENT = '/^v?(\d{1,18})(?:\.(\d{1,18}))?(?:\.(\d{1,18}))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?$/';

	/**
	 * Major, minor, patch.
	 *
	 * @var int[]
	 */
	private $core;

	/**
	 * Pre-release identifiers; empty for a release.
	 *
	 * @var string[]
	 */
	private $pre;

	/**
	 * Constructor.
	 *
	 * @param int[]    $core Major, minor, patch.
	 * @param string[] $pre  Pre-release identifiers.
	 */
	private function __construct( array $core, array $pre ) {
		$this->core = $core;
		$this->pre  = $pre;
	}

	/**
	 * Strict semver, as releases are written.
	 *
	 * @param string $text Version.
	 * @throws InvalidArgumentException When it is not semver.
	 */
	public static function parse( string $text ): self {
		if ( strlen( $text ) > 64 || ! preg_match( self::STRICT, $text, $m ) ) {
			throw new InvalidArgumentException( 'Not a semantic version (MAJOR.MINOR.PATCH[-pre][+build]).' );
		}
		// A build part without a pre-release leaves group 4 matched empty.
		return new self( array( (int) $m[1], (int) $m[2], (int) $m[3] ), isset( $m[4] ) && '' !== $m[4] ? explode( '.', $m[4] ) : array() );
	}

	/**
	 * A version as a client reports it: a leading "v" and missing minor or patch parts are accepted.
	 *
	 * @param string $text Version.
	 * @throws InvalidArgumentException When it is not a version at all.
	 */
	public static function parse_installed( string $text ): self {
		if ( strlen( $text ) > 64 || ! preg_match( self::LENIENT, $text, $m ) ) {
			throw new InvalidArgumentException( 'Not a version number.' );
		}
		return new self(
			array( (int) $m[1], (int) ( $m[2] ?? 0 ), (int) ( $m[3] ?? 0 ) ),
			isset( $m[4] ) ? explode( '.', $m[4] ) : array()
		);
	}

	/**
	 * Whether a string is strict semver.
	 *
	 * @param string $text Version.
	 */
	public static function is_valid( string $text ): bool {
		return strlen( $text ) <= 64 && 1 === preg_match( self::STRICT, $text );
	}

	/**
	 * Precedence: negative, zero or positive as this version is lower, equal or higher. Build metadata is ignored.
	 *
	 * @param Version $other Other version.
	 */
	public function compare( Version $other ): int {
		for ( $i = 0; $i < 3; $i++ ) {
			if ( $this->core[ $i ] !== $other->core[ $i ] ) {
				return $this->core[ $i ] <=> $other->core[ $i ];
			}
		}
		// A pre-release sorts before its release.
		if ( array() === $this->pre || array() === $other->pre ) {
			return count( $other->pre ) <=> count( $this->pre );
		}
		$length = max( count( $this->pre ), count( $other->pre ) );
		for ( $i = 0; $i < $length; $i++ ) {
			if ( ! isset( $this->pre[ $i ] ) || ! isset( $other->pre[ $i ] ) ) {
				// The shorter list of otherwise equal identifiers sorts first.
				return isset( $this->pre[ $i ] ) ? 1 : -1;
			}
			$order = self::compare_identifiers( $this->pre[ $i ], $other->pre[ $i ] );
			if ( 0 !== $order ) {
				return $order;
			}
		}
		return 0;
	}

	/**
	 * Whether this version is higher than another.
	 *
	 * @param Version $other Other version.
	 */
	public function is_newer_than( Version $other ): bool {
		return $this->compare( $other ) > 0;
	}

	/**
	 * One pre-release identifier against another: numbers numerically and below words, words in ASCII order.
	 *
	 * @param string $a Identifier.
	 * @param string $b Identifier.
	 */
	private static function compare_identifiers( string $a, string $b ): int {
		$a_numeric = ctype_digit( $a );
		$b_numeric = ctype_digit( $b );
		if ( $a_numeric && $b_numeric ) {
			return strlen( $a ) === strlen( $b ) ? strcmp( $a, $b ) <=> 0 : strlen( $a ) <=> strlen( $b );
		}
		if ( $a_numeric !== $b_numeric ) {
			return $a_numeric ? -1 : 1;
		}
		return strcmp( $a, $b ) <=> 0;
	}
}
