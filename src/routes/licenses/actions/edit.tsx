/**
 * Edit: the licence's form in a dialog.
 */
import { __ } from '@wordpress/i18n';
import { EditLicenseModal } from '../form';
import type { LicenseAction, LicenseModalProps } from './types';

function EditDialog( {
	client,
	licenses,
	onClose,
	onChanged,
}: LicenseModalProps ) {
	return (
		<EditLicenseModal
			client={ client }
			license={ licenses[ 0 ] }
			onClose={ onClose }
			onDone={ () => {
				onChanged();
				onClose();
			} }
		/>
	);
}

export const editAction = (): LicenseAction => ( {
	id: 'edit',
	label: __( 'Edit', 'svc-licensing' ),
	isEligible: () => true,
	RenderModal: EditDialog,
} );
