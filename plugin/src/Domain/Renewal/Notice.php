<?php
/**
 * One renewal or trial notice as the seller sets it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

/**
 * Pure. The offset counts UTC calendar days from the licence's expiry day: negative before it, 0 on it, positive
 * after it. The id is the notice's name in the ledger of sent notices (one row per licence, notice and expiry):
 * it never changes, so editing a notice's day or text never sends it a second time for the same expiry.
 */
final class Notice {
	public const RENEWAL = 'renewal';
	public const TRIAL   = 'trial';
	public const KINDS   = array( self::RENEWAL, self::TRIAL );

	/** Furthest from the expiry day a notice may go, in days. */
	public const MAX_OFFSET = 365;

	public const MAX_SUBJECT = 200;
	public const MAX_BODY    = 20000;

	/** Lower-case letters, digits and dashes, starting with a letter or digit: at most 40. */
	private const ID = '/^[a-z0-9][a-z0-9-]{0,39}$/D';

	/**
	 * Id.
	 *
	 * @var string
	 */
	public $id;

	/**
	 * Kind: renewal (paid licences) or trial (trials).
	 *
	 * @var string
	 */
	public $kind;

	/**
	 * Days from the expiry day.
	 *
	 * @var int
	 */
	public $offset;

	/**
	 * Whether it is sent.
	 *
	 * @var bool
	 */
	public $enabled;

	/**
	 * Subject template.
	 *
	 * @var string
	 */
	public $subject;

	/**
	 * Body template (plain text).
	 *
	 * @var string
	 */
	public $body;

	/**
	 * Constructor: from_array() checks.
	 *
	 * @param string $id      Id.
	 * @param string $kind    Kind.
	 * @param int    $offset  Days.
	 * @param bool   $enabled Enabled.
	 * @param string $subject Subject.
	 * @param string $body    Body.
	 */
	private function __construct( string $id, string $kind, int $offset, bool $enabled, string $subject, string $body ) {
		$this->id      = $id;
		$this->kind    = $kind;
		$this->offset  = $offset;
		$this->enabled = $enabled;
		$this->subject = $subject;
		$this->body    = $body;
	}

	/**
	 * Reads a notice as stored or as sent by the panel.
	 *
	 * @param array<string, mixed> $input id, kind, offset, enabled, subject, body.
	 * @throws InvalidNotice Naming the field and what to do.
	 */
	public static function from_array( array $input ): self {
		$id = $input['id'] ?? null;
		if ( ! is_string( $id ) || 1 !== preg_match( self::ID, $id ) ) {
			throw new InvalidNotice( 'id', 'A notice needs a name of at most 40 lower-case letters, digits and dashes, such as before-30.' );
		}
		$kind = $input['kind'] ?? null;
		if ( ! is_string( $kind ) || ! in_array( $kind, self::KINDS, true ) ) {
			throw new InvalidNotice( 'kind', 'kind must be renewal (paid licences) or trial (trials).', $id );
		}
		$offset = self::offset( $input['offset'] ?? null, $id );
		if ( ! is_bool( $input['enabled'] ?? null ) ) {
			throw new InvalidNotice( 'enabled', 'enabled must be true or false.', $id );
		}
		return new self( $id, $kind, $offset, $input['enabled'], self::subject( $input['subject'] ?? null, $id ), self::body( $input['body'] ?? null, $id ) );
	}

	/**
	 * As stored.
	 *
	 * @return array{id: string, kind: string, offset: int, enabled: bool, subject: string, body: string}
	 */
	public function to_array(): array {
		return array(
			'id'      => $this->id,
			'kind'    => $this->kind,
			'offset'  => $this->offset,
			'enabled' => $this->enabled,
			'subject' => $this->subject,
			'body'    => $this->body,
		);
	}

	/**
	 * Before, on or after the expiry day: before, on or after.
	 */
	public function when(): string {
		return $this->offset < 0 ? 'before' : ( 0 === $this->offset ? 'on' : 'after' );
	}

