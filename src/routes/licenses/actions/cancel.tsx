/**
 * Cancel: one or more licences (in bulk too); their sites are deactivated and the records stay.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { canCancel } from '../licence-utils';
import { ConfirmChange } from './confirm-change';
import type { LicenceAction, LicenceModalProps } from './types';

export function CancelLicences( {
	client,
	licences,
	onClose,
	onChanged,
}: LicenceModalProps ) {
	const cancellable = licences.filter( canCancel );
	return (
		<ConfirmChange
			title={
				licences.length === 1
					? __( 'Cancel this licence?', 'svc-licensing' )
					: sprintf(
							/* translators: %d: number of licences. */
							__( 'Cancel %d licences?', 'svc-licensing' ),
							cancellable.length
						)
			}
			text={ __(
				'A cancelled licence is kept as a record and every site using it is deactivated.',
				'svc-licensing'
			) }
			keepLabel={ _n(
				'Keep licence',
				'Keep licences',
				licences.length,
				'svc-licensing'
			) }
			label={ _n(
				'Cancel licence',
				'Cancel licences',
				licences.length,
				'svc-licensing'
			) }
			licences={ cancellable }
			change={ ( licence ) => client.cancelLicense( licence.id ) }
			success={ ( count ) =>
				count === 1
					? __( 'Licence cancelled.', 'svc-licensing' )
					: sprintf(
							/* translators: %d: number of licences. */
							__( '%d licences cancelled.', 'svc-licensing' ),
							count
						)
			}
			onClose={ onClose }
			onDone={ onChanged }
		/>
	);
}

export const cancelAction = (): LicenceAction => ( {
	id: 'cancel',
	label: __( 'Cancel licence', 'svc-licensing' ),
	isEligible: canCancel,
	isDestructive: true,
	RenderModal: CancelLicences,
} );
