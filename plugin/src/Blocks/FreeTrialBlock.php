<?php
/**
 * The free-trial block's markup: an email form whose outcome the Interactivity API store (view.ts) fills in.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Blocks;

use Svc\Licensing\Core\Trials;
use Svc\Licensing\Storage\ProductRepository;
use WP_Block;

/**
 * Renders the form for the picked product (attribute productId). The request goes to POST /svc/v1/trials/request,
 * which decides; the markup only names the product and holds the words of every outcome. Without a product on
 * sale it renders nothing; with trials off, it says so instead of showing a form.
 */
final class FreeTrialBlock implements BlockRenderer {

	public const NAME = 'svc-licensing/free-trial';

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Constructor.
	 *
	 * @param ProductRepository $products Products.
	 */
	public function __construct( ProductRepository $products ) {
		$this->products = $products;
	}

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Block attributes: productId, showName, buttonLabel.
	 * @param string               $content    Inner content (unused).
	 * @param WP_Block|null        $block      The block instance.
	 */
	public function render( array $attributes, string $content, ?WP_Block $block ): string {
		$id      = (int) ( $attributes['productId'] ?? 0 );
		$product = $id > 0 ? $this->products->find( $id ) : null;
		if ( null === $product || ! $product['is_active'] ) {
			return '';
		}
		$name    = (string) $product['name'];
		$wrapper = get_block_wrapper_attributes();
		if ( ! Trials::offered( $product ) ) {
			return sprintf(
				'<div %1$s><p class="wp-block-svc-licensing-free-trial__off">%2$s</p></div>',
				$wrapper,
				/* translators: %s: product name. */
				esc_html( sprintf( __( 'Free trials of %s are not available at the moment.', 'svc-licensing' ), $name ) )
			);
		}
		wp_interactivity_state( self::NAME, self::messages() );
		$context = array(
			'productSlug'  => (string) $product['slug'],
			'productName'  => $name,
			'endpoint'     => rest_url( 'svc/v1/trials/request' ),
			// The honeypot's name, in the form and in the request body alike.
			'honeypot'     => Trials::HONEYPOT,
			'status'       => 'idle',
			'message'      => '',
			'isError'      => false,
			'emailInvalid' => false,
		);
		$label   = trim( (string) ( $attributes['buttonLabel'] ?? '' ) );
		$email   = wp_unique_id( 'svc-trial-email-' );
		$person  = wp_unique_id( 'svc-trial-name-' );
		$trap    = wp_unique_id( 'svc-trial-website-' );
		$outcome = wp_unique_id( 'svc-trial-outcome-' );
		ob_start();
		?>
<div <?php echo $wrapper; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- get_block_wrapper_attributes() escapes. ?> data-wp-interactive="<?php echo esc_attr( self::NAME ); ?>" <?php echo wp_interactivity_data_wp_context( $context ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the function escapes. ?>>
	<form class="wp-block-svc-licensing-free-trial__form" method="post" data-wp-on--submit="actions.submit">
		<p class="wp-block-svc-licensing-free-trial__field">
			<label for="<?php echo esc_attr( $email ); ?>"><?php esc_html_e( 'Email address', 'svc-licensing' ); ?></label>
			<input id="<?php echo esc_attr( $email ); ?>" type="email" name="email" required autocomplete="email" maxlength="254" aria-describedby="<?php echo esc_attr( $outcome ); ?>" data-wp-bind--aria-invalid="context.emailInvalid" />
		</p>
		<?php if ( ! isset( $attributes['showName'] ) || false !== $attributes['showName'] ) : ?>
		<p class="wp-block-svc-licensing-free-trial__field">
			<label for="<?php echo esc_attr( $person ); ?>"><?php esc_html_e( 'Name (optional)', 'svc-licensing' ); ?></label>
			<input id="<?php echo esc_attr( $person ); ?>" type="text" name="name" autocomplete="name" maxlength="200" />
		</p>
		<?php endif; ?>
		<p class="wp-block-svc-licensing-free-trial__website" aria-hidden="true" style="position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden;">
			<label for="<?php echo esc_attr( $trap ); ?>"><?php esc_html_e( 'Leave this field empty', 'svc-licensing' ); ?></label>
			<input id="<?php echo esc_attr( $trap ); ?>" type="text" name="<?php echo esc_attr( Trials::HONEYPOT ); ?>" tabindex="-1" autocomplete="off" value="" />
		</p>
		<p class="wp-block-svc-licensing-free-trial__submit">
			<button type="submit" class="wp-element-button" data-wp-bind--aria-disabled="state.isSending"><?php echo esc_html( '' === $label ? __( 'Start my free trial', 'svc-licensing' ) : $label ); ?></button>
		</p>
		<p id="<?php echo esc_attr( $outcome ); ?>" class="wp-block-svc-licensing-free-trial__outcome" role="status" aria-live="polite" data-wp-text="context.message" data-wp-class--is-error="context.isError"></p>
	</form>
</div>
		<?php
		return (string) ob_get_clean();
	}

	/**
	 * The words of every outcome, translated here because a script module has no translations of its own.
	 *
	 * @return array<string, string>
	 */
	private static function messages(): array {
		return array(
			'sending'      => __( 'Sending your request…', 'svc-licensing' ),
			/* translators: %s: email address. */
			'sent'         => __( 'Check your inbox: we have sent a mail about your free trial to %s.', 'svc-licensing' ),
			/* translators: %s: product name. */
			'alreadyUsed'  => __( 'This email address has already had a free trial of %s. Each address gets one trial.', 'svc-licensing' ),
			/* translators: %s: product name. */
			'trialsOff'    => __( 'Free trials of %s are switched off at the moment.', 'svc-licensing' ),
			'invalidEmail' => __( 'Enter a valid email address with a domain, such as name@example.com.', 'svc-licensing' ),
			'waitSecond'   => __( 'Too many requests. Please wait 1 second, then try again.', 'svc-licensing' ),
			/* translators: %d: seconds (2 or more). */
			'waitSeconds'  => __( 'Too many requests. Please wait %d seconds, then try again.', 'svc-licensing' ),
			/* translators: %d: minutes (2 or more). */
			'waitMinutes'  => __( 'Too many requests. Please wait %d minutes, then try again.', 'svc-licensing' ),
			'failed'       => __( 'Your request could not be sent. Please try again later.', 'svc-licensing' ),
		);
	}
}
