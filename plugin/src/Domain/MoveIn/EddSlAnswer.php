<?php
/**
 * The answers of EDD Software Licensing's client protocol, in its field names and values.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\MoveIn;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\License\LicenseStatus;

/**
 * Pure mapping from our outcome to what an EDD SL client reads (docs/moving-in.md, "The old clients").
 *
 * The shapes follow EDD Software Licensing's public remote API as its clients read it (the `success` flag, the
 * `license` word, `expires` as a date or "lifetime", `license_limit` 0 for unlimited, `activations_left` as a
 * number or "unlimited", `error` on a refused activation; source: EDD SL's documented "Software Licensing API" and
 * the public class-sl-license / edd-sl-remote code, read, not copied). Our rules decide; this only translates.
 */
final class EddSlAnswer {

	/**
	 * The facts about one licence the answers report.
	 *
	 * @param array<string, mixed> $license  Our licence row (expires in storage format, activation_count, activation_limit).
	 * @param string               $status   Its effective status now (LicenseStatus).
	 * @param string               $item_id  The item id the client sent (its old EDD download id), or ''.
	 * @param string               $item     The product's name.
	 * @param string|null          $price_id The old price id from the import map, or null.
	 * @return array<string, mixed>
	 */
	public static function facts( array $license, string $status, string $item_id, string $item, ?string $price_id ): array {
		$limit   = (int) ( $license['activation_limit'] ?? 0 );
		$count   = (int) ( $license['activation_count'] ?? 0 );
		$expires = IsoTime::unix_from_storage( isset( $license['expires'] ) ? (string) $license['expires'] : null );
		// The move-in stores EDD's 0 ("unlimited") as our largest limit (Rows::limit); it reads back as EDD's 0.
		$limit = $limit >= LicenseInput::MAX_ACTIVATIONS ? 0 : $limit;
		return array(
			'item_id'          => '' === $item_id ? false : $item_id,
			'item_name'        => $item,
			'expires'          => null === $expires ? 'lifetime' : gmdate( 'Y-m-d H:i:s', $expires ),
			'license_limit'    => $limit,
			'site_count'       => $count,
			// EDD: an unlimited licence (limit 0) has "unlimited" activations left.
			'activations_left' => 0 === $limit ? 'unlimited' : max( 0, $limit - $count ),
			'price_id'         => null === $price_id ? false : $price_id,
			'status'           => $status,
		);
	}

	/**
	 * The `license` word for a licence that is not usable: EDD says "expired" for an expired one and "disabled"
	 * for one the seller ended.
	 *
	 * @param string $status Effective status.
	 */
	public static function unusable_word( string $status ): string {
		return LicenseStatus::EXPIRED === $status ? 'expired' : 'disabled';
	}

	/**
	 * A successful activate_license (also for a site that was already active, as EDD answers).
	 *
	 * @param array<string, mixed> $facts From facts().
	 * @return array<string, mixed>
	 */
	public static function activated( array $facts ): array {
		return array(
			'success' => true,
			'license' => 'valid',
		) + self::public_facts( $facts );
	}

	/**
	 * A refused activate_license: EDD answers success false, license "invalid" and the reason in `error`.
	 *
	 * @param string                    $error_code Our error code.
	 * @param array<string, mixed>|null $facts      From facts(), when the licence was found.
	 * @param bool                      $by_name    Whether the client named the item by item_name.
	 * @return array<string, mixed>
	 */
	public static function activation_refused( string $error_code, ?array $facts, bool $by_name ): array {
		return array(
			'success' => false,
			'license' => 'invalid',
			'error'   => self::error_word( $error_code, $facts, $by_name ),
		) + ( null === $facts ? array() : self::public_facts( $facts ) );
	}

	/**
	 * A deactivate_license: "deactivated" when a site was freed, "failed" otherwise (EDD's two words).
	 *
	 * @param bool                      $freed Whether an activation was removed.
	 * @param array<string, mixed>|null $facts From facts(), when the licence was found.
	 * @return array<string, mixed>
	 */
	public static function deactivated( bool $freed, ?array $facts ): array {
		return array(
			'success' => $freed,
			'license' => $freed ? 'deactivated' : 'failed',
		) + ( null === $facts ? array() : self::public_facts( $facts ) );
	}

