<?php
/**
 * A stored release as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Release\RolloutPlan;

/**
 * The admin API's release object, which `GET /admin/releases/{id}` and the `wp svc release` commands both
 * show; whether a release is the current one is decided here only.
 */
final class ReleaseView {

	/**
	 * A release as the admin API shows it.
	 *
	 * @param array<string, mixed> $row     Release row.
	 * @param array<string, mixed> $product Its product (current_version).
	 * @param int|null             $now     Unix time the rollout is shown at; now when null.
	 * @return array<string, mixed>
	 */
	public static function present( array $row, array $product, ?int $now = null ): array {
		return array(
			'id'           => (int) $row['id'],
			'product_id'   => (int) $row['product_id'],
			'version'      => (string) $row['version'],
			'changelog'    => (string) $row['changelog'],
			'tested'       => (string) $row['tested'],
			'requires'     => (string) $row['requires_wp'],
			'requires_php' => (string) $row['requires_php'],
			'rollout'      => (int) $row['rollout'],
			'package'      => array(
				'type'     => null === $row['package_url'] ? 'upload' : 'url',
				'url'      => $row['package_url'],
				'filename' => null === $row['package_url'] ? (string) $row['package_name'] : null,
				'size'     => null === $row['package_size'] ? null : (int) $row['package_size'],
				'hash'     => 'sha256:' . $row['package_sha256'],
			),
			'downloads'    => (int) $row['downloads'],
			'reports'      => array(
				'installed' => (int) ( $row['reports_installed'] ?? 0 ),
				'failed'    => (int) ( $row['reports_failed'] ?? 0 ),
			),
			'gate'         => array(
				'threshold'   => (int) $row['gate_threshold'],
				'min_reports' => (int) $row['gate_min_reports'],
			),
			'paused_at'    => IsoTime::from_storage( $row['paused_at'] ?? null ),
			'pause_reason' => (string) ( $row['pause_reason'] ?? '' ),
			'offered'      => (int) ( $row['offered'] ?? 0 ),
			'status'       => null === $row['published_at'] ? 'draft' : 'published',
			'is_current'   => self::is_current( $row, $product ),
			'published_at' => IsoTime::from_storage( $row['published_at'] ),
			'created_at'   => IsoTime::from_storage( $row['created_at'] ),
		) + self::rollout_state( $row, $now ?? time() );
	}

	/**
	 * The release's channel and where its rollout stands: the plan, the step in force (0-based; null before the
	 * first or without a plan), the effective percentage now, the pause and the withdrawal.
	 *
	 * @param array<string, mixed> $row Release row.
	 * @param int                  $now Unix time.
	 * @return array<string, mixed>
	 */
	public static function rollout_state( array $row, int $now ): array {
		$plan   = RolloutPlan::from_storage( $row['rollout_plan'] ?? null );
		$paused = IsoTime::unix_from_storage( $row['paused_at'] ?? null );
		return array(
			'channel'            => (string) ( $row['channel'] ?? 'stable' ),
			'rollout_plan'       => null === $plan ? null : $plan->steps(),
			'rollout_step'       => null === $plan ? null : $plan->step_index( null === $paused ? $now : min( $now, $paused ) ),
			'rollout_percentage' => RolloutPlan::effective( $plan, (int) $row['rollout'], $paused, $now ),
			'paused_at'          => IsoTime::from_storage( $row['paused_at'] ?? null ),
			'pause_reason'       => (string) ( $row['pause_reason'] ?? '' ),
			'withdrawn_at'       => IsoTime::from_storage( $row['withdrawn_at'] ?? null ),
		);
	}

	/**
	 * Whether the release is its product's current version: published, and the version the product names.
	 *
	 * @param array<string, mixed> $row     Release row.
	 * @param array<string, mixed> $product Its product.
	 */
	public static function is_current( array $row, array $product ): bool {
		return null !== $row['published_at'] && (string) $product['current_version'] === (string) $row['version'];
	}
}
