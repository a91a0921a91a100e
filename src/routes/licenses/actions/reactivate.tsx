/**
 * Reactivate: a suspended licence becomes active again.
 */
import { __ } from '@wordpress/i18n';
import { canReactivate } from '../license-utils';
import { ConfirmChange } from './confirm-change';
import type { LicenseAction, LicenseModalProps } from './types';

function ReactivateDialog( {
	client,
	licenses,
	onClose,
	onChanged,
}: LicenseModalProps ) {
	return (
		<ConfirmChange
			title={ __( 'Reactivate this licence?', 'svc-licensing' ) }
			text={ __(
				'The licence becomes active again: its key validates and its sites get updates.',
				'svc-licensing'
			) }
			keepLabel={ __( 'Leave it as it is', 'svc-licensing' ) }
			label={ __( 'Reactivate licence', 'svc-licensing' ) }
			destructive={ false }
			licenses={ licenses }
			change={ ( item ) =>
				client.updateLicense( item.id, { status: 'active' } )
			}
			success={ () => __( 'Licence reactivated.', 'svc-licensing' ) }
			onClose={ onClose }
			onDone={ onChanged }
		/>
	);
}

export const reactivateAction = (): LicenseAction => ( {
	id: 'reactivate',
	label: __( 'Reactivate', 'svc-licensing' ),
	isEligible: canReactivate,
	RenderModal: ReactivateDialog,
} );
