<?php
/**
 * What an admin (or their support) needs to know about this service's installation, read only.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\ProtocolRequestRepository;
use Svc\Licensing\Storage\SchemaMigrator;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Tables;

/**
 * Versions, schema, row counts, the scheduled jobs, the fast lane and the settings as the admin API shows them
 * (Settings::public_view(): the signing secret only as whether one is set). Site Health's Info tab shows it.
 */
final class ServiceInfo {

	/**
	 * Tables counted, in the order shown: the ones a seller's data lives in.
	 */
	public const COUNTED = array( Tables::LICENSES, Tables::ACTIVATIONS, Tables::PRODUCTS, Tables::TIERS, Tables::PRICES, Tables::RELEASES, Tables::TRANSACTIONS, Tables::WEBHOOK_EVENTS, Tables::API_KEYS, Tables::EVENTS, Tables::WEBHOOK_ENDPOINTS, Tables::WEBHOOK_DELIVERIES, Tables::WEBHOOK_ATTEMPTS, Tables::PORTAL_LINKS, Tables::PORTAL_SESSIONS );

	/**
	 * Plugin version.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * The shipped SDK.
	 *
	 * @var SdkDownload
	 */
	private $sdk;

	/**
	 * Schema state.
	 *
	 * @var SchemaMigrator
	 */
	private $migrator;

	/**
	 * Row counts.
	 *
	 * @var DataInventory
	 */
	private $inventory;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * The cron hooks of the plugin's jobs.
	 *
	 * @var string[]
	 */
	private $jobs;

	/**
	 * Returns the fast lane's state (Lane\Loader::state()).
	 *
	 * @var callable(): string
	 */
	private $lane_state;

	/**
	 * The old clients' answered requests.
	 *
	 * @var ProtocolRequestRepository
	 */
	private $protocol_requests;

	/**
	 * Constructor.
	 *
	 * @param string                    $version           Plugin version.
	 * @param SdkDownload               $sdk               The shipped SDK.
	 * @param SchemaMigrator            $migrator          Schema state.
	 * @param DataInventory             $inventory         Row counts.
	 * @param Settings                  $settings          Settings.
	 * @param string[]                  $jobs              The cron hooks of the plugin's jobs.
	 * @param callable(): string        $lane_state        The fast lane's state.
	 * @param ProtocolRequestRepository $protocol_requests The old clients' answered requests.
	 */
	public function __construct( string $version, SdkDownload $sdk, SchemaMigrator $migrator, DataInventory $inventory, Settings $settings, array $jobs, callable $lane_state, ProtocolRequestRepository $protocol_requests ) {
		$this->version           = $version;
		$this->sdk               = $sdk;
		$this->migrator          = $migrator;
		$this->inventory         = $inventory;
		$this->settings          = $settings;
		$this->jobs              = $jobs;
		$this->lane_state        = $lane_state;
		$this->protocol_requests = $protocol_requests;
	}

	/**
	 * The facts.
	 *
	 * @return array{plugin_version: string, sdk_version: string|null, schema_version: int, schema_latest: int, rows: array<string, int>, jobs: array<string, int|null>, wp_cron_disabled: bool, fast_lane: string, old_protocols: array<string, array{answered: bool, requests: int}>, settings: array<string, mixed>}
	 */
	public function facts(): array {
		$rows = array();
		foreach ( self::COUNTED as $table ) {
			$rows[ $table ] = $this->inventory->rows( $table );
		}
		$jobs = array();
		foreach ( $this->jobs as $hook ) {
			$next          = wp_next_scheduled( $hook );
			$jobs[ $hook ] = false === $next ? null : (int) $next;
		}
		return array(
			'plugin_version'   => $this->version,
			'sdk_version'      => $this->sdk->version(),
			'schema_version'   => $this->migrator->version(),
			'schema_latest'    => $this->migrator->latest(),
			'rows'             => $rows,
			'jobs'             => $jobs,
			'wp_cron_disabled' => defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON,
			'fast_lane'        => (string) call_user_func( $this->lane_state ),
			'old_protocols'    => $this->old_protocols(),
			'settings'         => $this->settings->public_view(),
		);
	}

	/**
	 * Per old client protocol: whether it is answered (its setting) and its answered requests in the last 30 days.
	 *
	 * @return array<string, array{answered: bool, requests: int}>
	 */
	private function old_protocols(): array {
		$counts    = $this->protocol_requests->last_days( time() );
		$protocols = array();
		foreach ( Source::PROTOCOL_SETTING as $source => $setting ) {
			$protocols[ $source ] = array(
				'answered' => (bool) $this->settings->get( $setting ),
				'requests' => $counts[ $source ] ?? 0,
			);
		}
		return $protocols;
	}
}
