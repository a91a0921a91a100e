<?php
/**
 * The licence import file: a CSV with a header row, one licence a row.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use InvalidArgumentException;

/**
 * Reads the import file into rows ready for LicenseAdmin, and the errors of the rows that are not, each with its
 * line (the header is line 1; a row's line is its record's number plus one, so a cell with a line break in
 * quotes shifts the numbers after it). Pure: products, emails, and keys already in use are checked by the
 * import itself, against the database.
 *
 * Columns, in any order: product (slug or id) and customer_email are required; customer_name, status (default
 * active), expires (empty: never), max_activations (empty: the price's, or 1) and key (empty: a new key) are not.
 */
final class LicenseCsv {

	/**
	 * Every column the file may have.
	 */
	public const COLUMNS = array( 'product', 'customer_email', 'customer_name', 'status', 'expires', 'max_activations', 'key' );

	/**
	 * The columns it must have.
	 */
	public const REQUIRED = array( 'product', 'customer_email' );

	/**
	 * Reads a whole file.
	 *
	 * @param string $text The file's content.
	 * @return array{rows: list<array{line: int, product: string, fields: array<string, mixed>, key: LicenseKey|null}>, errors: list<array{line: int, message: string}>}
	 */
	public static function parse( string $text ): array {
		$rows   = array();
		$errors = array();
		$text   = 0 === strpos( $text, "\xEF\xBB\xBF" ) ? substr( $text, 3 ) : $text;
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- an in-memory stream for fgetcsv, no file.
		$stream = fopen( 'php://memory', 'r+' );
		if ( false === $stream ) {
			return array(
				'rows'   => array(),
				'errors' => array(
					array(
						'line'    => 1,
						'message' => 'The file could not be read.',
					),
				),
			);
		}
		fwrite( $stream, $text ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- the in-memory stream.
		rewind( $stream );
		$header = fgetcsv( $stream, 0, ',', '"', '' );
		$names  = is_array( $header ) ? array_map( static fn( $name ): string => strtolower( trim( (string) $name ) ), $header ) : array();
		$wrong  = self::header_error( $names );
		if ( null !== $wrong ) {
			fclose( $stream ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- the in-memory stream.
			return array(
				'rows'   => array(),
				'errors' => array(
					array(
						'line'    => 1,
						'message' => $wrong,
					),
				),
			);
		}
		$line = 1;
		$keys = array();
		while ( false !== ( $cells = fgetcsv( $stream, 0, ',', '"', '' ) ) ) { // phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.FoundInWhileCondition -- the usual fgetcsv loop.
			++$line;
			if ( array( null ) === $cells ) {
				continue;
			}
			try {
				$rows[] = array_merge( array( 'line' => $line ), self::record( $names, $cells, $line, $keys ) );
			} catch ( InvalidArgumentException $error ) {
				$errors[] = array(
					'line'    => $line,
					'message' => $error->getMessage(),
				);
			}
		}
		fclose( $stream ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- the in-memory stream.
		return array(
			'rows'   => $rows,
			'errors' => $errors,
		);
	}

	/**
	 * One record read, its key checked against the keys of the rows before it.
	 *
	 * @param string[]            $names Column names.
	 * @param array<int, ?string> $cells Cells.
	 * @param int                 $line  Its line.
	 * @param array<string, int>  $keys  Key => line of the rows read so far; this row's key is added.
	 * @return array{product: string, fields: array<string, mixed>, key: LicenseKey|null}
	 * @throws InvalidArgumentException On a wrong row.
	 */
	private static function record( array $names, array $cells, int $line, array &$keys ): array {
		if ( count( $cells ) !== count( $names ) ) {
			throw new InvalidArgumentException( sprintf( 'The row has %d cells; the header has %d.', count( $cells ), count( $names ) ) );
		}
		$named = array_combine( $names, array_map( static fn( $cell ): string => trim( (string) $cell ), $cells ) );
		if ( false === $named ) {
			throw new InvalidArgumentException( 'The row cannot be read.' );
		}
		$row = self::row( $named );
		if ( null !== $row['key'] ) {
			$seen = $keys[ $row['key']->reveal() ] ?? null;
			if ( null !== $seen ) {
				throw new InvalidArgumentException( sprintf( 'key is the same as on line %d.', $seen ) );
			}
			$keys[ $row['key']->reveal() ] = $line;
		}
		return $row;
	}

	/**
	 * What is wrong with the header, if anything.
	 *
	 * @param string[] $names Column names.
	 */
	private static function header_error( array $names ): ?string {
		if ( array() === $names || array( '' ) === $names ) {
			return 'The file is empty; its first line must name the columns, at least product,customer_email.';
		}
		foreach ( $names as $name ) {
			if ( ! in_array( $name, self::COLUMNS, true ) ) {
				return sprintf( 'Unknown column "%s"; the columns are %s.', $name, implode( ', ', self::COLUMNS ) );
			}
		}
		if ( count( array_unique( $names ) ) !== count( $names ) ) {
			return 'A column is named twice in the header.';
		}
		$missing = array_diff( self::REQUIRED, $names );
		if ( ! empty( $missing ) ) {
			return sprintf( 'The header has no %s column; the file needs %s.', implode( ' or ', $missing ), implode( ' and ', self::REQUIRED ) );
		}
		return null;
	}

	/**
	 * One row's cells read into the product, LicenseAdmin's fields and the key.
	 *
	 * @param array<string, string> $cells Column => trimmed cell.
	 * @return array{product: string, fields: array<string, mixed>, key: LicenseKey|null}
	 * @throws InvalidArgumentException On the first cell that is wrong.
	 */
	private static function row( array $cells ): array {
		if ( '' === $cells['product'] ) {
			throw new InvalidArgumentException( 'product is empty.' );
		}
		if ( '' === $cells['customer_email'] ) {
			throw new InvalidArgumentException( 'customer_email is empty.' );
		}
		$fields = array( 'customer_email' => $cells['customer_email'] );
		if ( strlen( $cells['customer_email'] ) > 254 || strlen( $cells['customer_name'] ?? '' ) > 200 ) {
			throw new InvalidArgumentException( 'customer_email is longer than 254 characters, or customer_name than 200.' );
		}
		if ( '' !== ( $cells['customer_name'] ?? '' ) ) {
			$fields['customer_name'] = $cells['customer_name'];
		}
		if ( '' !== ( $cells['status'] ?? '' ) ) {
			$fields['status'] = LicenseInput::status( $cells['status'] );
		}
		if ( '' !== ( $cells['expires'] ?? '' ) ) {
			$fields['expires'] = LicenseInput::expires( $cells['expires'] );
		}
		if ( '' !== ( $cells['max_activations'] ?? '' ) ) {
			$fields['activation_limit'] = LicenseInput::activation_limit( $cells['max_activations'] );
		}
		return array(
			'product' => $cells['product'],
			'fields'  => $fields,
			'key'     => '' === ( $cells['key'] ?? '' ) ? null : LicenseInput::key( $cells['key'] ),
		);
	}
}
