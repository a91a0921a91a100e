<?php
/**
 * `wp svc lease-key`: the keys that sign leases.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\LeaseKeyAdmin;
use WP_CLI;

/**
 * Lists and rotates the lease keys through LeaseKeyAdmin, as /admin/lease-keys does (docs/leases.md).
 */
final class LeaseKeyCommand {

	/**
	 * Rotation.
	 *
	 * @var LeaseKeyAdmin
	 */
	private $admin;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param LeaseKeyAdmin $admin Rotation.
	 * @param Output        $out   Formats and errors.
	 */
	public function __construct( LeaseKeyAdmin $admin, Output $out ) {
		$this->admin = $admin;
		$this->out   = $out;
	}

	/**
	 * Lists the published keys (public keys only), active first.
	 *
	 * ## OPTIONS
	 *
	 * [--fields=<fields>]
	 * : Fields to show: kid, status, public_key, created_at, endorsed_by, endorsement, alg.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml or count.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc lease-key list --format=json
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$overview = $this->admin->overview();
		if ( 'ok' !== $overview['state'] && 'unrecorded' !== $overview['state'] ) {
			/* translators: %s: state, e.g. missing. */
			WP_CLI::warning( sprintf( __( 'The lease keys are %s: answers carry no lease until they are restored (see Site Health).', 'svc-licensing' ), $overview['state'] ) );
		}
		$this->out->rows( $assoc_args, $overview['keys'], array( 'kid', 'status', 'created_at', 'endorsed_by', 'public_key' ) );
	}

	/**
	 * Mints the next key, endorsed by the active one: published at /svc/v1/keys and in new SDK downloads, not
	 * used to sign until promoted.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : table, json or yaml.
	 * ---
	 * default: table
	 * ---
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function prepare( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$this->out->item( $assoc_args, $this->admin->prepare( CliActor::current() ) );
			}
		);
	}

	/**
	 * Signs leases with the next key from now on; the active key is retired and stays published.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : table, json or yaml.
	 * ---
	 * default: table
	 * ---
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function promote( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$this->out->item( $assoc_args, $this->admin->promote( CliActor::current() ) );
			}
		);
	}

	/**
	 * Takes a key off the published list and revokes it: a prepared next key, or a retired key once its leases
	 * have run out. /svc/v1/keys lists it as revoked, signed by the active key, and sites that fetch the list refuse
	 * its leases, even where the key is baked into their SDK copy.
	 *
	 * ## OPTIONS
	 *
	 * <kid>
	 * : Key id.
	 *
	 * [--force]
	 * : Retire a key whose leases may still be valid (clients then refuse those leases): after a leak.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc lease-key retire 34a2a7a9c0b302c6
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function retire( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$this->admin->retire( (string) $args[0], ! empty( $assoc_args['force'] ), CliActor::current() );
				/* translators: %s: key id. */
				WP_CLI::success( sprintf( __( 'Retired and revoked lease key %s: sites refuse its leases once they fetch the keys again.', 'svc-licensing' ), (string) $args[0] ) );
			}
		);
	}
}
