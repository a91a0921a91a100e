<?php
/**
 * Schema step 26: a licence is found by the site it is active on through an index.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * KEY site_url: the admin list's search by a site ("shop.example", typed from its start) is one range of it, then
 * the licences of those activations by their primary key. The UNIQUE (license_id, site_url) key starts with the
 * licence, so it cannot serve a search by site.
 * KEY license_staging: the stats count the sites in use of the licences validation already sees as expired from
 * this index alone, without reading an activation row for its is_staging.
 */
final class AddActivationSiteIndex implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 26;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Unused: no new table.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		unset( $charset_collate );
		$activations = $prefix . Tables::ACTIVATIONS;
		return array( "ALTER TABLE {$activations} ADD INDEX site_url (site_url(191)), ADD INDEX license_staging (license_id, is_staging)" );
	}
}
