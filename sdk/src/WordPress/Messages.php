<?php
/**
 * The server's answers in plain words, for the licence screen.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Reply;

/**
 * One sentence per outcome, naming the product; never the server's own English message, which may be
 * untranslated or technical.
 */
final class Messages {

	/**
	 * The message for an action's reply: [type, text], type being success, error or warning.
	 *
	 * @param string $action      activate, deactivate or check.
	 * @param string $kind        The reply's kind.
	 * @param string $code        The API's error code, for a refusal.
	 * @param string $name        The product's name.
	 * @param int    $retry_at    Unix time of the next allowed call.
	 * @return array{string, string}
	 */
	public static function for_reply( string $action, string $kind, string $code, string $name, int $retry_at ): array {
		if ( Reply::ANSWER === $kind ) {
			$done = array(
				/* translators: %s: product name. */
				'activate'   => __( '%s is activated on this site.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'deactivate' => __( '%s is deactivated on this site; its slot is free for another site.', 'svc-licensing-client' ),
				/* translators: %s: product name. */
				'check'      => __( 'The licence of %s was checked just now.', 'svc-licensing-client' ),
			);
			return array( 'success', sprintf( $done[ $action ] ?? $done['check'], $name ) );
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
		return array( 'error', self::for_code( $code, $name ) );
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
			case 'invalid_params':
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
