<?php
/**
 * Admin: a product's releases, their packages, rollout, publishing and rollback.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Release\Version;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\ReleaseRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * A release's version and package never change once created, so its hash stays true; its notes, requirements
 * and rollout may. Publishing makes a release the product's current version; publishing an earlier release
 * is the rollback.
 */
final class ReleaseController implements Controller {
	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Stored packages.
	 *
	 * @var PackageDirectory
	 */
	private $packages;

	/**
	 * Products within the caller's scope.
	 *
	 * @var ScopedProduct
	 */
	private $products;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param ReleaseRepository $releases Releases.
	 * @param PackageDirectory  $packages Stored packages.
	 * @param ScopedProduct     $products Products within the caller's scope.
	 * @param AdminGuard        $guard    Authentication, levels and scope.
	 */
	public function __construct( ReleaseRepository $releases, PackageDirectory $packages, ScopedProduct $products, AdminGuard $guard ) {
		$this->releases = $releases;
		$this->packages = $packages;
		$this->products = $products;
		$this->guard    = $guard;
	}

	/**
	 * Hooks: routes come through RestApi; a deleted product takes its releases and files with it.
	 */
	public function add_hooks(): void {
		add_action( Hooks::PRODUCT_DELETED, array( $this, 'forget_product' ) );
	}

