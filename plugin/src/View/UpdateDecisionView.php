<?php
/**
 * The explanation object: the last update check's decisions for a site or a licence.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Release\UpdateDecision;

/**
 * What `GET /admin/explain` answers and `wp svc explain --format=json` prints, the same object by construction.
 */
final class UpdateDecisionView {

	/**
	 * The whole answer.
	 *
	 * @param array{site_url: string|null, license_id: int|null, rows: list<array<string, mixed>>} $answer Core\Explain::answer().
	 * @return array<string, mixed>
	 */
	public static function explanation( array $answer ): array {
		return array(
			'site_url'   => $answer['site_url'],
			'license_id' => $answer['license_id'],
			'decisions'  => array_map( array( self::class, 'present' ), $answer['rows'] ),
		);
	}

	/**
	 * One product's decision for one site.
	 *
	 * @param array<string, mixed> $row Stored row with `decision` (UpdateDecision), product_name and product_slug.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		$decision = $row['decision'];
		assert( $decision instanceof UpdateDecision );
		return array(
			'product_id'        => (int) $row['product_id'],
			'product_slug'      => (string) $row['product_slug'],
			'product_name'      => (string) $row['product_name'],
			'site_url'          => (string) $row['site_url'],
			'license_id'        => (int) $row['license_id'],
			'activation_id'     => null === $row['activation_id'] ? null : (int) $row['activation_id'],
			'checked_at'        => IsoTime::from_storage( (string) $row['checked_at'] ),
			'installed_version' => $decision->installed(),
			'offered_version'   => $decision->offered(),
			'answer'            => $decision->answer(),
			'error_code'        => $decision->error_code(),
			'summary'           => $decision->summary(),
			'wp_version'        => $decision->wp_version(),
			'php_version'       => $decision->php_version(),
			'steps'             => $decision->steps(),
		);
	}
}
