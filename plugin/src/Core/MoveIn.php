<?php
/**
 * A seller moves in from EDD Software Licensing or Software License Manager: products, tiers, licences with
 * their keys, activations, and the map of old ids to new.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\MoveIn\Refused;
use Svc\Licensing\Domain\MoveIn\Rows;
use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\ImportMapRepository;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\MoveIn\SourceTables;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;
use Throwable;

/**
 * A run writes a batch at a time, each batch in a transaction of its own that commits, so no lock is held for
 * longer than one batch (validate keeps answering, and on SQLite its writes are not held up for the run): the
 * catalogue (products, releases, tiers, prices) is one batch, then each BATCH licences, each BATCH bundle links,
 * each BATCH activations and each batch of releases. A fault rolls back the batch it met and ends the run; the
 * batches before it stay, each whole (a licence with its map rows and its event, an activation with its map row
 * and its licence's count of sites), and the package files of a batch rolled back are removed again. Running it
 * again brings the rest: the map makes the rows already here unchanged. The old protocol is switched on only when a
 * run ends without a fault. A dry run does every write the import would do in one transaction and rolls it back at
 * the end, so each phase sees the ones before it and its report is the import's. Rows that cannot move in are
 * refused, each listed with its reason, and the others still move in. A second run reads the map: rows it has seen
 * with the same values are left alone, changed ones are updated, new ones added. Licences and activations are read
 * in batches of BATCH rows after the last id, so memory stays bounded whatever the size.
 *
 * What a batch costs is a few statements, not a few per row: a licence batch reads the keys' holders and its map
 * rows once, writes its new licences through LicenseAdmin::create_many (create()'s rules, each product, tier and
 * price asked once, the rows in one INSERT whose summary counts are added once for the batch, their
 * license.created events in one INSERT) and their map rows in one; an activation batch is one INSERT IGNORE and one read of their ids, one map
 * INSERT and one recount. A changed licence is written through LicenseAdmin::update (its rules and its
 * license.updated event); products through Products, releases through Releases, tiers and prices through Catalog.
 *
 * A re-import also carries two changes the old plugin makes to rows it has seen (docs/moving-in.md, "A re-import:
 * released sites and changed keys"): a key the old system changed since (the map keeps a fingerprint of each
 * licence's key as it moved in, kind `key`) becomes the licence's key here through LicenseAdmin::rotate_key, and
 * every mapped activation the source no longer has in use is released here through Activations::release (its slot
 * and its license.deactivated event), walking the map's activation rows in batches.
 */
final class MoveIn {
	public const BATCH = 500;

	/**
	 * Admin licence use cases.
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Product use cases.
	 *
	 * @var Products
	 */
	private $products;

	/**
	 * Release use cases.
	 *
	 * @var Releases
	 */
	private $releases;

	/**
	 * Tiers and prices.
	 *
	 * @var Catalog
	 */
	private $catalog;

	/**
	 * Products (lookups).
	 *
	 * @var ProductRepository
	 */
	private $product_rows;

	/**
	 * Releases (lookups).
	 *
	 * @var ReleaseRepository
	 */
	private $release_rows;

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $license_repository;

	/**
	 * Activations.
	 *
	 * @var ActivationRepository
	 */
	private $activations;

	/**
	 * The map of old ids to new.
	 *
	 * @var ImportMapRepository
	 */
	private $map;

