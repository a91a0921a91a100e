<?php
/**
 * Plugin Name: Licence Service test helpers: mail
 * Description: Test-only. Test sites send no mail: each message is kept, and GET svc-test/v1/mails shows them in
 *              the order sent (DELETE forgets them).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// Each message is kept in an option of its own (one insert, so mails sent at once by several processes, such as
// jobs after their responses, never overwrite each other), for the mails route to show in order.
add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, array $atts ) {
		add_option(
			uniqid( 'svc-test-mail-', true ),
			array(
				'to'      => is_array( $atts['to'] ) ? implode( ',', $atts['to'] ) : (string) $atts['to'],
				'subject' => (string) $atts['subject'],
				'message' => (string) $atts['message'],
			),
			'',
			false
		);
		return true;
	},
	10,
	2
);

svc_test_routes(
	array(
		// The mails "sent" so far; DELETE forgets them.
		'/mails' => array(
			array(
				'methods'  => 'GET',
				'callback' => static function (): array {
					// Mail queued for after a response is on its way: wait for it, so a spec reads every mail of the
					// requests it has answers to (and a "no mail" check is not early).
					if ( function_exists( 'svc_test_after_response_wait' ) ) {
						svc_test_after_response_wait();
					}
					global $wpdb;
					// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- test helper: every mail row, in the order written.
					$rows = $wpdb->get_col( "SELECT option_value FROM {$wpdb->options} WHERE option_name LIKE 'svc-test-mail-%' ORDER BY option_id" );
					return array_map( 'maybe_unserialize', $rows );
				},
			),
			array(
				'methods'  => 'DELETE',
				'callback' => static function (): array {
					global $wpdb;
					// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- test helper.
					$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'svc-test-mail-%'" );
					return array();
				},
			),
		),
	)
);
