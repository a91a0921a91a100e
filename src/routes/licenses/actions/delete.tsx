/**
 * Delete permanently: the licence and its activations are gone; the licence page goes back to the list.
 */
import { __ } from '@wordpress/i18n';
import { ConfirmChange } from './confirm-change';
import type { LicenseAction, LicenseModalProps } from './types';

function DeleteDialog( {
	client,
	licenses,
	onClose,
	onChanged,
	onDeleted,
}: LicenseModalProps ) {
	return (
		<ConfirmChange
			title={ __( 'Delete this licence for good?', 'svc-licensing' ) }
			text={ __(
				'The licence and its activations are deleted. This cannot be undone.',
				'svc-licensing'
			) }
			keepLabel={ __( 'Keep licence', 'svc-licensing' ) }
			label={ __( 'Delete permanently', 'svc-licensing' ) }
			licenses={ licenses }
			change={ ( item ) => client.deleteLicense( item.id ) }
			success={ () => __( 'Licence deleted.', 'svc-licensing' ) }
			onClose={ onClose }
			onDone={ onDeleted ?? onChanged }
		/>
	);
}

export const deleteAction = (): LicenseAction => ( {
	id: 'delete',
	label: __( 'Delete permanently', 'svc-licensing' ),
	isEligible: () => true,
	isDestructive: true,
	RenderModal: DeleteDialog,
} );
