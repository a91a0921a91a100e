<?php
/**
 * The old systems' rows as this service's values: the pure rules of a move-in.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\MoveIn;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\Release\Version;
use Svc\Licensing\Domain\SiteUrl;

/**
 * Each source row becomes a draft (the licence's fields as LicenseAdmin takes them, plus the old ids it points
 * at) or a Refused with the reason. The readers hand over the columns as the source stored them; nothing here
 * knows a database.
 *
 * @phpstan-type Draft array{old_id: string, key: LicenseKey, product: string, price: string|null, parent: string|null, limit: int|null, fields: array{status: string, expires: string|null, customer_email: string, customer_name: string}}
 */
final class Rows {

	/**
	 * An EDD Software Licensing licence row (edd_licenses joined with its customer and its `_edd_sl_limit` meta).
	 *
	 * @param array<string, mixed> $row id, license_key, status, download_id, price_id, expiration, parent, email, name, limit_meta.
	 * @return array<string, mixed> The draft (phpstan Draft); `limit` is the licence's own limit, or null to take the price's or download's.
	 * @throws Refused When the row cannot move in.
	 */
	public static function edd_license( array $row ): array {
		$price  = (string) ( $row['price_id'] ?? '' );
		$parent = (int) ( $row['parent'] ?? 0 );
		$meta   = trim( (string) ( $row['limit_meta'] ?? '' ) );
		return self::draft(
			(string) $row['id'],
			(string) $row['license_key'],
			Source::status( Source::EDD_SL, (string) $row['status'] ),
			self::expires_from_unix( $row['expiration'] ?? null ),
			(string) ( $row['email'] ?? '' ),
			(string) ( $row['name'] ?? '' ),
			(string) (int) $row['download_id'],
			'' === $price ? null : self::edd_price_ref( (int) $row['download_id'], (int) $price ),
			$parent > 0 ? (string) $parent : null,
			'' === $meta || ! is_numeric( $meta ) ? null : self::limit( (int) $meta )
		);
	}

	/**
	 * A Software License Manager licence row (lic_key_tbl).
	 *
	 * @param array<string, mixed> $row id, license_key, max_allowed_domains, lic_status, first_name, last_name, email, date_expiry, product_ref.
	 * @return array<string, mixed> The draft (phpstan Draft); `product` is the row's product_ref as stored.
	 * @throws Refused When the row cannot move in.
	 */
	public static function slm_license( array $row ): array {
		return self::draft(
			(string) $row['id'],
			(string) $row['license_key'],
			Source::status( Source::SLM, (string) $row['lic_status'] ),
			self::expires_from_date( (string) ( $row['date_expiry'] ?? '' ) ),
			(string) ( $row['email'] ?? '' ),
			trim( trim( (string) ( $row['first_name'] ?? '' ) ) . ' ' . trim( (string) ( $row['last_name'] ?? '' ) ) ),
			trim( (string) ( $row['product_ref'] ?? '' ) ),
			null,
			null,
			self::limit( (int) ( $row['max_allowed_domains'] ?? 1 ) )
		);
	}

	/**
	 * The draft, once each rule has passed.
	 *
	 * @param string      $old_id  Old licence id.
	 * @param string      $key     Key as stored.
	 * @param string      $status  Status here.
	 * @param string|null $expires ISO expiry, or null for none.
	 * @param string      $email   Customer email as stored.
	 * @param string      $name    Customer name.
	 * @param string      $product Old product reference.
	 * @param string|null $price   Old price reference.
	 * @param string|null $parent  Old parent licence id.
	 * @param int|null    $limit   The licence's own limit.
	 * @return array<string, mixed>
	 * @throws Refused On an unusable key or email.
	 */
	private static function draft( string $old_id, string $key, string $status, ?string $expires, string $email, string $name, string $product, ?string $price, ?string $parent, ?int $limit ): array {
		if ( ! LicenseKey::is_well_formed( $key ) && ! LicenseKey::is_carried_over( $key ) ) {
			throw new Refused( Refused::KEY_UNUSABLE );
		}
		if ( '' === trim( $email ) ) {
			throw new Refused( Refused::NO_EMAIL );
		}
		$normalised = Email::normalise( $email );
		if ( null === $normalised ) {
			throw new Refused( Refused::BAD_EMAIL, $email );
		}
		return array(
			'old_id'  => $old_id,
			'key'     => LicenseKey::parse( $key ),
			'product' => $product,
			'price'   => $price,
			'parent'  => $parent,
			'limit'   => $limit,
			'fields'  => array(
				'status'         => $status,
				'expires'        => $expires,
				'customer_email' => $normalised,
				'customer_name'  => mb_substr( $name, 0, 200 ),
			),
		);
	}

