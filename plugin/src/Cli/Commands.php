<?php
/**
 * Registers the `wp svc` commands with WP-CLI.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use WP_CLI;

/**
 * One object per command group, built by Plugin::boot() with the same Core services the REST routes use; this
 * only names them under `wp svc`. Plugin::boot() calls it when WP-CLI runs.
 */
final class Commands {

	/**
	 * Group name (below `wp svc`) => command object.
	 *
	 * @var array<string, object>
	 */
	private $groups;

	/**
	 * Constructor.
	 *
	 * @param array<string, object> $groups Group name => command object.
	 */
	public function __construct( array $groups ) {
		$this->groups = $groups;
	}

	/**
	 * Adds each group as `wp svc <group>`.
	 */
	public function register(): void {
		// WP_CLI::add_command() documents a callable, and takes (as WP-CLI's own commands use it) a class name or an
		// object whose public methods are the subcommands.
		WP_CLI::add_command( 'svc', SvcNamespace::class ); // @phpstan-ignore argument.type
		foreach ( $this->groups as $name => $command ) {
			WP_CLI::add_command( 'svc ' . $name, $command ); // @phpstan-ignore argument.type
		}
	}
}
