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

svc_licensing_client(
	array(
		// The client site's wp-config.php names the licence service it talks to.
		'server'      => defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888',
		'product'     => 'acme-widgets',
		'file'        => __FILE__,
		'account_url' => defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER . '/account/' : 'http://localhost:8888/account/',
	)
);
