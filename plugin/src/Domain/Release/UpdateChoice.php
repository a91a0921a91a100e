<?php
/**
 * What the update check chose for a site, and the steps that led there.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * The release to offer (null: none), whether it is a rollback (older than the installed version, which was
 * withdrawn), the channel the site is on, and the steps as short plain lines (`channel: beta (site)`,
 * `pin: 2.0.0 (licence)`, …) for whoever records the decision.
 */
final class UpdateChoice {

	/**
	 * The release row to offer, or null.
	 *
	 * @var array<string, mixed>|null
	 */
	public $release;

	/**
	 * Whether the offer goes down a version.
	 *
	 * @var bool
	 */
	public $rollback;

	/**
	 * The channel the site is on.
	 *
	 * @var string
	 */
	public $channel;

	/**
	 * The steps taken, in order.
	 *
	 * @var list<string>
	 */
	public $steps;

	/**
	 * Constructor.
	 *
	 * @param array<string, mixed>|null $release  Release to offer.
	 * @param bool                      $rollback Whether it goes down a version.
	 * @param string                    $channel  The site's channel.
	 * @param string[]                  $steps    Steps taken.
	 */
	public function __construct( ?array $release, bool $rollback, string $channel, array $steps ) {
		$this->release  = $release;
		$this->rollback = $rollback;
		$this->channel  = $channel;
		$this->steps    = array_values( $steps );
	}
}
