<?php
/**
 * How many sites a customer may release from a licence themselves, per calendar month.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

/**
 * The allowance is per licence and per calendar month (UTC): the releases counted are those recorded since the
 * first of this month, and the allowance resets on the first of the next. A limit of 0 allows none, so a seller
 * can leave releasing to their support. It keeps one key from being passed around by releasing a site a day.
 */
final class ReleaseAllowance {

	/**
	 * The largest monthly limit the setting accepts.
	 */
	public const MAX_PER_MONTH = 1000;

	/**
	 * Releases per month allowed.
	 *
	 * @var int
	 */
	private $per_month;

	/**
	 * Constructor.
	 *
	 * @param int $per_month Releases per month allowed (negative counts as 0).
	 */
	public function __construct( int $per_month ) {
		$this->per_month = max( 0, min( self::MAX_PER_MONTH, $per_month ) );
	}

	/**
	 * The first second of the month $now is in (UTC): releases from then on count.
	 *
	 * @param int $now Unix time.
	 */
	public static function month_start( int $now ): int {
		return (int) gmmktime( 0, 0, 0, (int) gmdate( 'n', $now ), 1, (int) gmdate( 'Y', $now ) );
	}

	/**
	 * When the allowance is whole again: the first second of the next month (UTC).
	 *
	 * @param int $now Unix time.
	 */
	public static function resets( int $now ): int {
		return (int) gmmktime( 0, 0, 0, (int) gmdate( 'n', $now ) + 1, 1, (int) gmdate( 'Y', $now ) );
	}

	/**
	 * Releases left this month after $used.
	 *
	 * @param int $used Releases recorded since month_start().
	 */
	public function left( int $used ): int {
		return max( 0, $this->per_month - max( 0, $used ) );
	}

	/**
	 * Whether one more release is allowed after $used.
	 *
	 * @param int $used Releases recorded since month_start().
	 */
	public function allows( int $used ): bool {
		return $this->left( $used ) > 0;
	}

	/**
	 * The monthly limit.
	 */
	public function per_month(): int {
		return $this->per_month;
	}
}
