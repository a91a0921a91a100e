<?php
/**
 * Tells the admin, in Site Health and in a notice, when the lease keys are missing or replaced.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Storage\LeaseKeys;

/**
 * A critical Site Health result and an error notice (for users who can manage options) while answers go out
 * without a lease, saying what happened and how to put the keys back (docs/leases.md, "If the key is lost").
 */
final class LeaseKeyAlert {

	/**
	 * The lease keys.
	 *
	 * @var LeaseKeys
	 */
	private $keys;

	/**
	 * State of this request, once read.
	 *
	 * @var string|null
	 */
	private $state;

	/**
	 * Constructor.
	 *
	 * @param LeaseKeys $keys The lease keys.
	 */
	public function __construct( LeaseKeys $keys ) {
		$this->keys = $keys;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'site_status_tests', array( $this, 'register_test' ) );
		add_action( 'admin_notices', array( $this, 'notice' ) );
	}

	/**
	 * Adds the direct Site Health test.
	 *
	 * @param array<string, mixed> $tests Tests.
	 * @return array<string, mixed>
	 */
	public function register_test( $tests ) {
		$tests                                       = is_array( $tests ) ? $tests : array();
		$tests['direct']['svc_licensing_lease_keys'] = array(
			'label' => __( 'Lease signing keys', 'svc-licensing' ),
			'test'  => array( $this, 'result' ),
		);
		return $tests;
	}

	/**
	 * The Site Health result.
	 *
	 * @return array<string, mixed>
	 */
	public function result(): array {
		$broken = $this->broken();
		return array(
			'label'       => $broken ? $this->headline() : __( 'Leases are signed', 'svc-licensing' ),
			'status'      => $broken ? 'critical' : 'good',
			'badge'       => array(
				'label' => __( 'Licence service', 'svc-licensing' ),
				'color' => $broken ? 'red' : 'blue',
			),
			'description' => '<p>' . esc_html( $broken ? $this->explanation() : __( 'The keys that sign the leases in validate, activate and update-check answers are present and are the ones published to client sites.', 'svc-licensing' ) ) . '</p>',
			'actions'     => '',
			'test'        => 'svc_licensing_lease_keys',
		);
	}

	/**
	 * The admin notice, while broken.
	 */
	public function notice(): void {
		if ( ! current_user_can( 'manage_options' ) || ! $this->broken() ) {
			return;
		}
		printf(
			'<div class="notice notice-error" id="svc-lease-keys-notice"><p><strong>%1$s</strong></p><p>%2$s</p></div>',
			esc_html( $this->headline() ),
			esc_html( $this->explanation() )
		);
	}

	/**
	 * Whether answers go out without a lease.
	 */
	private function broken(): bool {
		if ( null === $this->state ) {
			$this->state = $this->keys->state();
		}
		return in_array( $this->state, array( 'missing', 'mismatch' ), true );
	}

	/**
	 * One line.
	 */
	private function headline(): string {
		return 'missing' === $this->state
			? __( 'Leases cannot be signed: the lease keys are missing', 'svc-licensing' )
			: __( 'Leases cannot be signed: the lease keys were replaced or damaged', 'svc-licensing' );
	}

	/**
	 * What happened and what to do.
	 */
	private function explanation(): string {
		return sprintf(
			/* translators: %s: option name. */
			__( 'The keys that sign leases are kept in the option %s, and that option is missing or is not the one published to client sites (a restore of the plugin\'s tables without the options table, or a clean-up plugin, can do this). Validate, activate and update checks still answer, but without a lease; client sites keep their last lease until it runs out, then count the licence as not valid. Restore the option from a backup of the options table, or restore the whole service from an export file. No new key is minted while licences exist: client sites would not trust it.', 'svc-licensing' ),
			LeaseKeys::OPTION
		);
	}
}
