<?php
/**
 * The service in Tools → Site Health: the health checks as Status tests, and an Info section.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Core\ServiceInfo;
use Svc\Licensing\Domain\Health\CheckResult;
use Svc\Licensing\Domain\Health\SiteHealthFormat;
use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Health\Check;
use Svc\Licensing\Jobs\CronHooks;
use Svc\Licensing\Storage\Tables;

/**
 * Translates only: the checks are the ones GET /health runs (the same objects), the facts come from
 * Core\ServiceInfo, and SiteHealthFormat maps both to core's arrays. Each check is a direct test named
 * svc_licensing_{check}; the Info section is "svc-licensing".
 */
final class SiteHealth {

	public const SECTION = 'svc-licensing';

	/**
	 * Checks by name, as GET /health runs them.
	 *
	 * @var array<string, Check>
	 */
	private $checks;

	/**
	 * The facts for the Info tab.
	 *
	 * @var ServiceInfo
	 */
	private $info;

	/**
	 * The package folder, for the file storage check's text and the Info tab.
	 *
	 * @var string
	 */
	private $package_dir;

	/**
	 * Constructor.
	 *
	 * @param array<string, Check> $checks      Checks by name.
	 * @param ServiceInfo          $info        The facts for the Info tab.
	 * @param string               $package_dir The package folder.
	 */
	public function __construct( array $checks, ServiceInfo $info, string $package_dir ) {
		$this->checks      = $checks;
		$this->info        = $info;
		$this->package_dir = $package_dir;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'site_status_tests', array( $this, 'register_tests' ) );
		add_filter( 'debug_information', array( $this, 'debug_information' ) );
	}

	/**
	 * Adds one direct test per check.
	 *
	 * @param array<string, mixed> $tests Tests.
	 * @return array<string, mixed>
	 */
	public function register_tests( $tests ) {
		$tests = is_array( $tests ) ? $tests : array();
		$texts = $this->texts();
		foreach ( $this->checks as $name => $check ) {
			$copy = $texts[ $name ] ?? null;
			if ( null === $copy ) {
				continue;
			}
			$tests['direct'][ 'svc_licensing_' . $name ] = array(
				'label' => $copy['label'],
				'test'  => function () use ( $name, $check, $copy ): array {
					return $this->result( $name, $check->run(), $copy );
				},
			);
		}
		return $tests;
	}

	/**
	 * One check's result as core's Site Health array.
	 *
	 * @param string                                                                                         $name   Check name.
	 * @param CheckResult                                                                                    $result Its result.
	 * @param array{label: string, good: string, bad: string, means: string, actions: array<string, string>} $copy   Its texts.
	 * @return array<string, mixed>
	 */
	private function result( string $name, CheckResult $result, array $copy ): array {
		$passed = CheckResult::PASS === $result->status();
		$text   = '<p>' . esc_html( $copy['means'] ) . '</p>';
		if ( ! $passed ) {
			$text = '<p><strong>' . esc_html( $result->message() ) . '</strong></p>' . $text;
		}
		$actions = array();
		foreach ( $copy['actions'] as $url => $label ) {
			$actions[] = sprintf( '<a href="%1$s">%2$s</a>', esc_url( $url ), esc_html( $label ) );
		}
		return array(
			'label'       => $passed ? $copy['good'] : $copy['bad'],
			'status'      => SiteHealthFormat::status( $result ),
			'badge'       => array(
				'label' => __( 'Licence service', 'svc-licensing' ),
				'color' => SiteHealthFormat::color( $result ),
			),
			'description' => $text,
			'actions'     => '<p>' . implode( ' | ', $actions ) . '</p>',
			'test'        => 'svc_licensing_' . $name,
		);
	}

	/**
	 * Each check's texts, by check name: test label, titles when good and bad, what it means, and its actions
	 * (URL => label).
	 *
	 * @return array<string, array{label: string, good: string, bad: string, means: string, actions: array<string, string>}>
	 */
	private function texts(): array {
		$info     = array( admin_url( 'site-health.php?tab=debug' ) => __( 'Schema version and row counts (Info tab)', 'svc-licensing' ) );
		$settings = Screens::url( 'settings' );
		$texts    = array(
			'database'        => array(
				'label'   => __( 'Licence service database', 'svc-licensing' ),
				'good'    => __( 'The licence service database answers and its schema is current', 'svc-licensing' ),
				'bad'     => __( 'The licence service database has a problem', 'svc-licensing' ),
				'means'   => __( 'Every licence check reads the plugin\'s own tables. The schema is upgraded on the first request after a plugin update; if it stays behind, or the tables do not answer, customer sites get errors. Check the database server and the PHP error log, then deactivate and activate the plugin to run the upgrade again.', 'svc-licensing' ),
				'actions' => array( admin_url( 'plugins.php' ) => __( 'Plugins', 'svc-licensing' ) ) + $info,
			),
			'file_storage'    => array(
				'label'   => __( 'Licence service package folder', 'svc-licensing' ),
				'good'    => __( 'The licence service can store release packages', 'svc-licensing' ),
				'bad'     => __( 'The licence service cannot store release packages', 'svc-licensing' ),
				/* translators: %s: the package folder's path. */
				'means'   => sprintf( __( 'Release zips are stored in %s, outside the public uploads. The web server must be able to create and write that folder, or new releases cannot be uploaded and downloads may fail.', 'svc-licensing' ), $this->package_dir ),
				'actions' => array( Screens::url( 'products' ) => __( 'Products and releases', 'svc-licensing' ) ),
			),
			'payment_webhook' => array(
				'label'   => __( 'Licence service payment webhooks', 'svc-licensing' ),
				'good'    => __( 'Payment webhooks are verified', 'svc-licensing' ),
				'bad'     => __( 'Payment webhooks cannot be verified', 'svc-licensing' ),
				'means'   => __( 'Payment events (a sale, a renewal, a refund) are accepted only when they are signed with the webhook signing secret from the payment provider. Without the secret every event is refused, so no licence is issued or renewed from a payment.', 'svc-licensing' ),
				'actions' => array(
					$settings                  => __( 'Set the signing secret (Settings)', 'svc-licensing' ),
					Screens::url( 'webhooks' ) => __( 'Payment events (Webhooks)', 'svc-licensing' ),
				),
			),
		);
		return $texts;
	}

	/**
	 * Adds the Info section.
	 *
	 * @param array<string, mixed> $info Sections.
	 * @return array<string, mixed>
	 */
	public function debug_information( $info ) {
		$info                  = is_array( $info ) ? $info : array();
		$facts                 = $this->info->facts();
		$info[ self::SECTION ] = array(
			'label'       => __( 'Licence Service', 'svc-licensing' ),
			'description' => __( 'The licence service\'s versions, data and jobs. Secrets (the webhook signing secret, the key secret, API keys) are never shown; network details are not copied.', 'svc-licensing' ),
			'fields'      => array_merge( $this->fact_fields( $facts ), SiteHealthFormat::settings( $facts['settings'] ) ),
		);
		return $info;
	}

	/**
	 * The facts other than settings as fields.
	 *
	 * @param array{plugin_version: string, sdk_version: string|null, schema_version: int, schema_latest: int, rows: array<string, int>, jobs: array<string, int|null>, wp_cron_disabled: bool, fast_lane: string, old_protocols: array<string, array{answered: bool, requests: int}>, settings: array<string, mixed>} $facts Facts.
	 * @return array<string, array<string, mixed>>
	 */
	private function fact_fields( array $facts ): array {
		$schema = $facts['schema_version'] >= $facts['schema_latest']
			/* translators: %d: schema version. */
			? sprintf( __( '%d (current)', 'svc-licensing' ), $facts['schema_version'] )
			/* translators: 1: stored schema version, 2: the code's. */
			: sprintf( __( '%1$d (the code expects %2$d: the upgrade has not run)', 'svc-licensing' ), $facts['schema_version'], $facts['schema_latest'] );
		$fields = array(
			'plugin_version' => array(
				'label' => __( 'Plugin version', 'svc-licensing' ),
				'value' => $facts['plugin_version'],
			),
			'sdk_version'    => array(
				'label' => __( 'Client SDK version shipped', 'svc-licensing' ),
				'value' => $facts['sdk_version'] ?? __( 'None (the plugin has no sdk folder)', 'svc-licensing' ),
				'debug' => $facts['sdk_version'] ?? 'none',
			),
			'schema_version' => array(
				'label' => __( 'Schema version', 'svc-licensing' ),
				'value' => $schema,
				'debug' => $facts['schema_version'] . '/' . $facts['schema_latest'],
			),
		);
		$tables = array(
			Tables::LICENSES       => __( 'Rows: licences', 'svc-licensing' ),
			Tables::ACTIVATIONS    => __( 'Rows: activations', 'svc-licensing' ),
			Tables::PRODUCTS       => __( 'Rows: products', 'svc-licensing' ),
			Tables::TIERS          => __( 'Rows: tiers', 'svc-licensing' ),
			Tables::PRICES         => __( 'Rows: prices', 'svc-licensing' ),
			Tables::RELEASES       => __( 'Rows: releases', 'svc-licensing' ),
			Tables::TRANSACTIONS   => __( 'Rows: transactions', 'svc-licensing' ),
			Tables::WEBHOOK_EVENTS => __( 'Rows: payment webhook events', 'svc-licensing' ),
			Tables::API_KEYS       => __( 'Rows: API keys', 'svc-licensing' ),
			Tables::EVENTS         => __( 'Rows: licence events', 'svc-licensing' ),
		);

		$tables[ Tables::WEBHOOK_ENDPOINTS ]  = __( 'Rows: outbound webhook endpoints', 'svc-licensing' );
		$tables[ Tables::WEBHOOK_DELIVERIES ] = __( 'Rows: outbound webhook deliveries', 'svc-licensing' );
		$tables[ Tables::WEBHOOK_ATTEMPTS ]   = __( 'Rows: outbound webhook attempts', 'svc-licensing' );
		$tables[ Tables::PORTAL_LINKS ]       = __( 'Rows: portal sign-in links', 'svc-licensing' );
		$tables[ Tables::PORTAL_SESSIONS ]    = __( 'Rows: portal sessions', 'svc-licensing' );

		foreach ( $facts['rows'] as $table => $count ) {
			$fields[ 'rows_' . $table ] = array(
				'label' => $tables[ $table ] ?? $table,
				'value' => (string) $count,
			);
		}
		$jobs = array(
			CronHooks::EXPIRE_LICENSES => __( 'Next run: licence expiry', 'svc-licensing' ),
			CronHooks::WEBHOOK_RETRY   => __( 'Next run: payment webhook retries', 'svc-licensing' ),
		);
		$now  = time();

		$jobs[ CronHooks::OUTBOUND_WEBHOOKS ] = __( 'Next run: outbound webhooks', 'svc-licensing' );
		foreach ( $facts['jobs'] as $hook => $next ) {
			$fields[ 'next_run_' . $hook ] = array(
				'label' => $jobs[ $hook ] ?? $hook,
				'value' => SiteHealthFormat::schedule( $next, $now ),
			);
		}
		list( $cron_shown, $cron_copied ) = SiteHealthFormat::value( $facts['wp_cron_disabled'] );
		$fields['wp_cron_disabled']       = array(
			'label' => __( 'WP-Cron disabled (DISABLE_WP_CRON)', 'svc-licensing' ),
			'value' => $cron_shown,
			'debug' => $cron_copied,
		);
		$fields['fast_lane']              = array(
			'label' => __( 'Fast lane', 'svc-licensing' ),
			'value' => $facts['fast_lane'],
		);
		$old_clients                      = array(
			Source::EDD_SL => array(
				__( 'EDD Software Licensing clients', 'svc-licensing' ),
				__( 'EDD Software Licensing requests, last 30 days', 'svc-licensing' ),
			),
			Source::SLM    => array(
				__( 'Software License Manager clients', 'svc-licensing' ),
				__( 'Software License Manager requests, last 30 days', 'svc-licensing' ),
			),
		);
		foreach ( $facts['old_protocols'] as $source => $protocol ) {
			list( $answered_label, $requests_label )      = $old_clients[ $source ] ?? array( $source, $source );
			$fields[ 'old_protocol_' . $source ]          = array(
				'label' => $answered_label,
				'value' => $protocol['answered'] ? __( 'Answered', 'svc-licensing' ) : __( 'Not answered', 'svc-licensing' ),
				'debug' => $protocol['answered'] ? 'answered' : 'not answered',
			);
			$fields[ 'old_protocol_requests_' . $source ] = array(
				'label' => $requests_label,
				'value' => (string) $protocol['requests'],
			);
		}
		$fields['package_dir'] = array(
			'label'   => __( 'Package folder', 'svc-licensing' ),
			'value'   => $this->package_dir,
			'private' => true,
		);
		return $fields;
	}
}
