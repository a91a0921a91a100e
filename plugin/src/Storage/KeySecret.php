<?php
/**
 * The server-side secret that keys licence-key hashes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use wpdb;

/**
 * Created once, by whichever request needs it first: an INSERT IGNORE against the options table's unique
 * name decides the winner, and everyone then reads the stored value. Losing it makes every key unusable,
 * so it is never rotated automatically and only uninstall deletes it.
 */
final class KeySecret {
	public const OPTION = 'svc_licensing_key_secret';

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Cached value.
	 *
	 * @var string|null
	 */
	private $value;

	/**
	 * Constructor.
	 *
	 * @param wpdb $db Database.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * The secret, created on first use.
	 */
	public function get(): string {
		if ( null !== $this->value ) {
			return $this->value;
		}
		$stored = (string) get_option( self::OPTION, '' );
		if ( '' === $stored ) {
			$this->db->query(
				$this->db->prepare(
					"INSERT IGNORE INTO {$this->db->options} (option_name, option_value, autoload) VALUES (%s, %s, 'yes')",
					self::OPTION,
					bin2hex( random_bytes( 32 ) )
				)
			);
			wp_cache_delete( 'alloptions', 'options' );
			wp_cache_delete( self::OPTION, 'options' );
			$stored = (string) $this->db->get_var(
				$this->db->prepare( "SELECT option_value FROM {$this->db->options} WHERE option_name = %s", self::OPTION )
			);
		}
		$this->value = $stored;
		return $stored;
	}
}
