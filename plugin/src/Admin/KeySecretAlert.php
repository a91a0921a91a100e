<?php
/**
 * Tells the admin, in Site Health and in a notice, when the key secret is missing or replaced.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Storage\KeySecret;

/**
 * A critical Site Health result and an error notice on every admin screen (for users who can manage options)
 * while licence keys cannot be checked, saying what happened and how to restore the secret.
 */
final class KeySecretAlert {

	/**
	 * The key secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * State of this request, once read.
	 *
	 * @var string|null
	 */
	private $state;

	/**
	 * Constructor.
	 *
	 * @param KeySecret $secret The key secret.
	 */
	public function __construct( KeySecret $secret ) {
		$this->secret = $secret;
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
		$tests['direct']['svc_licensing_key_secret'] = array(
			'label' => __( 'Licence key secret', 'svc-licensing' ),
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
			'label'       => $broken ? $this->headline() : __( 'Licence keys can be checked', 'svc-licensing' ),
			'status'      => $broken ? 'critical' : 'good',
			'badge'       => array(
				'label' => __( 'Licence service', 'svc-licensing' ),
				'color' => $broken ? 'red' : 'blue',
			),
			'description' => '<p>' . esc_html( $broken ? $this->explanation() : __( 'The key secret that licence keys are stored under is present and is the one the licences were created with.', 'svc-licensing' ) ) . '</p>',
			'actions'     => '',
			'test'        => 'svc_licensing_key_secret',
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
			'<div class="notice notice-error" id="svc-key-secret-notice"><p><strong>%1$s</strong></p><p>%2$s</p></div>',
			esc_html( $this->headline() ),
			esc_html( $this->explanation() )
		);
	}

	/**
	 * Whether keys cannot be checked.
	 */
	private function broken(): bool {
		if ( null === $this->state ) {
			$this->state = $this->secret->state();
		}
		return in_array( $this->state, array( 'missing', 'mismatch' ), true );
	}

	/**
	 * One line.
	 */
	private function headline(): string {
		return 'missing' === $this->state
			? __( 'Licence keys cannot be checked: the key secret is missing', 'svc-licensing' )
			: __( 'Licence keys cannot be checked: the key secret was replaced', 'svc-licensing' );
	}

	/**
	 * What happened and what to do.
	 */
	private function explanation(): string {
		return sprintf(
			/* translators: %s: option name. */
			__( 'Licence keys are stored under a secret kept in the option %s, and that option is missing or is not the one the licences were created with (a restore of the plugin\'s tables without the options table, or a clean-up plugin, can do this). Until it is back, customer sites get a temporary 503 "key_secret_unavailable" answer, never "invalid key". Restore the option from a backup of the options table, or restore the whole service from an export file. No new secret is created while licences exist: it would turn every valid key into "not found".', 'svc-licensing' ),
			KeySecret::OPTION
		);
	}
}
