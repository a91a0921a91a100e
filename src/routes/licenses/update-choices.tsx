/**
 * A licence's release channel and pinned version, on its page: what the update check offers its sites (a site's
 * own choice, from the SDK's licence screen, beats the licence's; docs/rollouts.md). Edited in place and saved
 * with the licence's PUT.
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { License } from '../../api/types';
import { useLoad } from '../../components/async';
import { fieldErrorsOf, useMutation } from '../../components/mutation';
import { channelLabel } from '../products/releases/channel-label';

export function UpdateChoices( {
	client,
	license,
	onChanged,
}: {
	client: ServiceClient;
	license: License;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const [ product ] = useLoad(
		() => client.product( license.product_id ),
		[ license.product_id ]
	);
	const [ channel, setChannel ] = useState( license.channel ?? '' );
	const [ pin, setPin ] = useState( license.pinned_version ?? '' );
	const [ errors, setErrors ] = useState< Record< string, string > >( {} );
	const channels =
		product.kind === 'ready' ? product.value.channels : [ 'stable' ];
	const changed =
		channel !== ( license.channel ?? '' ) ||
		pin !== ( license.pinned_version ?? '' );
	return (
		<form
			className="svc-update-choices"
			aria-labelledby="svc-update-choices-title"
			onSubmit={ ( event ) => {
				event.preventDefault();
				mutate(
					() =>
						client
							.updateLicense( license.id, {
								channel: channel === '' ? null : channel,
								pinned_version:
									pin.trim() === '' ? null : pin.trim(),
							} )
							.catch( ( error ) => {
								setErrors( fieldErrorsOf( error ) );
								throw error;
							} ),
					{
						success: __(
							'Updates settings saved.',
							'svc-licensing'
						),
						reload: onChanged,
					}
				);
			} }
		>
			<h2 id="svc-update-choices-title">
				{ __( 'Updates', 'svc-licensing' ) }
			</h2>
			<div className="svc-form-grid">
				<SelectControl
					label={ __( 'Release channel', 'svc-licensing' ) }
					value={ channel }
					options={ [
						{
							label: __( 'Default (stable)', 'svc-licensing' ),
							value: '',
						},
						...channels.map( ( name ) => ( {
							label: channelLabel( name ),
							value: name,
						} ) ),
					] }
					onChange={ setChannel }
					aria-describedby="svc-update-channel-help"
					__nextHasNoMarginBottom
				/>
				<TextControl
					label={ __( 'Pinned version', 'svc-licensing' ) }
					value={ pin }
					placeholder="2.1.0"
					onChange={ setPin }
					aria-describedby="svc-update-pin-help"
					__nextHasNoMarginBottom
				/>
			</div>
			{ /* Core's description colour: the component's help text is too light on the screen's grey. */ }
			<p className="description" id="svc-update-channel-help">
				{ errors.channel ??
					__(
						'Channel: a site that chose its own channel keeps it.',
						'svc-licensing'
					) }
			</p>
			<p className="description" id="svc-update-pin-help">
				{ errors.pinned_version ??
					__(
						'Pinned version: never offer a version above this one. Empty: no pin.',
						'svc-licensing'
					) }
			</p>
			<Button variant="secondary" type="submit" disabled={ ! changed }>
				{ __( 'Save updates settings', 'svc-licensing' ) }
			</Button>
		</form>
	);
}
