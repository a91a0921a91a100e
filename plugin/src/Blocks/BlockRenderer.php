<?php
/**
 * What renders one dynamic block on the server.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Blocks;

use WP_Block;

/**
 * A block's server rendering, built in Plugin::boot() with the services it needs (no global lookups in render.php).
 */
interface BlockRenderer {

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param string               $content    Inner content (unused by these dynamic blocks).
	 * @param WP_Block|null        $block      The block instance.
	 */
	public function render( array $attributes, string $content, ?WP_Block $block ): string;
}
