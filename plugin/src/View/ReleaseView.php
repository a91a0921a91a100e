<?php
/**
 * A stored release as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;

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
	 * @return array<string, mixed>
	 */
	public static function present( array $row, array $product ): array {
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
			'offered'      => (int) ( $row['offered'] ?? 0 ),
			'status'       => null === $row['published_at'] ? 'draft' : 'published',
			'is_current'   => self::is_current( $row, $product ),
			'published_at' => IsoTime::from_storage( $row['published_at'] ),
			'created_at'   => IsoTime::from_storage( $row['created_at'] ),
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
