<?php
/**
 * Is this file a ZIP archive?
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * Checks the structure rather than the name or the browser's MIME type: a ZIP starts with a local file header
 * (PK\3\4) and ends with an end-of-central-directory record (PK\5\6) in its last 64 KiB + 22 bytes, whose
 * recorded offsets fit inside the file. Works without the zip extension, which many hosts lack.
 */
final class ZipSignature {
	public const TAIL_BYTES = 65557;

	/**
	 * Whether the head and tail of a file describe a ZIP archive with at least one entry.
	 *
	 * @param string $head First bytes (at least 4).
	 * @param string $tail Last TAIL_BYTES bytes (or the whole file when shorter).
	 * @param int    $size File size in bytes.
	 */
	public static function matches( string $head, string $tail, int $size ): bool {
		if ( $size < 22 + 30 || 0 !== strncmp( $head, "PK\x03\x04", 4 ) ) {
			return false;
		}
		$at = strrpos( $tail, "PK\x05\x06" );
		if ( false === $at || strlen( $tail ) - $at < 22 ) {
			return false;
		}
		$record = unpack( 'ventries/Vcd_size/Vcd_offset', substr( $tail, $at + 10, 10 ) );
		if ( false === $record ) {
			return false;
		}
		$record_offset = $size - strlen( $tail ) + $at;
		return $record['entries'] > 0 && $record['cd_offset'] + $record['cd_size'] <= $record_offset;
	}
}
