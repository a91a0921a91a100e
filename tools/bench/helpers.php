<?php
/**
 * What the bench's seed scripts share (tools/bench/seed.php, tools/bench/import-seed.php): a hand-written ZIP and
 * a multi-row INSERT. Loaded after WordPress (boot-wp.php).
 *
 * @package SvcLicensing
 */

/**
 * A ZIP archive with one stored (uncompressed) file, written by hand: PHP's zip extension is not installed.
 *
 * @param string $name    Entry name.
 * @param string $content Entry content.
 */
function svc_bench_zip( string $name, string $content ): string {
	$crc    = crc32( $content );
	$size   = strlen( $content );
	$local  = pack( 'VvvvvvVVVvv', 0x04034b50, 10, 0, 0, 0, 0x21, $crc, $size, $size, strlen( $name ), 0 ) . $name . $content;
	$entry  = pack( 'VvvvvvvVVVvvvvvVV', 0x02014b50, 20, 10, 0, 0, 0, 0x21, $crc, $size, $size, strlen( $name ), 0, 0, 0, 0, 0, 0 ) . $name;
	$ending = pack( 'VvvvvVVv', 0x06054b50, 0, 0, 1, 1, strlen( $entry ), strlen( $local ), 0 );
	return $local . $entry . $ending;
}

/**
 * Inserts rows in one statement.
 *
 * @param string   $table   Table without prefix.
 * @param string[] $columns Columns.
 * @param string[] $values  Prepared "(...)" tuples.
 */
function svc_bench_insert( string $table, array $columns, array $values ): void {
	global $wpdb;
	if ( array() === $values ) {
		return;
	}
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- tuples prepared by the caller.
	$done = $wpdb->query( 'INSERT INTO ' . $wpdb->prefix . $table . ' (' . implode( ', ', $columns ) . ') VALUES ' . implode( ',', $values ) );
	if ( false === $done ) {
		fwrite( STDERR, "Insert into {$table} failed: {$wpdb->last_error}\n" );
		exit( 1 );
	}
}
