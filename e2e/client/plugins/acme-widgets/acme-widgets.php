<?php
/**
 * Plugin Name: Acme Widgets
 * Description: A sample product of the licence service's client-site tests. It bundles the client SDK the way a seller does.
 * Version: 1.0.0
 * Requires PHP: 7.4
 * Author: Acme
 *
 * @package AcmeWidgets
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';

// The client site's wp-config.php names the licence service it talks to; the client tests can point Acme Widgets
// at a closed port instead (option acme_widgets_server) to take the service away for real.
$acme_widgets_server = defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888';

svc_licensing_client(
	array(
		'server'      => (string) get_option( 'acme_widgets_server', $acme_widgets_server ),
		'product'     => 'acme-widgets',
		'file'        => __FILE__,
		'account_url' => $acme_widgets_server . '/account/',
		// The seller's translations of the SDK's strings (svc-licensing-client-<locale>.mo).
		'languages_dir' => __DIR__ . '/languages',
	)
);
