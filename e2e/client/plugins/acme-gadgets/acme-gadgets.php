<?php
/**
 * Plugin Name: Acme Gadgets
 * Description: A second sample product of the licence service's client-site tests. It bundles an older copy of the client SDK (the stack rewrites the copy's version to 0.0.9), and loads before Acme Widgets: the newer copy must still be the one that runs.
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
		'product' => 'acme-gadgets',
		'file'    => __FILE__,
	)
);
