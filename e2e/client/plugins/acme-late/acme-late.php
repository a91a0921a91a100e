<?php
/**
 * Plugin Name: Acme Late
 * Description: A sample product of the client-site tests of updates taken hours after a check (late-updates.spec.ts). It is installed by that spec only, and bundles the client SDK the way a seller does.
 * Version: 1.0.0
 * Requires PHP: 7.4
 * Author: Acme
 *
 * @package AcmeLate
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';

svc_licensing_client(
	array(
		'server'  => defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888',
		'product' => 'acme-late',
		'file'    => __FILE__,
	)
);
