<?php
/**
 * Why an update check answered as it did: its steps, its answer, and a plain-words line.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use InvalidArgumentException;

/**
 * The update check fills one of these step by step (licence, activation, channel, release, rollout, requires,
 * requires_php, package) and ends it with its answer; it is stored compactly (one row per product and site,
 * overwritten) and read back to explain the last check. A step is a name, an outcome (pass: it let the update
 * through; fail: it stopped it; info: a fact that did not decide) and its facts. Adding a step is one method
 * here and one call in the check; the summary names the first step that failed, or the answer.
 */
final class UpdateDecision {

	public const OFFERED        = 'offered';
	public const NOT_IN_ROLLOUT = 'not_in_rollout';
	public const CURRENT        = 'current';
	public const REFUSED        = 'refused';

	/**
	 * Every answer kind.
	 */
	public const ANSWERS = array( self::OFFERED, self::NOT_IN_ROLLOUT, self::CURRENT, self::REFUSED );

	public const PASS = 'pass';
	public const FAIL = 'fail';
	public const INFO = 'info';

	/**
	 * The version the site reported running.
	 *
	 * @var string
	 */
	private $installed;

	/**
	 * The WordPress version the site reported, or null.
	 *
	 * @var string|null
	 */
	private $wp_version;

	/**
	 * The PHP version the site reported, or null.
	 *
	 * @var string|null
	 */
	private $php_version;

	/**
	 * Steps in the order they were taken: name, outcome, facts.
	 *
	 * @var list<array{0: string, 1: string, 2: array<string, scalar|null>}>
	 */
	private $steps = array();

	/**
	 * The answer kind, or null while the check runs.
	 *
	 * @var string|null
	 */
	private $answer = null;

	/**
	 * The version the answer named (offered, or newer but outside the rollout), or null.
	 *
	 * @var string|null
	 */
	private $offered = null;

	/**
	 * The refusal's error code, or null.
	 *
	 * @var string|null
	 */
	private $error = null;

	/**
	 * A new decision for a site.
	 *
	 * @param string      $installed   The version the site reported running.
	 * @param string|null $wp_version  The WordPress version it reported, or null.
	 * @param string|null $php_version The PHP version it reported, or null.
	 */
	public function __construct( string $installed, ?string $wp_version = null, ?string $php_version = null ) {
		$this->installed   = $installed;
		$this->wp_version  = null === $wp_version || '' === $wp_version ? null : $wp_version;
		$this->php_version = null === $php_version || '' === $php_version ? null : $php_version;
	}

	/**
	 * The licence's status as of the check.
	 *
	 * @param string $status Status (active, trial, expired, …).
	 * @param bool   $usable Whether it may receive updates.
	 */
	public function license( string $status, bool $usable ): self {
		return $this->step( 'license', $usable ? self::PASS : self::FAIL, array( 'status' => $status ) );
	}

	/**
	 * This site's activation on the licence.
	 *
	 * @param bool $activated Whether the site is activated.
	 * @param bool $staging   Whether the activation is a staging site's (it takes no slot).
	 * @param bool $required  Whether the settings require an activation for updates.
	 */
	public function activation( bool $activated, bool $staging, bool $required ): self {
		$outcome = $activated ? self::PASS : ( $required ? self::FAIL : self::INFO );
		return $this->step(
			'activation',
			$outcome,
			array(
				'activated' => $activated,
				'staging'   => $staging,
				'required'  => $required,
			)
		);
	}

	/**
	 * The channel the site gets releases from.
	 *
	 * @param string $channel Channel name.
	 */
	public function channel( string $channel ): self {
		return $this->step( 'channel', self::INFO, array( 'channel' => $channel ) );
	}

	/**
	 * How the release was chosen among the product's channels, pins and withdrawn releases (UpdateChooser's steps).
	 *
	 * @param string[] $notes The chooser's steps, in order.
	 */
	public function choice( array $notes ): self {
		return $this->step( 'choice', self::INFO, array( 'notes' => implode( '; ', $notes ) ) );
	}

	/**
	 * The product's current release, or null when it has none published.
	 *
	 * @param string|null $version Its version.
	 * @param bool        $newer   Whether it is newer than what the site runs.
	 */
	public function release( ?string $version, bool $newer ): self {
		return $this->step( 'release', $newer ? self::PASS : self::INFO, array( 'version' => $version ) );
	}

