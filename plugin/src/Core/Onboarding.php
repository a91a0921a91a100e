<?php
/**
 * The first-run checklist of the panel's first screen.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\StatsRepository;
use Svc\Licensing\Storage\UserPreferences;

/**
 * The steps from an empty service to a sold licence, each ticked from what is really stored (never from what the
 * user clicked): a product, a release of it, the Stripe signing secret, a Stripe price mapped to a product, a
 * licence. Whether the checklist was put away is remembered per user.
 */
final class Onboarding {

	/**
	 * The steps, in the order they are done.
	 */
	public const STEPS = array( 'product', 'release', 'stripe_secret', 'price', 'license' );

	/**
	 * Counts.
	 *
	 * @var StatsRepository
	 */
	private $counts;

	/**
	 * Settings, for the signing secret.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Per-user choices.
	 *
	 * @var UserPreferences
	 */
	private $preferences;

	/**
	 * Constructor.
	 *
	 * @param StatsRepository $counts      Counts.
	 * @param Settings        $settings    Settings, for the signing secret.
	 * @param UserPreferences $preferences Per-user choices.
	 */
	public function __construct( StatsRepository $counts, Settings $settings, UserPreferences $preferences ) {
		$this->counts      = $counts;
		$this->settings    = $settings;
		$this->preferences = $preferences;
	}

	/**
	 * The checklist as a user sees it.
	 *
	 * @param int $user_id User.
	 * @return array{steps: list<array{id: string, done: bool}>, complete: bool, dismissed: bool}
	 */
	public function checklist( int $user_id ): array {
		$counts = $this->counts->setup_counts();
		$done   = array(
			'product'       => $counts['products'] > 0,
			'release'       => $counts['releases'] > 0,
			'stripe_secret' => '' !== (string) $this->settings->get( 'webhook_signing_secret' ),
			'price'         => $counts['prices'] > 0,
			'license'       => $counts['licenses'] > 0,
		);
		$steps  = array();
		foreach ( self::STEPS as $step ) {
			$steps[] = array(
				'id'   => $step,
				'done' => $done[ $step ],
			);
		}
		return array(
			'steps'     => $steps,
			'complete'  => ! in_array( false, $done, true ),
			'dismissed' => $this->preferences->onboarding_dismissed( $user_id ),
		);
	}

	/**
	 * Puts the checklist away for a user, or brings it back.
	 *
	 * @param int  $user_id   User.
	 * @param bool $dismissed Dismissed.
	 * @return array{steps: list<array{id: string, done: bool}>, complete: bool, dismissed: bool}
	 */
	public function dismiss( int $user_id, bool $dismissed ): array {
		$this->preferences->set_onboarding_dismissed( $user_id, $dismissed );
		return $this->checklist( $user_id );
	}
}
