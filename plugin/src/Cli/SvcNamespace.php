<?php
/**
 * The `wp svc` namespace.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use WP_CLI\Dispatcher\CommandNamespace;

/**
 * Licence service: products, licences, activations, releases, API keys, payment webhooks, events and stats.
 *
 * Run `wp help svc <group>` for a group's commands. Pass WP-CLI's global --user=<login> to act as that user in
 * the event log; without it the actor is the system job `wp-cli`.
 */
final class SvcNamespace extends CommandNamespace {
}
