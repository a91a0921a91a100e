<?php
/**
 * The signed offline lease every validate, activate and update-check answer carries.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Lease\LeaseCodec;
use Svc\Licensing\Domain\Lease\SiteFingerprint;
use Svc\Licensing\Domain\License\ValidationAnswer;
use Svc\Licensing\Storage\LeaseKeys;
use Svc\Licensing\Storage\Settings;

/**
 * One place builds a lease for a licence, product and calling site (docs/leases.md): its `status` is validate's own
 * judgement (Domain\License\ValidationAnswer), and its `valid` is that judgement AND an activation of the calling
 * site: "licensed on this site". Validate's own `valid` stays the spec's (any site of a usable licence, with
 * `already_activated` telling the difference), but an SDK decides by the lease, and SDKs already shipped read only
 * its `valid`, so a site not activated on the licence (never, or its slot released) must not get a lease that says
 * valid (issue 40). Its site is the fingerprint of the caller's site_url as activations normalise it, and it is
 * signed with the active lease key for the lifetime the settings give. Without usable keys (missing or replaced, see
 * Storage\LeaseKeys) it answers null: the answer goes out without a lease rather than not at all.
 *
 * Every answer is signed afresh, also where the site has shared memory (issue 42 allows reuse; docs/leases.md says
 * why not): a lease's issued_at is the server's word of now, which the SDK's clock guard moves forward on, and
 * signing costs about 25 µs of the answer's 4 ms.
 */
final class Leases {

	/**
	 * The lease keys.
	 *
	 * @var LeaseKeys
	 */
	private $keys;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param LeaseKeys $keys     The lease keys.
	 * @param Settings  $settings Settings.
	 */
	public function __construct( LeaseKeys $keys, Settings $settings ) {
		$this->keys     = $keys;
		$this->settings = $settings;
	}

	/**
	 * The lease for a caller's site on a licence, or null when no key can sign.
	 *
	 * @param ClientCall           $call    The call (its site_url and server fingerprint).
	 * @param array<string, mixed> $product Product row.
	 * @param array<string, mixed> $license Licence row as LicenseFinder answers it (with this site's activation).
	 * @param int                  $now     Unix seconds.
	 */
	public function issue( ClientCall $call, array $product, array $license, int $now ): ?string {
		$ring = $this->keys->ring();
		$site = SiteFingerprint::of_url( $call->site_url );
		if ( null === $ring || null === $site ) {
			return null;
		}
		$answer    = ValidationAnswer::build( $license, $product, $license['activation'], $call->fingerprint, (bool) $this->settings->get( 'fingerprinting' ), $now );
		$activated = null !== $license['activation'];
		$key       = $ring->active();
		return LeaseCodec::sign(
			LeaseCodec::payload(
				array(
					'license_id' => (int) $license['id'],
					'product'    => (string) $product['slug'],
					'site'       => $site,
					'status'     => (string) $answer['status'],
					'valid'      => $activated && (bool) $answer['valid'],
					'activated'  => $activated,
					'expires'    => $answer['expires'],
					'tier'       => null === $answer['tier'] ? null : $answer['tier']['label'],
				),
				$key->kid(),
				$now,
				$this->lifetime()
			),
			$key
		);
	}

	/**
	 * Seconds a lease lasts (the lease_lifetime_days setting).
	 */
	public function lifetime(): int {
		return max( 1, (int) $this->settings->get( 'lease_lifetime_days' ) ) * 86400;
	}
}