	/**
	 * A check_license: "valid" on an active site, "site_inactive" for a usable licence this site has not
	 * activated (EDD's behaviour, copied), "expired"/"disabled" for an unusable one.
	 *
	 * @param array<string, mixed> $facts       From facts().
	 * @param bool                 $site_active Whether this site holds an activation.
	 * @return array<string, mixed>
	 */
	public static function checked( array $facts, bool $site_active ): array {
		$status = (string) $facts['status'];
		if ( ! LicenseStatus::is_usable( $status ) ) {
			$word = self::unusable_word( $status );
		} else {
			$word = $site_active ? 'valid' : 'site_inactive';
		}
		return array(
			'success' => 'valid' === $word,
			'license' => $word,
		) + self::public_facts( $facts );
	}

	/**
	 * A check_license for a key or item that does not resolve: EDD says "invalid" (unknown key), or
	 * "invalid_item_id" / "item_name_mismatch" for the wrong item.
	 *
	 * @param string $error_code Our error code.
	 * @param bool   $by_name    Whether the client named the item by item_name.
	 * @return array<string, mixed>
	 */
	public static function check_refused( string $error_code, bool $by_name ): array {
		$word = ErrorCode::PRODUCT_NOT_FOUND === $error_code ? self::item_word( $by_name ) : 'invalid';
		return array(
			'success' => false,
			'license' => $word,
		);
	}

	/**
	 * A get_version answer: EDD's updater reads new_version, stable_version, package, download_link, sections
	 * and the rest; without an offer (current, refused, or outside the rollout) package and download_link are ''.
	 *
	 * @param array<string, mixed> $product      Product (name, slug, homepage_url, current_version).
	 * @param array<string, mixed> $offer        Release fields: version, changelog, requires, tested, requires_php, published_at (unix).
	 * @param string               $package      Signed download URL, or '' when none is offered.
	 * @param string               $homepage     The product's page.
	 * @param string               $slug         The slug the client sent (its main file's name), or ''.
	 * @return array<string, mixed>
	 */
	public static function version( array $product, array $offer, string $package, string $homepage, string $slug ): array {
		$version = (string) ( $offer['version'] ?? '' );
		return array(
			'new_version'    => $version,
			'stable_version' => $version,
			'name'           => (string) ( $product['name'] ?? '' ),
			// EDD echoes the client's slug (the download's only when none came): core keys "View details" on it, and
			// the shipped updater answers plugins_api for its own slug only.
			'slug'           => '' !== $slug ? $slug : (string) ( $product['slug'] ?? '' ),
			'url'            => $homepage,
			'homepage'       => $homepage,
			'last_updated'   => isset( $offer['published_at'] ) ? gmdate( 'Y-m-d H:i:s', (int) $offer['published_at'] ) : '',
			'package'        => $package,
			'download_link'  => $package,
			'requires'       => (string) ( $offer['requires'] ?? '' ),
			'tested'         => (string) ( $offer['tested'] ?? '' ),
			'requires_php'   => (string) ( $offer['requires_php'] ?? '' ),
			// EDD sends sections serialised; its updater unserialises them. We send the same form.
			'sections'       => serialize( array( 'changelog' => (string) ( $offer['changelog'] ?? '' ) ) ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize
			'banners'        => serialize( array() ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize
			'icons'          => serialize( array() ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize
			'msg'            => '',
		);
	}

	/**
	 * EDD's `error` word for our refusal.
	 *
	 * @param string                    $error_code Our error code.
	 * @param array<string, mixed>|null $facts      From facts(), when the licence was found.
	 * @param bool                      $by_name    Whether the client named the item by item_name.
	 */
	public static function error_word( string $error_code, ?array $facts, bool $by_name ): string {
		switch ( $error_code ) {
			case ErrorCode::ACTIVATION_LIMIT_REACHED:
				return 'no_activations_left';
			case ErrorCode::LICENSE_NOT_ACTIVE:
				return self::unusable_word( (string) ( $facts['status'] ?? '' ) );
			case ErrorCode::PRODUCT_NOT_FOUND:
				return self::item_word( $by_name );
			default:
				return 'missing';
		}
	}

	/**
	 * The wrong-item word: "item_name_mismatch" when named by name, "invalid_item_id" by id.
	 *
	 * @param bool $by_name Whether the client named the item by item_name.
	 */
	private static function item_word( bool $by_name ): string {
		return $by_name ? 'item_name_mismatch' : 'invalid_item_id';
	}

	/**
	 * The facts as EDD shows them (without our effective status).
	 *
	 * @param array<string, mixed> $facts From facts().
	 * @return array<string, mixed>
	 */
	private static function public_facts( array $facts ): array {
		unset( $facts['status'] );
		return $facts;
	}
}
