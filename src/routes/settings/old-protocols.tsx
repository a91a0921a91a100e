/**
 * Settings: whether the store answers the old clients of EDD Software Licensing and Software License Manager
 * (edd_sl_protocol, slm_protocol; docs/moving-in.md, "The old clients"). Off until an import of that source has
 * been written, which turns its setting on; saved with the rest of the form.
 */
import {
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { Settings, SettingsUpdate } from '../../api/types';

type Protocols = Pick< Settings, 'edd_sl_protocol' | 'slm_protocol' >;

/** The form's two switches, from the settings as stored. */
export const protocolValues = ( settings: Settings ): Protocols => ( {
	edd_sl_protocol: settings.edd_sl_protocol,
	slm_protocol: settings.slm_protocol,
} );

/** What PUT /admin/settings gets from them. */
export const protocolUpdate = ( values: Protocols ): SettingsUpdate => ( {
	edd_sl_protocol: values.edd_sl_protocol,
	slm_protocol: values.slm_protocol,
} );

export function OldProtocolsCard( {
	draft,
	set,
	stored,
}: {
	draft: Protocols;
	set: ( name: keyof Protocols ) => ( value: boolean ) => void;
	/** The settings as stored: whether SLM's secret key was imported (its clients send it). */
	stored: Settings;
} ) {
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Old clients', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<ToggleControl
					label={ __(
						'Answer the old EDD Software Licensing client',
						'svc-licensing'
					) }
					help={ __(
						'Sites running your plugin with EDD’s licence and update code built in keep activating, checking and updating with the keys they have. Off until an import from EDD Software Licensing has run; the import turns it on. Turn it off when no site uses the old client any more.',
						'svc-licensing'
					) }
					checked={ draft.edd_sl_protocol }
					onChange={ set( 'edd_sl_protocol' ) }
				/>
				<ToggleControl
					label={ __(
						'Answer the old Software License Manager client',
						'svc-licensing'
					) }
					help={
						stored.slm_secret_key_set
							? __(
									'Sites running your plugin with Software License Manager’s client keep activating and checking their keys, with the secret key the import brought. Turn it off when no site uses the old client any more.',
									'svc-licensing'
								)
							: __(
									'Off until an import from Software License Manager has run: it brings the secret key the old clients send, and turns this on.',
									'svc-licensing'
								)
					}
					checked={ draft.slm_protocol }
					onChange={ set( 'slm_protocol' ) }
				/>
			</CardBody>
		</Card>
	);
}
