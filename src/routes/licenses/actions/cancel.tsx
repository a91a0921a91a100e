/**
 * Cancel: one or more licences (in bulk too); their sites are deactivated and the records stay.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { canCancel } from '../license-utils';
import { ConfirmChange } from './confirm-change';
import type { LicenseAction, LicenseModalProps } from './types';

export function CancelLicenses( {
	client,
	licenses,
	onClose,
	onChanged,
}: LicenseModalProps ) {
	const cancellable = licenses.filter( canCancel );
	return (
		<ConfirmChange
			title={
				licenses.length === 1
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
				licenses.length,
				'svc-licensing'
			) }
			label={ _n(
				'Cancel licence',
				'Cancel licences',
				licenses.length,
				'svc-licensing'
			) }
			licenses={ cancellable }
			change={ ( license ) => client.cancelLicense( license.id ) }
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

export const cancelAction = (): LicenseAction => ( {
	id: 'cancel',
	label: __( 'Cancel licence', 'svc-licensing' ),
	isEligible: canCancel,
	isDestructive: true,
	RenderModal: CancelLicenses,
} );
