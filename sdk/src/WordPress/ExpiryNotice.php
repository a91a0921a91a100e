<?php
/**
 * The admin notice that a licence is expired or expires soon, one per licence server, with the renewal link the
 * server gave.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Connection;
use Svc\LicensingClient\ExpiryNotices;

/**
 * Reads the stored licence records only: it never asks a licence server. A product counts only for users who may
 * manage it (activate_plugins for a plugin, switch_themes for a theme), so others never see it. Core's dismiss
 * button hides it; a nonce-checked admin-ajax request then hides that server's notice for the user for
 * ExpiryNotices::DISMISS_DAYS (user meta), after which it comes back while a licence still needs it.
 */
final class ExpiryNotice {

	/** The admin-ajax action and nonce action of a dismissal. */
	public const ACTION = 'svc_licensing_client_dismiss_expiry';

	/** User meta: server id => hidden until (Unix time). */
	public const USER_META = 'svc_licensing_client_dismissed';

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
	 * One notice per licence server that has a licence to renew, unless this user dismissed it.
	 */
	public function render(): void {
		$products = $this->manageable();
		if ( array() === $products ) {
			return;
		}
		$now      = time();
		$licenses = array();
		foreach ( $products as $slug => $product ) {
			$licenses[ $slug ] = array(
				'server' => Connection::server_id( $product->config()->root() ),
				'record' => $product->license()->record(),
			);
		}
		$dismissed = ExpiryNotices::dismissals( get_user_meta( get_current_user_id(), self::USER_META, true ), $now );
		foreach ( ExpiryNotices::due( $licenses, $dismissed, $now ) as $server => $due ) {
			$first = $products[ (string) array_key_first( $due ) ];
			$this->render_one( $server, self::server_name( $first->config()->root() ), $due, $products );
		}
	}

	/**
	 * One server's notice.
	 *
	 * @param string                                                                      $server   The server's id.
	 * @param string                                                                      $name     Its host, as the customer knows it.
	 * @param array<string, array{expires: int, expired: bool, renewal_url: string|null}> $due      Product slug => why.
	 * @param array<string, Product>                                                      $products Products by slug.
	 */
	private function render_one( string $server, string $name, array $due, array $products ): void {
		$this->shown = true;
		$format      = (string) get_option( 'date_format' );
		printf(
			'<div class="notice notice-warning is-dismissible svc-licensing-client-expiry" data-server="%s" data-nonce="%s"><p><strong>%s</strong></p><ul class="ul-disc">',
			esc_attr( $server ),
			esc_attr( wp_create_nonce( self::ACTION ) ),
			esc_html(
				sprintf(
					/* translators: %s: the licence server's host, e.g. shop.example. */
					_n( 'A licence from %s needs renewing', 'Licences from %s need renewing', count( $due ), 'svc-licensing-client' ),
					$name
				)
			)
		);
		foreach ( $due as $slug => $license ) {
			$product = $products[ $slug ]->name();
			$date    = wp_date( $format, $license['expires'] );
			$text    = $license['expired']
				/* translators: 1: product name, 2: date. */
				? sprintf( __( '%1$s: the licence expired on %2$s.', 'svc-licensing-client' ), $product, $date )
				/* translators: 1: product name, 2: date. */
				: sprintf( __( '%1$s: the licence expires on %2$s.', 'svc-licensing-client' ), $product, $date );
			echo '<li>' . esc_html( $text ) . ' ';
			if ( null === $license['renewal_url'] ) {
				echo esc_html__( 'Contact the seller to renew it.', 'svc-licensing-client' );
			} else {
				/* translators: %s: product name. */
				echo '<a href="' . esc_url( $license['renewal_url'] ) . '">' . esc_html( sprintf( __( 'Renew %s', 'svc-licensing-client' ), $product ) ) . '</a>';
			}
			echo '</li>';
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
			. 'var b=e.target instanceof Element&&e.target.closest(".svc-licensing-client-expiry .notice-dismiss");if(!b){return;}'
			. 'var n=b.closest(".svc-licensing-client-expiry"),d=new FormData();'
			. 'd.append("action",' . wp_json_encode( self::ACTION ) . ');d.append("server",n.getAttribute("data-server"));d.append("_ajax_nonce",n.getAttribute("data-nonce"));'
			. 'fetch(' . wp_json_encode( admin_url( 'admin-ajax.php' ) ) . ',{method:"POST",body:d,credentials:"same-origin"});});';
		wp_print_inline_script_tag( $script );
	}

	/**
	 * POST admin-ajax.php: hides one server's notice for this user. Nonce, capability and a server of this site's
	 * products are checked.
	 */
	public function dismiss(): void {
		if ( false === check_ajax_referer( self::ACTION, '_ajax_nonce', false ) ) {
			wp_send_json_error( array( 'message' => __( 'The link has expired. Reload the page and try again.', 'svc-licensing-client' ) ), 403 );
		}
		$servers = array();
		foreach ( $this->manageable() as $product ) {
			$servers[] = Connection::server_id( $product->config()->root() );
		}
		if ( array() === $servers ) {
			wp_send_json_error( array( 'message' => __( 'You are not allowed to manage these licences.', 'svc-licensing-client' ) ), 403 );
		}
		$server = isset( $_POST['server'] ) ? sanitize_key( wp_unslash( $_POST['server'] ) ) : '';
		if ( ! in_array( $server, $servers, true ) ) {
			wp_send_json_error( array( 'message' => __( 'No licence of this site uses that licence server.', 'svc-licensing-client' ) ), 400 );
		}
		$user      = get_current_user_id();
		$dismissed = ExpiryNotices::dismiss( get_user_meta( $user, self::USER_META, true ), $server, time() );
		update_user_meta( $user, self::USER_META, $dismissed );
		wp_send_json_success( array( 'hidden_until' => $dismissed[ $server ] ) );
	}

	/**
	 * The products this user may manage, by slug.
	 *
	 * @return array<string, Product>
	 */
	private function manageable(): array {
		return array_filter(
			( $this->products )(),
			static function ( Product $product ): bool {
				return current_user_can( $product->capability() );
			}
		);
	}

	/**
	 * A licence server's host (and port), as the customer knows it.
	 *
	 * @param string $root The server's REST root.
	 */
	private static function server_name( string $root ): string {
		$host = (string) wp_parse_url( $root, PHP_URL_HOST );
		$port = wp_parse_url( $root, PHP_URL_PORT );
		return null === $port || false === $port ? $host : $host . ':' . $port;
	}
}
