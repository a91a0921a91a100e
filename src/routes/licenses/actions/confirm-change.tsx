/**
 * The one confirmation dialog of the licence actions that change licences without a form (suspend, reactivate,
 * cancel, delete): what happens, the keep button and the action, which runs the change on each licence through
 * the panel's mutation helper.
 */
import { Modal } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { License } from '../../../api/types';
import { ConfirmActions } from '../../../components/confirm';
import { useMutationEach } from '../../../components/mutation';
import { licenseName } from '../license-utils';

export function ConfirmChange( {
	title,
	text,
	keepLabel,
	label,
	destructive = true,
	licenses,
	change,
	success,
	onClose,
	onDone,
}: {
	title: string;
	text: string;
	keepLabel: string;
	label: string;
	destructive?: boolean;
	licenses: License[];
	change: ( license: License ) => Promise< unknown >;
	/** The snackbar once `count` licences changed. */
	success: ( count: number ) => string;
	onClose: () => void;
	/** After at least one licence changed. */
	onDone: () => void;
} ) {
	const each = useMutationEach();
	return (
		<Modal title={ title } onRequestClose={ onClose }>
			<ConfirmActions
				text={ text }
				keepLabel={ keepLabel }
				label={ label }
				destructive={ destructive }
				close={ onClose }
				run={ () =>
					each( licenses, change, {
						success,
						reload: onDone,
						errorPrefix: licenseErrorPrefix,
					} )
				}
			/>
		</Modal>
	);
}

/** "licence …2XSK was not changed:", before the server's message. */
export const licenseErrorPrefix = ( license: License ) =>
	sprintf(
		/* translators: %s: "licence …2XSK". */
		__( '%s was not changed:', 'svc-licensing' ),
		licenseName( license )
	);
