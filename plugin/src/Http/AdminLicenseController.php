<?php
/**
 * Admin: /admin/licenses and everything below it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\License\LicenseView;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\Licences;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\CatalogRepository;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\ProductRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Licences for site owners: list (filters, search, pagination envelope), create (full key once), get, update,
 * cancel or delete, rotate the key, and the activations.
 */
final class AdminLicenseController implements Controller {

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Activations.
	 *
	 * @var ActivationRepository
	 */
	private $activations;

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
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Licence use cases.
	 *
	 * @var Licences
	 */
	private $licences;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $sites;

	/**
	 * Constructor.
	 *
	 * @param LicenseRepository    $licenses    Licences.
	 * @param ActivationRepository $activations Activations.
	 * @param Licences             $licences    Licence use cases (cancel, delete).
	 * @param Activations          $sites       Activation use cases (an admin frees a slot).
	 * @param ProductRepository    $products    Products.
	 * @param CatalogRepository    $catalog     Tiers and prices.
	 * @param KeySecret            $secret      Key hashing secret.
	 * @param AdminGuard           $guard       Authentication, levels and scope.
	 */
	public function __construct( LicenseRepository $licenses, ActivationRepository $activations, Licences $licences, Activations $sites, ProductRepository $products, CatalogRepository $catalog, KeySecret $secret, AdminGuard $guard ) {
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->licences    = $licences;
		$this->sites       = $sites;
		$this->products    = $products;
		$this->catalog     = $catalog;
		$this->secret      = $secret;
		$this->guard       = $guard;
	}

