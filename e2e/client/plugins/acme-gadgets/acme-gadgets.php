<?php
/**
 * Plugin Name: Acme Gadgets
 * Description: A second sample product of the licence service's client-site tests. It bundles the client SDK as released at 0.1.0 (e2e/client/sdk-releases/), and loads before Acme Widgets: the newer copy must still be the one that runs. Its licence screen lives in its own admin menu (menu_parent).
 * Version: 1.0.0
 * Requires PHP: 7.4
 * Author: Acme
 *
 * @package AcmeGadgets
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';

svc_licensing_client(
	array(
		'server'  => defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888',
		'product'     => 'acme-gadgets',
		'file'        => __FILE__,
		'menu_parent' => 'acme-gadgets',
	)
);

add_action(
	'admin_menu',
	static function () {
		add_menu_page( 'Acme Gadgets', 'Acme Gadgets', 'activate_plugins', 'acme-gadgets', 'acme_gadgets_render_page', 'dashicons-admin-generic' );
	}
);

/**
 * The seller's own screen, the first entry of the Acme Gadgets menu.
 */
function acme_gadgets_render_page() {
	echo '<div class="wrap"><h1>Acme Gadgets</h1><p>Gadgets for every site.</p></div>';
}
