<?php
/**
 * The react-jsx-runtime script handle on WordPress 6.5.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

/**
 * WordPress registers react-jsx-runtime from 6.6 on; the panel's and the blocks' builds import it, so 6.5 gets a
 * small equivalent built on React.createElement.
 */
final class JsxRuntime {

	/**
	 * Registers the fallback unless WordPress has the handle.
	 */
	public static function ensure(): void {
		if ( wp_script_is( 'react-jsx-runtime', 'registered' ) ) {
			return;
		}
		// phpcs:ignore WordPress.WP.EnqueuedResourceParameters.NoExplicitVersion -- inline-only handle.
		wp_register_script( 'react-jsx-runtime', false, array( 'react' ), false, true );
		wp_add_inline_script(
			'react-jsx-runtime',
			'window.ReactJSXRuntime=(function(R){function j(t,p,k){return R.createElement(t,k===undefined?p:Object.assign({},p,{key:k}));}return{Fragment:R.Fragment,jsx:j,jsxs:j};})(window.React);'
		);
	}
}
