<?php
/**
 * Finds the product, licence and activation a client call names.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\MultisiteActivation;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\ProductRepository;

/**
 * A malformed key is 400 invalid_license_key, an unknown one 404 license_not_found, an unusable one 403
 * license_not_active. Two queries on the way to a known licence: the product, then the licence with this site's
 * activation. A key that matches proves the key secret; only a miss pays for checking the secret's state, so a
 * replaced secret answers 503 rather than calling every key unknown.
 */
final class LicenseFinder {

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Constructor.
	 *
	 * @param ProductRepository $products Products.
	 * @param LicenseRepository $licenses Licences.
	 * @param KeySecret         $secret   Key hashing secret.
	 */
	public function __construct( ProductRepository $products, LicenseRepository $licenses, KeySecret $secret ) {
		$this->products = $products;
		$this->licenses = $licenses;
		$this->secret   = $secret;
	}

	/**
	 * The product a client names by slug, when it is on sale and the caller may reach it.
	 *
	 * @param string                     $slug  Slug as sent.
	 * @param (callable(int): void)|null $scope Throws when the caller may not reach a product.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 product_not_found, or the scope's refusal.
	 */
	public function product( string $slug, ?callable $scope ): array {
		$product = $this->products->find_by_slug( $slug );
		if ( null === $product || ! $product['is_active'] ) {
			throw new ServiceError( ErrorCode::PRODUCT_NOT_FOUND, __( 'No product has this slug.', 'svc-licensing' ) );
		}
		if ( null !== $scope ) {
			$scope( $product['id'] );
		}
		return $product;
	}

	/**
	 * Product, licence (with `activation`: the counted site's activation or null), the normalised site the call is
	 * counted by, and for a call from a WordPress multisite (network_url sent) the rule that counted it
	 * (MultisiteActivation: the network's main address for a per-network product, the site's own otherwise).
	 *
	 * @param ClientCall $call Call.
	 * @return array{0: array<string, mixed>, 1: array<string, mixed>, 2: string, 3: string|null}
	 * @throws ServiceError On an unusable site or network URL, an unknown product, or a malformed or unknown key.
	 */
	public function locate( ClientCall $call ): array {
		$site = SiteUrl::normalise( $call->site_url );
		if ( null === $site ) {
			throw ServiceError::invalid_param(
				'site_url',
				__( 'site_url is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		$network = null === $call->network_url ? null : SiteUrl::normalise( $call->network_url );
		if ( null !== $call->network_url && null === $network ) {
			throw ServiceError::invalid_param(
				'network_url',
				__( 'network_url is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		$product = $this->product( $call->product_slug, array( $call, 'assert_scope' ) );
		$rule    = MultisiteActivation::of( $product['multisite_activation'] ?? null );
		$site    = $rule->counted_site( $site, $network );
		return array( $product, $this->license( $product, $call->license_key, $site ), $site, null === $network ? null : $rule->scope() );
	}

	/**
	 * The product of the licence holding this key, whatever the product (an old client that names none, SLM's).
	 *
	 * @param string $key Key as the caller sent it.
	 * @return array<string, mixed>|null Null for a malformed or unknown key.
	 */
	public function product_of_key( string $key ): ?array {
		$id  = $this->id_of_key( $key );
		$row = null === $id ? null : $this->licenses->find( $id );
		return null === $row ? null : $this->products->find( (int) $row['product_id'] );
	}

	/**
	 * The id of the licence holding this key, whatever the product.
	 *
	 * @param string $key Key as the caller sent it.
	 * @return int|null Null for a malformed or unknown key.
	 */
	public function id_of_key( string $key ): ?int {
		try {
			$parsed = LicenseKey::parse( $key );
		} catch ( InvalidArgumentException $e ) {
			return null;
		}
		$hash = $parsed->hash( $this->secret->get() );
		return $this->licenses->holders( array( $hash ) )[ $hash ] ?? null;
	}

	/**
	 * The answers' addition for a call from a multisite: which rule counted it (docs/api-decisions.md).
	 *
	 * @param string|null $scope The rule's scope from locate(), null for a single site.
	 * @return array<string, string>
	 */
	public static function counted_as( ?string $scope ): array {
		return null === $scope ? array() : array( 'activation_scope' => $scope );
	}

	/**
	 * The product's licence with this key, read afresh, with this site's activation.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param string               $key     Key as the caller sent it.
	 * @param string               $site    Normalised site.
	 * @return array<string, mixed>
	 * @throws ServiceError On a malformed or unknown key, or an unavailable key secret.
	 */
	public function license( array $product, string $key, string $site ): array {
		try {
			$parsed = LicenseKey::parse( $key );
		} catch ( InvalidArgumentException $e ) {
			throw new ServiceError( ErrorCode::INVALID_LICENSE_KEY, __( 'The licence key is malformed: expected XXXX-XXXX-XXXX-XXXX.', 'svc-licensing' ) );
		}
		$secret  = $this->secret->unverified();
		$license = '' === $secret ? null : $this->licenses->find_by_key( $product['id'], $parsed->hash( $secret ), $site );
		if ( null === $license ) {
			// A miss may mean a replaced or missing secret (503), or a new service minting its first one.
			$checked = $this->secret->get();
			$license = $checked === $secret ? null : $this->licenses->find_by_key( $product['id'], $parsed->hash( $checked ), $site );
		}
		if ( null === $license ) {
			throw new ServiceError( ErrorCode::LICENSE_NOT_FOUND, __( 'No licence with this key exists for this product.', 'svc-licensing' ) );
		}
		return $license;
	}

	/**
	 * Refuses a licence that is not active or trial as of now.
	 *
	 * @param array<string, mixed> $license Licence.
	 * @param string               $action  What the caller wanted, for the message ("activated", "updated").
	 * @param int                  $now     Unix time.
	 * @throws ServiceError 403 license_not_active.
	 */
	public static function assert_usable( array $license, string $action, int $now ): void {
		$status = LicenseStatus::of( $license, $now );
		if ( LicenseStatus::is_usable( $status ) ) {
			return;
		}
		throw new ServiceError(
			ErrorCode::LICENSE_NOT_ACTIVE,
			/* translators: 1: licence status, e.g. expired; 2: what was refused, e.g. "activated". */
			sprintf( __( 'This licence is %1$s, so it cannot be %2$s.', 'svc-licensing' ), $status, $action ),
			null,
			array( 'license_status' => $status )
		);
	}
}
