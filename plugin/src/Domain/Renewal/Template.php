<?php
/**
 * A notice's subject and body with one licence's values in place.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

/**
 * Pure. The seller writes plain text (a blank line between paragraphs); the mail is sent as HTML with a text
 * part. Values are escaped in the HTML part, the seller's own text too (it is text, not markup), and the renewal
 * link becomes a link only when it is an http(s) address. The subject is one plain line. A placeholder this
 * service does not know is refused when the notice is saved (Notice); one found at render time stays as typed,
 * so the preview shows it instead of a silent gap. Values are put in one pass: a value that looks like a
 * placeholder is not replaced again.
 */
final class Template {

	/**
	 * Every placeholder, without its braces: the customer's name, the product's name, the expiry date (formatted
	 * by the caller), the key's last group, the renewal link, the sites in use (a list), the days to or since the
	 * expiry day on the day the mail goes (DueWindow::days: right even when the job caught up late).
	 */
	public const PLACEHOLDERS = array( 'customer_name', 'product', 'expiry_date', 'key_last', 'renewal_link', 'sites', 'days' );

	/** A placeholder: braces around letters, digits and underscores; anything else in braces is plain text. */
	private const TOKEN = '/\{([A-Za-z][A-Za-z0-9_]*)\}/';

	/** Only these links are shown. */
	private const HTTP_URL = '#^https?://[^\s/?\#]+[^\s]*$#iD';

	/**
	 * The placeholders a text uses that this service does not know, each once, as typed.
	 *
	 * @param string $text Subject or body.
	 * @return list<string>
	 */
	public static function unknown( string $text ): array {
		preg_match_all( self::TOKEN, $text, $found );
		$unknown = array();
		foreach ( $found[1] as $name ) {
			if ( ! in_array( $name, self::PLACEHOLDERS, true ) ) {
				$unknown[] = '{' . $name . '}';
			}
		}
		return array_values( array_unique( $unknown ) );
	}

	/**
	 * The subject: one line, no markup; a list is joined with commas.
	 *
	 * @param string               $subject Subject template.
	 * @param array<string, mixed> $values  Placeholder => string, or list of strings for sites.
	 */
	public static function subject( string $subject, array $values ): string {
		$line = self::fill(
			$subject,
			static function ( string $name ) use ( $values ): string {
				$value = self::value( $name, $values );
				if ( 'renewal_link' === $name ) {
					return self::link( $value );
				}
				return implode( ', ', $value );
			}
		);
		return trim( (string) preg_replace( '/\s+/u', ' ', $line ) );
	}

	/**
	 * The text part: values as they are, a list one per line.
	 *
	 * @param string               $body   Body template.
	 * @param array<string, mixed> $values Values.
	 */
	public static function text( string $body, array $values ): string {
		return self::fill(
			str_replace( array( "\r\n", "\r" ), "\n", $body ),
			static function ( string $name ) use ( $values ): string {
				$value = self::value( $name, $values );
				return 'renewal_link' === $name ? self::link( $value ) : implode( "\n", $value );
			}
		);
	}

	/**
	 * The HTML part: paragraphs at blank lines, line breaks at single ones, everything escaped, the renewal link
	 * a link.
	 *
	 * @param string               $body   Body template.
	 * @param array<string, mixed> $values Values.
	 */
	public static function html( string $body, array $values ): string {
		$paragraphs = preg_split( '/\n[ \t]*\n\s*/', trim( str_replace( array( "\r\n", "\r" ), "\n", $body ) ) );
		$html       = array();
		foreach ( false === $paragraphs ? array() : $paragraphs as $paragraph ) {
			$html[] = '<p>' . self::fill(
				$paragraph,
				static function ( string $name ) use ( $values ): string {
					$value = self::value( $name, $values );
					if ( 'renewal_link' === $name ) {
						$link = self::link( $value );
						return '' === $link ? '' : '<a href="' . self::escape( $link ) . '">' . self::escape( $link ) . '</a>';
					}
					return implode( "<br>\n", array_map( array( self::class, 'escape' ), $value ) );
				},
				static function ( string $text ): string {
					return str_replace( "\n", "<br>\n", self::escape( $text ) );
				}
			) . '</p>';
		}
		return implode( "\n", $html );
	}

	/**
	 * Replaces the known placeholders in one pass; the text between them goes through $plain.
	 *
	 * @param string        $template Template.
	 * @param \Closure      $value    Name => replacement.
	 * @param \Closure|null $plain    Text => output (as is when null).
	 */
	private static function fill( string $template, \Closure $value, ?\Closure $plain = null ): string {
		$parts = preg_split( self::TOKEN, $template, -1, PREG_SPLIT_DELIM_CAPTURE );
		$out   = '';
		foreach ( false === $parts ? array( $template ) : $parts as $i => $part ) {
			if ( 1 === $i % 2 ) {
				$out .= in_array( $part, self::PLACEHOLDERS, true ) ? $value( $part ) : ( null === $plain ? '{' . $part . '}' : $plain( '{' . $part . '}' ) );
			} else {
				$out .= null === $plain ? $part : $plain( $part );
			}
		}
		return $out;
	}

	/**
	 * A value as a list of strings (one, or the sites), control characters that could break a header removed.
	 *
	 * @param string               $name   Placeholder.
	 * @param array<string, mixed> $values Values.
	 * @return list<string>
	 */
	private static function value( string $name, array $values ): array {
		$value = $values[ $name ] ?? '';
		$list  = is_array( $value ) ? array_values( $value ) : array( $value );
		$out   = array();
		foreach ( $list as $item ) {
			if ( is_scalar( $item ) ) {
				$out[] = trim( (string) preg_replace( '/[\x00-\x1F\x7F]+/', ' ', (string) $item ) );
			}
		}
		return $out;
	}

	/**
	 * The renewal link if it is an http(s) address, else ''.
	 *
	 * @param string[] $value The value.
	 */
	private static function link( array $value ): string {
		$link = $value[0] ?? '';
		return 1 === preg_match( self::HTTP_URL, $link ) ? $link : '';
	}

	/**
	 * HTML-escaped text.
	 *
	 * @param string $text Text.
	 */
	private static function escape( string $text ): string {
		return htmlspecialchars( $text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8' );
	}
}
