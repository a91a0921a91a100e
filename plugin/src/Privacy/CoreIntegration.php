<?php
/**
 * WordPress core's personal-data exporter and eraser for licences.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Privacy;

/**
 * Registers with wp_privacy_personal_data_exporters / _erasers, so Tools > Export Personal Data and
 * Erase Personal Data cover licences too.
 */
final class CoreIntegration {
	public const ID = 'svc-licensing';

	/**
	 * Personal data.
	 *
	 * @var PersonalData
	 */
	private $data;

	/**
	 * Constructor.
	 *
	 * @param PersonalData $data Personal data.
	 */
	public function __construct( PersonalData $data ) {
		$this->data = $data;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'register_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'register_eraser' ) );
	}

	/**
	 * Adds the exporter.
	 *
	 * @param array<string, mixed> $exporters Exporters.
	 * @return array<string, mixed>
	 */
	public function register_exporter( $exporters ) {
		$exporters[ self::ID ] = array(
			'exporter_friendly_name' => __( 'Licences', 'svc-licensing' ),
			'callback'               => array( $this, 'export' ),
		);
		return $exporters;
	}

	/**
	 * Adds the eraser.
	 *
	 * @param array<string, mixed> $erasers Erasers.
	 * @return array<string, mixed>
	 */
	public function register_eraser( $erasers ) {
		$erasers[ self::ID ] = array(
			'eraser_friendly_name' => __( 'Licences', 'svc-licensing' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * Core exporter callback: one group item per licence, per site's last update check and per health report;
	 * everything fits one page.
	 *
	 * @param string $email Email.
	 * @param int    $page  Page (unused: one page).
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	public function export( string $email, int $page = 1 ): array {
		unset( $page );
		$items  = array();
		$export = $this->data->export( $email );
		foreach ( $export['licenses'] as $license ) {
			$items[] = array(
				'group_id'    => self::ID,
				'group_label' => __( 'Licences', 'svc-licensing' ),
				'item_id'     => 'svc-licence-' . $license['id'],
				'data'        => array(
					array(
						'name'  => __( 'Customer name', 'svc-licensing' ),
						'value' => $license['customer_name'],
					),
					array(
						'name'  => __( 'Product', 'svc-licensing' ),
						'value' => $license['product'],
					),
					array(
						'name'  => __( 'Status', 'svc-licensing' ),
						'value' => $license['status'],
					),
					array(
						'name'  => __( 'Created', 'svc-licensing' ),
						'value' => (string) $license['created_at'],
					),
					array(
						'name'  => __( 'Activated sites', 'svc-licensing' ),
						'value' => (string) $license['activations'],
					),
				),
			);
		}
		foreach ( $export['update_decisions'] as $i => $decision ) {
			$items[] = array(
				'group_id'    => self::ID . '-update-checks',
				'group_label' => __( 'Update checks', 'svc-licensing' ),
				'item_id'     => 'svc-update-check-' . $decision['license_id'] . '-' . $i,
				'data'        => array(
					array(
						'name'  => __( 'Site', 'svc-licensing' ),
						'value' => $decision['site_url'],
					),
					array(
						'name'  => __( 'Product', 'svc-licensing' ),
						'value' => $decision['product'],
					),
					array(
						'name'  => __( 'Last asked', 'svc-licensing' ),
						'value' => (string) $decision['checked_at'],
					),
					array(
						'name'  => __( 'Version the site runs', 'svc-licensing' ),
						'value' => $decision['installed_version'],
					),
					array(
						'name'  => __( 'WordPress version', 'svc-licensing' ),
						'value' => (string) $decision['wp_version'],
					),
					array(
						'name'  => __( 'PHP version', 'svc-licensing' ),
						'value' => (string) $decision['php_version'],
					),
				),
			);
		}
		foreach ( $export['release_reports'] as $i => $report ) {
			$items[] = array(
				'group_id'    => self::ID . '-health-reports',
				'group_label' => __( 'Update health reports', 'svc-licensing' ),
				'item_id'     => 'svc-health-report-' . $report['license_id'] . '-' . $i,
				'data'        => array(
					array(
						'name'  => __( 'Site', 'svc-licensing' ),
						'value' => $report['site_url'],
					),
					array(
						'name'  => __( 'Product', 'svc-licensing' ),
						'value' => $report['product'] . ' ' . $report['version'],
					),
					array(
						'name'  => __( 'Outcome', 'svc-licensing' ),
						'value' => $report['outcome'],
					),
					array(
						'name'  => __( 'Reported', 'svc-licensing' ),
						'value' => (string) $report['reported_at'],
					),
				),
			);
		}
		return array(
			'data' => $items,
			'done' => true,
		);
	}

	/**
	 * Core eraser callback.
	 *
	 * @param string $email Email.
	 * @param int    $page  Page (unused: one page).
	 * @return array{items_removed: int, items_retained: bool, messages: string[], done: bool}
	 */
	public function erase( string $email, int $page = 1 ): array {
		unset( $page );
		$affected = $this->data->erase( $email );
		return array(
			'items_removed'  => $affected['licenses'] + $affected['activations'],
			'items_retained' => $affected['licenses'] > 0,
			'messages'       => $affected['licenses'] > 0
				? array( __( 'Licence records are kept without personal data; their keys no longer work.', 'svc-licensing' ) )
				: array(),
			'done'           => true,
		);
	}
}
