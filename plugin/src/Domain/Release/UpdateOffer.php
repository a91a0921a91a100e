<?php
/**
 * The update check's answer.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use Svc\Licensing\Domain\Http\HomeScheme;

/**
 * Builds the spec's body for a release that is newer than what the site runs. A licence outside the rollout
 * bucket learns that the version exists, but gets neither the package link nor the product URL. Both URLs are in
 * the home's scheme (HomeScheme): https on an https service, whichever way the request reached PHP.
 */
final class UpdateOffer {

	/**
	 * The answer.
	 *
	 * @param array<string, mixed> $release     Release row.
	 * @param bool                 $in_rollout  Whether the licence's bucket is in.
	 * @param string               $homepage    Product page.
	 * @param string|null          $package_url Download link with its token; used only when in the rollout.
	 * @param string               $home        The service's home URL.
	 * @return array<string, mixed>
	 */
	public static function build( array $release, bool $in_rollout, string $homepage, ?string $package_url, string $home ): array {
		$offer = array(
			'new_version'  => $release['version'],
			'url'          => HomeScheme::apply( $homepage, $home ),
			'package'      => null === $package_url ? null : HomeScheme::apply( $package_url, $home ),
			'package_hash' => 'sha256:' . $release['package_sha256'],
			'tested'       => $release['tested'],
			'requires'     => $release['requires_wp'],
			'requires_php' => $release['requires_php'],
			'rollout'      => array(
				'percentage' => (int) $release['rollout'],
				'in_rollout' => $in_rollout,
			),
			'sections'     => array( 'changelog' => $release['changelog'] ),
		);
		if ( ! $in_rollout || null === $package_url ) {
			unset( $offer['package'], $offer['url'] );
		}
		return $offer;
	}
}
