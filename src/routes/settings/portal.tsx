/**
 * Settings: the customer portal: how many sites a customer may free and move per month, and whether an account's email
 * is trusted.
 * Part of the settings form (settings-form.tsx), saved with it.
 */
import {
	Card,
	CardBody,
	CardHeader,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { SettingsFormState } from './form-values';

export function PortalCard( { form }: { form: SettingsFormState } ) {
	const { values: draft, set, fieldProps } = form;
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Customer portal', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<TextControl
					label={ __(
						'Sites a customer may deactivate per licence and month',
						'svc-licensing'
					) }
					type="number"
					min={ 0 }
					max={ 1000 }
					value={ draft.portal_releases_per_month }
					onChange={ set( 'portal_releases_per_month' ) }
					{ ...fieldProps(
						'portal_releases_per_month',
						__(
							'In the My licences block, and by the key alone naming a site; a site that frees itself never counts. A small number stops a key being passed from site to site; 0 leaves freeing a site to you.',
							'svc-licensing'
						)
					) }
				/>
				<TextControl
					label={ __(
						'Site moves a customer may make per licence and month',
						'svc-licensing'
					) }
					type="number"
					min={ 0 }
					max={ 1000 }
					value={ draft.site_moves_per_month }
					onChange={ set( 'site_moves_per_month' ) }
					{ ...fieldProps(
						'site_moves_per_month',
						__(
							'When a site moves to a new address, its owner moves the licence with it from the site’s licence screen: the slot goes with the site. Your own moves (the admin API, wp svc activation move) never count; 0 leaves moving sites to you.',
							'svc-licensing'
						)
					) }
				/>
				<ToggleControl
					label={ __(
						'Trust the email of a signed-in account',
						'svc-licensing'
					) }
					help={ __(
						'Off by default: an account opens the portal of its email only after it opened a mailed sign-in link once. WordPress does not check that an account owns its email, so anyone who registers a buyer’s address would see and change the buyer’s licences. Turn this on only if every way to make an account on this site confirms the address first.',
						'svc-licensing'
					) }
					checked={ draft.portal_trust_accounts }
					onChange={ set( 'portal_trust_accounts' ) }
				/>
			</CardBody>
		</Card>
	);
}
