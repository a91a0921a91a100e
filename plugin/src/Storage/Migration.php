<?php
/**
 * One ordered step of the schema.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * A schema step: a version number and the SQL that brings the previous version to it.
 * Every statement must run on MariaDB and on the SQLite drop-in.
 */
interface Migration {

	/**
	 * Schema version this step produces; strictly increasing across steps.
	 */
	public function version(): int;

	/**
	 * The statements, in order.
	 *
	 * @param string $prefix          Table prefix of the site.
	 * @param string $charset_collate The site's DEFAULT CHARACTER SET ... COLLATE ... clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array;
}
