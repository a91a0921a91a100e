<?php
/**
 * The part of the object graph that client routes need, built the same way for WordPress and the fast lane.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing;

use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\AfterResponse;
use Svc\Licensing\Core\DownloadLinks;
use Svc\Licensing\Core\Downloads;
use Svc\Licensing\Core\Leases;
use Svc\Licensing\Core\LicenseFinder;
use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Core\MovedIn;
use Svc\Licensing\Core\SiteMoves;
use Svc\Licensing\Core\UpdateChoices;
use Svc\Licensing\Core\ReleaseReports;
use Svc\Licensing\Core\UpdateDecisions;
use Svc\Licensing\Core\Updates;
use Svc\Licensing\Http\Api;
use Svc\Licensing\Http\ApiKeyAuthenticator;
use Svc\Licensing\Http\ClientCalls;
use Svc\Licensing\Http\DownloadController;
use Svc\Licensing\Http\EddSlProtocol;
use Svc\Licensing\Http\ErrorEnvelope;
use Svc\Licensing\Http\LicenseController;
use Svc\Licensing\Http\OldProtocolCall;
use Svc\Licensing\Http\PackageSender;
use Svc\Licensing\Http\RateLimiter;
use Svc\Licensing\Http\ReportController;
use Svc\Licensing\Http\RequestGuard;
use Svc\Licensing\Http\SlmProtocol;
use Svc\Licensing\Http\UpdateController;
use Svc\Licensing\Http\PaymentEventController;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\ApiKeyRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\ImportMapRepository;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LeaseKeys;
use Svc\Licensing\Storage\MetaRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ProtocolRequestRepository;
use Svc\Licensing\Storage\RateLimitCounters;
use Svc\Licensing\Storage\RateLimitRepository;
use Svc\Licensing\Storage\SharedMemories;
use Svc\Licensing\Storage\ReleaseReportRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;
use Svc\Licensing\Storage\UpdateDecisionRepository;
use wpdb;

/**
 * Nothing here touches the database until a request needs it. Plugin::boot() takes the rest of its graph from
 * these same objects, so the lane and the full route share every rule.
 */
final class ClientApi {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	public $settings;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	public $secret;

	/**
	 * The keys that sign leases.
	 *
	 * @var LeaseKeys
	 */
	public $lease_keys;

	/**
	 * Signed leases.
	 *
	 * @var Leases
	 */
	public $leases;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	public $products;

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	public $license_repository;

	/**
	 * Activations.
	 *
	 * @var ActivationRepository
	 */
	public $sites;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	public $releases;

	/**
	 * API keys.
	 *
	 * @var ApiKeyRepository
	 */
	public $keys;

	/**
	 * API key authentication.
	 *
	 * @var ApiKeyAuthenticator
	 */
	public $api_keys;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	public $transaction;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	public $events;

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	public $finder;

	/**
	 * Licence use cases.
	 *
	 * @var Licenses
	 */
	public $licenses;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	public $activations;

	/**
	 * A site's move to a new address.
	 *
	 * @var SiteMoves
	 */
	public $moves;

	/**
	 * Which licences an import brought from an old system.
	 *
	 * @var MovedIn
	 */
	public $moved_in;

	/**
	 * Signed download links.
	 *
	 * @var DownloadLinks
	 */
	public $links;

	/**
	 * Reads client calls, and their API key scope, from requests.
	 *
	 * @var ClientCalls
	 */
	public $calls;

	/**
	 * Rate limits.
	 *
	 * @var RateLimiter
	 */
	public $limiter;

	/**
	 * POST /licenses/validate, /activate and /deactivate.
	 *
	 * @var LicenseController
	 */
	public $license_routes;

	/**
	 * GET and POST /updates/check.
	 *
	 * @var UpdateController
	 */
	public $update_routes;

	/**
	 * The client sites' health reports (svc_release_reports).
	 *
	 * @var ReleaseReportRepository
	 */
	public $report_repository;

	/**
	 * The client sites' health reports and the failure-rate gate.
	 *
	 * @var ReleaseReports
	 */
	public $reports;

	/**
	 * POST /updates/report.
	 *
	 * @var ReportController
	 */
	public $report_routes;

	/**
	 * GET /downloads/{product_slug}.
	 *
	 * @var DownloadController
	 */
	public $download_routes;

	/**
	 * The update check.
	 *
	 * @var Updates
	 */
	public $updates;

	/**
	 * A site's channel and pin (the SDK's channel choice, the seller's per site).
	 *
	 * @var UpdateChoices
	 */
	public $choices;

	/**
	 * Work queued for after the response (one per request: the lane's and WordPress' alike).
	 *
	 * @var AfterResponse
	 */
	public $after;

	/**
	 * The update check's decisions' table.
	 *
	 * @var UpdateDecisionRepository
	 */
	public $decision_repository;

	/**
	 * The update check's decisions, recorded after each answer.
	 *
	 * @var UpdateDecisions
	 */
	public $decisions;

	/**
	 * The old clients' answered requests, per protocol per day.
	 *
	 * @var ProtocolRequestRepository
	 */
	public $protocol_requests;

