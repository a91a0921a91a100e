/**
 * What can be done to licences, in one place for the list's row menu, its bulk actions and the licence page:
 * edit, rotate the key, extend the expiry, suspend, reactivate, cancel, delete, one file each. Each opens its own
 * dialog; the caller decides where focus goes when the dialog closes.
 */
import type { License } from '../../../api/types';
import type { ServiceClient } from '../../../api/client';
import { licenseName } from '../license-utils';
import { cancelAction } from './cancel';
import { deleteAction } from './delete';
import { editAction } from './edit';
import { extendAction } from './extend';
import { reactivateAction } from './reactivate';
import { rotateAction } from './rotate';
import { suspendAction } from './suspend';
import type { LicenseActionId } from './types';

export type { LicenseAction, LicenseActionId } from './types';
export { CancelLicenses } from './cancel';
export { ExtendExpiry } from './extend';
export { licenseName };

/** The actions, in the order the menus show them. */
export const licenseActions = () => [
	editAction(),
	rotateAction(),
	extendAction(),
	suspendAction(),
	reactivateAction(),
	cancelAction(),
	deleteAction(),
];

/** The dialog of one action on one licence. */
export function LicenseActionDialog( {
	action,
	client,
	license,
	onClose,
	onChanged,
	onDeleted,
}: {
	action: LicenseActionId;
	client: ServiceClient;
	license: License;
	onClose: () => void;
	onChanged: () => void;
	/** Where to go once the licence is gone; the list just reloads. */
	onDeleted?: () => void;
} ) {
	const found = licenseActions().find( ( item ) => item.id === action );
	if ( ! found ) {
		return null;
	}
	const { RenderModal } = found;
	return (
		<RenderModal
			client={ client }
			licenses={ [ license ] }
			onClose={ onClose }
			onChanged={ onChanged }
			onDeleted={ onDeleted }
		/>
	);
}
