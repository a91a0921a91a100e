<?php
/**
 * What a licence event's payload says.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Event;

use Svc\Licensing\Domain\License\LicenseKey;

/**
 * Payloads stay small and hold no secret: a key only masked (its last group), never a hash. Customer name and
 * email may appear; a privacy erase redacts them.
 */
final class LicensePayload {

	/**
	 * Columns an event may repeat, beyond the masked key.
	 */
	private const SHOWN = array( 'status', 'activation_limit', 'expires', 'customer_name', 'customer_email', 'tier_id', 'price_id', 'channel', 'pinned_version' );

	/**
	 * A new licence.
	 *
	 * @param LicenseKey           $key    Its key.
	 * @param array<string, mixed> $fields Its columns.
	 * @return array<string, mixed>
	 */
	public static function created( LicenseKey $key, array $fields ): array {
		return array( 'key' => LicenseKey::mask( $key->last_group() ) ) + self::shown( $fields );
	}

	/**
	 * Changed columns, without key columns or any other.
	 *
	 * @param array<string, mixed> $fields Changed columns.
	 * @return array<string, mixed>
	 */
	public static function shown( array $fields ): array {
		return array_intersect_key( $fields, array_flip( self::SHOWN ) );
	}

	/**
	 * A new key replacing an old one, both masked.
	 *
	 * @param string     $previous_last The old key's last group.
	 * @param LicenseKey $key           The new key.
	 * @return array<string, string>
	 */
	public static function rotated( string $previous_last, LicenseKey $key ): array {
		return array(
			'previous_key' => LicenseKey::mask( $previous_last ),
			'key'          => LicenseKey::mask( $key->last_group() ),
		);
	}
}
