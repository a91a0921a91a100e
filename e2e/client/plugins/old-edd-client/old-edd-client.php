<?php
/**
 * Plugin Name: Old EDD Client
 * Description: A sample of a seller's plugin that shipped EDD Software Licensing's updater and licence screen, for the client-site test of the move-in (e2e/client/edd-old-client.spec.ts). It is installed by that spec only. It bundles no client SDK of ours: it speaks EDD SL's protocol to the store's front URL, as the copies on customers' sites do.
 * Version: 2.0.0
 * Requires PHP: 7.4
 * Author: Acme
 *
 * Written from EDD Software Licensing's public client protocol, as its updater class EDD_SL_Plugin_Updater (1.9.x)
 * and its sample plugin's licence screen use it (read in Easy Digital Downloads' public "EDD-License-handler" /
 * "EDD-Sample-Plugin" code and the Software Licensing API docs; not copied): the same requests, field for field,
 * and the same use of the answers by WordPress core's update hooks. The store's address is the one the client
 * site's wp-config.php names (SVC_CLIENT_SERVER); the EDD download's id and name are options the test sets, as a
 * seller would have hard-coded them.
 *
 * @package OldEddClient
 */

defined( 'ABSPATH' ) || exit;

define( 'OLD_EDD_CLIENT_VERSION', '2.0.0' );
define( 'OLD_EDD_CLIENT_STORE_URL', defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888' );
define( 'OLD_EDD_CLIENT_PAGE', 'old-edd-client-license' );

/**
 * The EDD download id the seller's copy names (an option here, since each test run imports its own downloads).
 */
function old_edd_client_item_id(): string {
	return (string) get_option( 'old_edd_client_item_id', '' );
}

/**
 * The EDD download's name the seller's copy names (EDD checks it against the download's title).
 */
function old_edd_client_item_name(): string {
	return (string) get_option( 'old_edd_client_item_name', '' );
}

/**
 * The item_name as this copy sends it: EDD's older sample plugins put it through urlencode() (a space becomes `+`),
 * newer ones through rawurlencode() (`%20`); 'none' sends it as is. The form's own encoding comes on top.
 */
function old_edd_client_item_name_sent(): string {
	$name = old_edd_client_item_name();
	switch ( (string) get_option( 'old_edd_client_item_name_encoding', 'rawurlencode' ) ) {
		case 'urlencode':
			return urlencode( $name ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.urlencode_urlencode -- what the seller's copy does.
		case 'none':
			return $name;
		default:
			return rawurlencode( $name );
	}
}

/**
 * The updater: what EDD_SL_Plugin_Updater does, in its own words.
 *
 * - It hooks core's update data (pre_set_site_transient_update_plugins) and the plugin details (plugins_api).
 * - Each time core builds its update data it POSTs edd_action=get_version to the store URL (trailing slash added)
 *   with license, item_name, item_id, version, slug (the main file's name without .php), author, url (home_url()),
 *   beta, php_version and wp_version; false values go out as WordPress' HTTP API sends them.
 * - It reads the JSON answer as an object, and only when it has `sections`; `sections`, `banners` and `icons`
 *   may come serialised (maybe_unserialize); each section is also put on the object as an array.
 * - It sets `plugin` and `id` to the plugin's basename, and puts the object under `response` when new_version is
 *   above the installed version, else under `no_update`.
 * - For "View details" it answers core's plugin_information with the same object, sections/banners/icons as arrays.
 * - It keeps each answer, package link included, for 3 hours in an option of its own (`edd_sl_` and an md5 of the
 *   slug, the key and the beta flag: {timeout, value}), and serves core's update data (also after "Check again") and
 *   View details from it until the timeout has passed; only then does it ask the store again.
 * - After a failed request (a WP_Error or any status but 200) it stores a marker for one hour (`edd_sl_failed_http_`
 *   and an md5 of the store URL, holding the time it ends) and sends nothing to the store until it has passed.
 */
final class Old_Edd_Client_Updater {

	/**
	 * Store URL with a trailing slash.
	 *
	 * @var string
	 */
	private $api_url;

	/**
	 * What the seller passed: version, license, item_id, item_name, author, beta.
	 *
	 * @var array<string, mixed>
	 */
	private $api_data;

	/**
	 * Plugin basename.
	 *
	 * @var string
	 */
	private $name;

	/**
	 * Slug: the main file's name without .php.
	 *
	 * @var string
	 */
	private $slug;

	/**
	 * The option its answers are kept in.
	 *
	 * @var string
	 */
	private $cache_key;

	/**
	 * The option of the failed-request marker, per store URL.
	 *
	 * @param string $api_url Store URL.
	 */
	public static function failed_key( string $api_url ): string {
		return 'edd_sl_failed_http_' . md5( trailingslashit( $api_url ) );
	}

	/**
	 * Constructor.
	 *
	 * @param string               $api_url     Store URL.
	 * @param string               $plugin_file Main plugin file.
	 * @param array<string, mixed> $api_data    Data sent with each call.
	 */
	public function __construct( string $api_url, string $plugin_file, array $api_data ) {
		$this->api_url  = trailingslashit( $api_url );
		$this->api_data = $api_data;
		$this->name     = plugin_basename( $plugin_file );
		$this->slug     = basename( $plugin_file, '.php' );
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- the class's own cache key.
		$this->cache_key = 'edd_sl_' . md5( serialize( $this->slug . $this->api_data['license'] . ( ! empty( $this->api_data['beta'] ) ? '1' : '' ) ) );
		add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'check_update' ) );
		add_filter( 'plugins_api', array( $this, 'plugins_api' ), 10, 3 );
	}

	/**
	 * Core's update data, with this plugin's answer added.
	 *
	 * @param mixed $data Core's update data.
	 * @return mixed
	 */
	public function check_update( $data ) {
		if ( ! is_object( $data ) ) {
			$data = new stdClass();
		}
		if ( ! empty( $data->response[ $this->name ] ) ) {
			return $data;
		}
		$info = $this->version_info();
		if ( is_object( $info ) && isset( $info->new_version ) ) {
			if ( version_compare( (string) $this->api_data['version'], (string) $info->new_version, '<' ) ) {
				$data->response[ $this->name ] = $info;
			} else {
				$data->no_update[ $this->name ] = $info;
			}
		}
		$data->last_checked           = time();
		$data->checked[ $this->name ] = $this->api_data['version'];
		return $data;
	}

	/**
	 * "View details": core's plugin_information for this slug.
	 *
	 * @param mixed  $result Core's answer so far.
	 * @param string $action plugins_api action.
	 * @param object $args   Its arguments.
	 * @return mixed
	 */
	public function plugins_api( $result, $action = '', $args = null ) {
		if ( 'plugin_information' !== $action || ! isset( $args->slug ) || $this->slug !== $args->slug ) {
			return $result;
		}
		$info = $this->version_info();
		if ( ! is_object( $info ) ) {
			return $result;
		}
		foreach ( array( 'sections', 'banners', 'icons' ) as $field ) {
			if ( isset( $info->$field ) ) {
				$info->$field = json_decode( (string) wp_json_encode( $info->$field ), true );
			}
		}
		return $info;
	}

	/**
	 * The answer kept in the cache while its 3 hours last, else the store's (kept for 3 hours), or false.
	 *
	 * @return object|false
	 */
	private function version_info() {
		$cache = get_option( $this->cache_key );
		if ( is_array( $cache ) && ! empty( $cache['timeout'] ) && time() <= (int) $cache['timeout'] ) {
			$info = json_decode( (string) $cache['value'] );
			return is_object( $info ) ? $this->shaped( $info ) : false;
		}
		$info = $this->api_request();
		if ( false === $info ) {
			return false;
		}
		update_option(
			$this->cache_key,
			array(
				'timeout' => time() + 3 * HOUR_IN_SECONDS,
				'value'   => wp_json_encode( $info ),
			),
			false
		);
		return $this->shaped( $info );
	}

	/**
	 * The get_version call and its answer as sent, or false; nothing is sent while a failed request's hour lasts.
	 *
	 * @return object|false
	 */
	private function api_request() {
		if ( trailingslashit( home_url() ) === $this->api_url ) {
			return false;
		}
		$failed = get_option( self::failed_key( $this->api_url ) );
		if ( is_numeric( $failed ) ) {
			if ( time() <= (int) $failed ) {
				return false;
			}
			delete_option( self::failed_key( $this->api_url ) );
		}
		$params   = array(
			'edd_action'  => 'get_version',
			'license'     => ! empty( $this->api_data['license'] ) ? $this->api_data['license'] : '',
			'item_name'   => isset( $this->api_data['item_name'] ) ? $this->api_data['item_name'] : false,
			'item_id'     => isset( $this->api_data['item_id'] ) ? $this->api_data['item_id'] : false,
			'version'     => isset( $this->api_data['version'] ) ? $this->api_data['version'] : false,
			'slug'        => $this->slug,
			'author'      => $this->api_data['author'],
			'url'         => home_url(),
			'beta'        => ! empty( $this->api_data['beta'] ),
			'php_version' => phpversion(),
			'wp_version'  => get_bloginfo( 'version' ),
		);
		$response = wp_remote_post(
			$this->api_url,
			array(
				'timeout'   => 15,
				'sslverify' => true,
				'body'      => $params,
			)
		);
		if ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
			update_option( self::failed_key( $this->api_url ), time() + HOUR_IN_SECONDS, false );
			return false;
		}
		$info = json_decode( wp_remote_retrieve_body( $response ) );
		return is_object( $info ) && isset( $info->sections ) ? $info : false;
	}

	/**
	 * An answer as core reads it: sections, banners and icons unserialised, each section also a field.
	 *
	 * @param object $info The store's answer.
	 * @return object
	 */
	private function shaped( $info ) {
		$info->sections = maybe_unserialize( $info->sections );
		if ( isset( $info->banners ) ) {
			$info->banners = maybe_unserialize( $info->banners );
		}
		if ( isset( $info->icons ) ) {
			$info->icons = maybe_unserialize( $info->icons );
		}
		if ( ! empty( $info->sections ) ) {
			foreach ( (array) $info->sections as $key => $section ) {
				$info->$key = (array) $section;
			}
		}
		$info->plugin = $this->name;
		$info->id     = $this->name;
		return $info;
	}
}

