<?php
/**
 * The version registry: every plugin or theme that bundles the SDK registers its copy here, and only the newest
 * copy is loaded, once, for all of them. The first copy to load defines this class; its behaviour is frozen
 * (the `_1` in its name): a copy that needs other behaviour ships a class with another number.
 *
 * Pure PHP, no WordPress: the entry file (svc-licensing-client.php) hooks `initialize` into WordPress.
 *
 * @package SvcLicensingClient
 */

if ( ! class_exists( 'Svc_Licensing_Client_Versions_1', false ) ) {
	/**
	 * Copies by version, and the products that asked for the SDK before the newest copy was chosen.
	 */
	final class Svc_Licensing_Client_Versions_1 {

		/**
		 * Loader callbacks by SDK version: each takes no argument, loads its copy and returns a callable that
		 * takes one product's configuration.
		 *
		 * @var array<string, callable>
		 */
		private static $copies = array();

		/**
		 * Products waiting for the chosen copy.
		 *
		 * @var array<int, array<string, mixed>>
		 */
		private static $waiting = array();

		/**
		 * The chosen copy's product handler, once chosen.
		 *
		 * @var (callable(array<string, mixed>): void)|null
		 */
		private static $handler = null;

		/**
		 * The chosen version, once chosen.
		 *
		 * @var string|null
		 */
		private static $chosen = null;

		/**
		 * Registers one bundled copy. The same version twice keeps the first (they are the same code).
		 *
		 * @param string   $version SDK version, e.g. 1.2.0.
		 * @param callable $loader  Loads that copy and returns its product handler.
		 */
		public static function register( string $version, callable $loader ): void {
			if ( ! isset( self::$copies[ $version ] ) ) {
				self::$copies[ $version ] = $loader;
			}
		}

		/**
		 * A product's configuration: handled at once if a copy is chosen, else when it is.
		 *
		 * @param array<string, mixed> $config The product's configuration.
		 */
		public static function add_product( array $config ): void {
			if ( null !== self::$handler ) {
				( self::$handler )( $config );
				return;
			}
			self::$waiting[] = $config;
		}

		/**
		 * The newest registered version, or null when none is.
		 */
		public static function newest(): ?string {
			$newest = null;
			foreach ( array_keys( self::$copies ) as $version ) {
				$version = (string) $version;
				if ( null === $newest || version_compare( $version, $newest, '>' ) ) {
					$newest = $version;
				}
			}
			return $newest;
		}

		/**
		 * Loads the newest copy (once) and hands it every waiting product.
		 */
		public static function initialize(): void {
			if ( null === self::$handler ) {
				$newest = self::newest();
				if ( null === $newest ) {
					return;
				}
				self::$chosen  = $newest;
				self::$handler = ( self::$copies[ $newest ] )();
			}
			$waiting       = self::$waiting;
			self::$waiting = array();
			foreach ( $waiting as $config ) {
				( self::$handler )( $config );
			}
		}

		/**
		 * The version that was loaded, or null before initialize().
		 */
		public static function chosen(): ?string {
			return self::$chosen;
		}

		/**
		 * Every registered version (diagnostics: Site Health, the licence screen's footer).
		 *
		 * @return string[]
		 */
		public static function versions(): array {
			return array_map( 'strval', array_keys( self::$copies ) );
		}

		/**
		 * Forgets everything. For unit tests only.
		 */
		public static function reset_for_tests(): void {
			self::$copies  = array();
			self::$waiting = array();
			self::$handler = null;
			self::$chosen  = null;
		}
	}
}
