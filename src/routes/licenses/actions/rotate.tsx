/**
 * Rotate key: the current key stops working at once; the new one is shown once.
 */
import { Button, Modal } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useNotify } from '../../../components/notices';
import { SecretOnce } from '../../../components/secret-once';
import { canRotate } from '../license-utils';
import type { LicenseAction, LicenseModalProps } from './types';

function RotateKey( {
	client,
	licenses: [ license ],
	onClose,
	onChanged,
}: LicenseModalProps ) {
	const notify = useNotify();
	const [ key, setKey ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	if ( key ) {
		return (
			<Modal
				title={ __( 'New licence key', 'svc-licensing' ) }
				onRequestClose={ onClose }
			>
				<SecretOnce
					label={ __( 'New licence key', 'svc-licensing' ) }
					value={ key }
					onDone={ onClose }
				/>
			</Modal>
		);
	}
	return (
		<Modal
			title={ __( 'Rotate the licence key?', 'svc-licensing' ) }
			onRequestClose={ onClose }
		>
			<p>
				{ __(
					'The current key stops working at once. Sites that use it must be given the new key.',
					'svc-licensing'
				) }
			</p>
			<div className="svc-modal-actions">
				<Button
					variant="tertiary"
					onClick={ onClose }
					disabled={ busy }
				>
					{ __( 'Keep the current key', 'svc-licensing' ) }
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
								onChanged();
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
		</Modal>
	);
}

export const rotateAction = (): LicenseAction => ( {
	id: 'rotate',
	label: __( 'Rotate key', 'svc-licensing' ),
	isEligible: canRotate,
	RenderModal: RotateKey,
} );
