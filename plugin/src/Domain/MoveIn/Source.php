<?php
/**
 * The systems a seller moves in from, and what each one's licence statuses become here.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\MoveIn;

use Svc\Licensing\Domain\License\LicenseStatus;

/**
 * One table per source: docs/moving-in.md shows the same rows, and a unit test keeps the two equal.
 */
final class Source {
	public const EDD_SL = 'edd-sl';
	public const SLM    = 'slm';

	public const ALL = array( self::EDD_SL, self::SLM );

	/**
	 * Each source => the setting that makes the store answer its old client protocol (Storage\Settings), on after a
	 * written import of that source.
	 */
	public const PROTOCOL_SETTING = array(
		self::EDD_SL => 'edd_sl_protocol',
		self::SLM    => 'slm_protocol',
	);

	/**
	 * A source's secret (as SourceTables::secrets() names it) => the setting a written import keeps it in: SLM's
	 * clients send its verification secret as `secret_key`.
	 */
	public const SECRET_SETTING = array(
		'lic_verification_secret' => 'slm_secret_key',
	);

	/**
	 * Source status => status here. EDD's `inactive` is a valid key that no site uses at the moment, and SLM's
	 * `pending` a key not yet used on a site: both are usable keys, so both are active here. EDD's `disabled` and
	 * SLM's `blocked` are a seller's reversible stop, which is suspended here (revoked would void the key).
	 */
	public const STATUSES = array(
		self::EDD_SL => array(
			'active'   => LicenseStatus::ACTIVE,
			'inactive' => LicenseStatus::ACTIVE,
			'expired'  => LicenseStatus::EXPIRED,
			'disabled' => LicenseStatus::SUSPENDED,
		),
		self::SLM    => array(
			'pending' => LicenseStatus::ACTIVE,
			'active'  => LicenseStatus::ACTIVE,
			'blocked' => LicenseStatus::SUSPENDED,
			'expired' => LicenseStatus::EXPIRED,
		),
	);

	/**
	 * Whether the name is a source.
	 *
	 * @param string $name Name as given.
	 */
	public static function is_known( string $name ): bool {
		return in_array( $name, self::ALL, true );
	}

	/**
	 * A source status here.
	 *
	 * @param string $source Source.
	 * @param string $status Status as the source stored it (letter case aside).
	 * @throws Refused When the source has no such status.
	 */
	public static function status( string $source, string $status ): string {
		$mapped = self::STATUSES[ $source ][ strtolower( trim( $status ) ) ] ?? null;
		if ( null === $mapped ) {
			throw new Refused( Refused::UNKNOWN_STATUS, $status );
		}
		return $mapped;
	}
}