	/**
	 * The licence's rollout bucket (0–9999) against the release's percentage.
	 *
	 * @param int $bucket     Bucket.
	 * @param int $percentage 0–100.
	 */
	public function rollout( int $bucket, int $percentage ): self {
		$in = $bucket < max( 0, min( 100, $percentage ) ) * ( RolloutBucket::BUCKETS / 100 );
		return $this->step(
			'rollout',
			$in ? self::PASS : self::FAIL,
			array(
				'bucket'     => $bucket,
				'percentage' => $percentage,
			)
		);
	}

	/**
	 * The release's minimum WordPress version against the one the site reported.
	 *
	 * @param string $required Minimum, or '' for none.
	 */
	public function requires( string $required ): self {
		return $this->minimum( 'requires', $required, $this->wp_version );
	}

	/**
	 * The release's minimum PHP version against the one the site reported.
	 *
	 * @param string $required Minimum, or '' for none.
	 */
	public function requires_php( string $required ): self {
		return $this->minimum( 'requires_php', $required, $this->php_version );
	}

	/**
	 * The package's hash the answer carries.
	 *
	 * @param string $hash `sha256:` and the hex digest.
	 */
	public function package( string $hash ): self {
		return $this->step( 'package', self::INFO, array( 'hash' => $hash ) );
	}

	/**
	 * Ends the check: a newer release, with its package when in the rollout.
	 *
	 * @param string $version    Version named.
	 * @param bool   $in_rollout Whether the answer carries the package.
	 */
	public function offer( string $version, bool $in_rollout ): self {
		$this->answer  = $in_rollout ? self::OFFERED : self::NOT_IN_ROLLOUT;
		$this->offered = $version;
		return $this;
	}

	/**
	 * Ends the check: the site runs the newest release (or there is none).
	 */
	public function current(): self {
		$this->answer  = self::CURRENT;
		$this->offered = null;
		return $this;
	}

	/**
	 * Ends the check: refused with an error code.
	 *
	 * @param string $error_code The API's error code.
	 */
	public function refuse( string $error_code ): self {
		$this->answer  = self::REFUSED;
		$this->offered = null;
		$this->error   = $error_code;
		return $this;
	}

	/**
	 * The answer kind (one of ANSWERS); a check that never ended counts as refused.
	 */
	public function answer(): string {
		return $this->answer ?? self::REFUSED;
	}

	/**
	 * The version the answer named, or null.
	 */
	public function offered(): ?string {
		return $this->offered;
	}

	/**
	 * The version the site reported running.
	 */
	public function installed(): string {
		return $this->installed;
	}

	/**
	 * The WordPress version the site reported, or null.
	 */
	public function wp_version(): ?string {
		return $this->wp_version;
	}

	/**
	 * The PHP version the site reported, or null.
	 */
	public function php_version(): ?string {
		return $this->php_version;
	}

	/**
	 * The steps, each as `step`, `outcome` and its facts.
	 *
	 * @return list<array<string, scalar|null>>
	 */
	public function steps(): array {
		$steps = array();
		foreach ( $this->steps as list( $name, $outcome, $facts ) ) {
			$steps[] = array(
				'step'    => $name,
				'outcome' => $outcome,
			) + $facts;
		}
		return $steps;
	}

