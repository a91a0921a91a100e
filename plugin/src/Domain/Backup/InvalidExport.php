<?php
/**
 * Why an export file was refused.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Backup;

use RuntimeException;

/**
 * The reason is one of the constants, for code; the message is for the site admin who chose the file.
 */
final class InvalidExport extends RuntimeException {
	public const NOT_AN_EXPORT       = 'not_an_export';
	public const UNSUPPORTED_VERSION = 'unsupported_version';
	public const CORRUPT             = 'corrupt';
	public const TRUNCATED           = 'truncated';
	public const CHECKSUM_MISMATCH   = 'checksum_mismatch';

	/**
	 * Reason.
	 *
	 * @var string
	 */
	private $reason;

	/**
	 * Constructor.
	 *
	 * @param string $reason  One of the constants.
	 * @param string $message What the admin reads; empty for the reason's general message.
	 */
	public function __construct( string $reason, string $message = '' ) {
		parent::__construct( '' === $message ? self::general_message( $reason ) : $message );
		$this->reason = $reason;
	}

	/**
	 * One of the constants.
	 *
	 * @return string
	 */
	public function reason(): string {
		return $this->reason;
	}

	/**
	 * The message for a reason when there is nothing more specific to say.
	 *
	 * @param string $reason One of the constants.
	 * @return string
	 */
	private static function general_message( string $reason ): string {
		switch ( $reason ) {
			case self::NOT_AN_EXPORT:
				return 'This file is not a licensing export. Choose a file that was made with the plugin\'s export.';
			case self::UNSUPPORTED_VERSION:
				return 'This export was made in a format this version of the plugin cannot read. Update the plugin, then try again.';
			case self::TRUNCATED:
				return 'The file is incomplete: it ends before the export\'s closing record. Download it again.';
			case self::CHECKSUM_MISMATCH:
				return 'The file was changed or damaged after it was exported: its checksum does not match. Download it again, and do not open and save it in an editor.';
			default:
				return 'The file is damaged and cannot be imported. Export it again from the original site.';
		}
	}
}
