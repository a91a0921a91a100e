<?php
/**
 * Plugin Name: Licence Service test helpers: issue 40's lows
 * Description: Test-only, for e2e/cli/import-edd-files.spec.ts and e2e/api/lease-keys-autoload.spec.ts:
 *              - POST svc-test/v1/lows/edd-files {tag}: after the EDD fixture (svc-test-import.php) wrote its package
 *                into uploads/edd, copies it to a "backup" outside the uploads (wp-content/svc-test-backups-<tag>),
 *                links to that copy from inside uploads/edd, copies it once more inside uploads/edd, and makes one
 *                licensed EDD download per case whose file names: the backup by absolute path (absolute), an uploads
 *                URL with ../ leading to it (dotdot), the link (link), the copy inside by absolute path (inside).
 *                Answers case => download id. DELETE with {tag} removes those files.
 *              - GET svc-test/v1/lows/lease-keys: the lease keys option's autoload column as stored ('' when absent).
 *                POST {action: autoload-yes} sets it to 'yes' (as an earlier version wrote it); POST {action: mint}
 *                mints a ring as a fresh install does, inside a transaction that is rolled back (the site's own ring
 *                and fingerprint are taken away first and come back with the rollback), and answers whether a ring
 *                came and the autoload its row had.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

/**
 * The lease keys option's autoload column.
 */
function svc_test_lows_autoload(): string {
	global $wpdb;
	return (string) $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", 'svc_licensing_lease_keys' ) );
}

/**
 * The files of the edd-files cases.
 *
 * @param string $tag The fixture's tag.
 * @return array{backup_dir: string, backup: string, inside: string, link: string, dotdot: string}
 */
function svc_test_lows_files( string $tag ): array {
	$up  = wp_upload_dir( null, true );
	$tag = sanitize_key( $tag );
	$dir = WP_CONTENT_DIR . '/svc-test-backups-' . $tag;
	$edd = $up['basedir'] . '/edd';
	$rel = substr( $dir, strlen( dirname( (string) $up['basedir'] ) ) ); // The backup folder seen from uploads' parent.
	return array(
		'backup_dir' => $dir,
		'backup'     => $dir . '/site-backup.zip',
		'inside'     => $edd . '/inside-' . $tag . '.zip',
		'link'       => $edd . '/link-' . $tag . '.zip',
		'dotdot'     => $up['baseurl'] . '/edd/../..' . $rel . '/site-backup.zip',
		'link_url'   => $up['baseurl'] . '/edd/link-' . $tag . '.zip',
		'package'    => $edd . '/acme-pro-' . $tag . '.zip',
	);
}

svc_test_routes(
	array(
		'/lows/edd-files'  => array(
			array(
				'methods'  => 'POST',
				'callback' => static function ( WP_REST_Request $request ): array {
					$tag   = sanitize_key( (string) $request->get_param( 'tag' ) );
					$files = svc_test_lows_files( $tag );
					wp_mkdir_p( $files['backup_dir'] );
					copy( $files['package'], $files['backup'] );
					copy( $files['package'], $files['inside'] );
					if ( ! is_link( $files['link'] ) ) {
						symlink( $files['backup'], $files['link'] );
					}
					$cases = array(
						'absolute' => $files['backup'],
						'dotdot'   => $files['dotdot'],
						'link'     => $files['link_url'],
						'inside'   => $files['inside'],
					);
					$ids   = array();
					foreach ( $cases as $name => $file ) {
						$id = (int) wp_insert_post(
							array(
								'post_type'   => 'download',
								'post_status' => 'publish',
								'post_title'  => "Files {$name} {$tag}",
								'post_name'   => "files-{$name}-{$tag}",
							)
						);
						update_post_meta( $id, '_edd_sl_enabled', '1' );
						update_post_meta( $id, '_edd_sl_version', '1.0.0' );
						update_post_meta(
							$id,
							'edd_download_files',
							array(
								0 => array(
									'index' => '0',
									'name'  => $name,
									'file'  => $file,
								),
							)
						);
						$ids[ $name ] = (string) $id;
					}
					return array(
						'ids'   => $ids,
						'files' => $cases,
					);
				},
			),
			array(
				'methods'  => 'DELETE',
				'callback' => static function ( WP_REST_Request $request ): array {
					$files = svc_test_lows_files( (string) $request->get_param( 'tag' ) );
					foreach ( array( 'inside', 'link', 'backup' ) as $name ) {
						if ( is_file( $files[ $name ] ) || is_link( $files[ $name ] ) ) {
							unlink( $files[ $name ] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- test helper; a link is not a file to wp_delete_file.
						}
					}
					if ( is_dir( $files['backup_dir'] ) ) {
						rmdir( $files['backup_dir'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- test helper.
					}
					return array( 'removed' => true );
				},
			),
		),
		'/lows/lease-keys' => array(
			array(
				'methods'  => 'GET',
				'callback' => static function (): array {
					return array( 'autoload' => svc_test_lows_autoload() );
				},
			),
			array(
				'methods'  => 'POST',
				'callback' => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					if ( 'autoload-yes' === $request->get_param( 'action' ) ) {
						$wpdb->update( $wpdb->options, array( 'autoload' => 'yes' ), array( 'option_name' => 'svc_licensing_lease_keys' ) );
						wp_cache_flush();
						return array( 'autoload' => svc_test_lows_autoload() );
					}
					$seen = array();
					( new Svc\Licensing\Storage\Transaction( $wpdb ) )->run(
						static function () use ( $wpdb, &$seen ): bool {
							$wpdb->delete( $wpdb->options, array( 'option_name' => 'svc_licensing_lease_keys' ) );
							$wpdb->delete( $wpdb->prefix . 'svc_meta', array( 'name' => 'lease_keys_fingerprint' ) );
							wp_cache_flush();
							$meta = new Svc\Licensing\Storage\MetaRepository( $wpdb );
							$keys = new Svc\Licensing\Storage\LeaseKeys( $wpdb, new Svc\Licensing\Storage\KeySecret( $wpdb, $meta ), $meta );
							$seen = array(
								'ring'     => null !== $keys->ring(),
								'autoload' => svc_test_lows_autoload(),
							);
							return true;
						},
						static function (): bool {
							return false;
						}
					);
					wp_cache_flush();
					return $seen;
				},
			),
		),
	)
);