	/**
	 * Activation use cases (a re-import releases what the old system released).
	 *
	 * @var Activations
	 */
	private $sites_here;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Package storage.
	 *
	 * @var PackageDirectory
	 */
	private $packages;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * The sources' readers by name.
	 *
	 * @var array<string, SourceTables>
	 */
	private $sources;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param LicenseAdmin         $admin        Admin licence use cases.
	 * @param Products             $products     Product use cases.
	 * @param Releases             $releases     Release use cases.
	 * @param Catalog              $catalog      Tiers and prices.
	 * @param ProductRepository    $product_rows Products (lookups).
	 * @param ReleaseRepository    $release_rows Releases (lookups).
	 * @param LicenseRepository    $license_repository     Licences.
	 * @param ActivationRepository $activations  Activations.
	 * @param ImportMapRepository  $map          The map.
	 * @param KeySecret            $secret       Key hashing secret.
	 * @param PackageDirectory     $packages     Package storage.
	 * @param Transaction          $transaction  Transactions.
	 * @param SourceTables[]       $sources      The sources' readers.
	 * @param Settings             $settings     Settings (a written import turns its source's old protocol on).
	 * @param Activations          $sites_here   Activation use cases (releases).
	 */
	public function __construct( LicenseAdmin $admin, Products $products, Releases $releases, Catalog $catalog, ProductRepository $product_rows, ReleaseRepository $release_rows, LicenseRepository $license_repository, ActivationRepository $activations, ImportMapRepository $map, KeySecret $secret, PackageDirectory $packages, Transaction $transaction, array $sources, Settings $settings, Activations $sites_here ) {
		$this->settings           = $settings;
		$this->sites_here         = $sites_here;
		$this->admin              = $admin;
		$this->products           = $products;
		$this->releases           = $releases;
		$this->catalog            = $catalog;
		$this->product_rows       = $product_rows;
		$this->release_rows       = $release_rows;
		$this->license_repository = $license_repository;
		$this->activations        = $activations;
		$this->map                = $map;
		$this->secret             = $secret;
		$this->packages           = $packages;
		$this->transaction        = $transaction;
		$this->sources            = array();
		foreach ( $sources as $reader ) {
			$this->sources[ $reader->source() ] = $reader;
		}
	}

	/**
	 * Moves a source in, or with $dry_run shows what would arrive.
	 *
	 * @param string                                  $name     The source (Domain\MoveIn\Source).
	 * @param bool                                    $dry_run  Do it all, keep nothing.
	 * @param Actor                                   $actor    Who moves in.
	 * @param string|null                             $product  A product of ours (slug or id) for the licences that name none (SLM).
	 * @param (callable(string, int, int): void)|null $progress Called after each batch: phase, rows done, rows in all.
	 * @return array{source: string, dry_run: bool, written: bool, arrived: array<string, array{new: int, changed: int, unchanged: int, released?: int}>, refused: list<array{kind: string, old_id: string, reason: string, message: string}>, secrets: list<string>}
	 * @throws Throwable Whatever fault ended the run, after its batch was rolled back (a dry run's everything); a
	 *                   ServiceError before it starts when the source is unknown, its tables are missing, or the
	 *                   product named is not ours.
	 */
	public function run( string $name, bool $dry_run, Actor $actor, ?string $product = null, ?callable $progress = null ): array {
		list( $source, $product_id ) = $this->ready( $name, $product );
		// The key secret is made outside the run, so a run that rolls back never takes a new secret with it.
		$this->secret->get();
		$run = new MoveInRun( $source->source(), $actor, $product_id, $progress ?? static function (): void {} );
		$all = function () use ( $source, $run, $dry_run ): void {
			// The catalogue is small: its products, releases, tiers and prices are one transaction.
			$this->batch(
				$dry_run,
				$run,
				function () use ( $source, $run ): void {
					$this->move_products( $source, $run );
				}
			);
			$this->move_licenses( $source, $run, $dry_run );
			$this->link_parents( $source, $run, $dry_run );
			// Only an activation an earlier run brought in can be gone from the source: this run's are in use there.
			$earlier = $this->map->has( $run->source, ImportMapRepository::ACTIVATION );
			$this->move_activations( $source, $run, $dry_run );
			if ( $earlier ) {
				$this->release_gone( $source, $run, $dry_run );
			}
		};
		try {
			if ( $dry_run ) {
				// One transaction, rolled back: each phase reads what the ones before it wrote, as the import would.
				$this->transaction->run(
					$all,
					static function (): bool {
						return false;
					}
				);
			} else {
				$all();
			}
		} catch ( Throwable $fault ) {
			$this->packages->delete( ...array_slice( $run->copied, $run->kept ) );
			throw $fault;
		}
		if ( $dry_run ) {
			$this->packages->delete( ...$run->copied );
		} else {
			// The old clients are answered from now on (docs/moving-in.md, "The old clients"): the first written
			// import turns the switch on; after that it stays as the seller set it, so a re-import never turns back
			// on a protocol the seller switched off (issue 40).
			$switch = Source::PROTOCOL_SETTING[ $source->source() ];
			$values = $this->settings->is_set( $switch ) ? array() : array( $switch => true );
			foreach ( $source->secrets() as $name => $value ) {
				if ( isset( Source::SECRET_SETTING[ $name ] ) ) {
					$values[ Source::SECRET_SETTING[ $name ] ] = $value;
				}
			}
			$this->settings->update( $values );
		}
		return array(
			'source'  => $source->source(),
			'dry_run' => $dry_run,
			'written' => ! $dry_run,
			'arrived' => $run->arrived,
			'refused' => $run->refused,
			'secrets' => array_keys( $source->secrets() ),
		);
	}

	/**
	 * One batch's work in a transaction of its own, committed unless the run is dry (a dry run's batches run inside
	 * its one transaction, which rolls back at the end).
	 *
	 * @param bool      $dry_run Whether the run is dry.
	 * @param MoveInRun $run    This run.
	 * @param callable  $work    The batch.
	 */
	private function batch( bool $dry_run, MoveInRun $run, callable $work ): void {
		$this->transaction->run(
			$work,
			static function () use ( $dry_run ): bool {
				return ! $dry_run;
			}
		);
		if ( ! $dry_run ) {
			$run->kept = count( $run->copied );
		}
	}

	/**
	 * Whether a run of this source (and product) can start: the checks run() makes before it reads a row, so a
	 * caller that streams the run's progress can answer a refusal as an error before it starts its answer.
	 *
	 * @param string      $name    The source (Domain\MoveIn\Source).
	 * @param string|null $product A product of ours (slug or id) for the licences that name none (SLM).
	 * @throws ServiceError When the source is unknown, its tables are missing, or the product named is not one of ours.
	 */
	public function check( string $name, ?string $product = null ): void {
		$this->ready( $name, $product );
	}

	/**
	 * Each source this import knows, whether this site has its tables (the missing ones named) and, when it has,
	 * how many licences and activations in use they hold.
	 *
	 * @return list<array{source: string, present: bool, missing: list<string>, counts: array{licences: int, activations: int}|null}>
	 */
	public function sources(): array {
		$out = array();
		foreach ( $this->sources as $name => $source ) {
			$missing = array_values( $source->missing() );
			$out[]   = array(
				'source'  => $name,
				'present' => array() === $missing,
				'missing' => $missing,
				'counts'  => array() === $missing ? $source->counts() : null,
			);
		}
		return $out;
	}

	/**
	 * The source's reader and the run's product id, once the source is known, its tables are there and the product
	 * named is ours.
	 *
	 * @param string      $name    The source.
	 * @param string|null $product A product of ours (slug or id), or null.
	 * @return array{0: SourceTables, 1: int|null}
	 * @throws ServiceError When the source is unknown, its tables are missing, or the product named is not one of ours.
	 */
	private function ready( string $name, ?string $product ): array {
		$source = $this->sources[ $name ] ?? null;
		if ( null === $source ) {
			throw ServiceError::invalid_param(
				'source',
				/* translators: %s: the sources' names. */
				sprintf( __( 'Import from one of: %s.', 'svc-licensing' ), implode( ', ', array_keys( $this->sources ) ) ),
				__( 'Unknown source.', 'svc-licensing' )
			);
		}
		$missing = $source->missing();
		if ( array() !== $missing ) {
			throw ServiceError::invalid_param(
				'source',
				/* translators: %s: table names. */
				sprintf( __( 'This site has no %s table, so there is nothing to import from it.', 'svc-licensing' ), implode( ', ', $missing ) ),
				__( 'The source tables are missing.', 'svc-licensing' )
			);
		}
		return array( $source, null === $product ? null : (int) $this->products->named( $product )['id'] );
	}

	/**
	 * The seller's words for a refusal.
	 *
	 * @param Refused $refused Refusal.
	 */
	public static function message( Refused $refused ): string {
		switch ( $refused->reason ) {
			case Refused::NO_EMAIL:
				return __( 'It has no customer email.', 'svc-licensing' );
			case Refused::BAD_EMAIL:
				/* translators: %s: the email as stored. */
				return sprintf( __( 'Its customer email "%s" is not an email address.', 'svc-licensing' ), $refused->detail );
			case Refused::KEY_UNUSABLE:
				return __( 'Its key is not one this service can take (8 to 64 letters, digits, dots, hyphens or underscores).', 'svc-licensing' );
			case Refused::KEY_TWICE:
				/* translators: %s: the other licence's id in the old system. */
				return sprintf( __( 'Its key is the same as licence %s\'s, which was imported.', 'svc-licensing' ), $refused->detail );
			case Refused::KEY_TAKEN:
				return __( 'Its key is the key of a licence here that was not imported from this source.', 'svc-licensing' );
			case Refused::UNKNOWN_PRODUCT:
				return '' === $refused->detail
					? __( 'It names no product; give the product for such licences with --product.', 'svc-licensing' )
					/* translators: %s: the product as the old system names it. */
					: sprintf( __( 'Its product "%s" is not a product here (and was not imported).', 'svc-licensing' ), $refused->detail );
			case Refused::UNKNOWN_STATUS:
				/* translators: %s: the status as stored. */
				return sprintf( __( 'Its status "%s" is not one this import knows.', 'svc-licensing' ), $refused->detail );
			case Refused::NO_SITE:
				/* translators: %s: the site as stored. */
				return sprintf( __( 'Its site "%s" is not a site address.', 'svc-licensing' ), $refused->detail );
			case Refused::NO_LICENSE:
				/* translators: %s: the licence's id in the old system. */
				return sprintf( __( 'Its licence %s was not imported.', 'svc-licensing' ), $refused->detail );
			case Refused::SLUG_TAKEN:
				/* translators: %s: slug. */
				return sprintf( __( 'A product here already has the slug "%s".', 'svc-licensing' ), $refused->detail );
			case Refused::NO_PACKAGE:
				return '' === $refused->detail
					? __( 'The download has no file, so no release was made; its licences are imported.', 'svc-licensing' )
					/* translators: %s: the file as the old system names it. */
					: sprintf( __( 'Its file %s is not on this server, so no release was made; its licences are imported.', 'svc-licensing' ), $refused->detail );
			case Refused::PACKAGE_OUTSIDE:
				/* translators: %s: the file as the old system names it. */
				return sprintf( __( 'Its file %s is outside this site\'s uploads folder, so no release was made; its licences are imported. Move the file into the uploads folder (EDD keeps its files in uploads/edd) and import again.', 'svc-licensing' ), $refused->detail );
			case Refused::BAD_VERSION:
				/* translators: %s: version as stored. */
				return sprintf( __( 'Its version "%s" is not a version number, so no release was made.', 'svc-licensing' ), $refused->detail );
			default:
				return $refused->detail;
		}
	}

	/**
	 * Products, their current release and their variable prices (EDD); SLM has none.
	 *
	 * @param SourceTables $source Source.
	 * @param MoveInRun    $run    This run.
	 * @throws Refused Never out of it: each refusal is caught and the row listed.
	 */
	private function move_products( SourceTables $source, MoveInRun $run ): void {
		$rows  = $source->products();
		$known = $this->map->find( $run->source, ImportMapRepository::PRODUCT, array_column( $rows, 'id' ) );
		foreach ( $rows as $row ) {
			$old = (string) $row['id'];
			try {
				$values = array(
					'slug' => (string) $row['slug'],
					'name' => (string) $row['name'],
				);
				$print  = Rows::fingerprint( $values );
				$mapped = $known[ $old ] ?? null;
				if ( null === $mapped ) {
					if ( null !== $this->product_rows->find_by_slug( $values['slug'] ) ) {
						throw new Refused( Refused::SLUG_TAKEN, $values['slug'] );
					}
					$id = (int) $this->products->create( $values, $run->actor )['id'];
					$this->map->add( $run->source, ImportMapRepository::PRODUCT, $old, $id, $print );
					$run->count( 'products', 'new' );
				} elseif ( $mapped['fingerprint'] !== $print ) {
					$id = $mapped['new_id'];
					$this->products->update( $id, array( 'name' => $values['name'] ), $run->actor );
					$this->map->refresh( $run->source, ImportMapRepository::PRODUCT, $old, $print );
					$run->count( 'products', 'changed' );
				} else {
					$id = $mapped['new_id'];
					$run->count( 'products', 'unchanged' );
				}
			} catch ( Refused $refused ) {
				$run->refuse( 'product', $old, $refused, self::message( $refused ) );
				continue;
			} catch ( ServiceError $error ) {
				$run->refuse( 'product', $old, new Refused( Refused::INVALID, $error->getMessage() ), $error->getMessage() );
				continue;
			}
			$run->products[ $old ] = array(
				'id'    => $id,
				'limit' => isset( $row['limit'] ) ? (int) $row['limit'] : null,
			);
			$this->move_release( $row, $id, $run );
			$this->move_prices( $row, $id, $run );
		}
		$run->progress( 'products', count( $rows ), count( $rows ) );
	}

	/**
	 * The download's current version as a published release with its package, unless the product has it.
	 *
	 * @param array<string, mixed> $row Product row.
	 * @param int                  $id  Product here.
	 * @param MoveInRun            $run This run.
	 * @throws Refused Never out of it: each refusal is caught and the row listed.
	 */
	private function move_release( array $row, int $id, MoveInRun $run ): void {
		try {
			$version = Rows::version( (string) $row['version'] );
			foreach ( $this->release_rows->of_product( $id ) as $release ) {
				if ( $release['version'] === $version ) {
					$run->count( 'releases', 'unchanged' );
					return;
				}
			}
			if ( ! empty( $row['package_outside'] ) ) {
				throw new Refused( Refused::PACKAGE_OUTSIDE, (string) $row['package_ref'] );
			}
			if ( null === $row['package'] ) {
				throw new Refused( Refused::NO_PACKAGE, (string) $row['package_ref'] );
			}
			$product = $this->product_rows->find( $id );
			$release = $this->releases->create(
				(array) $product,
				$version,
				array( 'changelog' => (string) $row['changelog'] ),
				array(
					'file'   => null,
					'url'    => null,
					'sha256' => null,
					'path'   => (string) $row['package'],
				),
				true,
				$run->actor
			);
			$stored  = (string) ( $this->release_rows->find( $release )['package_file'] ?? '' );
			if ( '' !== $stored ) {
				$run->copied[] = $stored;
			}
			$run->count( 'releases', 'new' );
		} catch ( Refused $refused ) {
			$run->refuse( 'release', (string) $row['id'], $refused, self::message( $refused ) );
		} catch ( ServiceError $error ) {
			$run->refuse( 'release', (string) $row['id'], new Refused( Refused::INVALID, $error->getMessage() ), $error->getMessage() );
		}
	}

	/**
	 * Each variable price as a tier (named after the download and the price) and a price with its activation
	 * limit.
	 *
	 * @param array<string, mixed> $row Product row.
	 * @param int                  $id  Product here.
	 * @param MoveInRun            $run This run.
	 */
	private function move_prices( array $row, int $id, MoveInRun $run ): void {
		$prices = (array) $row['prices'];
		$refs   = array();
		foreach ( $prices as $price ) {
			$refs[] = Rows::edd_price_ref( (int) $row['id'], (int) $price['index'] );
		}
		$known = $this->map->find( $run->source, ImportMapRepository::PRICE, $refs );
		$tiers = $this->map->find( $run->source, ImportMapRepository::TIER, $refs );
		$none  = static function (): void {};
		foreach ( $prices as $i => $price ) {
			$ref    = $refs[ $i ];
			$limit  = null === $price['limit'] ? null : Rows::limit( (int) $price['limit'] );
			$label  = sprintf( '%s: %s', (string) $row['name'], (string) $price['name'] );
			$print  = Rows::fingerprint(
				array(
					'label' => $label,
					'limit' => $limit,
				)
			);
			$mapped = $known[ $ref ] ?? null;
			if ( null === $mapped ) {
				$tier     = $this->catalog->create_tier( array( 'label' => $label ) );
				$created  = $this->catalog->create_price(
					array(
						'processor_price_id' => $run->source . ':' . $ref,
						'product_id'         => $id,
						'tier_id'            => (int) $tier['id'],
						'activation_limit'   => $limit ?? Rows::limit( (int) ( $row['limit'] ?? 0 ) ),
					),
					$none
				);
				$price_id = (int) $created['id'];
				$tier_id  = (int) $tier['id'];
				$this->map->add( $run->source, ImportMapRepository::PRICE, $ref, $price_id, $print );
				$this->map->add( $run->source, ImportMapRepository::TIER, $ref, $tier_id, $print );
				$run->count( 'prices', 'new' );
			} else {
				$price_id = $mapped['new_id'];
				$tier_id  = (int) ( $tiers[ $ref ]['new_id'] ?? 0 );
				if ( $mapped['fingerprint'] !== $print ) {
					$this->catalog->update_tier( $tier_id, array( 'label' => $label ) );
					$this->catalog->update_price( $price_id, array( 'activation_limit' => $limit ?? Rows::limit( (int) ( $row['limit'] ?? 0 ) ) ), $none );
					$this->map->refresh( $run->source, ImportMapRepository::PRICE, $ref, $print );
					$run->count( 'prices', 'changed' );
				} else {
					$run->count( 'prices', 'unchanged' );
				}
			}
			$run->prices[ $ref ] = array(
				'id'    => $price_id,
				'tier'  => $tier_id,
				'limit' => $limit,
			);
		}
	}

	/**
	 * Licences, batch by batch.
	 *
	 * @param SourceTables $source  Source.
	 * @param MoveInRun    $run     This run.
	 * @param bool         $dry_run Whether the run is dry.
	 */
	private function move_licenses( SourceTables $source, MoveInRun $run, bool $dry_run ): void {
		$total = $source->counts()['licences'];
		$done  = 0;
		$after = 0;
		while ( array() !== ( $rows = $source->licenses( $after, self::BATCH ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- one batch after another.
			$after  = (int) end( $rows )['id'];
			$drafts = array();
			foreach ( $rows as $row ) {
				try {
					$drafts[] = $this->drafted( $row, $run );
				} catch ( Refused $refused ) {
					$run->refuse( 'licence', (string) $row['id'], $refused, self::message( $refused ) );
				}
			}
			$this->batch(
				$dry_run,
				$run,
				function () use ( $drafts, $run ): void {
					$this->write_licenses( $drafts, $run );
				}
			);
			$done += count( $rows );
			$run->progress( 'licences', $done, max( $total, $done ) );
		}
	}

	/**
	 * A source row as a draft with its product, price, tier and limit here.
	 *
	 * @param array<string, mixed> $row Source row.
	 * @param MoveInRun            $run This run.
	 * @return array<string, mixed>
	 * @throws Refused When it cannot move in.
	 */
	private function drafted( array $row, MoveInRun $run ): array {
		if ( Source::EDD_SL === $run->source ) {
			$draft   = Rows::edd_license( $row );
			$product = $run->products[ $draft['product'] ] ?? null;
			if ( null === $product ) {
				throw new Refused( Refused::UNKNOWN_PRODUCT, $draft['product'] );
			}
			$price                               = null === $draft['price'] ? null : ( $run->prices[ $draft['price'] ] ?? null );
			$draft['fields']['activation_limit'] = Rows::edd_limit( $draft['limit'], null === $price ? null : $price['limit'], $product['limit'] );
			if ( null !== $price ) {
				$draft['fields']['price_id'] = $price['id'];
				$draft['fields']['tier_id']  = $price['tier'] > 0 ? $price['tier'] : null;
			}
			$draft['product_id'] = $product['id'];
			return $draft;
		}
		$draft                               = Rows::slm_license( $row );
		$draft['product_id']                 = $this->slm_product( $draft['product'], $run );
		$draft['fields']['activation_limit'] = (int) $draft['limit'];
		return $draft;
	}

	/**
	 * The product here an SLM licence names in product_ref (a slug or id of ours), or the run's product when it
	 * names none.
	 *
	 * @param string    $ref As stored.
	 * @param MoveInRun $run This run.
	 * @throws Refused When neither gives one.
	 */
	private function slm_product( string $ref, MoveInRun $run ): int {
		if ( '' === $ref ) {
			if ( null === $run->product ) {
				throw new Refused( Refused::UNKNOWN_PRODUCT, '' );
			}
			return $run->product;
		}
		if ( ! array_key_exists( $ref, $run->named ) ) {
			$found              = ctype_digit( $ref ) ? $this->product_rows->find( (int) $ref ) : $this->product_rows->find_by_slug( $ref );
			$run->named[ $ref ] = null === $found ? null : (int) $found['id'];
		}
		if ( null === $run->named[ $ref ] ) {
			throw new Refused( Refused::UNKNOWN_PRODUCT, $ref );
		}
		return $run->named[ $ref ];
	}

	/**
	 * Writes a batch's drafts: new ones created, changed ones updated, the rest left alone.
	 *
	 * @param list<array<string, mixed>> $drafts Drafts.
	 * @param MoveInRun                  $run    This run.
	 * @throws Refused Never out of it: each refusal is caught and the row listed.
	 */
	private function write_licenses( array $drafts, MoveInRun $run ): void {
		$secret = $this->secret->get();
		$hashes = array();
		foreach ( $drafts as $i => $draft ) {
			$hashes[ $i ] = $draft['key']->hash( $secret );
		}
		$holders = $this->license_repository->holders( $hashes );
		$known   = $this->map->find( $run->source, ImportMapRepository::LICENSE, array_column( $drafts, 'old_id' ) );
		$keys    = $this->map->find( $run->source, ImportMapRepository::KEY, array_column( $drafts, 'old_id' ) );
		$keyed   = array();
		$theirs  = $this->map->old_ids( $run->source, ImportMapRepository::LICENSE, array_values( $holders ) );
		$seen    = array();
		$arrived = array();
		$new     = array();
		foreach ( $drafts as $i => $draft ) {
			$old    = (string) $draft['old_id'];
			$hash   = $hashes[ $i ];
			$holder = $holders[ $hash ] ?? null;
			$mapped = $known[ $old ] ?? null;
			$fields = $draft['fields'];
			$print  = Rows::fingerprint( $fields + array( 'product_id' => $draft['product_id'] ) );
			$key    = Rows::fingerprint( array( 'key' => $hash ) );
			try {
				if ( isset( $seen[ $hash ] ) ) {
					throw new Refused( Refused::KEY_TWICE, $seen[ $hash ] );
				}
				if ( null === $mapped ) {
					if ( null !== $holder && isset( $theirs[ $holder ] ) ) {
						throw new Refused( Refused::KEY_TWICE, $theirs[ $holder ] );
					}
					if ( null !== $holder ) {
						throw new Refused( Refused::KEY_TAKEN );
					}
					// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
					do_action( Hooks::MOVE_IN_LICENSE, $run->source, $old, $run->written );
					$new[ $old ] = array(
						'product_id' => (int) $draft['product_id'],
						'fields'     => $fields,
						'key'        => $draft['key'],
						'print'      => $print,
						'key_print'  => $key,
					);
					++$run->written;
				} elseif ( null !== $holder && $holder !== $mapped['new_id'] ) {
					throw new Refused( Refused::KEY_TAKEN );
				} else {
					$this->carry_key( $draft, $mapped['new_id'], $holder, $keys[ $old ] ?? null, $key, $run, $keyed );
					if ( $mapped['fingerprint'] !== $print ) {
						// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
						do_action( Hooks::MOVE_IN_LICENSE, $run->source, $old, $run->written );
						$this->admin->update( $mapped['new_id'], $fields, $run->actor );
						$this->map->refresh( $run->source, ImportMapRepository::LICENSE, $old, $print );
						++$run->written;
						$run->count( 'licences', 'changed' );
					} else {
						$run->count( 'licences', 'unchanged' );
					}
				}
				$seen[ $hash ] = $old;
			} catch ( Refused $refused ) {
				$run->refuse( 'licence', $old, $refused, self::message( $refused ) );
			} catch ( ServiceError $error ) {
				$run->refuse( 'licence', $old, new Refused( Refused::INVALID, $error->getMessage() ), $error->getMessage() );
			}
		}
		foreach ( $this->admin->create_many( $new, $run->actor ) as $old => $id ) {
			$old = (string) $old;
			if ( $id instanceof ServiceError ) {
				--$run->written;
				$run->refuse( 'licence', $old, new Refused( Refused::INVALID, $id->getMessage() ), $id->getMessage() );
				continue;
			}
			$arrived[] = array(
				'old_id'      => $old,
				'new_id'      => $id,
				'fingerprint' => $new[ $old ]['print'],
			);
			$keyed[]   = array(
				'old_id'      => $old,
				'new_id'      => $id,
				'fingerprint' => $new[ $old ]['key_print'],
			);
			$run->count( 'licences', 'new' );
			$run->count( 'keys', 'new' );
		}
		$this->map->add_many( $run->source, ImportMapRepository::LICENSE, $arrived );
		$this->map->add_many( $run->source, ImportMapRepository::KEY, $keyed );
	}

	/**
	 * A mapped licence gets the key the old system gave it since the last run; a key changed here (a customer's
	 * rotation) is kept while the old system's key stays the one that moved in. A licence that moved in before the
	 * map kept keys has no key row: its key counts as changed when the licence here holds another.
	 *
	 * @param array<string, mixed>                                          $draft  Draft (its key).
	 * @param int                                                           $id     The licence here.
	 * @param int|null                                                      $holder The licence here that holds the draft's key, if any (this one or none).
	 * @param array{new_id: int, fingerprint: string}|null                  $known  The key's map row, if any.
	 * @param string                                                        $print  The draft key's fingerprint.
	 * @param MoveInRun                                                     $run    This run.
	 * @param list<array{old_id: string, new_id: int, fingerprint: string}> $keyed  Key map rows to add, added to.
	 */
	private function carry_key( array $draft, int $id, ?int $holder, ?array $known, string $print, MoveInRun $run, array &$keyed ): void {
		if ( null !== $known && $known['fingerprint'] === $print ) {
			$run->count( 'keys', 'unchanged' );
			return;
		}
		if ( $holder === $id ) {
			$run->count( 'keys', 'unchanged' );
		} else {
			$this->admin->rotate_key( $this->admin->find( $id ), $run->actor, $draft['key'] );
			$run->count( 'keys', 'changed' );
		}
		if ( null === $known ) {
			$keyed[] = array(
				'old_id'      => (string) $draft['old_id'],
				'new_id'      => $id,
				'fingerprint' => $print,
			);
		} else {
			$this->map->refresh( $run->source, ImportMapRepository::KEY, (string) $draft['old_id'], $print );
		}
	}

	/**
	 * A bundle's licences point at its licence here once both have moved in.
	 *
	 * @param SourceTables $source  Source.
	 * @param MoveInRun    $run     This run.
	 * @param bool         $dry_run Whether the run is dry.
	 */
	private function link_parents( SourceTables $source, MoveInRun $run, bool $dry_run ): void {
		$after = 0;
		while ( array() !== ( $rows = $source->children( $after, self::BATCH ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- one batch after another.
			$after = (int) end( $rows )['id'];
			$this->batch(
				$dry_run,
				$run,
				function () use ( $rows, $run ): void {
					$this->link_batch( $rows, $run );
				}
			);
		}
	}

	/**
	 * One batch of a bundle's licences linked to their parent.
	 *
	 * @param list<array<string, mixed>> $rows Source rows: id, parent.
	 * @param MoveInRun                  $run  This run.
	 */
	private function link_batch( array $rows, MoveInRun $run ): void {
		$children = $this->map->find( $run->source, ImportMapRepository::LICENSE, array_map( 'strval', array_column( $rows, 'id' ) ) );
		$parents  = $this->map->find( $run->source, ImportMapRepository::LICENSE, array_map( 'strval', array_column( $rows, 'parent' ) ) );
		$current  = $this->license_repository->parents( array_column( $children, 'new_id' ) );
		foreach ( $rows as $row ) {
			$child  = $children[ (string) $row['id'] ] ?? null;
			$parent = $parents[ (string) $row['parent'] ] ?? null;
			if ( null === $child || null === $parent ) {
				continue;
			}
			if ( ( $current[ $child['new_id'] ] ?? null ) !== $parent['new_id'] ) {
				$this->license_repository->update( $child['new_id'], array( 'parent_id' => $parent['new_id'] ) );
				$run->count( 'bundle links', 'new' );
			} else {
				$run->count( 'bundle links', 'unchanged' );
			}
		}
	}

	/**
	 * Activations in use, batch by batch; each licence's count of sites is recounted from them.
	 *
	 * @param SourceTables $source  Source.
	 * @param MoveInRun    $run     This run.
	 * @param bool         $dry_run Whether the run is dry.
	 */
	private function move_activations( SourceTables $source, MoveInRun $run, bool $dry_run ): void {
		$total = $source->counts()['activations'];
		$done  = 0;
		$after = 0;
		while ( array() !== ( $rows = $source->activations( $after, self::BATCH ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- one batch after another.
			$after = (int) end( $rows )['id'];
			$this->batch(
				$dry_run,
				$run,
				function () use ( $rows, $run ): void {
					$this->activation_batch( $rows, $run );
				}
			);
			$done += count( $rows );
			$run->progress( 'activations', $done, max( $total, $done ) );
		}
	}

	/**
	 * One batch of activations in use: the new ones carried over and mapped, their licences' sites recounted.
	 *
	 * @param list<array<string, mixed>> $rows Source rows: id, license_id, site, is_local.
	 * @param MoveInRun                  $run  This run.
	 * @throws Refused Never out of it: each refusal is caught and the row listed.
	 */
	private function activation_batch( array $rows, MoveInRun $run ): void {
		$licenses = $this->map->find( $run->source, ImportMapRepository::LICENSE, array_map( 'strval', array_column( $rows, 'license_id' ) ) );
		$known    = $this->map->find( $run->source, ImportMapRepository::ACTIVATION, array_map( 'strval', array_column( $rows, 'id' ) ) );
		$touched  = array();
		$sites    = array();
		foreach ( $rows as $row ) {
			$old = (string) $row['id'];
			if ( isset( $known[ $old ] ) ) {
				$run->count( 'activations', 'unchanged' );
				continue;
			}
			try {
				$license = $licenses[ (string) $row['license_id'] ] ?? null;
				if ( null === $license ) {
					throw new Refused( Refused::NO_LICENSE, (string) $row['license_id'] );
				}
				$sites[ $old ] = array(
					'license_id' => $license['new_id'],
					'site'       => Rows::site( (string) $row['site'] ),
					'staging'    => (bool) (int) $row['is_local'],
				);
			} catch ( Refused $refused ) {
				$run->refuse( 'activation', $old, $refused, self::message( $refused ) );
			}
		}
		$ids     = $this->activations->carry_over( array_values( $sites ) );
		$arrived = array();
		foreach ( array_keys( $sites ) as $i => $old ) {
			$arrived[] = array(
				'old_id'      => (string) $old,
				'new_id'      => $ids[ $i ],
				'fingerprint' => '',
			);
			$touched[] = $sites[ $old ]['license_id'];
			$run->count( 'activations', 'new' );
		}
		$this->map->add_many( $run->source, ImportMapRepository::ACTIVATION, $arrived );
		if ( array() !== $touched ) {
			$this->license_repository->recount_activations( $touched );
		}
	}

	/**
	 * Releases here every activation this source brought in that the source no longer has in use (a site the old
	 * plugin released since), unless it was released here already. The map's activation rows are walked in batches;
	 * an activation made here is not in the map and is never touched.
	 *
	 * @param SourceTables $source  Source.
	 * @param MoveInRun    $run     This run.
	 * @param bool         $dry_run Whether the run is dry.
	 */
	private function release_gone( SourceTables $source, MoveInRun $run, bool $dry_run ): void {
		$after = '';
		while ( array() !== ( $rows = $this->map->after( $run->source, ImportMapRepository::ACTIVATION, $after, self::BATCH ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- one batch after another.
			$after  = (string) end( $rows )['old_id'];
			$in_use = array_fill_keys( $source->in_use( array_column( $rows, 'old_id' ) ), true );
			$gone   = array();
			foreach ( $rows as $row ) {
				if ( ! isset( $in_use[ $row['old_id'] ] ) ) {
					$gone[] = $row['new_id'];
				}
			}
			if ( array() === $gone ) {
				continue;
			}
			$this->batch(
				$dry_run,
				$run,
				function () use ( $gone, $run ): void {
					foreach ( $this->activations->still_here( $gone ) as $activation ) {
						$context = array(
							'via'    => 'import',
							'source' => $run->source,
						);
						if ( $this->sites_here->release( $activation['license_id'], $activation['site_url'], $run->actor, $context ) ) {
							$run->count( 'activations', 'released' );
						}
					}
				}
			);
		}
	}
}
