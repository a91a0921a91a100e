<?php
/**
 * A delivery whose signature does not verify.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

use RuntimeException;

/**
 * The message says why, without echoing any secret or expected signature.
 */
final class InvalidSignature extends RuntimeException {
}
