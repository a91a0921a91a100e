<?php
/**
 * Who a `wp svc` command acts as, for the event log.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Domain\Event\Actor;

/**
 * WP-CLI's global --user=<id|login|email> signs a WordPress user in for the command: the events then name that
 * user, exactly as when they act in wp-admin. Without --user the actor is the system job `wp-cli` (someone with
 * shell access to the site).
 */
final class CliActor {

	/**
	 * The actor of the running command.
	 */
	public static function current(): Actor {
		$user = wp_get_current_user();
		return $user->ID > 0 ? Actor::user( (int) $user->ID, (string) $user->user_login ) : Actor::system( 'wp-cli' );
	}
}
