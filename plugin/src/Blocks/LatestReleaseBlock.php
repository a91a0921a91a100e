<?php
/**
 * The latest-release block's markup: a product's current version, its date, requirements and changelog.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Blocks;

use Svc\Licensing\Core\LatestRelease;
use WP_Block;

/**
 * Server-rendered from Core\LatestRelease (cached per product, forgotten on every release change). The changelog
 * is HTML the admin wrote (kept through wp_kses_post() on the way in); it goes through wp_kses_post() again on
 * the way out, with paragraphs for plain-text lines. Without a product on sale it renders nothing.
 */
final class LatestReleaseBlock implements BlockRenderer {

	public const NAME = 'svc-licensing/latest-release';


	/**
	 * The current release of a product.
	 *
	 * @var LatestRelease
	 */
	private $latest;

	/**
	 * Constructor.
	 *
	 * @param LatestRelease $latest The current release of a product.
	 */
	public function __construct( LatestRelease $latest ) {
		$this->latest = $latest;
	}

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Block attributes: productId, showRequirements, showChangelog.
	 * @param string               $content    Inner content (unused).
	 * @param WP_Block|null        $block      The block instance.
	 */
	public function render( array $attributes, string $content, ?WP_Block $block ): string {
		$answer = $this->latest->of_product( (int) ( $attributes['productId'] ?? 0 ) );
		if ( null === $answer ) {
			return '';
		}
		$name    = $answer['product']['name'];
		$release = $answer['release'];
		$heading = wp_unique_id( 'svc-latest-release-' );
		$wrapper = get_block_wrapper_attributes();
		if ( null === $release ) {
			return sprintf(
				'<section %1$s aria-labelledby="%2$s"><h2 id="%2$s" class="wp-block-svc-licensing-latest-release__title">%3$s</h2><p>%4$s</p></section>',
				$wrapper,
				esc_attr( $heading ),
				esc_html( $name ),
				esc_html__( 'No release has been published yet.', 'svc-licensing' )
			);
		}
		$facts = array(
			__( 'Version', 'svc-licensing' ) => esc_html( $release['version'] ),
		);
		if ( null !== $release['released'] ) {
			$released                                   = (int) strtotime( $release['released'] );
			$facts[ __( 'Released', 'svc-licensing' ) ] = sprintf(
				'<time datetime="%1$s">%2$s</time>',
				esc_attr( $release['released'] ),
				esc_html( (string) wp_date( (string) get_option( 'date_format' ), $released ) )
			);
		}
		if ( ! isset( $attributes['showRequirements'] ) || false !== $attributes['showRequirements'] ) {
			$requirements = array(
				__( 'Requires WordPress', 'svc-licensing' ) => $release['requires_wp'],
				__( 'Requires PHP', 'svc-licensing' ) => $release['requires_php'],
				__( 'Tested up to', 'svc-licensing' ) => $release['tested'],
			);
			foreach ( $requirements as $label => $value ) {
				if ( '' !== $value ) {
					$facts[ $label ] = esc_html( $value );
				}
			}
		}
		$html = sprintf(
			'<section %1$s aria-labelledby="%2$s"><h2 id="%2$s" class="wp-block-svc-licensing-latest-release__title">%3$s</h2><dl class="wp-block-svc-licensing-latest-release__facts">',
			$wrapper,
			esc_attr( $heading ),
			/* translators: 1: product name, 2: version. */
			esc_html( sprintf( __( '%1$s %2$s', 'svc-licensing' ), $name, $release['version'] ) )
		);
		foreach ( $facts as $label => $value ) {
			// $value is escaped above.
			$html .= sprintf( '<div><dt>%1$s</dt><dd>%2$s</dd></div>', esc_html( $label ), $value );
		}
		$html     .= '</dl>';
		$changelog = trim( $release['changelog'] );
		if ( '' !== $changelog && ( ! isset( $attributes['showChangelog'] ) || false !== $attributes['showChangelog'] ) ) {
			$html .= sprintf(
				'<h3 class="wp-block-svc-licensing-latest-release__changelog-title">%1$s</h3><div class="wp-block-svc-licensing-latest-release__changelog">%2$s</div>',
				esc_html__( 'Changelog', 'svc-licensing' ),
				wp_kses_post( wpautop( $changelog ) )
			);
		}
		return $html . '</section>';
	}
}
