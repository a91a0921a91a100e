<?php
/**
 * The answers of Software License Manager's client protocol, in its shape.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\MoveIn;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\License\LicenseStatus;

/**
 * Pure mapping from our outcome to what an SLM client reads: `result` (success or error), `message`, `error_code`
 * (SLM's numbers, from its public includes/slm-error-codes.php) and, for slm_check, the licence's fields (its
 * slm-api-listener). Written from those public sources in our own words; the messages are SLM's wire values, which
 * shipped clients may compare, so they are not translated. docs/moving-in.md, "The old clients".
 */
final class SlmAnswer {

	/** SLM's error codes (the ones this protocol answers). */
	public const CREATE_FAILED           = 10;
	public const LICENSE_BLOCKED         = 20;
	public const LICENSE_EXPIRED         = 30;
	public const LICENSE_IN_USE          = 40;
	public const REACHED_MAX_DOMAINS     = 50;
	public const LICENSE_INVALID         = 60;
	public const DOMAIN_MISSING          = 70;
	public const DOMAIN_ALREADY_INACTIVE = 80;
	public const VERIFY_KEY_INVALID      = 90;

	/**
	 * A refusal.
	 *
	 * @param int    $code    SLM error code.
	 * @param string $message SLM's message.
	 * @return array{result: string, message: string, error_code: int}
	 */
	public static function error( int $code, string $message ): array {
		return array(
			'result'     => 'error',
			'message'    => $message,
			'error_code' => $code,
		);
	}

	/**
	 * A success without licence fields.
	 *
	 * @param string $message SLM's message.
	 * @return array{result: string, message: string}
	 */
	public static function success( string $message ): array {
		return array(
			'result'  => 'success',
			'message' => $message,
		);
	}

	/**
	 * SLM's answer to a refusal of ours.
	 *
	 * @param string      $error_code Our error code.
	 * @param string|null $status     The licence's effective status, when it was found.
	 * @return array{result: string, message: string, error_code: int}
	 */
	public static function refused( string $error_code, ?string $status ): array {
		switch ( $error_code ) {
			case ErrorCode::ACTIVATION_LIMIT_REACHED:
				return self::error( self::REACHED_MAX_DOMAINS, 'Reached maximum allowable domains' );
			case ErrorCode::PORTAL_RELEASE_LIMIT:
				// SLM had no such limit: a licence not brought from SLM releases its sites under ours (issue 40).
				return self::error( self::LICENSE_BLOCKED, 'This license key has used all its site releases for this month; ask the seller to release the site' );
			case ErrorCode::LICENSE_NOT_ACTIVE:
				return LicenseStatus::EXPIRED === $status
					? self::error( self::LICENSE_EXPIRED, 'License key has expired' )
					: self::error( self::LICENSE_BLOCKED, 'License key is blocked' );
			default:
				return self::error( self::LICENSE_INVALID, 'Invalid license key' );
		}
	}

	/**
	 * SLM's answer to an activation of a domain that is already registered: SLM refuses it (copied).
	 *
	 * @param string $domain The domain as sent.
	 * @return array{result: string, message: string, error_code: int}
	 */
	public static function in_use( string $domain ): array {
		return self::error( self::LICENSE_IN_USE, 'License key already in use on ' . $domain );
	}

	/**
	 * SLM's status word for ours: active (a trial too), expired, or blocked (suspended, revoked, cancelled).
	 *
	 * @param string $status Effective status.
	 */
	public static function status_word( string $status ): string {
		if ( LicenseStatus::is_usable( $status ) ) {
			return 'active';
		}
		return LicenseStatus::EXPIRED === $status ? 'expired' : 'blocked';
	}

	/**
	 * The slm_check answer: the licence's fields. SLM answers success for any licence it finds, whatever its status; the
	 * client reads `status`.
	 *
	 * @param array<string, mixed> $license Our licence row (customer_email, activation_limit, created_at, expires in storage format).
	 * @param string               $status  Effective status.
	 * @param string               $key     The key as sent.
	 * @param string               $product The product's slug (SLM's product_ref).
	 * @param string[]             $domains The licence's registered sites.
	 * @return array<string, mixed>
	 */
	public static function checked( array $license, string $status, string $key, string $product, array $domains ): array {
		$limit   = (int) ( $license['activation_limit'] ?? 0 );
		$expires = IsoTime::unix_from_storage( isset( $license['expires'] ) ? (string) $license['expires'] : null );
		$created = IsoTime::unix_from_storage( isset( $license['created_at'] ) ? (string) $license['created_at'] : null );
		return self::success( 'License key details retrieved.' ) + array(
			'status'              => self::status_word( $status ),
			'license_key'         => $key,
			'email'               => (string) ( $license['customer_email'] ?? '' ),
			// SLM's 0 is unlimited; the move-in stored it as our largest limit (Rows::limit).
			'max_allowed_domains' => $limit >= LicenseInput::MAX_ACTIVATIONS ? 0 : $limit,
			'registered_domains'  => array_map(
				static function ( string $domain ): array {
					return array( 'registered_domain' => $domain );
				},
				$domains
			),
			'date_created'        => null === $created ? '0000-00-00' : gmdate( 'Y-m-d', $created ),
			// SLM writes 0000-00-00 for a key that never expires.
			'date_expiry'         => null === $expires ? '0000-00-00' : gmdate( 'Y-m-d', $expires ),
			'product_ref'         => $product,
		);
	}
}
