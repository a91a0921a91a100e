<?php
/**
 * Error codes of the API specification, in one place.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * The spec's error codes and the HTTP status each one travels with.
 */
final class ErrorCode {
	public const INVALID_PARAMS      = 'invalid_params';
	public const UNAUTHORIZED        = 'unauthorized';
	public const FORBIDDEN           = 'forbidden';
	public const NOT_FOUND           = 'not_found';
	public const METHOD_NOT_ALLOWED  = 'method_not_allowed';
	public const RATE_LIMIT_EXCEEDED = 'rate_limit_exceeded';
	public const INTERNAL_ERROR      = 'internal_error';

	public const INVALID_LICENSE_KEY      = 'invalid_license_key';
	public const LICENSE_NOT_FOUND        = 'license_not_found';
	public const PRODUCT_NOT_FOUND        = 'product_not_found';
	public const ACTIVATION_LIMIT_REACHED = 'activation_limit_reached';
	public const LICENSE_NOT_ACTIVE       = 'license_not_active';
	public const TRIAL_NOT_AVAILABLE      = 'trial_not_available';
	public const TRIAL_ALREADY_USED       = 'trial_already_used';
	public const PRODUCT_OUT_OF_SCOPE     = 'product_out_of_scope';
	public const PRODUCT_SLUG_EXISTS      = 'product_slug_exists';
	public const PRODUCT_HAS_LICENSES     = 'product_has_licenses';
	public const IN_USE                   = 'in_use';
	public const PRICE_EXISTS             = 'price_exists';
	public const INVALID_DOWNLOAD_TOKEN   = 'invalid_download_token';
	public const SITE_NOT_ACTIVATED       = 'site_not_activated';
	public const RELEASE_EXISTS           = 'release_exists';
	public const RELEASE_IS_CURRENT       = 'release_is_current';
	public const RELEASE_NOT_ROLLABLE     = 'release_not_rollable';
	public const INVALID_SIGNATURE        = 'invalid_signature';
	public const ALREADY_PROCESSED        = 'already_processed';
	public const EVENT_BUSY               = 'event_busy';
	public const KEY_SECRET_UNAVAILABLE   = 'key_secret_unavailable';
	public const INVALID_EXPORT           = 'invalid_export';
	public const RESTORE_TARGET_NOT_EMPTY = 'restore_target_not_empty';
	public const EXPORT_SCHEMA_MISMATCH   = 'export_schema_mismatch';
	public const SDK_UNAVAILABLE          = 'sdk_unavailable';
	public const PORTAL_LINK_INVALID      = 'portal_link_invalid';
	public const PORTAL_SIGNED_OUT        = 'portal_signed_out';
	public const PORTAL_CSRF              = 'portal_csrf';
	public const PORTAL_RELEASE_LIMIT     = 'portal_release_limit';
	public const PORTAL_FRESH_LINK        = 'portal_fresh_link_required';
	public const PORTAL_CROSS_SITE        = 'portal_cross_site';
	public const LEASE_KEY_REFUSED        = 'lease_key_refused';
	public const LEASE_KEYS_UNAVAILABLE   = 'lease_keys_unavailable';
	public const SITE_CHANGE_UNANSWERED   = 'site_change_unanswered';
	public const NOT_A_STAGING_SITE       = 'not_a_staging_site';
	public const SITE_MOVE_LIMIT          = 'site_move_limit';

	private const STATUS = array(
		self::INVALID_PARAMS           => 400,
		self::UNAUTHORIZED             => 401,
		self::FORBIDDEN                => 403,
		self::NOT_FOUND                => 404,
		self::METHOD_NOT_ALLOWED       => 405,
		self::RATE_LIMIT_EXCEEDED      => 429,
		self::INTERNAL_ERROR           => 500,
		self::INVALID_LICENSE_KEY      => 400,
		self::LICENSE_NOT_FOUND        => 404,
		self::PRODUCT_NOT_FOUND        => 404,
		self::ACTIVATION_LIMIT_REACHED => 403,
		self::LICENSE_NOT_ACTIVE       => 403,
		self::TRIAL_NOT_AVAILABLE      => 400,
		self::TRIAL_ALREADY_USED       => 409,
		self::PRODUCT_OUT_OF_SCOPE     => 403,
		self::PRODUCT_SLUG_EXISTS      => 409,
		self::PRODUCT_HAS_LICENSES     => 409,
		self::IN_USE                   => 409,
		self::KEY_SECRET_UNAVAILABLE   => 503,
		self::INVALID_EXPORT           => 400,
		self::RESTORE_TARGET_NOT_EMPTY => 409,
		self::EXPORT_SCHEMA_MISMATCH   => 409,
		self::PRICE_EXISTS             => 409,
		self::INVALID_DOWNLOAD_TOKEN   => 403,
		self::SITE_NOT_ACTIVATED       => 403,
		self::RELEASE_EXISTS           => 409,
		self::RELEASE_IS_CURRENT       => 409,
		self::RELEASE_NOT_ROLLABLE     => 409,
		self::INVALID_SIGNATURE        => 403,
		self::ALREADY_PROCESSED        => 409,
		self::EVENT_BUSY               => 409,
		self::SDK_UNAVAILABLE          => 503,
		self::PORTAL_LINK_INVALID      => 400,
		self::PORTAL_SIGNED_OUT        => 401,
		self::PORTAL_CSRF              => 403,
		self::PORTAL_RELEASE_LIMIT     => 403,
		self::PORTAL_FRESH_LINK        => 403,
		self::PORTAL_CROSS_SITE        => 403,
		self::LEASE_KEY_REFUSED        => 409,
		self::LEASE_KEYS_UNAVAILABLE   => 503,
		self::SITE_CHANGE_UNANSWERED   => 409,
		self::NOT_A_STAGING_SITE       => 409,
		self::SITE_MOVE_LIMIT          => 403,
	);

	/**
	 * The HTTP status that goes with a code; 500 for a code this class does not know.
	 *
	 * @param string $code Error code.
	 */
	public static function status( string $code ): int {
		return self::STATUS[ $code ] ?? 500;
	}
}
