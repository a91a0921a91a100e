<?php
/**
 * POST /licenses/validate, /licenses/activate, /licenses/deactivate and /licenses/move: what client sites call.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Core\SiteMoves;
use Svc\Licensing\Core\UpdateChoices;
use Svc\Licensing\Domain\License\SiteChange;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The licence key is the caller's credential here; the routes are otherwise public.
 */
final class LicenseController implements Controller {

	/**
	 * Licence use cases.
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $activations;

	/**
	 * Reads the call from a request.
	 *
	 * @var ClientCalls
	 */
	private $calls;

	/**
	 * A site's channel choice.
	 *
	 * @var UpdateChoices
	 */
	private $choices;

	/**
	 * A site's move to a new address.
	 *
	 * @var SiteMoves
	 */
	private $moves;

	/**
	 * Constructor.
	 *
	 * @param Licenses      $licenses    Licence use cases.
	 * @param Activations   $activations Activation use cases.
	 * @param ClientCalls   $calls       Reads the call from a request.
	 * @param UpdateChoices $choices     A site's channel choice.
	 * @param SiteMoves     $moves       A site's move to a new address.
	 */
	public function __construct( Licenses $licenses, Activations $activations, ClientCalls $calls, UpdateChoices $choices, SiteMoves $moves ) {
		$this->moves       = $moves;
		$this->choices     = $choices;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->calls       = $calls;
	}

	/**
	 * The request schema; WordPress validates type, length and pattern from it before the callback runs.
	 *
	 * @param bool $with_fingerprint Whether the route takes server_fingerprint.
	 * @return array<string, array<string, mixed>>
	 */
	public static function args( bool $with_fingerprint ): array {
		$args = array(
			'license_key'  => array(
				'description' => 'Licence key, XXXX-XXXX-XXXX-XXXX.',
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 64,
			),
			'product_slug' => array(
				'description' => 'Slug of the product the key is for.',
				'type'        => 'string',
				'required'    => true,
				'minLength'   => 1,
				'maxLength'   => 100,
			),
			'site_url'     => array(
				'description' => 'URL of the site using the licence.',
				'type'        => 'string',
				'required'    => true,
				'minLength'   => 1,
				'maxLength'   => 2048,
			),
			// An addition to the spec's fields (docs/api-decisions.md, "Multisite networks").
			'network_url'  => array(
				'description' => 'On a WordPress multisite: the network\'s main address.',
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => 2048,
			),
		);
		if ( $with_fingerprint ) {
			$args['server_fingerprint'] = array(
				'description' => 'SHA-256 fingerprint of the calling server, in hex.',
				'type'        => 'string',
				'pattern'     => '^[A-Fa-f0-9]{64}$',
			);
		}
		return $args;
	}

	/**
	 * The routes, declared once for WordPress and the fast lane.
	 *
	 * @return array<non-falsy-string, array<string, mixed>>
	 */
	public function routes(): array {
		$routes = array();
		foreach ( array(
			'validate'   => true,
			'activate'   => true,
			'deactivate' => false,
		) as $path => $with_fingerprint ) {
			$routes[ '/licenses/' . $path ] = array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => ErrorResponder::wrap( array( $this, $path ) ),
				'permission_callback' => '__return_true',
				'args'                => self::args( $with_fingerprint ),
			);
		}
		// Moves and clones (docs/api-decisions.md): the owner's answer for a site whose address changed.
		$routes['/licenses/activate']['args']['site_change'] = array(
			'description' => 'What a site whose address changed is: copy (a temporary staging copy, no slot) or new (a new site).',
			'type'        => 'string',
			'enum'        => SiteChange::VALUES,
		);
		$move = self::args( true );
		// A network's main address is not moved from a client; the two addresses are the sites' own.
		unset( $move['network_url'] );
		$move['site_url']['description'] = 'The site\'s new address.';
		$move['from_site_url']           = array(
			'description' => 'The address the licence is activated at now.',
			'type'        => 'string',
			'required'    => true,
			'minLength'   => 1,
			'maxLength'   => 2048,
		);
		$routes['/licenses/move']        = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => ErrorResponder::wrap( array( $this, 'move' ) ),
			'permission_callback' => '__return_true',
			'args'                => $move,
		);
		// The SDK's channel choice (docs/rollouts.md), declared here once so the fast lane answers it too.
		$routes['/licenses/channel'] = array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => ErrorResponder::wrap( array( $this, 'channel' ) ),
			'permission_callback' => '__return_true',
			'args'                => self::args( false ) + array(
				'channel' => array(
					'description' => 'Release channel the site follows: stable, beta or another channel the product lists.',
					'type'        => 'string',
					'required'    => true,
					'pattern'     => '^[a-z0-9-]{1,40}$',
				),
			),
		);
		return $routes;
	}

	/**
	 * POST /licenses/validate.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function validate( WP_REST_Request $request ): WP_REST_Response {
		$answer = $this->licenses->validate( $this->calls->of( $request ), time() );
		return LeaseHeader::on( new WP_REST_Response( $answer ), $answer['lease'] );
	}

	/**
	 * POST /licenses/activate.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function activate( WP_REST_Request $request ): WP_REST_Response {
		$answer = $this->activations->activate( $this->calls->of( $request ), time() );
		return LeaseHeader::on( new WP_REST_Response( $answer ), $answer['lease'] );
	}

	/**
	 * POST /licenses/deactivate.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function deactivate( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->activations->deactivate( $this->calls->of( $request ), time() ) );
	}

	/**
	 * POST /licenses/move: the activation at from_site_url becomes the one at site_url.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function move( WP_REST_Request $request ): WP_REST_Response {
		$answer = $this->moves->move( $this->calls->of( $request ), (string) $request->get_param( 'from_site_url' ), time() );
		return LeaseHeader::on( new WP_REST_Response( $answer ), $answer['lease'] );
	}

	/**
	 * POST /licenses/channel: 200 { channel, channels }.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function channel( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->choices->choose_for_site( $this->calls->of( $request ), (string) $request['channel'], time() ) );
	}
}
