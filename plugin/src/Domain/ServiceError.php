<?php
/**
 * The one exception type that carries an error of the API specification.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

use RuntimeException;

/**
 * An error the client is meant to see: a spec code, a message safe to show, an HTTP status and extra data.
 */
class ServiceError extends RuntimeException {

	/**
	 * Spec error code, e.g. invalid_params.
	 *
	 * @var string
	 */
	private $error_code;

	/**
	 * HTTP status.
	 *
	 * @var int
	 */
	private $status;

	/**
	 * Extra keys for the envelope's data object (status is added by the envelope).
	 *
	 * @var array<string, mixed>
	 */
	private $data;

	/**
	 * Constructor.
	 *
	 * @param string               $error_code Spec error code.
	 * @param string               $message    Message safe to show to the caller.
	 * @param int|null             $status     HTTP status; defaults to the code's own.
	 * @param array<string, mixed> $data       Extra data.
	 */
	public function __construct( string $error_code, string $message, ?int $status = null, array $data = array() ) {
		parent::__construct( $message );
		$this->error_code = $error_code;
		$this->status     = $status ?? ErrorCode::status( $error_code );
		$this->data       = $data;
	}

	/**
	 * 400 invalid_params for one field, shaped like WordPress' own (data.params maps field => reason).
	 *
	 * @param string $field   Parameter name.
	 * @param string $message Message for the whole error.
	 * @param string $reason  What is wrong with the field.
	 */
	public static function invalid_param( string $field, string $message, string $reason ): self {
		return new self( ErrorCode::INVALID_PARAMS, $message, null, array( 'params' => array( $field => $reason ) ) );
	}

	/**
	 * Spec error code.
	 */
	public function error_code(): string {
		return $this->error_code;
	}

	/**
	 * HTTP status.
	 */
	public function status(): int {
		return $this->status;
	}

	/**
	 * Extra data, without status.
	 *
	 * @return array<string, mixed>
	 */
	public function data(): array {
		return $this->data;
	}
}
