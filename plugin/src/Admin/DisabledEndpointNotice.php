<?php
/**
 * Tells the admin when the service disabled an outbound webhook endpoint that kept failing.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Storage\OutboundEndpointRepository;

/**
 * A warning notice on every admin screen (for users who can manage options) naming each disabled endpoint, why,
 * and linking to its page in the panel (Webhooks → Outbound webhooks), where Enable switches it on again. It
 * stays until the endpoint is switched on or deleted.
 */
final class DisabledEndpointNotice {

	/**
	 * Endpoints.
	 *
	 * @var OutboundEndpointRepository
	 */
	private $endpoints;

	/**
	 * Constructor.
	 *
	 * @param OutboundEndpointRepository $endpoints Endpoints.
	 */
	public function __construct( OutboundEndpointRepository $endpoints ) {
		$this->endpoints = $endpoints;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_notices', array( $this, 'notice' ) );
	}

	/**
	 * The notice.
	 */
	public function notice(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		foreach ( $this->endpoints->disabled() as $endpoint ) {
			printf(
				'<div class="notice notice-warning svc-webhook-endpoint-disabled"><p><strong>%1$s</strong></p><p>%2$s</p><p><a href="%3$s">%4$s</a></p></div>',
				/* translators: %s: endpoint URL. */
				esc_html( sprintf( __( 'Outbound webhooks to %s are disabled.', 'svc-licensing' ), (string) $endpoint['url'] ) ),
				esc_html( (string) $endpoint['disabled_reason'] ),
				esc_url(
					Screens::url(
						'webhooks',
						array(
							'tab'      => 'outbound',
							'endpoint' => (int) $endpoint['id'],
						)
					)
				),
				esc_html__( 'Review the endpoint and switch it on', 'svc-licensing' )
			);
		}
	}
}