	/**
	 * Writable licence fields as JSON schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function fields(): array {
		return array(
			'customer_name'    => array(
				'type'      => 'string',
				'maxLength' => 200,
			),
			'customer_email'   => array(
				'type'      => 'string',
				'maxLength' => 254,
			),
			'status'           => array(
				'type' => 'string',
				'enum' => LicenseStatus::ALL,
			),
			'activation_limit' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 1000000,
			),
			'expires'          => array(
				'type'   => array( 'string', 'null' ),
				'format' => 'date-time',
			),
			'tier_id'          => array(
				'type'    => array( 'integer', 'null' ),
				'minimum' => 1,
			),
			'price_id'         => array(
				'type'    => array( 'integer', 'null' ),
				'minimum' => 1,
			),
		);
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<string, array<mixed>> Route => list of endpoints.
	 */
	public function routes(): array {
		$id    = Api::ID_ARG;
		$base  = '/admin/licenses';
		$force = array(
			'force' => array(
				'type'    => 'boolean',
				'default' => false,
			),
		);
		return array(
			$base                              => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_licenses' ), Permission::READ, array_merge( Pagination::args(), self::filters() ) ),
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'create' ), Permission::WRITE, self::create_args() ),
			),
			$base . '/(?P<id>\d+)'             => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ, $id ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::WRITE, array_merge( self::fields(), $id ) ),
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'delete' ), Permission::ADMIN, array_merge( $id, $force ) ),
			),
			$base . '/(?P<id>\d+)/rotate-key'  => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'rotate' ), Permission::WRITE, $id ) ),
			$base . '/(?P<id>\d+)/activations' => array( $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_activations' ), Permission::READ, $id ) ),
			$base . '/(?P<id>\d+)/activations/(?P<activation_id>\d+)' => array( $this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'deactivate' ), Permission::WRITE, $id ) ),
		);
	}

	/**
	 * List filters.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function filters(): array {
		return array(
			'status'     => array(
				'type' => 'string',
				'enum' => LicenseStatus::ALL,
			),
			'product_id' => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
			'search'     => array(
				'type'      => 'string',
				'maxLength' => 200,
			),
			'orderby'    => array(
				'type'    => 'string',
				'enum'    => array_keys( LicenseRepository::SORTABLE ),
				'default' => 'created_at',
			),
			'order'      => array(
				'type'    => 'string',
				'enum'    => array( 'asc', 'desc' ),
				'default' => 'desc',
			),
		);
	}

	/**
	 * Create args: the fields, with product_id and customer_email required.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function create_args(): array {
		$args                               = self::fields();
		$args['customer_email']['required'] = true;
		$args['product_id']                 = array(
			'type'     => 'integer',
			'minimum'  => 1,
			'required' => true,
		);
		return $args;
	}

	/**
	 * GET /admin/licenses: the pagination envelope.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_licenses( WP_REST_Request $request ): WP_REST_Response {
		list( $page, $per_page ) = Pagination::from_request( $request );
		$filters                 = array();
		foreach ( array( 'status', 'search' ) as $name ) {
			if ( null !== $request->get_param( $name ) ) {
				$filters[ $name ] = (string) $request->get_param( $name );
			}
		}
		if ( null !== $request->get_param( 'product_id' ) ) {
			$filters['product_id'] = (int) $request->get_param( 'product_id' );
			$this->guard->assert_scope( $request, $filters['product_id'] );
		}
		$scope = $this->guard->scope( $request );
		if ( null !== $scope ) {
			$filters['product_id'] = $scope;
		}
		$key_hash             = isset( $filters['search'] ) && LicenseKey::is_well_formed( $filters['search'] )
			? LicenseKey::parse( $filters['search'] )->hash( $this->secret->get() )
			: null;
		$sort                 = array( (string) $request['orderby'], (string) $request['order'] );
		list( $rows, $total ) = $this->licenses->page( $filters, $page, $per_page, $key_hash, $sort );
		return new WP_REST_Response(
			array(
				'data'        => array_map( array( LicenseView::class, 'present' ), $rows ),
				'total'       => $total,
				'page'        => $page,
				'per_page'    => $per_page,
				'total_pages' => (int) ceil( $total / $per_page ),
			)
		);
	}

	/**
	 * POST /admin/licenses: 201 with the full key, the only time it is shown.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a product out of scope or references that do not exist.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$product_id = (int) $request->get_param( 'product_id' );
		$this->guard->assert_scope( $request, $product_id );
		if ( null === $this->products->find( $product_id ) ) {
			throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
		}
		$fields = $this->given_fields( $request );
		if ( ! isset( $fields['activation_limit'] ) ) {
			$price                      = isset( $fields['price_id'] ) ? $this->catalog->price( (int) $fields['price_id'] ) : null;
			$fields['activation_limit'] = null === $price ? 1 : (int) $price['activation_limit'];
		}
		$key = LicenseKey::generate();
		$id  = $this->licenses->create(
			array_merge(
				array( 'status' => LicenseStatus::ACTIVE ),
				$fields,
				array(
					'product_id' => $product_id,
					'key_hash'   => $key->hash( $this->secret->get() ),
					'key_first'  => $key->first_group(),
					'key_last'   => $key->last_group(),
				)
			)
		);
		return new WP_REST_Response( array_merge( array( 'license_key' => $key->reveal() ), LicenseView::present( $this->licenses->find( $id ) ) ), 201 );
	}

	/**
	 * GET /admin/licenses/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( LicenseView::present( $this->existing( $request ) ) );
	}

	/**
	 * PUT /admin/licenses/{id}: only the given fields change; the whole licence comes back (key masked).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		$fields  = $this->given_fields( $request );
		if ( ! empty( $fields ) ) {
			$this->licenses->update( $license['id'], $fields );
		}
		return new WP_REST_Response( LicenseView::present( $this->licenses->find( $license['id'] ) ) );
	}

	/**
	 * DELETE /admin/licenses/{id}: cancels (record kept, activations removed); ?force=true deletes for good.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		if ( $request->get_param( 'force' ) ) {
			$this->licences->delete( $license['id'] );
			return new WP_REST_Response(
				array(
					'deleted'  => true,
					'previous' => LicenseView::present( $license ),
				)
			);
		}
		$this->licences->cancel( $license['id'] );
		return new WP_REST_Response( LicenseView::present( $this->licenses->find( $license['id'] ) ) );
	}

	/**
	 * POST /admin/licenses/{id}/rotate-key: a new key; the old one stops working at once.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function rotate( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		$key     = LicenseKey::generate();
		$this->licenses->update(
			$license['id'],
			array(
				'key_hash'  => $key->hash( $this->secret->get() ),
				'key_first' => $key->first_group(),
				'key_last'  => $key->last_group(),
			)
		);
		return new WP_REST_Response(
			array(
				'id'                  => $license['id'],
				'new_license_key'     => $key->reveal(),
				'previous_key_prefix' => (string) $license['key_first'],
				'rotated_at'          => IsoTime::format( time() ),
			)
		);
	}

	/**
	 * GET /admin/licenses/{id}/activations.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_activations( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		return new WP_REST_Response( array_map( array( self::class, 'present_activation' ), $this->activations->for_license( $license['id'] ) ) );
	}

	/**
	 * DELETE /admin/licenses/{id}/activations/{activation_id}: an admin frees a site's slot.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When the activation is not this licence's.
	 */
	public function deactivate( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		foreach ( $this->activations->for_license( $license['id'] ) as $activation ) {
			if ( (int) $activation['id'] === (int) $request['activation_id'] ) {
				$this->sites->release( $license['id'], (string) $activation['site_url'] );
				return new WP_REST_Response(
					array(
						'deactivated' => true,
						'previous'    => self::present_activation( $activation ),
					)
				);
			}
		}
		throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This licence has no activation with this id.', 'svc-licensing' ) );
	}

	/**
	 * An activation as the API shows it.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	public static function present_activation( array $row ): array {
		return array(
			'id'                 => (int) $row['id'],
			'site_url'           => (string) $row['site_url'],
			'server_fingerprint' => null === $row['server_fingerprint'] ? null : (string) $row['server_fingerprint'],
			'activated_at'       => IsoTime::from_storage( $row['activated_at'] ),
			'last_checked'       => IsoTime::from_storage( $row['last_checked'] ),
		);
	}

	/**
	 * The licence of the route's id, within the caller's scope.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 or 403 product_out_of_scope.
	 */
	private function existing( WP_REST_Request $request ): array {
		$license = $this->licenses->find( (int) $request['id'] );
		if ( null === $license ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No licence has this id.', 'svc-licensing' ) );
		}
		$this->guard->assert_scope( $request, $license['product_id'] );
		return $license;
	}

	/**
	 * The schema fields present in the request, checked and converted to column values.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError On a bad email or a tier or price that does not exist.
	 */
	private function given_fields( WP_REST_Request $request ): array {
		$fields = RequestFields::given( $request, self::fields() );
		if ( array_key_exists( 'customer_email', $fields ) ) {
			$email = Email::normalise( (string) $fields['customer_email'] );
			if ( null === $email ) {
				throw ServiceError::invalid_param( 'customer_email', __( 'customer_email is not a valid email address.', 'svc-licensing' ), __( 'Not a valid email address.', 'svc-licensing' ) );
			}
			$fields['customer_email'] = $email;
		}
		if ( array_key_exists( 'expires', $fields ) && null !== $fields['expires'] ) {
			$fields['expires'] = IsoTime::to_storage( (int) strtotime( (string) $fields['expires'] ) );
		}
		if ( isset( $fields['tier_id'] ) && ! $this->catalog->tier_exists( (int) $fields['tier_id'] ) ) {
			throw ServiceError::invalid_param( 'tier_id', __( 'No tier has this id.', 'svc-licensing' ), __( 'Unknown tier.', 'svc-licensing' ) );
		}
		if ( isset( $fields['price_id'] ) && null === $this->catalog->price( (int) $fields['price_id'] ) ) {
			throw ServiceError::invalid_param( 'price_id', __( 'No price has this id.', 'svc-licensing' ), __( 'Unknown price.', 'svc-licensing' ) );
		}
		return $fields;
	}
}
