<?php
/**
 * Another licensing system's tables in this site's database, read as they are.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\MoveIn;

/**
 * A reader never runs the old plugin's code, so it works with that plugin active or not. Licences and activations
 * come in batches after an id (keyset paging: each batch is one indexed range read, whatever the table's size).
 */
interface SourceTables {

	/**
	 * The source's name (a Domain\MoveIn\Source constant).
	 */
	public function source(): string;

	/**
	 * The tables the source needs that this database does not have.
	 *
	 * @return string[]
	 */
	public function missing(): array;

	/**
	 * The source's products: id, slug, name, version, changelog, limit (int|null), prices (list of index, name,
	 * limit), package (a local file path or null), package_ref (the file as the source names it) and
	 * package_outside (true when that file is on this server but outside the uploads folder, so it is not taken).
	 * A source without products of its own answers none.
	 *
	 * @return list<array<string, mixed>>
	 */
	public function products(): array;

	/**
	 * The next licences after an old id, in id order, with the columns Domain\MoveIn\Rows reads.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function licenses( int $after, int $limit ): array;

	/**
	 * The next licences that belong to a bundle's licence: id and parent.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function children( int $after, int $limit ): array;

	/**
	 * The next activations in use after an old id: id, license_id, site, is_local.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function activations( int $after, int $limit ): array;

	/**
	 * Which of these activations' old ids the source still has in use (a re-import releases here the sites the old
	 * plugin released since: EDD SL's `activated` = 0 or a deleted row, SLM's deleted domain row).
	 *
	 * @param string[] $old_ids Old activation ids (one batch of the import map's).
	 * @return list<string> The ones still in use.
	 */
	public function in_use( array $old_ids ): array;

	/**
	 * How many licences and activations in use there are: licences, activations.
	 *
	 * @return array{licences: int, activations: int}
	 */
	public function counts(): array;

	/**
	 * The secret keys the old plugin checked its API calls with, by name (none: empty).
	 *
	 * @return array<string, string>
	 */
	public function secrets(): array;
}
