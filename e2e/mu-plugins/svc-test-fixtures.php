<?php
/**
 * Plugin Name: Licence Service test helpers: fixtures
 * Description: Test-only. Data a spec starts from, made through the plugin's own repositories and key hashing:
 *              licences with their product (svc-test/v1/fixtures/license), API keys, download tokens with chosen
 *              claims, a webhook event due for retry, and WordPress users with chosen capabilities (/users).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

svc_test_routes(
	array(
		// Creates a product (unless its slug exists) and a licence for it, through the plugin's own repositories
		// and key hashing, until the admin API exists. Answers the full key.
		'/fixtures/license'             => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				$product_in = (array) $request->get_param( 'product' );
				$license_in = (array) $request->get_param( 'license' );
				$products   = new Svc\Licensing\Storage\ProductRepository( $wpdb );
				$product    = $products->find_by_slug( (string) $product_in['slug'] );
				$product_id = $product ? $product['id'] : $products->create(
					array(
						'name'                   => $product_in['name'] ?? $product_in['slug'],
						'slug'                   => $product_in['slug'],
						'current_version'        => $product_in['current_version'] ?? '1.0.0',
						'is_active'              => isset( $product_in['is_active'] ) ? (int) $product_in['is_active'] : 1,
						'trial_enabled'          => empty( $product_in['trial_enabled'] ) ? 0 : 1,
						'trial_days'             => (int) ( $product_in['trial_days'] ?? 0 ),
						'trial_activation_limit' => (int) ( $product_in['trial_activation_limit'] ?? 1 ),
					)
				);
				$tier_id    = null;
				if ( isset( $license_in['tier'] ) ) {
					$now = gmdate( 'Y-m-d H:i:s' );
					$wpdb->insert(
						$wpdb->prefix . Svc\Licensing\Storage\Tables::TIERS,
						array(
							'label'      => $license_in['tier']['label'],
							'features'   => wp_json_encode( $license_in['tier']['features'] ),
							'created_at' => $now,
							'updated_at' => $now,
						)
					);
					$tier_id = (int) $wpdb->insert_id;
				}
				$secret  = ( new Svc\Licensing\Storage\KeySecret( $wpdb ) )->get();
				$repo    = new Svc\Licensing\Storage\LicenseRepository( $wpdb );
				$created = array();
				$count   = max( 1, (int) ( $license_in['count'] ?? 1 ) );
				$wpdb->query( 'START TRANSACTION' );
				for ( $i = 0; $i < $count; $i++ ) {
					$key    = Svc\Licensing\Domain\License\LicenseKey::generate();
					$fields = array(
						'product_id'       => $product_id,
						'key_hash'         => $key->hash( $secret ),
						'key_first'        => $key->first_group(),
						'key_last'         => $key->last_group(),
						'customer_email'   => $license_in['customer_email'] ?? 'customer@example.com',
						'status'           => $license_in['status'] ?? 'active',
						'activation_limit' => $license_in['activation_limit'] ?? 1,
						'is_trial'         => empty( $license_in['is_trial'] ) ? 0 : 1,
					);
					foreach ( array( 'expires', 'trial_ends' ) as $date ) {
						if ( isset( $license_in[ $date ] ) ) {
							$fields[ $date ] = gmdate( 'Y-m-d H:i:s', strtotime( $license_in[ $date ] ) );
						}
					}
					if ( null !== $tier_id ) {
						$fields['tier_id'] = $tier_id;
					}
					$created[] = array(
						'license_key' => $key->reveal(),
						'license_id'  => $repo->create( $fields ),
					);
				}
				$wpdb->query( 'COMMIT' );
				return array(
					'license_key' => $created[0]['license_key'],
					'license_id'  => $created[0]['license_id'],
					'product_id'  => $product_id,
					'licenses'    => $created,
				);
			},
		),
		// Moves a stored webhook event's next retry a minute into the past, so the retry job finds it due.
		'/fixtures/webhook-due'         => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				$changed = $wpdb->update(
					$wpdb->prefix . Svc\Licensing\Storage\Tables::WEBHOOK_EVENTS,
					array( 'next_retry_at' => gmdate( 'Y-m-d H:i:s', time() - 60 ) ),
					array( 'event_id' => (string) $request->get_param( 'event_id' ) )
				);
				return array( 'changed' => (int) $changed );
			},
		),
		// A download token with chosen claims, signed with the server's real key (for expired tokens).
		'/fixtures/download-token'      => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				$links = new Svc\Licensing\Core\DownloadLinks( new Svc\Licensing\Storage\KeySecret( $wpdb ), new Svc\Licensing\Storage\Settings() );
				return array(
					'token' => $links->token(
						new Svc\Licensing\Domain\Release\DownloadClaims(
							(int) $request['product_id'],
							(int) $request['license_id'],
							(string) $request['version'],
							(int) $request['expires']
						)
					),
				);
			},
		),
		// API keys until the admin API exists: create, revoke, read (last_used_at).
		'/fixtures/api-key'             => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				$product_id = $request->get_param( 'product_id' );
				return ( new Svc\Licensing\Storage\ApiKeyRepository( $wpdb ) )->create(
					(string) ( $request->get_param( 'label' ) ?? 'test key' ),
					(string) ( $request->get_param( 'permissions' ) ?? 'read' ),
					null === $product_id ? null : (int) $product_id
				);
			},
		),
		'/fixtures/api-key/(?P<id>\d+)' => array(
			array(
				'methods'  => 'GET',
				'callback' => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$table = $wpdb->prefix . Svc\Licensing\Storage\Tables::API_KEYS;
					return (array) $wpdb->get_row(
						$wpdb->prepare(
							// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
							"SELECT id, key_prefix, is_active, last_used_at FROM {$table} WHERE id = %d",
							(int) $request['id']
						),
						ARRAY_A
					);
				},
			),
			array(
				'methods'  => 'DELETE',
				'callback' => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					return array( 'revoked' => ( new Svc\Licensing\Storage\ApiKeyRepository( $wpdb ) )->revoke( (int) $request['id'] ) );
				},
			),
		),
		// A user with only the given capabilities (a subscriber plus them): {login, password, caps}. Made again on
		// each call, so a spec can rerun.
		'/users'                        => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				require_once ABSPATH . 'wp-admin/includes/user.php';
				$login = sanitize_user( (string) $request->get_param( 'login' ) );
				$old   = get_user_by( 'login', $login );
				if ( $old instanceof WP_User ) {
					wp_delete_user( $old->ID );
				}
				$id = wp_insert_user(
					array(
						'user_login' => $login,
						'user_pass'  => (string) $request->get_param( 'password' ),
						'user_email' => $login . '@example.com',
						'role'       => 'subscriber',
					)
				);
				if ( is_wp_error( $id ) ) {
					return array( 'error' => $id->get_error_message() );
				}
				$user = new WP_User( $id );
				foreach ( (array) $request->get_param( 'caps' ) as $cap ) {
					$user->add_cap( (string) $cap );
				}
				return array( 'id' => $id );
			},
		),
	)
);