	/**
	 * Fields a release update may change (all of them also on create).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function editable_fields(): array {
		$requirement = array(
			'type'      => 'string',
			'maxLength' => 20,
			'pattern'   => '^(\d+(\.\d+){0,2})?$',
		);
		return array(
			'changelog'    => array(
				'description' => 'Release notes, HTML; sanitised like post content.',
				'type'        => 'string',
				'maxLength'   => 200000,
			),
			'tested'       => array( 'description' => 'Highest WordPress version tested.' ) + $requirement,
			'requires'     => array( 'description' => 'Lowest WordPress version required; defaults to the product\'s.' ) + $requirement,
			'requires_php' => array( 'description' => 'Lowest PHP version required; defaults to the product\'s.' ) + $requirement,
			'rollout'      => array(
				'description' => 'Percentage of licences offered this release, 0–100.',
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 100,
			),
		);
	}

	/**
	 * Fields of the create request, besides the multipart file "package".
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function create_fields(): array {
		return array(
			'version'        => array(
				'description' => 'Semantic version, e.g. 2.1.0 or 3.0.0-beta.1.',
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 64,
				'pattern'     => Version::PATTERN,
			),
			'package_url'    => array(
				'description' => 'External package location (https), instead of an uploaded file.',
				'type'        => 'string',
				'maxLength'   => 2048,
				'pattern'     => '^https?://[^\s]+$',
			),
			'package_sha256' => array(
				'description' => 'SHA-256 of the external package, hex; required with package_url.',
				'type'        => 'string',
				'pattern'     => '^(sha256:)?[A-Fa-f0-9]{64}$',
			),
			'publish'        => array(
				'description' => 'Make it the current version at once (default) or keep it as a draft.',
				'type'        => 'boolean',
				'default'     => true,
			),
		) + self::editable_fields();
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$id = Api::ID_ARG;
		return array(
			'/admin/products/(?P<id>\d+)/releases' => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_releases' ), Permission::READ, $id ),
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'create' ), Permission::WRITE, $id + self::create_fields() ),
			),
			'/admin/releases/(?P<id>\d+)'          => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ, $id ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::WRITE, $id + self::editable_fields() ),
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'delete' ), Permission::ADMIN, $id ),
			),
			'/admin/releases/(?P<id>\d+)/publish'  => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'publish' ), Permission::WRITE, $id ) ),
		);
	}

	/**
	 * GET /admin/products/{id}/releases: every release, highest version first.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_releases( WP_REST_Request $request ): WP_REST_Response {
		$product = $this->products->get( $request, (int) $request['id'] );
		return new WP_REST_Response(
			array_map(
				static function ( array $release ) use ( $product ): array {
					return self::present( $release, $product );
				},
				$this->releases->of_product( $product['id'] )
			)
		);
	}

	/**
	 * POST /admin/products/{id}/releases: multipart with a "package" ZIP, or package_url + package_sha256.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a bad package, a taken version or unwritable storage.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$product = $this->products->get( $request, (int) $request['id'] );
		$fields  = $this->columns( $request ) + array(
			'changelog'    => '',
			'requires_wp'  => (string) $product['requires_wp'],
			'requires_php' => (string) $product['requires_php'],
		);
		$package = $this->package( $request );
		$id      = $this->releases->create_unique(
			array_merge(
				$fields,
				$package,
				array(
					'product_id' => $product['id'],
					'version'    => (string) $request['version'],
				)
			)
		);
		if ( null === $id ) {
			$this->packages->delete( (string) ( $package['package_file'] ?? '' ) );
			throw new ServiceError(
				ErrorCode::RELEASE_EXISTS,
				/* translators: %s: version. */
				sprintf( __( 'This product already has a release %s. Versions cannot be reused; publish a new one.', 'svc-licensing' ), (string) $request['version'] )
			);
		}
		$release = $this->releases->find( $id );
		if ( $request['publish'] ) {
			$this->releases->publish( $release );
		}
		return new WP_REST_Response( $this->present_fresh( $request, $id ), 201 );
	}

	/**
	 * GET /admin/releases/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->present_fresh( $request, (int) $request['id'] ) );
	}

	/**
	 * PUT /admin/releases/{id}: notes, requirements and rollout.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$fields  = $this->columns( $request );
		if ( array() !== $fields ) {
			$this->releases->update( $release['id'], $fields );
		}
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * POST /admin/releases/{id}/publish: makes it the current version; on an earlier release, a rollback.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function publish( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$this->releases->publish( $release );
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * DELETE /admin/releases/{id}: refused for the current release; removes the stored package.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 409 release_is_current.
	 */
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$release  = $this->existing( $request );
		$previous = $this->present_fresh( $request, $release['id'] );
		if ( ! $this->releases->delete_unless_current( $release['id'] ) ) {
			throw new ServiceError(
				ErrorCode::RELEASE_IS_CURRENT,
				__( 'This is the product\'s current release. Publish another release first, then delete this one.', 'svc-licensing' )
			);
		}
		$this->packages->delete( (string) $release['package_file'] );
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			)
		);
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
	 * The release of the route's id, within the caller's scope.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int|null        $id      Release; the route's id when null.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 not_found or 403 product_out_of_scope.
	 */
	private function existing( WP_REST_Request $request, ?int $id = null ): array {
		$release = $this->releases->find( $id ?? (int) $request['id'] );
		if ( null === $release ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No release has this id.', 'svc-licensing' ) );
		}
		$this->guard->assert_scope( $request, $release['product_id'] );
		return $release;
	}

	/**
	 * A release read afresh, as the API shows it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int             $id      Release.
	 * @return array<string, mixed>
	 */
	private function present_fresh( WP_REST_Request $request, int $id ): array {
		$release = $this->existing( $request, $id );
		return self::present( $release, $this->products->get( $request, $release['product_id'] ) );
	}

	/**
	 * Column values of the editable fields the request gave.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 */
	private function columns( WP_REST_Request $request ): array {
		$fields = RequestFields::given( $request, self::editable_fields() );
		if ( isset( $fields['changelog'] ) ) {
			$fields['changelog'] = wp_kses_post( (string) $fields['changelog'] );
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
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError When there is not exactly one package, or it is not a ZIP, or storage fails.
	 */
	private function package( WP_REST_Request $request ): array {
		$files = $request->get_file_params();
		$file  = $files['package'] ?? null;
		$url   = $request['package_url'];
		if ( ( null === $file ) === ( null === $url ) ) {
			throw ServiceError::invalid_param(
				'package',
				__( 'Give the package either as an uploaded ZIP file (multipart field "package") or as package_url, not both.', 'svc-licensing' ),
				__( 'Exactly one of an uploaded file or package_url.', 'svc-licensing' )
			);
		}
		if ( null !== $url ) {
			if ( null === $request['package_sha256'] ) {
				throw ServiceError::invalid_param(
					'package_sha256',
					__( 'package_sha256 is required with package_url, so sites can check what they download.', 'svc-licensing' ),
					__( 'Required with package_url.', 'svc-licensing' )
				);
			}
			return array(
				'package_url'    => (string) $url,
				'package_sha256' => strtolower( (string) preg_replace( '/^sha256:/', '', (string) $request['package_sha256'] ) ),
			);
		}
		return $this->stored_upload( $file );
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
		if ( ! PackageDirectory::is_zip( (string) $file['tmp_name'] ) ) {
			throw ServiceError::invalid_param(
				'package',
				__( 'The package is not a ZIP archive.', 'svc-licensing' ),
				__( 'Not a ZIP archive.', 'svc-licensing' )
			);
		}
		$stored = $this->packages->store_upload( (string) $file['tmp_name'] );
		if ( null === $stored ) {
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The package could not be stored. Check the file_storage health check.', 'svc-licensing' ) );
		}
		return array(
			'package_file'   => $stored['name'],
			'package_name'   => sanitize_file_name( (string) ( $file['name'] ?? 'package.zip' ) ),
			'package_sha256' => $stored['sha256'],
			'package_size'   => $stored['size'],
		);
	}

	/**
	 * A release as the API shows it.
	 *
	 * @param array<string, mixed> $row     Release.
	 * @param array<string, mixed> $product Its product.
	 * @return array<string, mixed>
	 */
	public static function present( array $row, array $product ): array {
		return array(
			'id'           => $row['id'],
			'product_id'   => $row['product_id'],
			'version'      => (string) $row['version'],
			'changelog'    => (string) $row['changelog'],
			'tested'       => (string) $row['tested'],
			'requires'     => (string) $row['requires_wp'],
			'requires_php' => (string) $row['requires_php'],
			'rollout'      => $row['rollout'],
			'package'      => array(
				'type'     => null === $row['package_url'] ? 'upload' : 'url',
				'url'      => $row['package_url'],
				'filename' => null === $row['package_url'] ? (string) $row['package_name'] : null,
				'size'     => $row['package_size'],
				'hash'     => 'sha256:' . $row['package_sha256'],
			),
			'downloads'    => $row['downloads'],
			'status'       => null === $row['published_at'] ? 'draft' : 'published',
			'is_current'   => null !== $row['published_at'] && (string) $product['current_version'] === (string) $row['version'],
			'published_at' => IsoTime::from_storage( $row['published_at'] ),
			'created_at'   => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
