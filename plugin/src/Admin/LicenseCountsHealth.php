<?php
/**
 * Site Health: whether the database keeps the licence counts.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Storage\LicenseCounts;

/**
 * Good when the triggers that keep the count summaries are in place (docs/scale.md); recommended otherwise, with
 * what to grant: the list's totals and the stats are then recounted by the daily job. Not one of GET /health's
 * checks, whose names the spec fixes.
 */
final class LicenseCountsHealth {

	/**
	 * The summaries.
	 *
	 * @var LicenseCounts
	 */
	private $counts;

	/**
	 * Constructor.
	 *
	 * @param LicenseCounts $counts Summaries.
	 */
	public function __construct( LicenseCounts $counts ) {
		$this->counts = $counts;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'site_status_tests', array( $this, 'add_test' ) );
	}

	/**
	 * Adds the direct test.
	 *
	 * @param array<string, mixed> $tests Tests.
	 * @return array<string, mixed>
	 */
	public function add_test( $tests ) {
		$tests                                   = is_array( $tests ) ? $tests : array();
		$tests['direct']['svc_licensing_counts'] = array(
			'label' => __( 'Licence service counts', 'svc-licensing' ),
			'test'  => array( $this, 'result' ),
		);
		return $tests;
	}

	/**
	 * The result.
	 *
	 * @return array<string, mixed>
	 */
	public function result(): array {
		$kept  = $this->counts->kept();
		$means = __( 'The licence list\'s totals, its status views and the statistics read summaries that the database keeps with triggers as licences and activations change, so they answer at once however many licences there are.', 'svc-licensing' );
		$text  = '<p>' . esc_html( $means ) . '</p>';
		if ( ! $kept ) {
			$text = '<p><strong>' . esc_html__( 'The database refused to create the triggers, so the summaries are made again once a day by the expiry job and the statistics can be up to a day old. Grant the database user the TRIGGER privilege (with binary logging on, also set log_bin_trust_function_creators = 1), then deactivate and activate the plugin.', 'svc-licensing' ) . '</strong></p>' . $text;
		}
		return array(
			'label'       => $kept ? __( 'Licence counts are kept by the database', 'svc-licensing' ) : __( 'Licence counts are recounted once a day', 'svc-licensing' ),
			'status'      => $kept ? 'good' : 'recommended',
			'badge'       => array(
				'label' => __( 'Licence service', 'svc-licensing' ),
				'color' => $kept ? 'blue' : 'orange',
			),
			'description' => $text,
			'actions'     => '',
			'test'        => 'svc_licensing_counts',
		);
	}
}
