/**
 * Settings: outbound webhooks: whether endpoints may be private or loopback addresses.
 * Part of the settings form (settings-form.tsx), saved with it.
 */
import {
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { SettingsFormState } from './form-values';

export function OutboundWebhooksCard( { form }: { form: SettingsFormState } ) {
	const { values: draft, set } = form;
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Outbound webhooks', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<ToggleControl
					label={ __(
						'Allow private and loopback receivers',
						'svc-licensing'
					) }
					help={ __(
						'Off by default: endpoints must be public addresses, so nobody who can add an endpoint can make this server send requests into its own network (127.0.0.1, 10.x, 192.168.x, cloud metadata addresses and the like). Turn it on only for a receiver on this machine or your private network.',
						'svc-licensing'
					) }
					checked={ draft.webhooks_allow_private }
					onChange={ set( 'webhooks_allow_private' ) }
				/>
			</CardBody>
		</Card>
	);
}
