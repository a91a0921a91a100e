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
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { Settings } from '../../api/types';

type StagingValues = Pick<
	Settings,
	'staging_hosts_enabled' | 'staging_hosts'
>;

export function StagingHostsCard( {
	saved,
	value,
	onChange,
}: {
	/** The settings as stored: the text is reset to them after every save. */
	saved: string[];
	value: StagingValues;
	onChange: ( next: StagingValues ) => void;
} ) {
	// The text as typed (empty lines and all); the list sent is its lines, which the server tidies and checks.
	const [ text, setText ] = useState( saved.join( '\n' ) );
	useEffect( () => setText( saved.join( '\n' ) ), [ saved ] );
	return (
		<Card>
			<CardHeader>
				<h3>
					{ __( 'Staging and development sites', 'svc-licensing' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<ToggleControl
					label={ __( 'Staging sites use no slot', 'svc-licensing' ) }
					help={ __(
						'A site whose address matches one of the patterns below activates without using one of the licence’s sites, and is listed as Staging on the licence. The service decides from the site address alone: nothing a customer’s site sends can make it a staging site. A site keeps what it was when it activated.',
						'svc-licensing'
					) }
					checked={ value.staging_hosts_enabled }
					onChange={ ( enabled ) =>
						onChange( { ...value, staging_hosts_enabled: enabled } )
					}
				/>
				<TextareaControl
					label={ __(
						'Staging host patterns (one per line)',
						'svc-licensing'
					) }
					help={ __(
						'A host name, with * for any part of it: *.test matches shop.test, staging.* matches staging.example.com. Ports and paths are ignored; * alone is refused.',
						'svc-licensing'
					) }
					rows={ 6 }
					value={ text }
					onChange={ ( next ) => {
						setText( next );
						onChange( {
							...value,
							staging_hosts: next.split( '\n' ),
						} );
					} }
				/>
			</CardBody>
		</Card>
	);
}
