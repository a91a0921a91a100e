<?php
/**
 * Plugin Name: Acme Tools
 * Description: A sample product of the licence service's client-site tests with an uninstall.php of its own, as a seller's plugin may have: deleting it must still free its slot and remove the SDK's options. Installed but not active until a test activates it.
 * Version: 1.0.0
 * Requires PHP: 7.4
 * Author: Acme
 *
 * @package AcmeTools
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';

svc_licensing_client(
	array(
		'server'  => defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888',
		'product' => 'acme-tools',
		'file'    => __FILE__,
	)
);