	/**
	 * Days before or after the expiry day ({days}).
	 */
	public function days(): int {
		return abs( $this->offset );
	}

	/**
	 * The offset: a whole number (a numeric string too) within a year.
	 *
	 * @param mixed  $value Input.
	 * @param string $id    Notice id.
	 * @throws InvalidNotice When it is not.
	 */
	private static function offset( $value, string $id ): int {
		if ( is_string( $value ) && 1 === preg_match( '/^-?[0-9]{1,6}$/D', trim( $value ) ) ) {
			$value = (int) trim( $value );
		}
		if ( ! is_int( $value ) ) {
			throw new InvalidNotice( 'offset', 'The day must be a whole number of days: negative before expiry (-7), 0 on the day, positive after it (7).', $id );
		}
		if ( abs( $value ) > self::MAX_OFFSET ) {
			throw new InvalidNotice( 'offset', sprintf( 'The day must be within a year of expiry: from -%1$d to %1$d days.', self::MAX_OFFSET ), $id );
		}
		return $value;
	}

	/**
	 * The subject: one line, not empty, at most MAX_SUBJECT characters, known placeholders only.
	 *
	 * @param mixed  $value Input.
	 * @param string $id    Notice id.
	 * @throws InvalidNotice When it is not.
	 */
	private static function subject( $value, string $id ): string {
		if ( ! is_string( $value ) ) {
			throw new InvalidNotice( 'subject', 'The subject must be text.', $id );
		}
		$subject = trim( $value );
		if ( '' === $subject ) {
			throw new InvalidNotice( 'subject', 'The subject is empty: write what the mail is about.', $id );
		}
		if ( 1 === preg_match( '/[\r\n]/', $subject ) ) {
			throw new InvalidNotice( 'subject', 'The subject must be one line.', $id );
		}
		if ( self::length( $subject ) > self::MAX_SUBJECT ) {
			throw new InvalidNotice( 'subject', sprintf( 'The subject is longer than %d characters.', self::MAX_SUBJECT ), $id );
		}
		self::known_placeholders( 'subject', $subject, $id );
		return $subject;
	}

	/**
	 * The body: not empty, at most MAX_BODY characters, known placeholders only.
	 *
	 * @param mixed  $value Input.
	 * @param string $id    Notice id.
	 * @throws InvalidNotice When it is not.
	 */
	private static function body( $value, string $id ): string {
		if ( ! is_string( $value ) ) {
			throw new InvalidNotice( 'body', 'The body must be text.', $id );
		}
		if ( '' === trim( $value ) ) {
			throw new InvalidNotice( 'body', 'The body is empty: write what the customer should read.', $id );
		}
		if ( self::length( $value ) > self::MAX_BODY ) {
			throw new InvalidNotice( 'body', sprintf( 'The body is longer than %d characters.', self::MAX_BODY ), $id );
		}
		self::known_placeholders( 'body', $value, $id );
		return $value;
	}

	/**
	 * Refuses a text with a placeholder this service does not know, naming it and the known ones.
	 *
	 * @param string $field Field.
	 * @param string $text  Text.
	 * @param string $id    Notice id.
	 * @throws InvalidNotice When it has one.
	 */
	private static function known_placeholders( string $field, string $text, string $id ): void {
		$unknown = Template::unknown( $text );
		if ( array() !== $unknown ) {
			throw new InvalidNotice(
				$field,
				sprintf(
					'The %1$s uses %2$s, which this service does not know. Use %3$s.',
					$field,
					implode( ', ', $unknown ),
					'{' . implode( '}, {', Template::PLACEHOLDERS ) . '}'
				),
				$id
			);
		}
	}

	/**
	 * Characters of a UTF-8 string (bytes when it is not UTF-8).
	 *
	 * @param string $text Text.
	 */
	private static function length( string $text ): int {
		$count = preg_match_all( '/./us', $text );
		return false === $count ? strlen( $text ) : $count;
	}
}
