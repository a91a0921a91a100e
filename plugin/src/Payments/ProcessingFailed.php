<?php
/**
 * A payment event that cannot take effect yet.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Payments;

use RuntimeException;

/**
 * Its message is stored as processing_error and shown to admins, so it says what to do.
 */
final class ProcessingFailed extends RuntimeException {
}
