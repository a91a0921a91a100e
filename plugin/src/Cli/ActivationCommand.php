<?php
/**
 * `wp svc activation`: a licence's sites.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\LicenseAdmin;
use Svc\Licensing\Core\SiteMoves;
use Svc\Licensing\Core\UpdateChoices;
use Svc\Licensing\View\ActivationView;
use WP_CLI;

/**
 * Lists a licence's activations, frees one or moves one to a new address, through Activations and SiteMoves, as
 * the admin REST API does.
 */
final class ActivationCommand {

	/**
	 * Admin licence use cases (find).
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $activations;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * A site's channel and pin.
	 *
	 * @var UpdateChoices
	 */
	private $choices;

	/**
	 * A site's move to a new address.
	 *
	 * @var SiteMoves
	 */
	private $moves;

	/**
	 * Constructor.
	 *
	 * @param LicenseAdmin  $admin       Admin licence use cases.
	 * @param Activations   $activations Activation use cases.
	 * @param Output        $out         Formats and errors.
	 * @param UpdateChoices $choices     A site's channel and pin.
	 * @param SiteMoves     $moves       A site's move to a new address.
	 */
	public function __construct( LicenseAdmin $admin, Activations $activations, Output $out, UpdateChoices $choices, SiteMoves $moves ) {
		$this->moves       = $moves;
		$this->choices     = $choices;
		$this->admin       = $admin;
		$this->activations = $activations;
		$this->out         = $out;
	}

	/**
	 * Lists the sites a licence is active on.
	 *
	 * ## OPTIONS
	 *
	 * <license-id>
	 * : Licence id.
	 *
	 * [--fields=<fields>]
	 * : Fields to show (any of the admin API's activation: id, site_url, server_fingerprint, activated_at, last_checked, is_staging, channel, pinned_version).
	 *
	 * [--field=<field>]
	 * : One field of each activation.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml, count or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc activation list 42 --format=csv
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$rows    = array_map( array( ActivationView::class, 'present' ), $this->activations->of_license( (int) $license['id'] ) );
				$this->out->rows( $assoc_args, $rows, array( 'id', 'site_url', 'activated_at', 'last_checked', 'is_staging' ) );
			}
		);
	}

	/**
	 * Frees one of a licence's sites (license.deactivated).
	 *
	 * ## OPTIONS
	 *
	 * <license-id>
	 * : Licence id.
	 *
	 * <activation-id>
	 * : Activation id, from `wp svc activation list`.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc activation deactivate 42 7
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function deactivate( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$freed   = $this->activations->release_by_id( (int) $license['id'], (int) $args[1], CliActor::current() );
				/* translators: 1: site URL, 2: licence id. */
				WP_CLI::success( sprintf( __( 'Deactivated %1$s from licence %2$d.', 'svc-licensing' ), $freed['site_url'], $license['id'] ) );
			}
		);
	}

	/**
	 * Moves a licence's activation from one site address to another (license.moved, via cli; as
	 * `POST /admin/licenses/{id}/activations/move`). Not counted against the customer's monthly moves.
	 *
	 * ## OPTIONS
	 *
	 * <license-id>
	 * : Licence id.
	 *
	 * <from-site>
	 * : The address the licence is activated at now.
	 *
	 * <to-site>
	 * : The site's new address.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc activation move 42 https://shop.example.com https://shop.example.org
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function move( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$moved   = $this->moves->move_by_seller( (int) $license['id'], (string) $args[1], (string) $args[2], CliActor::current(), 'cli', time() );
				/* translators: 1: licence id, 2: old site, 3: new site. */
				WP_CLI::success( sprintf( __( 'Moved licence %1$d\'s activation from %2$s to %3$s.', 'svc-licensing' ), $license['id'], $moved['from_site_url'], $moved['site_url'] ) );
			}
		);
	}

	/**
	 * Sets a site's own release channel and pin, which beat the licence's (as
	 * `PUT /admin/licenses/{id}/activations/{activation_id}`).
	 *
	 * ## OPTIONS
	 *
	 * <license-id>
	 * : Licence id.
	 *
	 * <activation-id>
	 * : Activation id, from `wp svc activation list`.
	 *
	 * [--channel=<channel>]
	 * : Release channel (stable, beta or one the product lists); empty: follow the licence.
	 *
	 * [--pin=<version>]
	 * : Never offer a version above this one; empty: no pin of its own.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc activation update 42 7 --channel=beta
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function update( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$fields  = array();
				foreach ( array(
					'channel' => 'channel',
					'pin'     => 'pinned_version',
				) as $flag => $name ) {
					if ( isset( $assoc_args[ $flag ] ) ) {
						$fields[ $name ] = (string) $assoc_args[ $flag ];
					}
				}
				$this->out->item( $assoc_args, ActivationView::present( $this->choices->set_for_site( $license, (int) $args[1], $fields, CliActor::current() ) ) );
			}
		);
	}
}
