<?php
/**
 * Acme Theme: licensed and updated through the client SDK.
 *
 * @package AcmeTheme
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';

svc_licensing_client(
	array(
		'server'  => defined( 'SVC_CLIENT_SERVER' ) ? SVC_CLIENT_SERVER : 'http://localhost:8888',
		'product' => 'acme-theme',
		'file'    => __FILE__,
	)
);
