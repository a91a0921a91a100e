<?php
/**
 * Why a download token was refused.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use RuntimeException;

/**
 * The reason is one of the constants; the HTTP layer turns every reason into 403 invalid_download_token.
 */
final class InvalidDownloadToken extends RuntimeException {
	public const MALFORMED     = 'malformed';
	public const SIGNATURE     = 'signature';
	public const EXPIRED       = 'expired';
	public const WRONG_PRODUCT = 'wrong_product';
	public const LICENSE       = 'license';
	public const RELEASE       = 'release';
	public const SITE          = 'site';

	/**
	 * Reason.
	 *
	 * @var string
	 */
	private $reason;

	/**
	 * Constructor.
	 *
	 * @param string $reason One of the constants.
	 */
	public function __construct( string $reason ) {
		parent::__construct( $reason );
		$this->reason = $reason;
	}

	/**
	 * One of the constants.
	 */
	public function reason(): string {
		return $this->reason;
	}
}
