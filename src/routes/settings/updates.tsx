/**
 * Settings: updates and licences: the download link's lifetime, activation for updates, the renewal page, trials, fingerprinting, the currency and the trusted proxies.
 * Part of the settings form (settings-form.tsx), saved with it.
 */
import {
	Card,
	CardBody,
	CardHeader,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { SettingsFormState } from './form-values';
import { RenewalPageField } from './renewal';

export function UpdatesCard( { form }: { form: SettingsFormState } ) {
	const { values: draft, set, fieldProps } = form;
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Updates and licences', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<TextControl
					label={ __(
						'Download link lifetime (seconds)',
						'svc-licensing'
					) }
					type="number"
					min={ 30 }
					max={ 86400 }
					value={ draft.download_token_ttl }
					onChange={ set( 'download_token_ttl' ) }
					{ ...fieldProps( 'download_token_ttl' ) }
				/>
				<ToggleControl
					label={ __(
						'Update checks need the site to be activated',
						'svc-licensing'
					) }
					checked={ draft.updates_require_activation }
					onChange={ set( 'updates_require_activation' ) }
				/>
				<RenewalPageField
					value={ draft.renewal_page }
					onChange={ set( 'renewal_page' ) }
					error={ form.errors.renewal_page }
				/>
				<ToggleControl
					label={ __(
						'Plus-tagged addresses get trials of their own',
						'svc-licensing'
					) }
					help={ __(
						'Off: ada+2@example.com counts as ada@example.com, so one mailbox gets one trial of each product.',
						'svc-licensing'
					) }
					checked={ draft.trial_plus_tags_distinct }
					onChange={ set( 'trial_plus_tags_distinct' ) }
				/>
				<ToggleControl
					label={ __(
						'Gmail addresses with dots are one mailbox',
						'svc-licensing'
					) }
					help={ __(
						'On: a.da@gmail.com, ada@gmail.com and ada@googlemail.com reach one inbox, so they get one trial of each product. Off: each spelling gets its own.',
						'svc-licensing'
					) }
					checked={ draft.trial_mailbox_provider_rules }
					onChange={ set( 'trial_mailbox_provider_rules' ) }
				/>
				<ToggleControl
					label={ __( 'Server fingerprinting', 'svc-licensing' ) }
					help={ __(
						'Store a fingerprint on activation; validation from another server answers valid: false.',
						'svc-licensing'
					) }
					checked={ draft.fingerprinting }
					onChange={ set( 'fingerprinting' ) }
				/>
				<TextControl
					label={ __( 'Currency (ISO 4217)', 'svc-licensing' ) }
					value={ draft.currency }
					onChange={ set( 'currency' ) }
					{ ...fieldProps(
						'currency',
						__(
							'The three letters of the currency your Stripe prices are in, such as USD or EUR; revenue is reported in it.',
							'svc-licensing'
						)
					) }
				/>
				<TextareaControl
					label={ __(
						'Trusted proxies (one IP or CIDR range per line)',
						'svc-licensing'
					) }
					value={ draft.trusted_proxies }
					onChange={ set( 'trusted_proxies' ) }
					{ ...fieldProps( 'trusted_proxies' ) }
				/>
			</CardBody>
		</Card>
	);
}
