<?php
/**
 * What a site owner does to a product's releases: add one with its package, edit it, publish it, delete it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\Changes;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\RolloutPlan;
use Svc\Licensing\Domain\Release\Version;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * A release's version and package never change once created, so its hash stays true; its notes, requirements
 * and rollout may. Publishing makes a release the product's current version; publishing an earlier release
 * is the rollback. Callers pass the fields they were given (names from the admin schema) and get ids back.
 * Each change records its event in the change's transaction (a package file is stored before and removed after).
 */
final class Releases {

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Products: the one writer of a product's current version.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Stored packages.
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
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param ReleaseRepository $releases    Releases.
	 * @param ProductRepository $products    Products (their current version).
	 * @param PackageDirectory  $packages    Stored packages.
	 * @param Transaction       $transaction Transactions.
	 * @param EventRepository   $events      The event log.
	 */
	public function __construct( ReleaseRepository $releases, ProductRepository $products, PackageDirectory $packages, Transaction $transaction, EventRepository $events ) {
		$this->releases    = $releases;
		$this->products    = $products;
		$this->packages    = $packages;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * Hooks: a deleted product takes its releases and files with it.
	 */
	public function add_hooks(): void {
		add_action( Hooks::PRODUCT_DELETED, array( $this, 'forget_product' ) );
	}

	/**
	 * Adds a release: its package is an upload moved into storage, or an external URL with its digest.
	 *
	 * @param array<string, mixed>                                                  $product Its product.
	 * @param string                                                                $version Version.
	 * @param array<string, mixed>                                                  $fields  Given editable fields.
	 * @param array{file: array<string, mixed>|null, url: ?string, sha256: ?string} $package The given package.
	 * @param bool                                                                  $publish Make it current at once.
	 * @param Actor                                                                 $actor   Who adds it.
	 * @return int The release.
	 * @throws ServiceError On a bad package, a taken version or unwritable storage.
	 */
	public function create( array $product, string $version, array $fields, array $package, bool $publish, Actor $actor ): int {
		if ( ! Version::is_valid( $version ) ) {
			throw ServiceError::invalid_param( 'version', __( 'version must be a semantic version such as 2.1.0.', 'svc-licensing' ), __( 'Not a semantic version.', 'svc-licensing' ) );
		}
		$columns = $this->columns( $fields, $product ) + array(
			'changelog'    => '',
			'requires_wp'  => (string) $product['requires_wp'],
			'requires_php' => (string) $product['requires_php'],
		);
		$stored  = $this->package( $package );
		$id      = $this->transaction->run(
			function () use ( $columns, $stored, $product, $version, $publish, $actor ): ?int {
				$id      = $this->releases->create_unique(
					array_merge(
						$columns,
						$stored,
						array(
							'product_id' => $product['id'],
							'version'    => $version,
						)
					)
				);
				$release = null === $id ? null : $this->releases->find( $id );
				if ( null !== $release ) {
					$this->events->record( EventType::RELEASE_CREATED, $release['id'], $actor, $release['product_id'], array( 'version' => $version ) );
					if ( $publish ) {
						$this->publish_recorded( $release, $actor );
					}
				}
				return $id;
			}
		);
		if ( null === $id ) {
			$this->packages->delete( (string) ( $stored['package_file'] ?? '' ) );
			throw new ServiceError(
				ErrorCode::RELEASE_EXISTS,
				/* translators: %s: version. */
				sprintf( __( 'This product already has a release %s. Versions cannot be reused; publish a new one.', 'svc-licensing' ), $version )
			);
		}
		self::changed( (int) $product['id'] );
		return $id;
	}

	/**
	 * Changes only the given notes, requirements and rollout; release.updated records those whose values moved.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param array<string, mixed> $fields  Given editable fields.
	 * @param Actor                $actor   Who changes it.
	 */
	public function update( array $release, array $fields, Actor $actor ): void {
		$columns = $this->columns( $fields, $this->products->find( (int) $release['product_id'] ) ?? array() );
		if ( array() === $columns ) {
			return;
		}
		// The event names the fields as the API does: `requires` is stored as requires_wp.
		$changes = Changes::between( $release, $columns );
		if ( array_key_exists( 'requires_wp', $changes ) ) {
			$changes['requires'] = $changes['requires_wp'];
			unset( $changes['requires_wp'] );
		}
		$this->transaction->run(
			function () use ( $release, $columns, $changes, $actor ): void {
				$this->releases->update( $release['id'], $columns );
				if ( array() === $changes ) {
					return;
				}
				$this->events->record(
					EventType::RELEASE_UPDATED,
					$release['id'],
					$actor,
					$release['product_id'],
					array(
						'version' => $release['version'],
						'changes' => $changes,
					)
				);
			}
		);
		self::changed( (int) $release['product_id'] );
	}

	/**
	 * Makes a release the current version; on an earlier release, a rollback. Publishing the current release again
	 * changes nothing and records nothing.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who publishes it.
	 */
	public function publish( array $release, Actor $actor ): void {
		$this->transaction->run(
			function () use ( $release, $actor ): void {
				$this->publish_recorded( $release, $actor );
			}
		);
		self::changed( (int) $release['product_id'] );
	}

	/**
	 * Publishes inside the caller's transaction and records release.published when the current version moved.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who publishes it.
	 */
	private function publish_recorded( array $release, Actor $actor ): void {
		if ( Channels::STABLE !== ( $release['channel'] ?? Channels::STABLE ) ) {
			$this->publish_on_channel( $release, $actor );
			return;
		}
		$previous = $this->products->current_version( (int) $release['product_id'] );
		$this->releases->mark_published( (int) $release['id'] );
		$this->products->set_current_version( (int) $release['product_id'], (string) $release['version'] );
		if ( $previous === $release['version'] ) {
			return;
		}
		$this->events->record(
			EventType::RELEASE_PUBLISHED,
			$release['id'],
			$actor,
			$release['product_id'],
			array(
				'version'          => $release['version'],
				'previous_version' => $previous,
				'rollback'         => null !== $previous && Version::is_valid( $previous ) && Version::parse( $release['version'] )->compare( Version::parse( $previous ) ) < 0,
			)
		);
	}

	/**
	 * Publishes a release of another channel than stable: it is offered to that channel's sites (and later ones)
	 * and never becomes the product's current version, which stays the stable one. release.published is recorded
	 * when it was a draft or withdrawn.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who publishes it.
	 */
	private function publish_on_channel( array $release, Actor $actor ): void {
		$this->releases->mark_published( (int) $release['id'] );
		if ( null !== $release['published_at'] && null === $release['withdrawn_at'] ) {
			return;
		}
		$this->events->record(
			EventType::RELEASE_PUBLISHED,
			$release['id'],
			$actor,
			$release['product_id'],
			array(
				'version'          => $release['version'],
				'previous_version' => null,
				'rollback'         => false,
				'channel'          => $release['channel'],
			)
		);
	}

	/**
	 * Takes a published release that is not the current one back to a draft: it is no longer a version to roll
	 * back to, until it is published again. A draft stays a draft.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who unpublishes it.
	 * @throws ServiceError 409 release_is_current.
	 */
	public function unpublish( array $release, Actor $actor ): void {
		if ( null === $release['published_at'] ) {
			return;
		}
		$done = $this->transaction->run(
			function () use ( $release, $actor ): bool {
				if ( ! $this->releases->unpublish_unless_current( (int) $release['id'] ) ) {
					return false;
				}
				$this->events->record(
					EventType::RELEASE_UPDATED,
					(int) $release['id'],
					$actor,
					(int) $release['product_id'],
					array(
						'version' => $release['version'],
						'changes' => array(
							'status' => array(
								'from' => 'published',
								'to'   => 'draft',
							),
						),
					)
				);
				return true;
			}
		);
		if ( ! $done ) {
			throw new ServiceError(
				ErrorCode::RELEASE_IS_CURRENT,
				__( 'This is the product\'s current release. Roll back to another release first, then unpublish this one.', 'svc-licensing' )
			);
		}
		self::changed( (int) $release['product_id'] );
	}

	/**
	 * The stored package of an uploaded release, to hand to an admin: its path and file name.
	 *
	 * @param array<string, mixed> $release Release.
	 * @return array{path: string, name: string}
	 * @throws ServiceError 404 not_found when the release links an external package or its file is gone.
	 */
	public function package_file( array $release ): array {
		$path = null === $release['package_url'] ? $this->packages->file( (string) $release['package_file'] ) : null;
		if ( null === $path ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This release has no stored package file.', 'svc-licensing' ) );
		}
		return array(
			'path' => $path,
			'name' => (string) $release['package_name'],
		);
	}

	/**
	 * Deletes a release that is not the current one, and its stored package.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who deletes it.
	 * @throws ServiceError 409 release_is_current.
	 */
	public function delete( array $release, Actor $actor ): void {
		$deleted = $this->transaction->run(
			function () use ( $release, $actor ): bool {
				if ( ! $this->releases->delete_unless_current( (int) $release['id'] ) ) {
					return false;
				}
				$this->events->record( EventType::RELEASE_DELETED, (int) $release['id'], $actor, (int) $release['product_id'], array( 'version' => $release['version'] ) );
				return true;
			}
		);
		if ( ! $deleted ) {
			throw new ServiceError(
				ErrorCode::RELEASE_IS_CURRENT,
				__( 'This is the product\'s current release. Publish another release first, then delete this one.', 'svc-licensing' )
			);
		}
		$this->packages->delete( (string) $release['package_file'] );
		self::changed( (int) $release['product_id'] );
	}

	/**
	 * Tells listeners (the latest-release cache) that a product's releases changed, once the change is committed.
	 *
	 * @param int $product_id Product.
	 */
	private static function changed( int $product_id ): void {
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
		do_action( Hooks::RELEASES_CHANGED, $product_id );
	}

	/**
	 * Removes the releases and package files of a deleted product.
	 *
	 * @param int $product_id Product.
	 */
	public function forget_product( $product_id ): void {
		$this->packages->delete( ...$this->releases->delete_of_product( (int) $product_id ) );
	}

	/**
	 * A rollout percentage: a whole number from 0 to 100, given as a number (REST) or as text (WP-CLI).
	 *
	 * @param mixed $value Given value.
	 * @throws ServiceError When it is not 0-100.
	 */
	private static function rollout( $value ): int {
		$text = is_int( $value ) ? (string) $value : ( is_string( $value ) ? trim( $value ) : '' );
		if ( ! ctype_digit( $text ) || (int) $text > 100 ) {
			throw ServiceError::invalid_param( 'rollout', __( 'rollout must be a whole number from 0 to 100.', 'svc-licensing' ), __( 'Not 0-100.', 'svc-licensing' ) );
		}
		return (int) $text;
	}

	/**
	 * A release channel: one the product lists.
	 *
	 * @param mixed    $value    Given value.
	 * @param Channels $channels The product's channels.
	 * @throws ServiceError When the product does not list it.
	 */
	private static function channel( $value, Channels $channels ): string {
		$name = is_string( $value ) ? trim( $value ) : '';
		if ( ! $channels->has( $name ) ) {
			throw ServiceError::invalid_param(
				'channel',
				/* translators: %s: the product's channels, comma-separated. */
				sprintf( __( 'This product has no such channel. Its channels are: %s.', 'svc-licensing' ), implode( ', ', $channels->names() ) ),
				__( 'Not one of the product\'s channels.', 'svc-licensing' )
			);
		}
		return $name;
	}

	/**
	 * A rollout schedule as stored (JSON), or null to drop it: a list of {percentage, at} (REST), or its JSON text
	 * (WP-CLI's --rollout-plan); the rules are Domain\Release\RolloutPlan's.
	 *
	 * @param mixed $value Given value.
	 * @throws ServiceError When it is not a valid plan.
	 */
	private static function rollout_plan( $value ): ?string {
		if ( null === $value || '' === $value || array() === $value ) {
			return null;
		}
		if ( is_string( $value ) ) {
			$value = json_decode( $value, true );
		}
		try {
			return RolloutPlan::from_steps( $value )->to_json();
		} catch ( InvalidArgumentException $e ) {
			throw ServiceError::invalid_param( 'rollout_plan', $e->getMessage(), $e->getMessage() );
		}
	}

	/**
	 * A changelog as it is stored: HTML the admin wrote, kept to what post content may hold (no script, no event
	 * attributes, no javascript: links). Every writer of the column uses it: the admin API, WP-CLI and a restore.
	 *
	 * @param string $html Changelog as given.
	 */
	public static function changelog( string $html ): string {
		return wp_kses_post( $html );
	}

	/**
	 * Column values of the given editable fields.
	 *
	 * @param array<string, mixed> $fields  Given editable fields.
	 * @param array<string, mixed> $product Its product (its channels).
	 * @return array<string, mixed>
	 */
	private function columns( array $fields, array $product ): array {
		if ( array_key_exists( 'rollout', $fields ) ) {
			$fields['rollout'] = self::rollout( $fields['rollout'] );
		}
		if ( array_key_exists( 'channel', $fields ) ) {
			$fields['channel'] = self::channel( $fields['channel'], Channels::from_storage( $product['channels'] ?? null ) );
		}
		if ( array_key_exists( 'rollout_plan', $fields ) ) {
			$fields['rollout_plan'] = self::rollout_plan( $fields['rollout_plan'] );
		}
		if ( isset( $fields['changelog'] ) ) {
			$fields['changelog'] = self::changelog( (string) $fields['changelog'] );
		}
		if ( array_key_exists( 'requires', $fields ) ) {
			$fields['requires_wp'] = $fields['requires'];
			unset( $fields['requires'] );
		}
		return $fields;
	}

	/**
	 * The package columns: an uploaded ZIP moved into storage, or an external URL with its digest.
	 *
	 * @param array{file: array<string, mixed>|null, url: ?string, sha256: ?string, path?: string} $package The given package; `path` (the command line): a local ZIP.
	 * @return array<string, mixed>
	 * @throws ServiceError When there is not exactly one package, or it is not a ZIP, or storage fails.
	 */
	private function package( array $package ): array {
		$file = $package['file'];
		$url  = $package['url'];
		if ( isset( $package['path'] ) && null === $file && null === $url ) {
			return $this->stored_copy( $package['path'] );
		}
		if ( ( null === $file ) === ( null === $url ) ) {
			throw ServiceError::invalid_param(
				'package',
				__( 'Give the package either as an uploaded ZIP file (multipart field "package") or as package_url, not both.', 'svc-licensing' ),
				__( 'Exactly one of an uploaded file or package_url.', 'svc-licensing' )
			);
		}
		if ( null !== $url ) {
			if ( null === $package['sha256'] ) {
				throw ServiceError::invalid_param(
					'package_sha256',
					__( 'package_sha256 is required with package_url, so sites can check what they download.', 'svc-licensing' ),
					__( 'Required with package_url.', 'svc-licensing' )
				);
			}
			return array(
				'package_url'    => $url,
				'package_sha256' => strtolower( (string) preg_replace( '/^sha256:/', '', $package['sha256'] ) ),
			);
		}
		return $this->stored_upload( (array) $file );
	}

	/**
	 * Checks an upload and moves it into package storage.
	 *
	 * @param array<string, mixed> $file One entry of $_FILES.
	 * @return array<string, mixed>
	 * @throws ServiceError When the upload failed, is not a ZIP, or cannot be stored.
	 */
	private function stored_upload( array $file ): array {
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		if ( UPLOAD_ERR_OK !== $error ) {
			$too_big = UPLOAD_ERR_INI_SIZE === $error || UPLOAD_ERR_FORM_SIZE === $error;
			throw ServiceError::invalid_param(
				'package',
				$too_big
					/* translators: %s: size such as 128 MB. */
					? sprintf( __( 'The package is larger than this server accepts (%s).', 'svc-licensing' ), size_format( wp_max_upload_size() ) )
					: __( 'The package upload did not complete. Try again.', 'svc-licensing' ),
				__( 'Upload failed.', 'svc-licensing' )
			);
		}
		self::assert_zip( (string) $file['tmp_name'] );
		return self::stored( $this->packages->store_upload( (string) $file['tmp_name'] ), (string) ( $file['name'] ?? 'package.zip' ) );
	}

	/**
	 * Checks a local ZIP and copies it into package storage.
	 *
	 * @param string $path Local file.
	 * @return array<string, mixed>
	 * @throws ServiceError When it cannot be read, is not a ZIP, or cannot be stored.
	 */
	private function stored_copy( string $path ): array {
		if ( ! is_file( $path ) || ! is_readable( $path ) ) {
			throw ServiceError::invalid_param( 'package', __( 'The package file cannot be read.', 'svc-licensing' ), __( 'Unreadable file.', 'svc-licensing' ) );
		}
		self::assert_zip( $path );
		return self::stored( $this->packages->store_copy( $path ), basename( $path ) );
	}

	/**
	 * Refuses a file that is not a ZIP archive.
	 *
	 * @param string $path File.
	 * @throws ServiceError When it is not.
	 */
	private static function assert_zip( string $path ): void {
		if ( ! PackageDirectory::is_zip( $path ) ) {
			throw ServiceError::invalid_param(
				'package',
				__( 'The package is not a ZIP archive.', 'svc-licensing' ),
				__( 'Not a ZIP archive.', 'svc-licensing' )
			);
		}
	}

	/**
	 * The package columns of a stored file.
	 *
	 * @param array{name: string, sha256: string, size: int}|null $stored The stored file, or null when storing failed.
	 * @param string                                              $name   The name it was given under.
	 * @return array<string, mixed>
	 * @throws ServiceError When storing failed.
	 */
	private static function stored( ?array $stored, string $name ): array {
		if ( null === $stored ) {
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The package could not be stored. Check the file_storage health check.', 'svc-licensing' ) );
		}
		return array(
			'package_file'   => $stored['name'],
			'package_name'   => sanitize_file_name( $name ),
			'package_sha256' => $stored['sha256'],
			'package_size'   => $stored['size'],
		);
	}
}