	/**
	 * EDD's expiration, unix seconds; 0 or empty is a lifetime licence, which has no expiry here.
	 *
	 * @param mixed $expiration Stored value.
	 */
	public static function expires_from_unix( $expiration ): ?string {
		$unix = is_numeric( $expiration ) ? (int) $expiration : 0;
		return $unix > 0 ? IsoTime::format( $unix ) : null;
	}

	/**
	 * SLM's date_expiry, a date; SLM treats a key as expired once that day is past, so it runs to the day's end
	 * (UTC). The zero date or none: no expiry.
	 *
	 * @param string $date Stored value.
	 */
	public static function expires_from_date( string $date ): ?string {
		$date = trim( $date );
		if ( 1 !== preg_match( '/^(\d{4})-(\d{2})-(\d{2})/', $date, $parts ) || '0000' === $parts[1] || ! checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ) {
			return null;
		}
		return sprintf( '%s-%s-%sT23:59:59Z', $parts[1], $parts[2], $parts[3] );
	}

	/**
	 * An old activation limit here: 0 (both systems' "unlimited") is the largest limit this service takes; any
	 * other number is kept within 1 and that largest.
	 *
	 * @param int $limit Old limit.
	 */
	public static function limit( int $limit ): int {
		return $limit <= 0 ? LicenseInput::MAX_ACTIVATIONS : min( $limit, LicenseInput::MAX_ACTIVATIONS );
	}

	/**
	 * An EDD licence's limit as EDD decides it: the licence's own, else its price's `license_limit`, else the
	 * download's `_edd_sl_limit` (none given: 0, unlimited).
	 *
	 * @param int|null $own            The licence's own (from the draft).
	 * @param int|null $price_limit    The price's, when the licence has a price that sets one.
	 * @param int|null $download_limit The download's.
	 */
	public static function edd_limit( ?int $own, ?int $price_limit, ?int $download_limit ): int {
		if ( null !== $own ) {
			return $own;
		}
		return self::limit( $price_limit ?? $download_limit ?? 0 );
	}

	/**
	 * The reference of one of an EDD download's variable prices.
	 *
	 * @param int $download Download id.
	 * @param int $index    Price index.
	 */
	public static function edd_price_ref( int $download, int $index ): string {
		return $download . ':' . $index;
	}

	/**
	 * An activation's site as this service counts it (SiteUrl's rule; EDD stored it without its scheme).
	 *
	 * @param string $site As stored.
	 * @throws Refused When it is not a site URL.
	 */
	public static function site( string $site ): string {
		$normalised = SiteUrl::normalise( $site );
		if ( null === $normalised ) {
			throw new Refused( Refused::NO_SITE, $site );
		}
		return $normalised;
	}

	/**
	 * A download's version as a release version: missing minor or patch parts become .0 (EDD takes "2.1").
	 *
	 * @param string $version As stored.
	 * @throws Refused When it is no version.
	 */
	public static function version( string $version ): string {
		$version = ltrim( trim( $version ), 'vV' );
		if ( 1 === preg_match( '/^\d+(\.\d+)?$/D', $version ) ) {
			$version .= str_repeat( '.0', 2 - substr_count( $version, '.' ) );
		}
		if ( ! Version::is_valid( $version ) ) {
			throw new Refused( Refused::BAD_VERSION, $version );
		}
		return $version;
	}

	/**
	 * What a re-import compares to see whether a row changed since it moved in.
	 *
	 * @param array<string, mixed> $values The row's values here.
	 */
	public static function fingerprint( array $values ): string {
		ksort( $values );
		return hash( 'sha256', (string) json_encode( $values ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress.
	}
}