	/**
	 * EDD SL's client protocol on the front URL (edd_action).
	 *
	 * @var EddSlProtocol
	 */
	public $edd_sl;

	/**
	 * SLM's client protocol on the front URL (slm_action).
	 *
	 * @var SlmProtocol
	 */
	public $slm;

	/**
	 * Builds the graph.
	 *
	 * @param wpdb $db Database.
	 */
	public function __construct( wpdb $db ) {
		$this->settings            = new Settings();
		$meta                      = new MetaRepository( $db );
		$this->secret              = new KeySecret( $db, $meta );
		$this->lease_keys          = new LeaseKeys( $db, $this->secret, $meta );
		$this->leases              = new Leases( $this->lease_keys, $this->settings );
		$this->products            = new ProductRepository( $db );
		$this->license_repository  = new LicenseRepository( $db );
		$this->sites               = new ActivationRepository( $db );
		$this->releases            = new ReleaseRepository( $db );
		$this->keys                = new ApiKeyRepository( $db );
		$this->api_keys            = new ApiKeyAuthenticator( $this->keys );
		$this->transaction         = new Transaction( $db );
		$this->events              = new EventRepository( $db );
		$this->finder              = new LicenseFinder( $this->products, $this->license_repository, $this->secret );
		$this->decision_repository = new UpdateDecisionRepository( $db );
		$this->report_repository   = new ReleaseReportRepository( $db );
		$this->licenses            = new Licenses( $this->finder, $this->license_repository, $this->sites, $this->settings, $this->transaction, $this->events, $this->leases, $this->report_repository, $this->decision_repository );
		$this->moved_in            = new MovedIn( new ImportMapRepository( $db ) );
		$this->activations         = new Activations( $this->finder, $this->license_repository, $this->sites, $this->transaction, $this->settings, $this->events, $this->leases, $this->moved_in );
		$this->links               = new DownloadLinks( $this->secret, $this->settings );
		$base                      = '/' . Api::NAMESPACE;
		$this->limiter             = new RateLimiter(
			new RateLimitCounters( SharedMemories::from_environment( get_option( 'siteurl' ) . '|' . $db->prefix ), new RateLimitRepository( $db, $this->transaction ) ),
			$this->settings,
			$this->api_keys,
			array(
				$base . '/licenses/validate'          => 'validate',
				$base . '/licenses/activate'          => 'activate',
				$base . '/licenses/deactivate'        => 'deactivate',
				$base . '/licenses/move'              => 'activate',
				$base . '/licenses/channel'           => 'deactivate',
				$base . '/trials/request'             => 'trials',
				$base . '/portal/link'                => 'portal_link',
				$base . '/updates/check'              => 'updates_check',
				$base . ReportController::ROUTE       => 'updates_check',
				$base . PaymentEventController::ROUTE => 'webhook',
			),
			array( $base . '/updates/check' => array( UpdateController::class, 'cost' ) )
		);
		$this->calls               = new ClientCalls( $this->api_keys );
		$this->choices             = new UpdateChoices( $this->finder, $this->sites, $this->products, $this->transaction, $this->events );
		$this->moves               = new SiteMoves( $this->finder, $this->license_repository, $this->sites, $this->transaction, $this->settings, $this->events, $this->leases );
		$this->license_routes      = new LicenseController( $this->licenses, $this->activations, $this->calls, $this->choices, $this->moves );
		$this->after               = new AfterResponse();
		$this->decisions           = new UpdateDecisions( $this->decision_repository, $this->after );
		$this->updates             = new Updates( $this->finder, $this->licenses, $this->releases, $this->links, $this->settings, $this->decisions );
		$this->update_routes       = new UpdateController( $this->updates, $this->calls );
		$this->reports             = new ReleaseReports( $this->finder, $this->releases, $this->report_repository, $this->transaction, $this->events );
		$this->report_routes       = new ReportController( $this->reports, $this->calls );
		$this->download_routes     = new DownloadController( new Downloads( $this->links, $this->products, $this->license_repository, $this->releases, PackageDirectory::from_environment(), $this->sites ) );
		// The old clients' protocols on the front URL (docs/moving-in.md): WordPress hooks these on init, the lane
		// answers through the same objects.
		$this->protocol_requests = new ProtocolRequestRepository( $db );
		$old                     = new OldProtocolCall( $this->limiter, $this->protocol_requests, $this->finder );
		$this->edd_sl            = new EddSlProtocol( $this->settings, new ImportMapRepository( $db ), $this->products, $this->releases, $this->finder, $this->licenses, $this->activations, $this->updates, $old );
		$this->slm               = new SlmProtocol( $this->settings, $this->finder, $this->activations, $this->moved_in, $old );
	}

	/**
	 * The filters every REST answer of the service passes through: the error envelope, the request guard, the
	 * rate limits, and the streaming of a download's package file.
	 */
	public function add_rest_hooks(): void {
		( new ErrorEnvelope() )->add_hooks();
		( new RequestGuard() )->add_hooks();
		$this->limiter->add_hooks();
		( new PackageSender() )->add_hooks();
	}
}
