<?php
/**
 * The licence screen of one product: a key field with Activate and Deactivate, and what the server said.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Lease;
use Svc\LicensingClient\LicenseRecord;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\SiteChange;

/**
 * Under Plugins (or Appearance for a theme), linked from the plugin's row. Forms post to admin-post.php with
 * a nonce and a capability check, then redirect back with the outcome in the URL (so a reload repeats nothing).
 * After activation the key is only ever shown masked.
 */
final class LicenseScreen {

	/**
	 * The product.
	 *
	 * @var Product
	 */
	private $product;

	/**
	 * Constructor.
	 *
	 * @param Product $product The product.
	 */
	public function __construct( Product $product ) {
		$this->product = $product;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_post_' . $this->action(), array( $this, 'handle' ) );
		if ( $this->product->is_network() ) {
			// A plugin activated network-wide: one screen, in Network Admin → Plugins.
			add_action( 'network_admin_menu', array( $this, 'add_page' ) );
			add_filter( 'network_admin_plugin_action_links_' . $this->product->id(), array( $this, 'action_link' ) );
			return;
		}
		// Under the seller's own menu, after it exists (sellers add theirs at the default priority).
		add_action( 'admin_menu', array( $this, 'add_page' ), '' === $this->product->config()->menu_parent() ? 10 : 20 );
		if ( ! $this->product->is_theme() ) {
			add_filter( 'plugin_action_links_' . $this->product->id(), array( $this, 'action_link' ) );
		}
	}

	/**
	 * The page's slug.
	 */
	public function page(): string {
		return 'svc-licence-' . $this->product->config()->slug();
	}

	/**
	 * The page's URL.
	 *
	 * @param array<string, string> $args Query arguments.
	 */
	public function url( array $args = array() ): string {
		if ( $this->product->is_network() ) {
			return add_query_arg( array_merge( array( 'page' => $this->page() ), $args ), network_admin_url( 'plugins.php' ) );
		}
		$base = $this->product->config()->screen_base( $this->product->is_theme() );
		return add_query_arg( array_merge( array( 'page' => $this->page() ), $args ), admin_url( $base ) );
	}

	/**
	 * The admin-post action and nonce action.
	 */
	private function action(): string {
		return 'svc_licensing_client_' . str_replace( '-', '_', $this->product->config()->slug() );
	}

	/**
	 * The page under the seller's menu when the call names one, else under Plugins, or Appearance for a theme.
	 */
	public function add_page(): void {
		/* translators: %s: product name. */
		$title  = sprintf( __( '%s licence', 'svc-licensing-client' ), $this->product->name() );
		$parent = $this->product->config()->menu_parent();
		if ( $this->product->is_network() ) {
			add_submenu_page( 'plugins.php', $title, $title, $this->product->capability(), $this->page(), array( $this, 'render' ) );
		} elseif ( '' !== $parent ) {
			add_submenu_page( $parent, $title, __( 'Licence', 'svc-licensing-client' ), $this->product->capability(), $this->page(), array( $this, 'render' ) );
		} elseif ( $this->product->is_theme() ) {
			add_theme_page( $title, $title, $this->product->capability(), $this->page(), array( $this, 'render' ) );
		} else {
			add_plugins_page( $title, $title, $this->product->capability(), $this->page(), array( $this, 'render' ) );
		}
	}

	/**
	 * "Licence" first among the plugin's row actions.
	 *
	 * @param array<int|string, string> $links Row actions.
	 * @return array<int|string, string>
	 */
	public function action_link( $links ) {
		if ( ! current_user_can( $this->product->capability() ) ) {
			return $links;
		}
		return array_merge(
			array(
				'licence' => sprintf(
					'<a href="%s" aria-label="%s">%s</a>',
					esc_url( $this->url() ),
					/* translators: %s: product name. */
					esc_attr( sprintf( __( 'Licence of %s', 'svc-licensing-client' ), $this->product->name() ) ),
					esc_html__( 'Licence', 'svc-licensing-client' )
				),
			),
			(array) $links
		);
	}