add_action(
	'init',
	static function () {
		new Old_Edd_Client_Updater(
			OLD_EDD_CLIENT_STORE_URL,
			WP_PLUGIN_DIR . '/old-edd-client/old-edd-client.php',
			array_merge(
				array(
					'version'   => OLD_EDD_CLIENT_VERSION,
					'license'   => trim( (string) get_option( 'old_edd_client_license_key', '' ) ),
					'item_name' => old_edd_client_item_name_sent(),
					'author'    => 'Acme',
					'beta'      => false,
				),
				// A seller's copy that names no item_id leaves it out; the updater then sends EDD's false.
				'' === old_edd_client_item_id() ? array() : array( 'item_id' => old_edd_client_item_id() )
			)
		);
	}
);

/**
 * One licence call, as EDD's sample plugin makes it: a POST to the store URL with edd_action, license, item_id,
 * item_name (url- or rawurlencoded by the sample, so it arrives encoded once more), url and environment.
 *
 * @param string $action  activate_license, deactivate_license or check_license.
 * @param string $license The key.
 * @return object|string The decoded answer, or why not.
 */
function old_edd_client_call( string $action, string $license ) {
	$response = wp_remote_post(
		OLD_EDD_CLIENT_STORE_URL,
		array(
			'timeout'   => 15,
			'sslverify' => false,
			'body'      => array(
				'edd_action'  => $action,
				'license'     => $license,
				'item_id'     => old_edd_client_item_id(),
				'item_name'   => old_edd_client_item_name_sent(),
				'url'         => home_url(),
				'environment' => function_exists( 'wp_get_environment_type' ) ? wp_get_environment_type() : 'production',
			),
		)
	);
	if ( is_wp_error( $response ) ) {
		return $response->get_error_message();
	}
	if ( 200 !== wp_remote_retrieve_response_code( $response ) ) {
		return 'An error occurred, please try again.';
	}
	$data = json_decode( wp_remote_retrieve_body( $response ) );
	return is_object( $data ) ? $data : 'An error occurred, please try again.';
}

