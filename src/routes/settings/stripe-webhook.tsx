/**
 * Settings: payment events from Stripe (its webhook's signing secret): whether a signing secret is set, a new one (write-only), and removing it at once.
 * Part of the settings form (settings-form.tsx), saved with it.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	TextControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Settings } from '../../api/types';
import { useMutation } from '../../components/mutation';
import type { SettingsFormState } from './form-values';

export function StripeWebhookCard( {
	client,
	settings,
	form,
	onSaved,
}: {
	client: ServiceClient;
	/** The settings as stored: whether a secret is set. */
	settings: Settings;
	form: SettingsFormState;
	onSaved: ( next: Settings ) => void;
} ) {
	const mutate = useMutation();
	const { values: draft, set, fieldProps } = form;
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Payment events from Stripe', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<p data-testid="svc-secret-state">
					{ settings.webhook_signing_secret_set
						? __( 'A signing secret is set.', 'svc-licensing' )
						: __(
								'No signing secret is set: every delivery is refused.',
								'svc-licensing'
							) }
				</p>
				<TextControl
					label={ __(
						'New signing secret (whsec_…)',
						'svc-licensing'
					) }
					type="password"
					autoComplete="off"
					value={ draft.webhook_signing_secret }
					onChange={ set( 'webhook_signing_secret' ) }
					{ ...fieldProps(
						'webhook_signing_secret',
						__(
							'Write-only: the stored secret is never shown. Leave empty to keep it.',
							'svc-licensing'
						)
					) }
				/>
				{ settings.webhook_signing_secret_set && (
					<Button
						variant="secondary"
						isDestructive
						disabled={ form.busy }
						onClick={ () =>
							mutate(
								() =>
									client.updateSettings( {
										webhook_signing_secret: '',
									} ),
								{
									success: __(
										'Settings saved.',
										'svc-licensing'
									),
								}
							).then( ( next ) => next && onSaved( next ) )
						}
					>
						{ __( 'Remove the secret', 'svc-licensing' ) }
					</Button>
				) }
			</CardBody>
		</Card>
	);
}
