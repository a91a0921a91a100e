<?php
/**
 * The customer portal block ("My licences"): the shell the Interactivity API fills in the browser.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Blocks;

use Svc\Licensing\Core\PortalSignIn;
use WP_Block;

/**
 * The page carries no customer data: the browser asks the portal routes after load, so a page cache can never hand one
 * customer's licences to another. The words come from here (translated), as WordPress 6.5's script modules have no i18n.
 */
final class PortalBlock implements BlockRenderer {

	public const NAME = 'svc-licensing/portal';

	/**
	 * The sign-in use cases (whether the signed-in account may open its email's portal).
	 *
	 * @var PortalSignIn
	 */
	private $sign_in;

	/**
	 * Constructor.
	 *
	 * @param PortalSignIn $sign_in The sign-in use cases.
	 */
	public function __construct( PortalSignIn $sign_in ) {
		$this->sign_in = $sign_in;
	}

	/**
	 * The shell: sign-in form, the licence list's template, and the state the view module starts from.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param string               $content    Inner content (unused).
	 * @param WP_Block|null        $block      The block instance.
	 */
	public function render( array $attributes, string $content, ?WP_Block $block ): string {
		wp_interactivity_state(
			self::NAME,
			array(
				'root'        => esc_url_raw( rest_url( 'svc/v1/portal/' ) ),
				// Only a logged-in user needs WordPress' REST nonce (their account email opens the portal directly).
				'nonce'       => is_user_logged_in() ? wp_create_nonce( 'wp_rest' ) : '',
				// A portal opened by the account itself has no sign-out of its own: that is WordPress' log-out. Only an
				// account whose email was proven (or that the seller trusts) opens it.
				'account'     => (string) $this->sign_in->account_email( PortalSignIn::current_account( time() ) ),
				'phase'       => 'checking',
				'email'       => '',
				'csrf'        => '',
				'notice'      => '',
				'busy'        => false,
				'licences'    => array(),
				// Text the page shows before the view module runs is state, not derived: 6.5 hydrates text as sent.
				'signInTitle' => __( 'Sign in to your licences', 'svc-licensing' ),
				'text'        => self::words(),
			)
		);
		$id = wp_unique_id( 'svc-portal-email-' );
		ob_start();
		// phpcs:disable WordPress.Security.EscapeOutput.OutputNotEscaped -- get_block_wrapper_attributes() escapes.
		?>
<div <?php echo get_block_wrapper_attributes(); ?> data-wp-interactive="svc-licensing/portal" data-wp-init="actions.start">
	<p class="svc-portal__notice" role="status" aria-live="polite" data-wp-text="state.notice"></p>
	<p class="svc-portal__checking" data-wp-bind--hidden="!state.isChecking"><?php esc_html_e( 'Loading your licences…', 'svc-licensing' ); ?></p>

	<div class="svc-portal__account" data-wp-bind--hidden="!state.isSignedIn">
		<p class="svc-portal__who">
			<?php esc_html_e( 'Signed in as', 'svc-licensing' ); ?> <strong data-wp-text="state.email"></strong>
			<button type="button" class="svc-portal__link-button" data-wp-bind--hidden="state.isAccount" data-wp-on--click="actions.signOut"><?php esc_html_e( 'Sign out', 'svc-licensing' ); ?></button>
		</p>
		<p data-wp-bind--hidden="!state.hasNoLicences"><?php esc_html_e( 'There are no licences for this email address.', 'svc-licensing' ); ?></p>
		<ul class="svc-portal__licences">
			<template data-wp-each--licence="state.licences" data-wp-each-key="context.licence.id">
				<li class="svc-portal__licence" data-wp-bind--data-licence="context.licence.id">
					<h2 class="svc-portal__product" data-wp-text="context.licence.product.name"></h2>
					<dl class="svc-portal__facts">
						<div><dt><?php esc_html_e( 'Key', 'svc-licensing' ); ?></dt><dd><code data-wp-text="context.licence.key_masked"></code></dd></div>
						<div><dt><?php esc_html_e( 'Plan', 'svc-licensing' ); ?></dt><dd data-wp-text="state.tierText"></dd></div>
						<div><dt><?php esc_html_e( 'Status', 'svc-licensing' ); ?></dt><dd data-wp-text="state.statusText"></dd></div>
						<div><dt data-wp-text="state.expiryLabel"></dt><dd data-wp-text="state.expiryText"></dd></div>
						<div><dt><?php esc_html_e( 'Sites', 'svc-licensing' ); ?></dt><dd data-wp-text="state.sitesText"></dd></div>
					</dl>
					<div class="svc-portal__new-key" data-wp-bind--hidden="!context.licence.new_key" role="alert">
						<p><?php esc_html_e( 'Your new key. Copy it now: it is shown only once. Enter it on each of your sites; the old key no longer works.', 'svc-licensing' ); ?></p>
						<p><code data-wp-text="context.licence.new_key"></code></p>
					</div>
					<h3 class="svc-portal__sites-title"><?php esc_html_e( 'Sites using this licence', 'svc-licensing' ); ?></h3>
					<p data-wp-bind--hidden="context.licence.activations.length"><?php esc_html_e( 'No site uses this licence yet.', 'svc-licensing' ); ?></p>
					<ul class="svc-portal__sites">
						<template data-wp-each--site="context.licence.activations" data-wp-each-key="context.site.id">
							<li>
								<span class="svc-portal__site" data-wp-text="context.site.site_url"></span>
								<button type="button" class="svc-portal__link-button" data-wp-on--click="actions.deactivate" data-wp-bind--disabled="state.busy" data-wp-bind--aria-label="state.deactivateLabel"><?php esc_html_e( 'Deactivate', 'svc-licensing' ); ?></button>
							</li>
						</template>
					</ul>
					<p class="svc-portal__hint" data-wp-text="state.releasesText"></p>
					<p class="svc-portal__actions">
						<button type="button" class="wp-element-button" data-wp-on--click="actions.download" data-wp-bind--hidden="!context.licence.download" data-wp-bind--disabled="state.busy"><?php esc_html_e( 'Download the latest version', 'svc-licensing' ); ?></button>
						<button type="button" class="wp-element-button is-secondary" data-wp-on--click="actions.rotate" data-wp-bind--disabled="state.busy"><?php esc_html_e( 'Get a new key', 'svc-licensing' ); ?></button>
						<a class="svc-portal__renew" data-wp-bind--href="context.licence.renewal_url" data-wp-bind--hidden="!context.licence.renewal_url"><?php esc_html_e( 'Renew', 'svc-licensing' ); ?></a>
					</p>
					<p class="svc-portal__message" role="status" aria-live="polite" data-wp-text="context.licence.message"></p>
				</li>
			</template>
		</ul>
	</div>

	<form class="svc-portal__sign-in" data-wp-bind--hidden="!state.showsSignIn" data-wp-on--submit="actions.requestLink" novalidate>
		<h2 class="svc-portal__title" data-wp-text="state.signInTitle"><?php esc_html_e( 'Sign in to your licences', 'svc-licensing' ); ?></h2>
		<p><?php esc_html_e( 'Enter the email address you bought with. We will email you a sign-in link that works once, for 15 minutes.', 'svc-licensing' ); ?></p>
		<p class="svc-portal__field">
			<label for="<?php echo esc_attr( $id ); ?>"><?php esc_html_e( 'Email address', 'svc-licensing' ); ?></label>
			<input id="<?php echo esc_attr( $id ); ?>" type="email" name="email" autocomplete="email" required data-wp-on--input="actions.setEmail" />
		</p>
		<p><button type="submit" class="wp-element-button" data-wp-bind--disabled="state.busy"><?php esc_html_e( 'Email me a sign-in link', 'svc-licensing' ); ?></button></p>
	</form>
</div>
		<?php
		// phpcs:enable WordPress.Security.EscapeOutput.OutputNotEscaped
		return (string) ob_get_clean();
	}

