<?php
/**
 * The server's answers in plain words, for the licence screen.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Fault;
use Svc\LicensingClient\Lease;
use Svc\LicensingClient\Reply;

/**
 * One sentence per outcome, naming the product; never the server's own English message, which may be
 * untranslated or technical.
 */
final class Messages {

	/**
	 * The message for an action's reply: [type, text], type being success, error or warning.
	 *
	 * @param string     $action   activate, deactivate or check.
	 * @param string     $kind     The reply's kind.
	 * @param string     $code     The API's error code, for a refusal.
	 * @param string     $name     The product's name.
	 * @param int        $retry_at Unix time of the next allowed call.
	 * @param Fault|null $fault    Why the server gave no usable answer, when known.
	 * @return array{string, string}
	 */
	public static function for_reply( string $action, string $kind, string $code, string $name, int $retry_at, ?Fault $fault = null ): array {
		if ( Reply::ANSWER === $kind ) {
			$done = array(
				/* translators: %s: product name. */
				'activate'   => __( '%s is activated on this site.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'deactivate' => __( '%s is deactivated on this site; its slot is free for another site.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'check'      => __( 'The licence of %s was checked just now.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'channel'    => __( 'The updates channel of %s is changed; updates are checked again.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'site_moved' => __( 'The licence of %s moved to this address with its slot; the old address no longer uses it.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'site_copy'  => __( '%s is activated on this temporary copy, which uses no slot; the original site keeps its own.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'site_new'   => __( '%s is activated on this site as a new site, with a slot of its own; the original site keeps its slot.', 'svc-licensing-client' ),
			);
			return array( 'success', sprintf( $done[ $action ] ?? $done['check'], $name ) );
		}
		// A 429 is the service's own "wait", which the general sentence below says; every other cause is named.
		if ( ( Reply::WAITING === $kind || Reply::UNAVAILABLE === $kind ) && null !== $fault && Fault::BUSY !== $fault->kind() ) {
			$when = $retry_at > time() ? human_time_diff( time(), $retry_at ) : '';
			return array(
				'warning',
				self::for_fault( $fault, $name ) . ' ' . ( '' === $when
					? __( 'Nothing was changed; try again later.', 'svc-licensing-client' )
					/* translators: %s: a duration such as "5 mins". */
					: sprintf( __( 'Nothing was changed; try again in %s.', 'svc-licensing-client' ), $when ) ),
			);
		}
		if ( Reply::WAITING === $kind || Reply::UNAVAILABLE === $kind ) {
			$when = $retry_at > 0 ? human_time_diff( time(), $retry_at ) : '';
			return array(
				'warning',
				'' === $when
					/* translators: %s: product name. */
					? sprintf( __( 'The licence server of %s could not be reached. Nothing was changed; try again later.', 'svc-licensing-client' ), $name )
					/* translators: 1: product name, 2: a duration such as "5 mins". */
					: sprintf( __( 'The licence server of %1$s could not be reached or asked to wait. Nothing was changed; try again in %2$s.', 'svc-licensing-client' ), $name, $when ),
			);
		}
		return array( 'error', self::for_site_change( $action, $code, $retry_at ) ?? self::for_code( $code, $name ) );
	}

	/**
	 * The question asked when this site's address is not the one its licence was activated with (SiteChange).
	 *
	 * @param string $from The identity it was activated with, e.g. example.com.
	 * @param string $to   This site's identity now.
	 */
	public static function site_change_question( string $from, string $to ): string {
		/* translators: 1: the site address the licence was activated with, 2: this site's address now. */
		return sprintf( __( 'This site\'s address changed from %1$s to %2$s. Did the site move, is this a temporary copy (staging), or is it a new site?', 'svc-licensing-client' ), $from, $to );
	}

	/**
	 * A refusal of the owner's answer about a change of address, in plain words; null when the code has no sentence
	 * of its own for that answer (for_code() says it).
	 *
	 * @param string $action   site_moved, site_copy, site_new or site_change (no answer chosen).
	 * @param string $code     The API's error code.
	 * @param int    $retry_at For site_move_limit: when the next move is allowed (Unix time), 0 when not known.
	 */
	private static function for_site_change( string $action, string $code, int $retry_at ): ?string {
		if ( 'site_move_limit' === $code ) {
			$limit = __( 'This licence has been moved to a new address as many times this month as its seller allows.', 'svc-licensing-client' );
			return $retry_at > 0
				/* translators: %s: the date from which a move is allowed again. */
				? $limit . ' ' . sprintf( __( 'You can move it again from %s, or ask the seller to move it for you.', 'svc-licensing-client' ), wp_date( (string) get_option( 'date_format' ), $retry_at ) )
				: $limit . ' ' . __( 'You can move it again next month, or ask the seller to move it for you.', 'svc-licensing-client' );
		}
		if ( 'site_new' === $action && 'activation_limit_reached' === $code ) {
			return __( 'This licence is already used on as many sites as it allows, so this site cannot be added as a new one. Free a slot on a site you no longer use, or, if the old address no longer runs, answer that the site moved.', 'svc-licensing-client' );
		}
		if ( 'site_moved' === $action && 'site_not_activated' === $code ) {
			return __( 'The licence is no longer activated at the old address, so there is nothing to move. If this is a site of its own, answer that it is a new site.', 'svc-licensing-client' );
		}
		if ( 'site_change' === $action && 'invalid_params' === $code ) {
			return __( 'Choose one of the three answers first: the site moved, a temporary copy, or a new site.', 'svc-licensing-client' );
		}
		return null;
	}

	/**
	 * A release channel's name for the licence screen: Stable and Beta in the site's language, another as named.
	 *
	 * @param string $name Channel.
	 */
	public static function channel( string $name ): string {
		$known = array(
			'stable' => __( 'Stable', 'svc-licensing-client' ),
			'beta'   => __( 'Beta', 'svc-licensing-client' ),
		);
		return $known[ $name ] ?? $name;
	}

	/**
	 * Why the licence server gave no usable answer, in plain words: one sentence naming the cause, so the site's
	 * owner can tell the product's developer (the licence is kept as it was; see Reply::LICENSE_CODES).
	 *
	 * @param Fault  $fault The cause.
	 * @param string $name  The product's name.
	 */
	public static function for_fault( Fault $fault, string $name ): string {
		$detail = $fault->detail();
		switch ( $fault->kind() ) {
			case Fault::NOT_THE_SERVICE:
				/* translators: %s: the error code the server's site gave, e.g. rest_no_route. */
				return sprintf( __( 'The licence server\'s site is not answering licence checks (%s): the licence service may be switched off there, or its REST API closed to visitors.', 'svc-licensing-client' ), $detail );
			case Fault::SERVER_ERROR:
				/* translators: %s: the error code the server gave, e.g. internal_error. */
				return sprintf( __( 'The licence server had an error answering (%s).', 'svc-licensing-client' ), $detail );
			case Fault::BUSY:
				/* translators: %s: the error code the server gave, e.g. rate_limit_exceeded. */
				return sprintf( __( 'The licence server asked to wait (%s).', 'svc-licensing-client' ), $detail );
			case Fault::MAINTENANCE:
				/* translators: %s: the HTTP status, e.g. "HTTP 503". */
				return sprintf( __( 'The licence server\'s site is down for maintenance or overloaded (%s).', 'svc-licensing-client' ), $detail );
			case Fault::WEB_PAGE:
				/* translators: %s: the HTTP status, e.g. "HTTP 404". */
				return sprintf( __( 'The licence server\'s site answered with a web page instead of a licence answer (%s): its address for licence checks may have changed.', 'svc-licensing-client' ), $detail );
			case Fault::MOVED:
				/* translators: 1: the new address the server gave, 2: product name. */
				return sprintf( __( 'The licence server has moved to %1$s. Please tell the developer of %2$s, so that it uses the new address; it was not followed.', 'svc-licensing-client' ), $detail, $name );
			case Fault::REDIRECTED:
				/* translators: %s: the address the server's site sent the request to. */
				return sprintf( __( 'The licence server\'s site sent the request on to %s (a sign-in page, for example); it was not followed.', 'svc-licensing-client' ), $detail );
			case Fault::DNS:
				/* translators: %s: the connection's error message. */
				return sprintf( __( 'The licence server\'s address could not be found (%s).', 'svc-licensing-client' ), $detail );
			case Fault::TLS:
				/* translators: %s: the connection's error message. */
				return sprintf( __( 'The secure connection to the licence server failed (%s).', 'svc-licensing-client' ), $detail );
			case Fault::TIMEOUT:
				/* translators: %s: the connection's error message. */
				return sprintf( __( 'The licence server did not answer in time (%s).', 'svc-licensing-client' ), $detail );
			default:
				/* translators: %s: the connection's error message. */
				return sprintf( __( 'The licence server could not be reached (%s).', 'svc-licensing-client' ), $detail );
		}
	}

	/**
	 * A refusal in plain words.
	 *
	 * @param string $code The API's error code.
	 * @param string $name The product's name.
	 */
	public static function for_code( string $code, string $name ): string {
		switch ( $code ) {
			case 'invalid_license_key':
				/* translators: %s: product name. */
				return sprintf( __( 'This is not a licence key for %s. Copy the key from your purchase email, with its hyphens.', 'svc-licensing-client' ), $name );
			case 'license_not_found':
				/* translators: %s: product name. */
				return sprintf( __( 'No licence of %s has this key. Check the key in your purchase email, or that it is for this product.', 'svc-licensing-client' ), $name );
			case 'activation_limit_reached':
				return __( 'This licence is already used on as many sites as it allows. Deactivate it on a site you no longer use, or free a slot from your account.', 'svc-licensing-client' );
			case 'license_not_active':
			case 'expired':
				return __( 'This licence is not active: it has expired or was suspended or cancelled. Renew it to activate it again.', 'svc-licensing-client' );
			case 'site_not_activated':
				return __( 'This site was not activated with this licence, so there was nothing to deactivate.', 'svc-licensing-client' );
			case 'product_not_found':
				/* translators: %s: product name. */
				return sprintf( __( 'The licence server does not know %s. Please tell its developer.', 'svc-licensing-client' ), $name );
			case 'no_key':
				return __( 'Enter a licence key first.', 'svc-licensing-client' );
			case 'site_change_unanswered':
				return __( 'This site looks like a copy of another site that uses this licence. Answer the question on this screen: did the site move, is it a temporary copy, or is it a new site?', 'svc-licensing-client' );
			case 'not_a_staging_site':
				return __( 'This site\'s address is not one of the licence server\'s staging addresses, so it cannot be a temporary copy that uses no slot. Give the copy a staging address (such as staging.example.com or example.test), or answer that the site moved or that it is a new site.', 'svc-licensing-client' );
			case 'site_changed':
				return __( 'This site\'s address changed since the licence was activated. Answer the question on this screen first: nothing is checked until then.', 'svc-licensing-client' );
			case 'no_site_change':
				return __( 'This site\'s address is the one the licence was activated with: there is no question to answer.', 'svc-licensing-client' );
			default:
				/* translators: %s: the server's error code. */
				return sprintf( __( 'The licence server refused the request (%s).', 'svc-licensing-client' ), $code );
		}
	}

	/**
	 * A licence status in plain words.
	 *
	 * @param string $status The answer's status.
	 */
	public static function status( string $status ): string {
		$labels = array(
			'active'            => __( 'Active', 'svc-licensing-client' ),
			'trial'             => __( 'Trial', 'svc-licensing-client' ),
			'expired'           => __( 'Expired', 'svc-licensing-client' ),
			'suspended'         => __( 'Suspended', 'svc-licensing-client' ),
			'revoked'           => __( 'Revoked', 'svc-licensing-client' ),
			'cancelled'         => __( 'Cancelled', 'svc-licensing-client' ),
			'license_not_found' => __( 'Unknown key', 'svc-licensing-client' ),
		);
		return $labels[ $status ] ?? __( 'Not active', 'svc-licensing-client' );
	}

	/**
	 * Why a licence the server last called valid is not valid on this site now: what its lease says (Lease verdicts).
	 *
	 * @param string $verdict A Lease verdict other than VALID.
	 * @param string $until   When the kept lease ran out, formatted ('' when none is kept).
	 */
	public static function lease_problem( string $verdict, string $until ): string {
		switch ( $verdict ) {
			case Lease::LEASE_EXPIRED:
				/* translators: %s: date and time the licence server's signed lease ran out. */
				return sprintf( __( 'The licence server has not confirmed this licence since its confirmation ran out on %s. Check now to renew it.', 'svc-licensing-client' ), $until );
			case Lease::LICENSE_EXPIRED:
				return __( 'The licence has expired by this site\'s clock.', 'svc-licensing-client' );
			case Lease::NOT_ACTIVATED:
				return __( 'This site is not activated on this licence: its slot was released, or the key was never activated here. To use the licence on this site, deactivate it here, then activate the key again (it needs a free slot).', 'svc-licensing-client' );
			case Lease::NONE:
				return __( 'There is no signed confirmation from the licence server on this site yet. Check now to get one.', 'svc-licensing-client' );
			case Lease::UNKNOWN_KEY:
				return __( 'The licence server\'s confirmation is signed with a key this copy of the licence client does not trust. If this does not change after Check now, the plugin\'s copy of the licence client needs an update from its seller.', 'svc-licensing-client' );
			default:
				return __( 'The stored confirmation from the licence server does not verify for this product on this site. Check now to get a new one.', 'svc-licensing-client' );
		}
	}

	/**
	 * How the service counted this network, from the answer's activation_scope (sent on a multisite only).
	 *
	 * @param string $scope   network or site.
	 * @param bool   $network Whether the screen is the network's (a plugin activated network-wide).
	 */
	public static function counted( string $scope, bool $network ): string {
		if ( 'network' === $scope ) {
			return __( 'One site for the whole network: every site of this network shares this activation.', 'svc-licensing-client' );
		}
		return $network
			? __( 'Each site of the network counts as one site; this licence is counted for the network\'s main site. To count each site, activate the plugin on each site instead of network-wide.', 'svc-licensing-client' )
			: __( 'Each site of the network counts as one site.', 'svc-licensing-client' );
	}
}
