/**
 * Suspend: the key stops validating and updates stop until the licence is reactivated; its sites stay activated.
 */
import { __ } from '@wordpress/i18n';
import { canSuspend } from '../license-utils';
import { ConfirmChange } from './confirm-change';
import type { LicenseAction, LicenseModalProps } from './types';

function SuspendDialog( {
	client,
	licenses,
	onClose,
	onChanged,
}: LicenseModalProps ) {
	return (
		<ConfirmChange
			title={ __( 'Suspend this licence?', 'svc-licensing' ) }
			text={ __(
				'Sites using it stop getting updates and its key stops validating until the licence is reactivated. Its sites stay activated.',
				'svc-licensing'
			) }
			keepLabel={ __( 'Keep it active', 'svc-licensing' ) }
			label={ __( 'Suspend licence', 'svc-licensing' ) }
			licenses={ licenses }
			change={ ( item ) =>
				client.updateLicense( item.id, { status: 'suspended' } )
			}
			success={ () => __( 'Licence suspended.', 'svc-licensing' ) }
			onClose={ onClose }
			onDone={ onChanged }
		/>
	);
}

export const suspendAction = (): LicenseAction => ( {
	id: 'suspend',
	label: __( 'Suspend', 'svc-licensing' ),
	isEligible: canSuspend,
	RenderModal: SuspendDialog,
} );
