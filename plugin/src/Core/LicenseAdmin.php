<?php
/**
 * What a site owner does to licences by hand: find and search them, issue one, edit it, give it a new key.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Http\ListCursor;
use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Event\LicensePayload;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\CatalogRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * Callers pass the fields they were given (names from the admin schema, values already of the schema's types)
 * and get licence rows back; cancelling and deleting are Licences' (they also free the sites).
 */
final class LicenseAdmin {

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Tiers and prices.
	 *
	 * @var CatalogRepository
	 */
	private $catalog;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param LicenseRepository $licenses Licences.
	 * @param ProductRepository $products Products.
	 * @param CatalogRepository $catalog  Tiers and prices.
	 * @param KeySecret         $secret   Key hashing secret.
	 * @param Transaction       $transaction Transactions.
	 * @param EventRepository   $events   The event log.
	 */
	public function __construct( LicenseRepository $licenses, ProductRepository $products, CatalogRepository $catalog, KeySecret $secret, Transaction $transaction, EventRepository $events ) {
		$this->licenses    = $licenses;
		$this->products    = $products;
		$this->catalog     = $catalog;
		$this->secret      = $secret;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * One page of licences. A search that is a whole licence key finds that licence by its hash.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters (expiry bounds in storage format).
	 * @param int                                                                                                        $page     1-based page.
	 * @param int                                                                                                        $per_page Page size.
	 * @param array{0: string, 1: string}                                                                                $sort     A sortable column and asc|desc.
	 * @param ListCursor|null                                                                                            $after    Start after this cursor's row instead of at a page.
	 * @return array{rows: array<int, array<string, mixed>>, total: int, exact: bool, next: ListCursor|null}
	 * @throws ServiceError When the cursor was made for another order.
	 */
	public function page( array $filters, int $page, int $per_page, array $sort, ?ListCursor $after = null ): array {
		if ( null !== $after && ( $after->sort !== $sort[0] || $after->order !== $sort[1] ) ) {
			throw ServiceError::invalid_param( 'cursor', __( 'This cursor belongs to a list in another order. Ask for the first page again.', 'svc-licensing' ), __( 'made for another order', 'svc-licensing' ) );
		}
		return $this->licenses->page( $filters, $page, $per_page, $this->search_hash( $filters ), $sort, $after );
	}

	/**
	 * The list's status views: how many licences the same filters find per status (the status filter aside), every
	 * status present, and their total.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters Filters, as page() takes them.
	 * @return array{total: int, statuses: array<string, int>}
	 */
	public function status_counts( array $filters ): array {
		$found    = $this->licenses->status_counts( $filters, $this->search_hash( $filters ) );
		$statuses = array();
		foreach ( LicenseStatus::ALL as $status ) {
			$statuses[ $status ] = $found[ $status ] ?? 0;
		}
		return array(
			'total'    => array_sum( $statuses ),
			'statuses' => $statuses,
		);
	}

	/**
	 * The hash of a search that is a whole licence key, so the list finds that licence by it.
	 *
	 * @param array{search?: string} $filters Filters.
	 */
	private function search_hash( array $filters ): ?string {
		return isset( $filters['search'] ) && ( LicenseKey::is_well_formed( $filters['search'] ) || LicenseKey::is_carried_over( $filters['search'] ) )
			? LicenseKey::parse( $filters['search'] )->hash( $this->secret->get() )
			: null;
	}

	/**
	 * A licence.
	 *
	 * @param int                        $id    Licence.
	 * @param (callable(int): void)|null $scope Throws when the caller may not reach the licence's product.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 when no licence has this id, or the scope's error.
	 */
	public function find( int $id, ?callable $scope = null ): array {
		$license = $this->licenses->find( $id );
		if ( null === $license ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No licence has this id.', 'svc-licensing' ) );
		}
		if ( null !== $scope ) {
			$scope( (int) $license['product_id'] );
		}
		return $license;
	}

	/**
	 * Issues a licence; active unless the fields say otherwise, as many sites as its price allows (1 without).
	 *
	 * @param int                  $product_id Product.
	 * @param array<string, mixed> $fields     Given fields.
	 * @param Actor                $actor      Who issues it.
	 * @param LicenseKey|null      $key        A key brought from another system (the import); null: a new one.
	 * @return array{0: string, 1: array<string, mixed>} The full key, shown this once, and the licence.
	 * @throws ServiceError On an unknown product, a bad email, or a tier or price that does not exist.
	 */
	public function create( int $product_id, array $fields, Actor $actor, ?LicenseKey $key = null ): array {
		$key    = $key ?? LicenseKey::generate();
		$known  = array();
		$row    = $this->issued( $product_id, $fields, $key, $known );
		$fields = $row['fields'];
		$id     = $this->transaction->run(
			function () use ( $row, $key, $fields, $actor ): int {
				$id = $this->licenses->create( $row['row'] );
				$this->events->record_for_license( EventType::LICENSE_CREATED, $id, $actor, LicensePayload::created( $key, $fields ) );
				return $id;
			}
		);
		return array( $key->reveal(), $this->find( $id ) );
	}

	/**
	 * Issues many licences with keys brought from another system (an import's batch): create()'s rules for each,
	 * the rows in multi-row INSERTs and their license.created events in one more. Each product, tier and price is
	 * looked up once per call. Runs in the caller's transaction when there is one.
	 *
	 * @param array<int|string, array{product_id: int, fields: array<string, mixed>, key: LicenseKey}> $drafts Drafts.
	 * @param Actor                                                                                    $actor  Who issues them.
	 * @return array<int|string, int|ServiceError> By draft: the new licence's id, or why the draft was refused.
	 */
	public function create_many( array $drafts, Actor $actor ): array {
		$known   = array();
		$results = array();
		$issued  = array();
		foreach ( $drafts as $i => $draft ) {
			try {
				$issued[ $i ] = $this->issued( (int) $draft['product_id'], $draft['fields'], $draft['key'], $known );
			} catch ( ServiceError $refused ) {
				$results[ $i ] = $refused;
			}
		}
		if ( array() === $issued ) {
			return $results;
		}
		return $this->transaction->run(
			function () use ( $issued, $drafts, $actor, $results ): array {
				$ids     = $this->licenses->create_many( array_column( $issued, 'row' ) );
				$created = array();
				foreach ( $issued as $i => $one ) {
					$id            = $ids[ $one['row']['key_hash'] ];
					$results[ $i ] = $id;
					$created[]     = array(
						'license_id' => $id,
						'product_id' => (int) $one['row']['product_id'],
						'payload'    => LicensePayload::created( $drafts[ $i ]['key'], $one['fields'] ),
					);
				}
				$this->events->record_many_for_licenses( EventType::LICENSE_CREATED, $created, $actor );
				return $results;
			}
		);
	}

	/**
	 * A new licence's row under create()'s rules: the product, tier and price must exist, the email is normalised,
	 * the expiry stored in UTC, the limit is the price's (1 without one) unless given, the status active unless
	 * given, and the key stored as its hash and masked groups.
	 *
	 * @param int                  $product_id Product.
	 * @param array<string, mixed> $fields     Given fields.
	 * @param LicenseKey           $key        Its key.
	 * @param array<string, mixed> $known      Lookups already made in this call (product:N, tier:N, price:N), added to.
	 * @return array{row: array<string, mixed>, fields: array<string, mixed>} The row, and the fields the event shows.
	 * @throws ServiceError On an unknown product, a bad email, or a tier or price that does not exist.
	 */
	private function issued( int $product_id, array $fields, LicenseKey $key, array &$known ): array {
		$product = $this->looked_up(
			$known,
			'product:' . $product_id,
			function () use ( $product_id ) {
				return $this->products->find( $product_id );
			}
		);
		if ( null === $product ) {
			throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
		}
		$fields = $this->checked( $fields, $known );
		if ( ! isset( $fields['activation_limit'] ) ) {
			$price                      = isset( $fields['price_id'] ) ? $this->price( (int) $fields['price_id'], $known ) : null;
			$fields['activation_limit'] = null === $price ? 1 : (int) $price['activation_limit'];
		}
		$fields = array_merge( array( 'status' => LicenseStatus::ACTIVE ), $fields );
		return array(
			'row'    => array_merge( $fields, array( 'product_id' => $product_id ), $this->key_columns( $key ) ),
			'fields' => $fields,
		);
	}

	/**
	 * A price, looked up once per call.
	 *
	 * @param int                  $id    Price.
	 * @param array<string, mixed> $known Lookups already made in this call, added to.
	 * @return array<string, mixed>|null
	 */
	private function price( int $id, array &$known ): ?array {
		return $this->looked_up(
			$known,
			'price:' . $id,
			function () use ( $id ) {
				return $this->catalog->price( $id );
			}
		);
	}

	/**
	 * What a lookup answered the first time it was made in this call (product:N, tier:N, price:N).
	 *
	 * @param array<string, mixed> $known  Lookups already made in this call, added to.
	 * @param string               $which  The lookup.
	 * @param callable             $lookup Makes it.
	 * @return mixed Its answer.
	 */
	private function looked_up( array &$known, string $which, callable $lookup ) {
		if ( ! array_key_exists( $which, $known ) ) {
			$known[ $which ] = $lookup();
		}
		return $known[ $which ];
	}

	/**
	 * Changes only the given fields.
	 *
	 * @param int                  $id     Licence.
	 * @param array<string, mixed> $fields Given fields.
	 * @param Actor                $actor  Who changes it.
	 * @return array<string, mixed> The licence after the change.
	 * @throws ServiceError On a bad email, or a tier or price that does not exist.
	 */
	public function update( int $id, array $fields, Actor $actor ): array {
		$fields = $this->checked( $fields );
		if ( array_key_exists( 'channel', $fields ) || array_key_exists( 'pinned_version', $fields ) ) {
			$license = $this->find( $id );
			$fields  = UpdateChoices::checked( $fields, Channels::from_storage( $this->products->find( (int) $license['product_id'] )['channels'] ?? null ) );
		}
		if ( ! empty( $fields ) ) {
			$this->transaction->run(
				function () use ( $id, $fields, $actor ): void {
					$this->licenses->update( $id, $fields );
					$this->events->record_for_license( EventType::LICENSE_UPDATED, $id, $actor, array( 'changes' => LicensePayload::shown( $fields ) ) );
				}
			);
			if ( LicenseStatus::REVOKED === ( $fields['status'] ?? null ) ) {
				// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
				do_action( Hooks::LICENSE_KEY_VOIDED, $id );
			}
		}
		return $this->find( $id );
	}

	/**
	 * Gives a licence a new key; the old one stops working at once.
	 *
	 * @param array<string, mixed> $license The licence as it is.
	 * @param Actor                $actor   Who re-keys it.
	 * @param LicenseKey|null      $key     The key another system gave it since (a re-import); null: a new one.
	 * @return string The new full key, shown this once.
	 */
	public function rotate_key( array $license, Actor $actor, ?LicenseKey $key = null ): string {
		$key = $key ?? LicenseKey::generate();
		$id  = (int) $license['id'];
		$this->transaction->run(
			function () use ( $id, $key, $license, $actor ): void {
				$this->licenses->update( $id, $this->key_columns( $key ) );
				$this->events->record_for_license( EventType::LICENSE_ROTATED, $id, $actor, LicensePayload::rotated( (string) $license['key_last'], $key ) );
			}
		);
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
		do_action( Hooks::LICENSE_KEY_VOIDED, $id );
		return $key->reveal();
	}

	/**
	 * The columns that store a key: its hash and the groups shown masked.
	 *
	 * @param LicenseKey $key Key.
	 * @return array<string, string>
	 */
	private function key_columns( LicenseKey $key ): array {
		return array(
			'key_hash'  => $key->hash( $this->secret->get() ),
			'key_first' => $key->first_group(),
			'key_last'  => $key->last_group(),
		);
	}

	/**
	 * Given fields checked and converted to column values.
	 *
	 * @param array<string, mixed> $fields Given fields.
	 * @param array<string, mixed> $known  Lookups already made in this call (tier:N, price:N), added to.
	 * @return array<string, mixed>
	 * @throws ServiceError On a bad email or a tier or price that does not exist.
	 */
	private function checked( array $fields, array &$known = array() ): array {
		if ( array_key_exists( 'customer_email', $fields ) ) {
			$email = Email::normalise( (string) $fields['customer_email'] );
			if ( null === $email ) {
				throw ServiceError::invalid_param( 'customer_email', __( 'Customer email: enter an email address with a domain, such as name@example.com.', 'svc-licensing' ), __( 'Enter an email address with a domain, such as name@example.com.', 'svc-licensing' ) );
			}
			$fields['customer_email'] = $email;
		}
		if ( array_key_exists( 'expires', $fields ) && null !== $fields['expires'] ) {
			$fields['expires'] = IsoTime::to_storage( (int) strtotime( (string) $fields['expires'] ) );
		}
		$tier = isset( $fields['tier_id'] ) ? (int) $fields['tier_id'] : null;
		if ( null !== $tier && ! $this->looked_up(
			$known,
			'tier:' . $tier,
			function () use ( $tier ): bool {
				return $this->catalog->tier_exists( $tier );
			}
		) ) {
			throw ServiceError::invalid_param( 'tier_id', __( 'No tier has this id.', 'svc-licensing' ), __( 'Unknown tier.', 'svc-licensing' ) );
		}
		if ( isset( $fields['price_id'] ) && null === $this->price( (int) $fields['price_id'], $known ) ) {
			throw ServiceError::invalid_param( 'price_id', __( 'No price has this id.', 'svc-licensing' ), __( 'Unknown price.', 'svc-licensing' ) );
		}
		return $fields;
	}
}
