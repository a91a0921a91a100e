/**
 * The first-run checklist's steps in words, and where each is done.
 */
import { __ } from '@wordpress/i18n';
import type { OnboardingStep } from '../../api/types';
import { screenLink } from '../../panel-config';

export interface StepText {
	/** What to do, as the link's text. */
	label: string;
	/** One sentence on why, or how. */
	hint: string;
	/** The panel screen where it is done, and extra query arguments there. */
	screen: string;
	args?: Record< string, string >;
}

export function stepText( step: OnboardingStep ): StepText {
	switch ( step ) {
		case 'product':
			return {
				label: __( 'Create a product', 'svc-licensing' ),
				hint: __(
					'The plugin or theme you sell, with its slug.',
					'svc-licensing'
				),
				screen: 'products',
			};
		case 'release':
			return {
				label: __( 'Upload a release', 'svc-licensing' ),
				hint: __(
					'Open the product, then its Releases tab: a zip of the product, what licensed sites update to.',
					'svc-licensing'
				),
				screen: 'products',
			};
		case 'stripe_secret':
			return {
				label: __( 'Paste the Stripe signing secret', 'svc-licensing' ),
				hint: __(
					'The whsec_… secret of your Stripe webhook, so payments create and renew licences.',
					'svc-licensing'
				),
				screen: 'settings',
			};
		case 'price':
			return {
				label: __( 'Map a Stripe price to a product', 'svc-licensing' ),
				hint: __(
					'Open the product, then its Pricing tab: which product, and how many sites, a Stripe price buys.',
					'svc-licensing'
				),
				screen: 'products',
			};
		case 'license':
			return {
				label: __( 'Create or sell a licence', 'svc-licensing' ),
				hint: __(
					'Add one by hand with Add licence, or let a Stripe payment create it.',
					'svc-licensing'
				),
				screen: 'licenses',
			};
	}
}

/** The step's address in wp-admin, or null when this user cannot open that screen. */
export function stepUrl( text: StepText ): string | null {
	const link = screenLink( text.screen );
	if ( ! link ) {
		return null;
	}
	const url = new URL( link.url, window.location.href );
	for ( const [ name, value ] of Object.entries( text.args ?? {} ) ) {
		url.searchParams.set( name, value );
	}
	return url.toString();
}
