/**
 * Row actions of the licence table: view, edit, rotate key, cancel, delete.
 */
import { Button } from '@wordpress/components';
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { License } from '../../api/types';
import { ConfirmActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';
import { SecretOnce } from '../../components/secret-once';
import { LicenseDetail } from './detail';
import { EditLicenseForm } from './form';

interface ModalProps {
	items: License[];
	closeModal?: () => void;
}

function RotateKey( {
	client,
	license,
	onDone,
	close,
}: {
	client: ServiceClient;
	license: License;
	onDone: () => void;
	close: () => void;
} ) {
	const notify = useNotify();
	const [ key, setKey ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	if ( key ) {
		return (
			<>
				<SecretOnce
					label={ __( 'New licence key', 'svc-licensing' ) }
					value={ key }
					onDone={ close }
				/>
			</>
		);
	}
	return (
		<>
			<p>
				{ __(
					'The current key stops working at once. Sites that use it must be given the new key.',
					'svc-licensing'
				) }
			</p>
			<div className="svc-modal-actions">
				<Button variant="tertiary" onClick={ close }>
					{ __( 'Cancel', 'svc-licensing' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					isBusy={ busy }
					disabled={ busy }
					onClick={ () => {
						setBusy( true );
						client.rotateKey( license.id ).then(
							( rotated ) => {
								setKey( rotated.new_license_key );
								notify.success(
									__( 'Key rotated.', 'svc-licensing' )
								);
								onDone();
							},
							( error ) => {
								setBusy( false );
								notify.error( error );
							}
						);
					} }
				>
					{ __( 'Rotate key', 'svc-licensing' ) }
				</Button>
			</div>
		</>
	);
}

export function useLicenseActions( client: ServiceClient, reload: () => void ) {
	const notify = useNotify();
	// Stable identities: a new RenderModal per render would remount an open dialog and lose its state.
	return useMemo( () => {
		const done = ( message: string ) => () => {
			notify.success( message );
			reload();
		};
		return [
			{
				id: 'view',
				label: __( 'View', 'svc-licensing' ),
				isPrimary: false,
				modalHeader: __( 'Licence', 'svc-licensing' ),
				RenderModal: ( { items }: ModalProps ) => (
					<LicenseDetail
						client={ client }
						license={ items[ 0 ] }
						onChanged={ reload }
					/>
				),
			},
			{
				id: 'edit',
				label: __( 'Edit', 'svc-licensing' ),
				modalHeader: __( 'Edit licence', 'svc-licensing' ),
				RenderModal: ( { items, closeModal }: ModalProps ) => (
					<EditLicenseForm
						client={ client }
						license={ items[ 0 ] }
						onDone={ () => {
							reload();
							closeModal?.();
						} }
					/>
				),
			},
			{
				id: 'rotate',
				label: __( 'Rotate key', 'svc-licensing' ),
				modalHeader: __( 'Rotate the licence key?', 'svc-licensing' ),
				RenderModal: ( { items, closeModal }: ModalProps ) => (
					<RotateKey
						client={ client }
						license={ items[ 0 ] }
						onDone={ reload }
						close={ () => closeModal?.() }
					/>
				),
			},
			{
				id: 'cancel',
				label: __( 'Cancel licence', 'svc-licensing' ),
				isDestructive: true,
				isEligible: ( item: License ) => item.status !== 'cancelled',
				modalHeader: __( 'Cancel this licence?', 'svc-licensing' ),
				RenderModal: ( { items, closeModal }: ModalProps ) => (
					<ConfirmActions
						text={ __(
							'The licence is kept as cancelled and every site is deactivated.',
							'svc-licensing'
						) }
						label={ __( 'Cancel licence', 'svc-licensing' ) }
						close={ () => closeModal?.() }
						run={ () =>
							client
								.cancelLicense( items[ 0 ].id )
								.then(
									done(
										__(
											'Licence cancelled.',
											'svc-licensing'
										)
									),
									( error ) => notify.error( error )
								)
						}
					/>
				),
			},
			{
				id: 'delete',
				label: __( 'Delete permanently', 'svc-licensing' ),
				isDestructive: true,
				modalHeader: __(
					'Delete this licence for good?',
					'svc-licensing'
				),
				RenderModal: ( { items, closeModal }: ModalProps ) => (
					<ConfirmActions
						text={ __(
							'The licence and its activations are deleted. This cannot be undone.',
							'svc-licensing'
						) }
						label={ __( 'Delete permanently', 'svc-licensing' ) }
						close={ () => closeModal?.() }
						run={ () =>
							client
								.deleteLicense( items[ 0 ].id )
								.then(
									done(
										__(
											'Licence deleted.',
											'svc-licensing'
										)
									),
									( error ) => notify.error( error )
								)
						}
					/>
				),
			},
		];
	}, [ client, reload, notify ] );
}
