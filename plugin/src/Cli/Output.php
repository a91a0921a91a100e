<?php
/**
 * What every `wp svc` command shares: WP-CLI's formats, and a use case's refusal as a WP-CLI error.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use InvalidArgumentException;
use Svc\Licensing\Domain\ServiceError;
use WP_CLI;
use WP_CLI\Formatter;

/**
 * Lists and single items go through WP_CLI\Formatter (--format=table|csv|json|yaml|count|ids, --fields, --field);
 * a ServiceError or a bad flag ends the command with WP_CLI::error (exit 1) and the same plain words the REST
 * API answers with.
 */
final class Output {

	/**
	 * Shows rows; `ids` prints their ids separated by spaces, `count` how many there are.
	 *
	 * @param array<string, mixed>             $assoc_args The command's flags (format, fields, field).
	 * @param array<int, array<string, mixed>> $rows       Rows, each with an id.
	 * @param string[]                         $fields     Default fields.
	 */
	public function rows( array $assoc_args, array $rows, array $fields ): void {
		$format = (string) ( $assoc_args['format'] ?? 'table' );
		if ( 'ids' === $format ) {
			$rows = array_map( static fn( array $row ): string => (string) $row['id'], $rows );
		}
		if ( empty( $rows ) && 'table' === $format && empty( $assoc_args['field'] ) ) {
			WP_CLI::log( __( 'Nothing found.', 'svc-licensing' ) );
			return;
		}
		$formatter = new Formatter( $assoc_args, $fields );
		$formatter->display_items( $rows );
	}

	/**
	 * Shows one item; `ids` prints its id.
	 *
	 * @param array<string, mixed> $assoc_args The command's flags.
	 * @param array<string, mixed> $row        Item.
	 */
	public function item( array $assoc_args, array $row ): void {
		if ( 'ids' === ( $assoc_args['format'] ?? 'table' ) ) {
			WP_CLI::line( (string) $row['id'] );
			return;
		}
		$formatter = new Formatter( $assoc_args, array_keys( $row ) );
		$formatter->display_item( $row );
	}

	/**
	 * Runs a command's work; a use case's refusal or a bad flag becomes WP_CLI::error (exit code 1).
	 *
	 * @param callable(): void $work The work.
	 */
	public function attempt( callable $work ): void {
		try {
			$work();
		} catch ( ServiceError $error ) {
			WP_CLI::error( $error->getMessage() );
		} catch ( InvalidArgumentException $error ) {
			WP_CLI::error( $error->getMessage() );
		}
	}
}
