<?php
/**
 * Registers the plugin's blocks from their built block.json files.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Blocks;

use Svc\Licensing\Admin\JsxRuntime;

/**
 * Each `build/blocks/<name>/block.json` is registered on init; its server rendering is the renderer given for its
 * name, so render code gets its services by constructor injection instead of reaching for globals.
 */
final class Blocks {

	/**
	 * Folder holding one built folder per block.
	 *
	 * @var string
	 */
	private $build_dir;

	/**
	 * Renderers by block name (svc-licensing/<name>).
	 *
	 * @var array<string, BlockRenderer>
	 */
	private $renderers;

	/**
	 * Constructor.
	 *
	 * @param string                       $build_dir Folder holding one built folder per block.
	 * @param array<string, BlockRenderer> $renderers Renderers by block name.
	 */
	public function __construct( string $build_dir, array $renderers ) {
		$this->build_dir = rtrim( $build_dir, '/' );
		$this->renderers = $renderers;
	}

	/**
	 * Registers the blocks when WordPress is ready for them.
	 */
	public function add_hooks(): void {
		add_action( 'init', array( $this, 'register' ) );
		// Only the editor loads the blocks' editor scripts, which import react-jsx-runtime (WordPress 6.5 lacks it).
		// Registered there, not on init, so no front-end or REST request builds WordPress' script registry for it.
		add_action( 'enqueue_block_editor_assets', array( JsxRuntime::class, 'ensure' ), 1 );
	}

	/**
	 * Registers every built block. A site without a build (a checkout before `npm run build`) has no blocks.
	 */
	public function register(): void {
		foreach ( (array) glob( $this->build_dir . '/*/block.json' ) as $file ) {
			$dir  = dirname( (string) $file );
			$name = 'svc-licensing/' . basename( $dir );
			$args = array();
			if ( isset( $this->renderers[ $name ] ) ) {
				$args['render_callback'] = array( $this->renderers[ $name ], 'render' );
			}
			$type = register_block_type( $dir, $args );
			// Core gives the editor script the block's text domain; the plugin's languages/ folder (two up from
			// build/blocks/) is added here, where svc-licensing-<locale>-<md5 of build/blocks/<name>/index.js>.json lies.
			foreach ( $type ? $type->editor_script_handles : array() as $handle ) {
				wp_set_script_translations( $handle, 'svc-licensing', dirname( $this->build_dir, 2 ) . '/languages' );
			}
		}
	}
}
