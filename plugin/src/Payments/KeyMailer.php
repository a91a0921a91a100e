<?php
/**
 * Emails a licence key bought through the payment processor.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Payments;

/**
 * Sent after the licence is committed. A mail failure does not undo the sale: the admin can rotate the key
 * and send it again.
 */
final class KeyMailer {

	/**
	 * Sends one key.
	 *
	 * @param array{email: string, product: string, key: string, expires: int|null} $mail What to send.
	 */
	public function send( array $mail ): void {
		$body = sprintf(
			/* translators: 1: product name, 2: licence key. */
			__( "Thank you for buying %1\$s.\n\nYour licence key: %2\$s", 'svc-licensing' ),
			$mail['product'],
			$mail['key']
		);
		if ( null !== $mail['expires'] ) {
			/* translators: %s: renewal date (UTC). */
			$body .= "\n\n" . sprintf( __( 'It renews with your subscription; the current period ends on %s (UTC).', 'svc-licensing' ), gmdate( 'Y-m-d', $mail['expires'] ) );
		}
		wp_mail(
			$mail['email'],
			/* translators: %s: product name. */
			sprintf( __( 'Your licence key for %s', 'svc-licensing' ), $mail['product'] ),
			$body
		);
	}
}
