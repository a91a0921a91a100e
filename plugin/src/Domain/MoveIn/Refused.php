<?php
/**
 * Why a row of the old system does not move in.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\MoveIn;

use DomainException;

/**
 * A reason code and the detail it names (the old status, the other licence's id). Core turns the code into the
 * seller's words; the report lists every refused row with it, so nothing is dropped in silence.
 */
final class Refused extends DomainException {
	public const NO_EMAIL        = 'no_email';
	public const BAD_EMAIL       = 'bad_email';
	public const KEY_UNUSABLE    = 'key_unusable';
	public const KEY_TWICE       = 'key_twice';
	public const KEY_TAKEN       = 'key_taken';
	public const UNKNOWN_PRODUCT = 'unknown_product';
	public const UNKNOWN_STATUS  = 'unknown_status';
	public const NO_SITE         = 'no_site';
	public const NO_LICENSE      = 'no_licence';
	public const SLUG_TAKEN      = 'slug_taken';
	public const NO_PACKAGE      = 'no_package';
	public const PACKAGE_OUTSIDE = 'package_outside';
	public const BAD_VERSION     = 'bad_version';
	public const INVALID         = 'invalid';

	/**
	 * Reason code.
	 *
	 * @var string
	 */
	public $reason;

	/**
	 * What the reason names (a value of the row, another row's id), or ''.
	 *
	 * @var string
	 */
	public $detail;

	/**
	 * Constructor.
	 *
	 * @param string $reason A constant of this class.
	 * @param string $detail What it names.
	 */
	public function __construct( string $reason, string $detail = '' ) {
		parent::__construct( $reason );
		$this->reason = $reason;
		$this->detail = $detail;
	}
}
