/**
 * The settings form: every setting the server has (GET/PUT /admin/settings), in cards saved together by one
 * button (the offline leases card also rotates the signing keys, each step at once). The values and their checks are in form-values.ts; each card is its own file. The signing secret is
 * write-only.
 */
import { Button } from '@wordpress/components';
import { useEffect } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Settings } from '../../api/types';
import {
	FormError,
	useForm,
	useUnsavedChanges,
} from '../../components/mutation';
import { formValues, settingsRules, updateOf } from './form-values';
import { OfflineLeasesCard } from './offline-leases';
import { OldProtocolsCard } from './old-protocols';
import { OutboundWebhooksCard } from './outbound-webhooks';
import { PerformanceCard } from './performance';
import { PortalCard } from './portal';
import { RateLimitsCard } from './rate-limits';
import { StagingHostsCard } from './staging-hosts';
import { StripeWebhookCard } from './stripe-webhook';
import { UpdatesCard } from './updates';

export function SettingsForm( {
	client,
	settings,
	onSaved,
}: {
	client: ServiceClient;
	settings: Settings;
	onSaved: ( next: Settings ) => void;
} ) {
	const form = useForm( formValues( settings ), settingsRules() );
	const { values: draft, set, setValues, fieldProps } = form;
	// After a save the form shows the settings as stored (tidied, the secret emptied).
	useEffect(
		() => setValues( formValues( settings ) ),
		[ settings, setValues ]
	);
	// Changed: different from what is stored (useForm's own flag would count the emptied secret as a change).
	const dirty =
		JSON.stringify( draft ) !== JSON.stringify( formValues( settings ) );
	useUnsavedChanges( dirty );

	return (
		<form
			className="svc-settings"
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				form.submit(
					( values ) => client.updateSettings( updateOf( values ) ),
					{
						success: __( 'Settings saved.', 'svc-licensing' ),
						onDone: onSaved,
					}
				);
			} }
		>
			<FormError message={ form.formError } />
			<StripeWebhookCard
				client={ client }
				settings={ settings }
				form={ form }
				onSaved={ onSaved }
			/>
			<OutboundWebhooksCard form={ form } />
			<RateLimitsCard form={ form } />
			<PortalCard form={ form } />
			<StagingHostsCard
				enabled={ draft.staging_hosts_enabled }
				text={ draft.staging_hosts }
				onEnabled={ set( 'staging_hosts_enabled' ) }
				onText={ set( 'staging_hosts' ) }
				controlProps={ fieldProps( 'staging_hosts' ) }
			/>
			<OldProtocolsCard draft={ draft } set={ set } stored={ settings } />
			<OfflineLeasesCard client={ client } form={ form } />
			<UpdatesCard form={ form } />
			<PerformanceCard settings={ settings } form={ form } />
			<Button
				variant="primary"
				type="submit"
				isBusy={ form.busy }
				disabled={ form.busy }
			>
				{ __( 'Save settings', 'svc-licensing' ) }
			</Button>
		</form>
	);
}
