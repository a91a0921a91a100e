<?php
/**
 * Tells the seller, on every wp-admin screen, which releases are paused.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Storage\ReleaseRepository;

/**
 * A warning notice per paused release (the health gate's pause or one by hand) for users who may change releases
 * (write level and up), naming the product and version with the reason, linking to the product's releases. The
 * query runs only for those users.
 */
final class ReleasePauseNotice {

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Constructor.
	 *
	 * @param ReleaseRepository $releases Releases.
	 */
	public function __construct( ReleaseRepository $releases ) {
		$this->releases = $releases;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_notices', array( $this, 'notice' ) );
	}

	/**
	 * The notices.
	 */
	public function notice(): void {
		if ( ! Permission::allows( Permission::for_user( 'current_user_can' ), Permission::WRITE ) ) {
			return;
		}
		foreach ( $this->releases->paused() as $release ) {
			$reason = '' !== (string) $release['pause_reason'] ? (string) $release['pause_reason'] : __( 'Paused by hand.', 'svc-licensing' );
			printf(
				'<div class="notice notice-warning svc-release-paused" data-release="%1$d"><p><strong>%2$s</strong></p><p>%3$s</p><p><a href="%4$s">%5$s</a></p></div>',
				(int) $release['id'],
				/* translators: 1: product name, 2: version. */
				esc_html( sprintf( __( '%1$s %2$s is paused.', 'svc-licensing' ), (string) $release['product_name'], (string) $release['version'] ) ),
				esc_html( $reason ),
				esc_url(
					Screens::url(
						'products',
						array(
							'product' => (int) $release['product_id'],
							'tab'     => 'releases',
						)
					)
				),
				/* translators: %s: version. */
				esc_html( sprintf( __( 'Review release %s', 'svc-licensing' ), (string) $release['version'] ) )
			);
		}
	}
}