add_action(
	'admin_menu',
	static function () {
		add_plugins_page( 'Old EDD Client License', 'Old EDD Client License', 'manage_options', OLD_EDD_CLIENT_PAGE, 'old_edd_client_page' );
	}
);

/**
 * The licence screen, as the sample plugin's: a key, Activate or Deactivate, and (here) Check, with the last answer.
 */
function old_edd_client_page(): void {
	$license = (string) get_option( 'old_edd_client_license_key', '' );
	$status  = (string) get_option( 'old_edd_client_license_status', '' );
	$last    = (string) get_option( 'old_edd_client_last_answer', '' );
	?>
	<div class="wrap">
		<h1>Old EDD Client License</h1>
		<form method="post" action="">
			<?php wp_nonce_field( 'old_edd_client', 'old_edd_client_nonce' ); ?>
			<p>
				<label for="old_edd_client_license_key">License Key</label>
				<input type="text" class="regular-text" id="old_edd_client_license_key" name="old_edd_client_license_key" value="<?php echo esc_attr( $license ); ?>" />
			</p>
			<p id="old-edd-client-status">License status: <?php echo esc_html( '' === $status ? 'none' : $status ); ?></p>
			<p id="old-edd-client-answer">Last answer: <?php echo esc_html( $last ); ?></p>
			<p>
				<?php if ( 'valid' === $status ) : ?>
					<input type="submit" class="button-secondary" name="edd_license_deactivate" value="Deactivate License" />
				<?php else : ?>
					<input type="submit" class="button-secondary" name="edd_license_activate" value="Activate License" />
				<?php endif; ?>
				<input type="submit" class="button-secondary" name="edd_license_check" value="Check License" />
			</p>
		</form>
	</div>
	<?php
}