	/**
	 * What the stored column holds: the steps as compact JSON (`[["license","pass",{"status":"active"}],…]`),
	 * with the refusal's code as a last `error` entry.
	 */
	public function compact(): string {
		$stored = $this->steps;
		if ( null !== $this->error ) {
			$stored[] = array( 'error', self::FAIL, array( 'code' => $this->error ) );
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress needed.
		return (string) json_encode( $stored, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * A decision read back from storage.
	 *
	 * @param string      $answer      Answer kind.
	 * @param string|null $offered     Version named, or null.
	 * @param string      $installed   Version the site ran.
	 * @param string|null $wp_version  WordPress version reported, or null.
	 * @param string|null $php_version PHP version reported, or null.
	 * @param string      $compact     What compact() wrote.
	 * @throws InvalidArgumentException On an unknown answer or steps that are not compact()'s.
	 */
	public static function from_stored( string $answer, ?string $offered, string $installed, ?string $wp_version, ?string $php_version, string $compact ): self {
		if ( ! in_array( $answer, self::ANSWERS, true ) ) {
			throw new InvalidArgumentException( 'Unknown answer kind.' );
		}
		$steps = json_decode( $compact, true );
		if ( ! is_array( $steps ) ) {
			throw new InvalidArgumentException( 'The stored steps are not a JSON list.' );
		}
		$decision          = new self( $installed, $wp_version, $php_version );
		$decision->answer  = $answer;
		$decision->offered = $offered;
		foreach ( $steps as $step ) {
			if ( ! is_array( $step ) || ! isset( $step[0], $step[1] ) || ! is_string( $step[0] ) || ! is_string( $step[1] ) || ! is_array( $step[2] ?? null ) ) {
				throw new InvalidArgumentException( 'A stored step is not [name, outcome, facts].' );
			}
			if ( 'error' === $step[0] ) {
				$decision->error = isset( $step[2]['code'] ) ? (string) $step[2]['code'] : '';
				continue;
			}
			$decision->step( $step[0], $step[1], $step[2] );
		}
		return $decision;
	}

	/**
	 * The refusal's error code, or null.
	 */
	public function error_code(): ?string {
		return $this->error;
	}

	/**
	 * One line in plain words: the first step that stopped the update, or the answer.
	 */
	public function summary(): string {
		$failed = $this->first_failed();
		switch ( $this->answer() ) {
			case self::REFUSED:
				if ( null !== $failed && 'license' === $failed[0] ) {
					return sprintf( 'Refused: this licence is %s, so it gets no updates.', $failed[2]['status'] );
				}
				if ( null !== $failed && 'activation' === $failed[0] ) {
					return 'Refused: this site is not activated on the licence, and updates require an activation.';
				}
				return sprintf( 'Refused (%s).', $this->error ?? 'unknown' );
			case self::NOT_IN_ROLLOUT:
				$rollout = $this->facts( 'rollout' );
				return sprintf(
					'Not offered: this licence is in bucket %1$d, the rollout is at %2$d %%.',
					intdiv( (int) ( $rollout['bucket'] ?? 0 ), (int) ( RolloutBucket::BUCKETS / 100 ) ),
					(int) ( $rollout['percentage'] ?? 0 )
				);
			case self::CURRENT:
				$release = $this->facts( 'release' );
				if ( null === ( $release['version'] ?? null ) ) {
					return sprintf( 'Nothing to offer: the product has no published current release (the site runs %s).', $this->installed );
				}
				return sprintf( 'Current: the site runs %1$s; the newest release is %2$s.', $this->installed, (string) $release['version'] );
			default:
				$version = (string) $this->offered;
				if ( null !== $failed && 'requires_php' === $failed[0] ) {
					return sprintf( 'Offered %1$s, but the site will not install it: it runs PHP %2$s and the release requires PHP %3$s.', $version, (string) $failed[2]['reported'], (string) $failed[2]['required'] );
				}
				if ( null !== $failed && 'requires' === $failed[0] ) {
					return sprintf( 'Offered %1$s, but the site will not install it: it runs WordPress %2$s and the release requires WordPress %3$s.', $version, (string) $failed[2]['reported'], (string) $failed[2]['required'] );
				}
				return sprintf( 'Offered %1$s (the site runs %2$s).', $version, $this->installed );
		}
	}

	/**
	 * A minimum version against a reported one, compared as WordPress compares them (version_compare): pass when
	 * met, fail when not, info when either is unknown.
	 *
	 * @param string      $name     Step name.
	 * @param string      $required Minimum, or ''.
	 * @param string|null $reported Reported, or null.
	 */
	private function minimum( string $name, string $required, ?string $reported ): self {
		$outcome = self::INFO;
		if ( '' !== $required && null !== $reported ) {
			$outcome = version_compare( $reported, $required, '>=' ) ? self::PASS : self::FAIL;
		}
		return $this->step(
			$name,
			$outcome,
			array(
				'required' => '' === $required ? null : $required,
				'reported' => $reported,
			)
		);
	}

	/**
	 * Adds a step.
	 *
	 * @param string                     $name    Step name.
	 * @param string                     $outcome pass, fail or info.
	 * @param array<string, scalar|null> $facts   Its facts.
	 */
	private function step( string $name, string $outcome, array $facts ): self {
		$this->steps[] = array( $name, $outcome, $facts );
		return $this;
	}

	/**
	 * The first step that failed, or null.
	 *
	 * @return array{0: string, 1: string, 2: array<string, scalar|null>}|null
	 */
	private function first_failed(): ?array {
		foreach ( $this->steps as $step ) {
			if ( self::FAIL === $step[1] ) {
				return $step;
			}
		}
		return null;
	}

	/**
	 * The facts of the last step with this name, or an empty array.
	 *
	 * @param string $name Step name.
	 * @return array<string, scalar|null>
	 */
	private function facts( string $name ): array {
		$found = array();
		foreach ( $this->steps as $step ) {
			if ( $name === $step[0] ) {
				$found = $step[2];
			}
		}
		return $found;
	}
}