	/**
	 * The form's target: checks, acts, redirects back with the outcome.
	 */
	public function handle(): void {
		if ( ! current_user_can( $this->product->capability() ) ) {
			wp_die( esc_html__( 'You are not allowed to manage this licence.', 'svc-licensing-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( $this->action() );
		$do      = isset( $_POST['do'] ) ? sanitize_key( wp_unslash( $_POST['do'] ) ) : '';
		$license = $this->product->license();
		if ( 'activate' === $do ) {
			$key   = isset( $_POST['license_key'] ) ? sanitize_text_field( wp_unslash( $_POST['license_key'] ) ) : '';
			$reply = '' === $key ? null : $license->activate( $key );
		} elseif ( 'deactivate' === $do ) {
			$reply = $license->deactivate();
		} elseif ( 'channel' === $do ) {
			$reply = $license->choose_channel( isset( $_POST['channel'] ) ? sanitize_key( wp_unslash( $_POST['channel'] ) ) : '' );
		} elseif ( 'site_change' === $do ) {
			$answer = isset( $_POST['site_change'] ) ? sanitize_key( wp_unslash( $_POST['site_change'] ) ) : '';
			$reply  = $license->answer_site_change( $answer );
			$do     = SiteChange::is_answer( $answer ) ? 'site_' . $answer : 'site_change';
		} else {
			$do    = 'check';
			$reply = $license->check();
		}
		if ( null !== $reply && $reply->is_answer() ) {
			$this->product->license_changed();
		}
		$args = array(
			'done'   => $do,
			'result' => null === $reply ? 'refused' : $reply->kind(),
			'code'   => null === $reply ? 'no_key' : $reply->error_code(),
		);
		if ( null !== $reply && $reply->retry_at() > 0 ) {
			$args['retry'] = (string) $reply->retry_at();
		} elseif ( null !== $reply && 'site_move_limit' === $reply->error_code() ) {
			// When the next move is allowed: a number only, so the URL can put no words on the screen.
			$resets = $reply->body()['data']['resets'] ?? null;
			$resets = is_string( $resets ) ? strtotime( $resets ) : false;
			if ( false !== $resets && $resets > 0 ) {
				$args['retry'] = (string) $resets;
			}
		}
		wp_safe_redirect( $this->url( $args ) );
		exit;
	}

	/**
	 * The screen.
	 */
	public function render(): void {
		if ( ! current_user_can( $this->product->capability() ) ) {
			return;
		}
		$license = $this->product->license();
		$record  = $license->record();
		$answer  = $record->answer() ?? array();
		$key     = $license->key();
		$name    = $this->product->name();
		echo '<div class="wrap">';
		/* translators: %s: product name. */
		echo '<h1>' . esc_html( sprintf( __( '%s licence', 'svc-licensing-client' ), $name ) ) . '</h1>';
		$this->render_outcome( $name );
		$change = '' === $key ? null : $license->site_change();
		if ( null !== $change ) {
			$this->render_site_change( $change, $name );
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="' . esc_attr( $this->action() ) . '" />';
		wp_nonce_field( $this->action() );
		echo '<table class="form-table" role="presentation"><tbody>';
		echo '<tr><th scope="row"><label for="svc-licence-key">' . esc_html__( 'Licence key', 'svc-licensing-client' ) . '</label></th><td>';
		if ( '' === $key ) {
			echo '<input type="text" id="svc-licence-key" name="license_key" class="regular-text code" autocomplete="off" spellcheck="false" aria-describedby="svc-licence-key-help" />';
			echo '<p class="description" id="svc-licence-key-help">' . esc_html__( 'The key from your purchase email, e.g. ABCD-EFGH-IJKL-MNOP.', 'svc-licensing-client' ) . '</p>';
		} else {
			echo '<code id="svc-licence-key">' . esc_html( $license->masked_key() ) . '</code>';
		}
		echo '</td></tr>';
		if ( null !== $change ) {
			echo '<tr><th scope="row">' . esc_html__( 'Status', 'svc-licensing-client' ) . '</th><td>' . esc_html__( 'Waiting for your answer', 'svc-licensing-client' );
			/* translators: 1: the site address the licence was activated with, 2: product name. */
			echo '<p class="description">' . esc_html( sprintf( __( 'The licence was activated for %1$s, not for this address. Until you answer the question above, %2$s is not licensed here, and the licence keeps its sites as they are.', 'svc-licensing-client' ), $change->from(), $name ) ) . '</p></td></tr>';
		} elseif ( '' !== $key && array() !== $answer ) {
			$this->render_status( $record, $answer );
			$this->render_channel();
		}
		echo '</tbody></table>';
		echo '<p class="submit">';
		if ( '' === $key ) {
			echo '<button type="submit" name="do" value="activate" class="button button-primary">' . esc_html__( 'Activate', 'svc-licensing-client' ) . '</button>';
		} else {
			if ( null === $change ) {
				echo '<button type="submit" name="do" value="check" class="button button-primary">' . esc_html__( 'Check now', 'svc-licensing-client' ) . '</button> ';
			}
			echo '<button type="submit" name="do" value="deactivate" class="button">' . esc_html( $this->product->is_network() ? __( 'Deactivate on this network', 'svc-licensing-client' ) : __( 'Deactivate on this site', 'svc-licensing-client' ) ) . '</button>';
		}
		echo '</p></form>';
		$this->render_sdk_line();
		echo '</div>';
	}

	/**
	 * The owner's question about this site's changed address, with its three answers, in a form of its own.
	 *
	 * @param SiteChange $change The change.
	 * @param string     $name   Product name.
	 */
	private function render_site_change( SiteChange $change, string $name ): void {
		$answers = array(
			SiteChange::MOVED    => array(
				/* translators: %s: this site's address now. */
				sprintf( __( 'The site moved to %s', 'svc-licensing-client' ), $change->to() ),
				/* translators: %s: the site address the licence was activated with. */
				sprintf( __( '%s no longer runs. The licence moves here and keeps its one slot.', 'svc-licensing-client' ), $change->from() ),
			),
			SiteChange::COPY     => array(
				__( 'A temporary copy (staging)', 'svc-licensing-client' ),
				/* translators: %s: the site address the licence was activated with. */
				sprintf( __( '%s runs on; this copy is for testing and uses no slot. Only for an address the licence server calls a staging address, such as staging.example.com or example.test.', 'svc-licensing-client' ), $change->from() ),
			),
			SiteChange::NEW_SITE => array(
				__( 'A new site', 'svc-licensing-client' ),
				/* translators: %s: the site address the licence was activated with. */
				sprintf( __( '%s runs on, and this is another site: it takes a slot of its own, if the licence has one free.', 'svc-licensing-client' ), $change->from() ),
			),
		);
		echo '<h2>' . esc_html__( 'This site\'s address changed', 'svc-licensing-client' ) . '</h2>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="svc-licence-site-change">';
		echo '<input type="hidden" name="action" value="' . esc_attr( $this->action() ) . '" />';
		wp_nonce_field( $this->action() );
		echo '<fieldset><legend>' . esc_html( Messages::site_change_question( $change->from(), $change->to() ) ) . '</legend>';
		foreach ( $answers as $value => list( $label, $help ) ) {
			$id = 'svc-licence-site-change-' . $value;
			echo '<p><label for="' . esc_attr( $id ) . '"><input type="radio" name="site_change" id="' . esc_attr( $id ) . '" value="' . esc_attr( $value ) . '" aria-describedby="' . esc_attr( $id . '-help' ) . '" required /> ' . esc_html( $label ) . '</label></p>';
			echo '<p class="description" id="' . esc_attr( $id . '-help' ) . '">' . esc_html( $help ) . '</p>';
		}
		echo '</fieldset>';
		/* translators: %s: product name. */
		echo '<p class="description">' . esc_html( sprintf( __( 'Until you answer, %s is not licensed on this site, and its licence takes no slot for this site and frees none.', 'svc-licensing-client' ), $name ) ) . '</p>';
		echo '<p class="submit"><button type="submit" name="do" value="site_change" class="button button-primary">' . esc_html__( 'Save answer', 'svc-licensing-client' ) . '</button></p>';
		echo '</form>';
	}

	/**
	 * Which SDK copy runs, among the ones the site's products bundle: what a seller's support asks first.
	 */
	private function render_sdk_line(): void {
		$versions = \Svc_Licensing_Client_Versions_1::versions();
		usort( $versions, 'version_compare' );
		echo '<p class="description">' . esc_html(
			sprintf(
				/* translators: 1: SDK version in use, 2: the versions bundled by the site's products. */
				__( 'Licence client %1$s (copies bundled on this site: %2$s).', 'svc-licensing-client' ),
				$this->product->sdk_version(),
				implode( ', ', $versions )
			)
		) . '</p>';
	}

	/**
	 * Status, expiry, tier and sites used, and "could not verify since …".
	 *
	 * @param LicenseRecord        $record The record.
	 * @param array<string, mixed> $answer Its answer.
	 */
	private function render_status( LicenseRecord $record, array $answer ): void {
		$leases  = $this->product->license()->leases();
		$verdict = $leases->verdict();
		$lease   = $leases->lease();
		$said    = isset( $answer['status'] ) && is_string( $answer['status'] ) ? $answer['status'] : '';
		// The status agrees with svc_licensing_client_is_valid(): the lease's when it is valid, the server's own "no"
		// when it said no, "Not active" when the licence is valid but this site is not activated on it (validate says
		// valid for any site of a usable licence; the lease says whether this one is activated), and otherwise
		// "Not valid" with the lease's reason.
		$status = Messages::status( null !== $lease && Lease::VALID === $verdict ? $lease->status() : $said );
		$note   = '';
		if ( Lease::NOT_ACTIVATED === $verdict && true === ( $answer['valid'] ?? null ) ) {
			$status = __( 'Not active', 'svc-licensing-client' );
			$note   = Messages::lease_problem( $verdict, '' );
		} elseif ( Lease::VALID !== $verdict && true === ( $answer['valid'] ?? null ) ) {
			$status = __( 'Not valid', 'svc-licensing-client' );
			$note   = Messages::lease_problem( $verdict, null === $lease ? '' : (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $lease->lease_expires() ) );
		} elseif ( LicenseRecord::UNVERIFIED === $record->state() ) {
			$since = wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $record->verified_at() );
			$fault = $this->product->license()->connection()->last_fault();
			$note  = null === $fault
				/* translators: %s: date and time of the last answer from the licence server. */
				? sprintf( __( 'Could not verify since %s: the licence server cannot be reached.', 'svc-licensing-client' ), $since )
				/* translators: 1: date and time of the last answer from the licence server, 2: why it gave none since (a sentence). */
				: sprintf( __( 'Could not verify since %1$s. %2$s', 'svc-licensing-client' ), $since, Messages::for_fault( $fault, $this->product->name() ) );
			if ( null !== $lease && Lease::VALID === $verdict ) {
				/* translators: %s: date and time the licence server's signed lease runs out. */
				$note .= ' ' . sprintf( __( 'The licence stays valid without an answer until %s.', 'svc-licensing-client' ), wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $lease->lease_expires() ) );
			}
		}
		$rows = array(
			__( 'Status', 'svc-licensing-client' ) => $status,
		);
		if ( array_key_exists( 'expires', $answer ) ) {
			$expires = $record->expires();
			$rows[ __( 'Expires', 'svc-licensing-client' ) ] = null === $expires ? __( 'Never', 'svc-licensing-client' ) : wp_date( (string) get_option( 'date_format' ), $expires );
		}
		if ( isset( $answer['tier']['label'] ) && is_string( $answer['tier']['label'] ) ) {
			$rows[ __( 'Tier', 'svc-licensing-client' ) ] = $answer['tier']['label'];
		}
		if ( isset( $answer['activation_count'], $answer['activation_limit'] ) ) {
			$rows[ __( 'Sites', 'svc-licensing-client' ) ] = sprintf(
				! empty( $answer['is_staging'] )
					/* translators: 1: sites used, 2: sites allowed. */
					? __( '%1$d of %2$d (this site is a staging site and uses none)', 'svc-licensing-client' )
					/* translators: 1: sites used, 2: sites allowed. */
					: __( '%1$d of %2$d', 'svc-licensing-client' ),
				(int) $answer['activation_count'],
				(int) $answer['activation_limit']
			);
		}
		if ( isset( $answer['activation_scope'] ) && is_string( $answer['activation_scope'] ) ) {
			$rows[ __( 'Network', 'svc-licensing-client' ) ] = Messages::counted( $answer['activation_scope'], $this->product->is_network() );
		}
		foreach ( $rows as $label => $value ) {
			echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td>' . esc_html( (string) $value );
			if ( '' !== $note && __( 'Status', 'svc-licensing-client' ) === $label ) {
				echo '<p class="description">' . esc_html( $note ) . '</p>';
			}
			echo '</td></tr>';
		}
	}

	/**
	 * The release channel this site follows, and a choice of the product's channels with its own button: a site on
	 * beta is offered beta releases as well as stable ones. Hidden when the product offers no choice.
	 */
	private function render_channel(): void {
		$channel = $this->product->license()->channel();
		if ( count( $channel['channels'] ) < 2 ) {
			return;
		}
		echo '<tr><th scope="row"><label for="svc-licence-channel">' . esc_html__( 'Updates channel', 'svc-licensing-client' ) . '</label></th><td>';
		echo '<select id="svc-licence-channel" name="channel" aria-describedby="svc-licence-channel-help">';
		foreach ( $channel['channels'] as $name ) {
			echo '<option value="' . esc_attr( $name ) . '"' . selected( $name, $channel['channel'], false ) . '>' . esc_html( Messages::channel( $name ) ) . '</option>';
		}
		echo '</select> ';
		echo '<button type="submit" name="do" value="channel" class="button">' . esc_html__( 'Change channel', 'svc-licensing-client' ) . '</button>';
		echo '<p class="description" id="svc-licence-channel-help">' . esc_html__( 'Stable gets tested releases only. Beta and later channels also get pre-releases early; switch back to Stable at any time.', 'svc-licensing-client' ) . '</p>';
		echo '</td></tr>';
	}

	/**
	 * The last action's outcome, from the URL, as a core notice.
	 *
	 * @param string $name Product name.
	 */
	private function render_outcome( string $name ): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- displays a message only.
		if ( ! isset( $_GET['done'], $_GET['result'] ) ) {
			return;
		}
		$done   = sanitize_key( wp_unslash( $_GET['done'] ) );
		$result = sanitize_key( wp_unslash( $_GET['result'] ) );
		$code   = isset( $_GET['code'] ) ? sanitize_key( wp_unslash( $_GET['code'] ) ) : '';
		$retry  = isset( $_GET['retry'] ) ? absint( $_GET['retry'] ) : 0;
		// phpcs:enable
		// The cause of a failure is read from this server's stored state, never from the URL (no one can put words on
		// this screen with a link).
		$fault               = in_array( $result, array( Reply::UNAVAILABLE, Reply::WAITING ), true ) ? $this->product->license()->connection()->last_fault() : null;
		list( $type, $text ) = Messages::for_reply( $done, $result, $code, $name, $retry, $fault );
		echo '<div class="notice notice-' . esc_attr( $type ) . '" role="' . ( 'success' === $type ? 'status' : 'alert' ) . '"><p>' . esc_html( $text );
		$account = $this->product->config()->account_url();
		if ( 'activation_limit_reached' === $code && '' !== $account ) {
			echo ' <a href="' . esc_url( $account ) . '">' . esc_html__( 'Manage your sites', 'svc-licensing-client' ) . '</a>';
		}
		echo '</p></div>';
	}
}