	/**
	 * The words the view module shows, translated here.
	 *
	 * @return array<string, string>
	 */
	private static function words(): array {
		return array(
			'sending'         => __( 'Sending…', 'svc-licensing' ),
			'enterEmail'      => __( 'Enter your email address, such as name@example.com.', 'svc-licensing' ),
			'signingIn'       => __( 'Signing you in…', 'svc-licensing' ),
			'signedOut'       => __( 'You are signed out.', 'svc-licensing' ),
			'failed'          => __( 'Something went wrong. Please try again in a minute.', 'svc-licensing' ),
			'unlimited'       => __( 'unlimited', 'svc-licensing' ),
			/* translators: 1: sites in use, 2: the licence's site limit. */
			'sitesOf'         => __( '%1$s of %2$s', 'svc-licensing' ),
			'noTier'          => __( 'Standard', 'svc-licensing' ),
			'expires'         => __( 'Expires', 'svc-licensing' ),
			'renews'          => __( 'Renews', 'svc-licensing' ),
			'never'           => __( 'Never', 'svc-licensing' ),
			'releasesLeftOne' => __( 'You can deactivate 1 more site this month.', 'svc-licensing' ),
			/* translators: %s: number (2 or more) of self-serve site releases left this month. */
			'releasesLeft'    => _n( 'You can deactivate %s more site this month.', 'You can deactivate %s more sites this month.', 2, 'svc-licensing' ),
			'noReleasesLeft'  => __( 'You have used this month\'s site deactivations. Contact us if you need another.', 'svc-licensing' ),
			/* translators: %s: a site's address. */
			'deactivateSite'  => __( 'Deactivate %s', 'svc-licensing' ),
			/* translators: %s: a site's address. */
			'deactivated'     => __( '%s was deactivated. Its slot is free.', 'svc-licensing' ),
			'confirmRotate'   => __( 'Get a new key? The current key stops working at once, on every site that uses it.', 'svc-licensing' ),
			'rotated'         => __( 'Your new key is shown above.', 'svc-licensing' ),
			'downloading'     => __( 'Your download is starting.', 'svc-licensing' ),
			'statusActive'    => __( 'Active', 'svc-licensing' ),
			'statusTrial'     => __( 'Trial', 'svc-licensing' ),
			'statusExpired'   => __( 'Expired', 'svc-licensing' ),
			'statusSuspended' => __( 'Suspended', 'svc-licensing' ),
			'statusCancelled' => __( 'Cancelled', 'svc-licensing' ),
			'statusRevoked'   => __( 'Revoked', 'svc-licensing' ),
		);
	}
}
