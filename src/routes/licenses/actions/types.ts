/**
 * The shape of a licence action: one file per action in this folder, listed in index.tsx.
 */
import type { ServiceClient } from '../../../api/client';
import type { License } from '../../../api/types';

export type LicenseActionId =
	| 'edit'
	| 'rotate'
	| 'extend'
	| 'suspend'
	| 'reactivate'
	| 'cancel'
	| 'delete';

/** What an action's dialog gets: the licences it acts on (one from a row or the licence page, more in bulk). */
export interface LicenseModalProps {
	client: ServiceClient;
	licenses: License[];
	onClose: () => void;
	onChanged: () => void;
	/** Where to go once the licence is gone; the list just reloads. */
	onDeleted?: () => void;
}

/** An action, as DataViews declares one: its id, label, which licences it applies to, and the dialog it opens. */
export interface LicenseAction {
	id: LicenseActionId;
	label: string;
	isEligible: ( license: License ) => boolean;
	isDestructive?: boolean;
	RenderModal: ( props: LicenseModalProps ) => JSX.Element;
}
