<?php
/**
 * A renewal notice the seller cannot save as written.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

use InvalidArgumentException;

/**
 * The message is the seller's to read; field names the input (id, kind, offset, enabled, subject, body, or
 * notices for the list), notice the notice's id when it has one.
 */
final class InvalidNotice extends InvalidArgumentException {

	/**
	 * The field refused.
	 *
	 * @var string
	 */
	public $field;

	/**
	 * The id of the notice refused, or ''.
	 *
	 * @var string
	 */
	public $notice;

	/**
	 * Constructor.
	 *
	 * @param string $field   Field.
	 * @param string $message Plain words.
	 * @param string $notice  Notice id, or ''.
	 */
	public function __construct( string $field, string $message, string $notice = '' ) {
		parent::__construct( $message );
		$this->field  = $field;
		$this->notice = $notice;
	}
}
