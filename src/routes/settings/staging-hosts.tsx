/**
 * Settings: staging, development and local sites activate without using a slot (staging_hosts_enabled and the
 * staging_hosts patterns). Part of the settings form: saved with it, checked by the server.
 */
import {
	Card,
	CardBody,
	CardHeader,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function StagingHostsCard( {
	enabled,
	text,
	onEnabled,
	onText,
	controlProps,
}: {
	enabled: boolean;
	/** The patterns as typed, one per line (the server tidies and checks them). */
	text: string;
	onEnabled: ( enabled: boolean ) => void;
	onText: ( text: string ) => void;
	/** The form's props for the patterns field: its error in place of the help. */
	controlProps: { help?: string; className: string; 'aria-invalid'?: true };
} ) {
	return (
		<Card>
			<CardHeader>
				<h2>
					{ __( 'Staging and development sites', 'svc-licensing' ) }
				</h2>
			</CardHeader>
			<CardBody>
				<ToggleControl
					label={ __( 'Staging sites use no slot', 'svc-licensing' ) }
					help={ __(
						'A site whose address matches one of the patterns below activates without using one of the licence’s sites, and is listed as Staging on the licence. The service decides from the site address alone: nothing a customer’s site sends can make it a staging site. A site keeps what it was when it activated.',
						'svc-licensing'
					) }
					checked={ enabled }
					onChange={ onEnabled }
				/>
				<TextareaControl
					label={ __(
						'Staging host patterns (one per line)',
						'svc-licensing'
					) }
					rows={ 6 }
					value={ text }
					onChange={ onText }
					{ ...controlProps }
					help={
						controlProps.help ??
						__(
							'A host name, with * for any part of it: *.test matches shop.test, staging.* matches staging.example.com. Ports and paths are ignored; * alone is refused.',
							'svc-licensing'
						)
					}
				/>
			</CardBody>
		</Card>
	);
}
