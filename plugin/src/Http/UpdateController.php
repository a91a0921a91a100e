<?php
/**
 * GET /updates/check: what licensed sites poll for new versions; POST /updates/check: the same for several
 * products of one site in one request.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Updates;
use Svc\Licensing\Domain\ServiceError;
use stdClass;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Offers the product's current release when it is newer than the site's version and the licence is usable;
 * the rollout bucket decides whether the answer carries a download link.
 */
final class UpdateController implements Controller {

	/**
	 * The update check.
	 *
	 * @var Updates
	 */
	private $updates;

	/**
	 * Reads the call from a request.
	 *
	 * @var ClientCalls
	 */
	private $calls;

	/**
	 * Constructor.
	 *
	 * @param Updates     $updates The update check.
	 * @param ClientCalls $calls   Reads the call from a request.
	 */
	public function __construct( Updates $updates, ClientCalls $calls ) {
		$this->updates = $updates;
		$this->calls   = $calls;
	}

	/**
	 * The route (GET for one product, POST for a batch), declared once for WordPress and the fast lane.
	 *
	 * @return array<non-falsy-string, array<mixed>>
	 */
	public function routes(): array {
		$one  = array_merge(
			LicenseController::args( false ),
			array(
				'current_version' => array(
					'description' => 'Version the site runs now.',
					'type'        => 'string',
					'required'    => true,
					'minLength'   => 1,
					'maxLength'   => 64,
				),
			),
			self::reported_versions()
		);
		$item = $one;
		unset( $item['site_url'], $item['network_url'], $item['wp_version'], $item['php_version'] );
		return array(
			'/updates/check' => array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'check' ) ),
					'permission_callback' => '__return_true',
					'args'                => $one,
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'check_batch' ) ),
					'permission_callback' => '__return_true',
					'args'                => array(
						'site_url'    => $one['site_url'],
						'network_url' => $one['network_url'],
						'wp_version'  => $one['wp_version'],
						'php_version' => $one['php_version'],
						'items'       => array(
							'description' => 'The products to check, each with its licence key and the version the site runs.',
							'type'        => 'array',
							'required'    => true,
							'minItems'    => 1,
							'maxItems'    => Updates::BATCH_LIMIT,
							'items'       => array(
								'type'       => 'object',
								'properties' => $item,
							),
						),
					),
				),
			),
		);
	}

	/**
	 * The optional fields a site reports about itself (an addition to the spec, docs/explain.md): recorded with the
	 * check's decision and compared with the release's requires / requires_php. Never used to refuse.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function reported_versions(): array {
		$version = array(
			'type'      => 'string',
			'minLength' => 1,
			'maxLength' => 40,
			'pattern'   => '^[0-9]+(\\.[0-9]+){0,3}(-[0-9A-Za-z.-]+)?$',
		);
		return array(
			'wp_version'  => array( 'description' => 'WordPress version the site runs, e.g. 6.5.2.' ) + $version,
			'php_version' => array( 'description' => 'PHP version the site runs, e.g. 8.2.12.' ) + $version,
		);
	}

	/**
	 * A reported version field, or null when absent.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $name    wp_version or php_version.
	 */
	private static function reported( WP_REST_Request $request, string $name ): ?string {
		$value = $request->get_param( $name );
		return is_string( $value ) && '' !== $value ? $value : null;
	}

	/**
	 * How many update checks a request counts for in the rate limit: a batch counts its items (at most the
	 * batch limit; anything that is not a list of items counts as one), so batching never raises the limit.
	 *
	 * @param \WP_REST_Request $request Request.
	 */
	public static function cost( WP_REST_Request $request ): int {
		$items = 'POST' === $request->get_method() ? $request->get_param( 'items' ) : null;
		return is_array( $items ) ? max( 1, min( count( $items ), Updates::BATCH_LIMIT ) ) : 1;
	}

	/**
	 * GET /updates/check: the offer, or an empty object when the site runs the newest version.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function check( WP_REST_Request $request ): WP_REST_Response {
		$lease = null;
		$offer = $this->updates->check( $this->calls->of( $request ), (string) $request->get_param( 'current_version' ), UpdateClock::now(), self::reported( $request, 'wp_version' ), self::reported( $request, 'php_version' ), $lease );
		// The "current" answer stays {} as the spec says; its lease travels in the header only.
		return LeaseHeader::on( new WP_REST_Response( null === $offer ? new stdClass() : $offer + array( 'lease' => $lease ) ), $lease );
	}

	/**
	 * POST /updates/check: per item, in the order sent, the product slug, the status the single check would
	 * answer and its body (the offer, an empty object, or the error envelope).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function check_batch( WP_REST_Request $request ): WP_REST_Response {
		$items   = $this->calls->items_of( $request );
		$leases  = array();
		$answers = $this->updates->check_each( $items, UpdateClock::now(), self::reported( $request, 'wp_version' ), self::reported( $request, 'php_version' ), $leases );
		$results = array();
		foreach ( $answers as $index => $answer ) {
			if ( $answer instanceof ServiceError ) {
				$body   = ErrorEnvelope::of( ErrorResponder::from_service_error( $answer ) );
				$status = $body['data']['status'];
			} else {
				$body   = null === $answer ? new stdClass() : $answer + array( 'lease' => $leases[ $index ] ?? null );
				$status = 200;
			}
			$results[] = array(
				'product_slug' => $items[ $index ][0]->product_slug,
				'status'       => $status,
				'body'         => $body,
			) + ( 200 === $status ? array( 'lease' => $leases[ $index ] ?? null ) : array() );
		}
		return new WP_REST_Response( array( 'items' => $results ) );
	}
}
