/**
 * Privacy: export a customer's data as JSON, or erase it after typing the address again.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { PrivacyErase } from '../../api/types';
import { useNotify } from '../../components/notices';
import { ScreenHeader } from '../../components/screen';

function download( name: string, data: unknown ) {
	const url = URL.createObjectURL(
		new Blob( [ JSON.stringify( data, null, 2 ) ], {
			type: 'application/json',
		} )
	);
	const link = document.createElement( 'a' );
	link.href = url;
	link.download = name;
	document.body.appendChild( link );
	link.click();
	link.remove();
	URL.revokeObjectURL( url );
}

export function PrivacyStage( { client }: { client: ServiceClient } ) {
	const notify = useNotify();
	const [ exportEmail, setExportEmail ] = useState( '' );
	const [ eraseEmail, setEraseEmail ] = useState( '' );
	const [ confirmation, setConfirmation ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ erased, setErased ] = useState< PrivacyErase | null >( null );
	const canErase =
		eraseEmail.trim() !== '' &&
		confirmation.trim().toLowerCase() === eraseEmail.trim().toLowerCase();

	return (
		<div className="svc-screen svc-privacy">
			<ScreenHeader />
			<Card>
				<CardHeader>
					<h3>{ __( 'Export personal data', 'svc-licensing' ) }</h3>
				</CardHeader>
				<CardBody>
					<form
						onSubmit={ ( event ) => {
							event.preventDefault();
							setBusy( true );
							client
								.exportPersonalData( exportEmail )
								.then(
									( result ) => {
										download(
											`svc-licensing-export-${ result.email }.json`,
											result
										);
										notify.success(
											sprintf(
												/* translators: %d: number of records. */
												__(
													'Exported %d records.',
													'svc-licensing'
												),
												result.export.total_records
											)
										);
									},
									( error ) => notify.error( error )
								)
								.finally( () => setBusy( false ) );
						} }
					>
						<TextControl
							label={ __( 'Customer email', 'svc-licensing' ) }
							type="email"
							value={ exportEmail }
							onChange={ setExportEmail }
							required
						/>
						<Button
							variant="primary"
							type="submit"
							disabled={ busy }
						>
							{ __( 'Export as JSON', 'svc-licensing' ) }
						</Button>
					</form>
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h3>{ __( 'Erase personal data', 'svc-licensing' ) }</h3>
				</CardHeader>
				<CardBody>
					<p>
						{ __(
							'Clears name and email from licences and payments, deletes activations, and makes the keys stop working. This cannot be undone.',
							'svc-licensing'
						) }
					</p>
					<form
						onSubmit={ ( event ) => {
							event.preventDefault();
							setBusy( true );
							client
								.erasePersonalData( eraseEmail )
								.then(
									( result ) => {
										setErased( result );
										setConfirmation( '' );
										notify.success(
											__(
												'Personal data erased.',
												'svc-licensing'
											)
										);
									},
									( error ) => notify.error( error )
								)
								.finally( () => setBusy( false ) );
						} }
					>
						<TextControl
							label={ __( 'Customer email', 'svc-licensing' ) }
							type="email"
							value={ eraseEmail }
							onChange={ setEraseEmail }
							required
						/>
						<TextControl
							label={ __(
								'Type the email again to confirm',
								'svc-licensing'
							) }
							value={ confirmation }
							onChange={ setConfirmation }
						/>
						<Button
							variant="primary"
							isDestructive
							type="submit"
							disabled={ busy || ! canErase }
						>
							{ __( 'Erase', 'svc-licensing' ) }
						</Button>
					</form>
					{ erased && (
						<dl
							className="svc-fields"
							data-testid="svc-erase-result"
						>
							{ Object.entries( erased.records_affected ).map(
								( [ kind, count ] ) => (
									<div key={ kind }>
										<dt>{ kind }</dt>
										<dd>{ count }</dd>
									</div>
								)
							) }
						</dl>
					) }
				</CardBody>
			</Card>
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default PrivacyStage;
