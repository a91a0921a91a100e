/**
 * Edit: the licence's form in a dialog.
 */
import { __ } from '@wordpress/i18n';
import { EditLicenseModal } from '../form';
import type { LicenceAction, LicenceModalProps } from './types';

function EditDialog( {
	client,
	licences,
	onClose,
	onChanged,
}: LicenceModalProps ) {
	return (
		<EditLicenseModal
			client={ client }
			license={ licences[ 0 ] }
			onClose={ onClose }
			onDone={ () => {
				onChanged();
				onClose();
			} }
		/>
	);
}

export const editAction = (): LicenceAction => ( {
	id: 'edit',
	label: __( 'Edit', 'svc-licensing' ),
	isEligible: () => true,
	RenderModal: EditDialog,
} );
