<?php
/**
 * What the SDK knows of one product's licence: the server's last answer, when it was given, and since when the
 * server could not be reached.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Immutable. The last answer the server gave is kept, for the licence screen and the expiry notice; a failure to
 * reach the server never replaces it, and the screen says "could not verify since …". An answer from the server, a
 * "no" included, always replaces the last one. Whether the licence is valid is not this record's to say: it is
 * the verified lease's (LeaseHolder), whose own dates are the grace while the server cannot be reached.
 */
final class LicenseRecord {

	/** The server answered the last call. */
	public const VERIFIED = 'verified';
	/** The server could not be reached since the last answer. */
	public const UNVERIFIED = 'unverified';
	/** No answer yet (no key entered, or never checked). */
	public const NONE = 'none';

	/**
	 * The server's last answer (validate or activate), or null.
	 *
	 * @var array<string, mixed>|null
	 */
	private $answer;

	/**
	 * Unix time of that answer.
	 *
	 * @var int|null
	 */
	private $verified_at;

	/**
	 * Unix time of the first failure since that answer, or null.
	 *
	 * @var int|null
	 */
	private $failing_since;

	/**
	 * Constructor.
	 *
	 * @param array<string, mixed>|null $answer        The server's last answer.
	 * @param int|null                  $verified_at   When it was given.
	 * @param int|null                  $failing_since First failure since then.
	 */
	public function __construct( ?array $answer = null, ?int $verified_at = null, ?int $failing_since = null ) {
		$this->answer        = $answer;
		$this->verified_at   = null === $answer ? null : $verified_at;
		$this->failing_since = null === $answer ? null : $failing_since;
	}

	/**
	 * From what to_array() stored; anything unreadable is no record.
	 *
	 * @param mixed $stored Stored value.
	 */
	public static function from_array( $stored ): self {
		if ( ! is_array( $stored ) || ! isset( $stored['answer'], $stored['verified_at'] ) || ! is_array( $stored['answer'] ) || ! is_int( $stored['verified_at'] ) ) {
			return new self();
		}
		$failing_since = isset( $stored['failing_since'] ) && is_int( $stored['failing_since'] ) ? $stored['failing_since'] : null;
		return new self( $stored['answer'], $stored['verified_at'], $failing_since );
	}

	/**
	 * For storage.
	 *
	 * @return array{answer: array<string, mixed>|null, verified_at: int|null, failing_since: int|null}
	 */
	public function to_array(): array {
		return array(
			'answer'        => $this->answer,
			'verified_at'   => $this->verified_at,
			'failing_since' => $this->failing_since,
		);
	}

	/**
	 * After the server answered (valid or not).
	 *
	 * @param array<string, mixed> $answer The decoded answer.
	 * @param int                  $now    Unix time.
	 */
	public function after_answer( array $answer, int $now ): self {
		return new self( $answer, $now, null );
	}

	/**
	 * After a call that got no usable answer (unreachable, timeout, 5xx, 429): the last answer stays.
	 *
	 * @param int $now Unix time.
	 */
	public function after_failure( int $now ): self {
		return new self( $this->answer, $this->verified_at, $this->failing_since ?? $now );
	}

	/**
	 * One of VERIFIED, UNVERIFIED, NONE.
	 */
	public function state(): string {
		if ( null === $this->answer || null === $this->verified_at ) {
			return self::NONE;
		}
		return null === $this->failing_since ? self::VERIFIED : self::UNVERIFIED;
	}

	/**
	 * The last answer, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function answer(): ?array {
		return $this->answer;
	}

	/**
	 * When the last answer was given ("could not verify since …"), or null.
	 */
	public function verified_at(): ?int {
		return $this->verified_at;
	}

	/**
	 * When the licence expires by the last answer (Unix time), or null: lifetime, no answer, or unreadable.
	 */
	public function expires(): ?int {
		$expires = $this->answer['expires'] ?? null;
		$time    = is_string( $expires ) && '' !== $expires ? strtotime( $expires ) : false;
		return false === $time ? null : $time;
	}

	/**
	 * Where the server said the customer renews (the last answer's renewal_url), when it is an http(s) address.
	 */
	public function renewal_url(): ?string {
		$url = $this->answer['renewal_url'] ?? null;
		return is_string( $url ) && 1 === preg_match( '#^https?://[^\s/?\#]+[^\s]*$#iD', $url ) ? $url : null;
	}
}
