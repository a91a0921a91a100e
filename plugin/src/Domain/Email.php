<?php
/**
 * Customer email addresses.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Trimmed and lower-cased, so one person is one trial per product whatever they type. An ordinary address only: a
 * quoted local part is unquoted when what it quotes is an ordinary local part (`"ann"@example.com` is
 * ann@example.com) and refused otherwise, and an address literal (`ann@[192.0.2.1]`) is refused, since no person's
 * mailbox needs one and each would be another spelling of some domain's mailbox.
 */
final class Email {

	/**
	 * Domains that deliver to one mailbox whatever the dots in the local part, and the domain they are one with.
	 */
	private const DOTLESS_DOMAINS = array(
		'gmail.com'      => 'gmail.com',
		'googlemail.com' => 'gmail.com',
	);

	/**
	 * The normalised address, or null when it is not a plausible address.
	 *
	 * @param string $input Caller's address.
	 */
	public static function normalise( string $input ): ?string {
		$email = strtolower( trim( $input ) );
		if ( '' === $email || strlen( $email ) > 254 ) {
			return null;
		}
		$at = strrpos( $email, '@' );
		if ( false === $at || '[' === substr( $email, $at + 1, 1 ) ) {
			return null;
		}
		$local = (string) substr( $email, 0, $at );
		if ( strlen( $local ) >= 2 && '"' === $local[0] && '"' === substr( $local, -1 ) ) {
			// Quoted: only an ordinary local part in quotes, which is the same mailbox as without them.
			$email = substr( $local, 1, -1 ) . substr( $email, $at );
			if ( false !== strpbrk( $email, "\"\\ \t" ) ) {
				return null;
			}
		}
		if ( false === filter_var( $email, FILTER_VALIDATE_EMAIL ) ) {
			return null;
		}
		return $email;
	}

	/**
	 * The mailbox an address delivers to, for one-trial-per-person rules.
	 *
	 * - A plus-tag is dropped (`ada+2@example.com` is `ada@example.com`) unless tags are to count as distinct.
	 * - With the provider rules on: Gmail ignores dots in the local part, and googlemail.com is gmail.com, so
	 *   `a.da@googlemail.com` is `ada@gmail.com`. Off, only the plus-tag rule applies.
	 *
	 * @param string $normalised     An address from normalise().
	 * @param bool   $tags_distinct  Whether a plus-tag makes another address.
	 * @param bool   $provider_rules Whether the providers' own aliases (Gmail's dots, googlemail.com) are folded.
	 */
	public static function mailbox( string $normalised, bool $tags_distinct, bool $provider_rules = true ): string {
		$at     = (int) strrpos( $normalised, '@' );
		$local  = substr( $normalised, 0, $at );
		$domain = substr( $normalised, $at + 1 );
		$plus   = strpos( $local, '+' );
		if ( ! $tags_distinct && false !== $plus && 0 !== $plus ) {
			$local = substr( $local, 0, $plus );
		}
		if ( $provider_rules && isset( self::DOTLESS_DOMAINS[ $domain ] ) ) {
			$dotless = str_replace( '.', '', $local );
			$local   = '' === $dotless ? $local : $dotless;
			$domain  = self::DOTLESS_DOMAINS[ $domain ];
		}
		return $local . '@' . $domain;
	}
}
