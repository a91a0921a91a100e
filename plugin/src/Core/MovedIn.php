<?php
/**
 * Which licences an import brought from an old system: the old protocols' own concessions are theirs only.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Storage\ImportMapRepository;

/**
 * The old protocols (EDD SL's, SLM's) answer every licence while their switch is on, because a seller may go on
 * shipping the old client for a while after moving in; but the concessions those protocols made in the old system
 * (a deactivation by key and URL at no cost, SLM's `slm_check` listing the customer's email and domains) belong to
 * the licences that came from that system (docs/api-decisions.md, "Whose word each record takes"). Every other
 * licence is answered under this service's rules. One rule, read by Activations (the free release) and the SLM
 * adapter (the customer's details).
 */
final class MovedIn {

	/**
	 * The move-in's map (read only).
	 *
	 * @var ImportMapRepository
	 */
	private $map;

	/**
	 * Constructor.
	 *
	 * @param ImportMapRepository $map The move-in's map.
	 */
	public function __construct( ImportMapRepository $map ) {
		$this->map = $map;
	}

	/**
	 * Whether the licence came through an import from this source (Source::EDD_SL, Source::SLM).
	 *
	 * @param string $source     Source.
	 * @param int    $license_id Our licence id.
	 */
	public function from( string $source, int $license_id ): bool {
		return array() !== $this->map->old_ids( $source, ImportMapRepository::LICENSE, array( $license_id ) );
	}
}
