<?php
/**
 * Plugin Name:       Licence Service
 * Description:       Sells and guards plugin and theme licences: validation, activation, updates and Stripe webhooks under /svc/v1.
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      7.4
 * Author:            Licence Service team
 * License:           GPL-2.0-or-later
 * Text Domain:       svc-licensing
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

define( 'SVC_LICENSING_VERSION', require __DIR__ . '/src/version.php' );
define( 'SVC_LICENSING_FILE', __FILE__ );

require_once __DIR__ . '/src/autoload.php';

Svc\Licensing\Plugin::boot( __FILE__ );
