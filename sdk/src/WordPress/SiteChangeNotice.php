<?php
/**
 * The admin notice that this site's address changed since its licences were activated: the owner's question, with
 * links to the licence screens where it is answered.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\SiteChange;

/**
 * Reads the stored state only (License::site_change()): it never asks a licence server. Shown to users who may
 * manage one of the products concerned (activate_plugins for a plugin, switch_themes for a theme), one notice per
 * change of address. Core's dismiss button hides it; a nonce-checked admin-ajax request then keeps that change's
 * notice hidden for the user (user meta); the licence screen keeps asking until the question is answered.
 */
final class SiteChangeNotice {

	/** The admin-ajax action and nonce action of a dismissal. */
	public const ACTION = 'svc_licensing_client_dismiss_site_change';

	/** User meta: the ids (SiteChange::id()) of the changes this user dismissed, newest last. */
	public const USER_META = 'svc_licensing_client_site_change_dismissed';

	/** How many dismissals are kept per user. */
	private const KEEP = 20;

	/**
	 * Returns the site's products by slug.
	 *
	 * @var callable(): array<string, Product>
	 */
	private $products;

	/**
	 * Whether a notice was printed on this page (its dismiss script follows in the footer).
	 *
	 * @var bool
	 */
	private $shown = false;

	/**
	 * Constructor.
	 *
	 * @param callable $products Returns the site's products by slug.
	 * @phpstan-param callable(): array<string, Product> $products
	 */
	public function __construct( callable $products ) {
		$this->products = $products;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_notices', array( $this, 'render' ) );
		add_action( 'admin_footer', array( $this, 'print_script' ) );
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'dismiss' ) );
	}

	/**
	 * One notice per change of address this user may answer for and did not dismiss.
	 */
	public function render(): void {
		$dismissed = $this->dismissed( get_current_user_id() );
		foreach ( $this->changes() as $id => $change ) {
			if ( in_array( $id, $dismissed, true ) ) {
				continue;
			}
			$this->render_one( $id, $change['change'], $change['products'] );
		}
	}

	/**
	 * One change's notice.
	 *
	 * @param string     $id       The change's id.
	 * @param SiteChange $change  The change.
	 * @param Product[]  $products The products whose licence it concerns.
	 */
	private function render_one( string $id, SiteChange $change, array $products ): void {
		$this->shown = true;
		printf(
			'<div class="notice notice-warning is-dismissible svc-licensing-client-site-change" data-change="%s" data-nonce="%s"><p><strong>%s</strong></p><p>%s</p><ul class="ul-disc">',
			esc_attr( $id ),
			esc_attr( wp_create_nonce( self::ACTION ) ),
			esc_html( Messages::site_change_question( $change->from(), $change->to() ) ),
			esc_html( _n( 'Until you answer, this product is not licensed on this site, and its licence keeps its sites as they are (this site takes no slot and frees none):', 'Until you answer, these products are not licensed on this site, and their licences keep their sites as they are (this site takes no slot and frees none):', count( $products ), 'svc-licensing-client' ) )
		);
		foreach ( $products as $product ) {
			/* translators: %s: product name. */
			echo '<li><a href="' . esc_url( ( new LicenseScreen( $product ) )->url() ) . '">' . esc_html( sprintf( __( 'Answer on the licence screen of %s', 'svc-licensing-client' ), $product->name() ) ) . '</a></li>';
		}
		echo '</ul></div>';
	}

	/**
	 * After core's dismiss button hid a notice, tells the site to keep it hidden.
	 */
	public function print_script(): void {
		if ( ! $this->shown ) {
			return;
		}
		$script = 'document.addEventListener("click",function(e){'
			. 'var b=e.target instanceof Element&&e.target.closest(".svc-licensing-client-site-change .notice-dismiss");if(!b){return;}'
			. 'var n=b.closest(".svc-licensing-client-site-change"),d=new FormData();'
			. 'd.append("action",' . wp_json_encode( self::ACTION ) . ');d.append("change",n.getAttribute("data-change"));d.append("_ajax_nonce",n.getAttribute("data-nonce"));'
			. 'fetch(' . wp_json_encode( admin_url( 'admin-ajax.php' ) ) . ',{method:"POST",body:d,credentials:"same-origin"});});';
		wp_print_inline_script_tag( $script );
	}

	/**
	 * POST admin-ajax.php: hides one change's notice for this user. Nonce, capability and a change of this site's
	 * products are checked.
	 */
	public function dismiss(): void {
		if ( false === check_ajax_referer( self::ACTION, '_ajax_nonce', false ) ) {
			wp_send_json_error( array( 'message' => __( 'The link has expired. Reload the page and try again.', 'svc-licensing-client' ) ), 403 );
		}
		$changes = $this->changes();
		if ( array() === $changes ) {
			wp_send_json_error( array( 'message' => __( 'There is no question about this site\'s address for you to answer.', 'svc-licensing-client' ) ), 403 );
		}
		$id = isset( $_POST['change'] ) ? sanitize_key( wp_unslash( $_POST['change'] ) ) : '';
		if ( ! isset( $changes[ $id ] ) ) {
			wp_send_json_error( array( 'message' => __( 'There is no such question about this site\'s address.', 'svc-licensing-client' ) ), 400 );
		}
		$user      = get_current_user_id();
		$dismissed = array_values( array_diff( $this->dismissed( $user ), array( $id ) ) );
		$dismissed = array_slice( array_merge( $dismissed, array( $id ) ), -self::KEEP );
		update_user_meta( $user, self::USER_META, $dismissed );
		wp_send_json_success( array( 'dismissed' => $id ) );
	}

	/**
	 * The changes of address of the products this user may manage, by id, with those products.
	 *
	 * @return array<string, array{change: SiteChange, products: Product[]}>
	 */
	private function changes(): array {
		$changes = array();
		foreach ( ( $this->products )() as $product ) {
			if ( ! current_user_can( $product->capability() ) ) {
				continue;
			}
			$change = $product->license()->site_change();
			if ( null === $change ) {
				continue;
			}
			$changes[ $change->id() ]['change']     = $change;
			$changes[ $change->id() ]['products'][] = $product;
		}
		return $changes;
	}

	/**
	 * The ids this user dismissed.
	 *
	 * @param int $user The user.
	 * @return string[]
	 */
	private function dismissed( int $user ): array {
		$stored = get_user_meta( $user, self::USER_META, true );
		return is_array( $stored ) ? array_values( array_filter( $stored, 'is_string' ) ) : array();
	}
}
