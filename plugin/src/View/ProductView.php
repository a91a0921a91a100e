<?php
/**
 * A stored product as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\License\MultisiteActivation;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\IsoTime;

/**
 * The admin API's product object, which `GET /admin/products/{id}` and `wp svc product get|create|update` both
 * show.
 */
final class ProductView {

	/**
	 * A stored product as the API shows it.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return array(
			'id'                     => $row['id'],
			'name'                   => (string) $row['name'],
			'slug'                   => (string) $row['slug'],
			'description'            => (string) $row['description'],
			'homepage_url'           => (string) $row['homepage_url'],
			'current_version'        => (string) $row['current_version'],
			'requires_wp'            => (string) $row['requires_wp'],
			'requires_php'           => (string) $row['requires_php'],
			'is_active'              => $row['is_active'],
			'trial_enabled'          => $row['trial_enabled'],
			'trial_days'             => $row['trial_days'],
			'trial_activation_limit' => $row['trial_activation_limit'],
			'multisite_activation'   => MultisiteActivation::of( $row['multisite_activation'] ?? null )->scope(),
			'channels'               => Channels::from_storage( $row['channels'] ?? null )->names(),
			'created_at'             => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