add_action(
	'admin_init',
	static function () {
		$buttons = array(
			'edd_license_activate'   => 'activate_license',
			'edd_license_deactivate' => 'deactivate_license',
			'edd_license_check'      => 'check_license',
		);
		$action  = null;
		foreach ( $buttons as $button => $edd_action ) {
			if ( isset( $_POST[ $button ] ) ) {
				$action = $edd_action;
			}
		}
		if ( null === $action || ! check_admin_referer( 'old_edd_client', 'old_edd_client_nonce' ) || ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$license = isset( $_POST['old_edd_client_license_key'] ) ? trim( sanitize_text_field( wp_unslash( $_POST['old_edd_client_license_key'] ) ) ) : '';
		if ( '' === $license ) {
			$license = trim( (string) get_option( 'old_edd_client_license_key', '' ) );
		}
		$data = old_edd_client_call( $action, $license );
		if ( is_object( $data ) ) {
			update_option( 'old_edd_client_last_answer', (string) wp_json_encode( $data ) );
			// As the sample: the key is kept once valid; the status is EDD's `license` word.
			if ( 'activate_license' === $action && isset( $data->license ) && 'valid' === $data->license ) {
				update_option( 'old_edd_client_license_key', $license );
			}
			if ( 'deactivate_license' === $action && isset( $data->license ) && 'deactivated' === $data->license ) {
				delete_option( 'old_edd_client_license_status' );
			} elseif ( isset( $data->license ) ) {
				update_option( 'old_edd_client_license_status', (string) $data->license );
			}
		} else {
			update_option( 'old_edd_client_last_answer', $data );
		}
		wp_safe_redirect( admin_url( 'plugins.php?page=' . OLD_EDD_CLIENT_PAGE ) );
		exit;
	}
);
