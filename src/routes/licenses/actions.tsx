/**
 * What can be done to licences, in one place for the list's row menu, its bulk actions and the licence page:
 * edit, rotate the key, extend the expiry, suspend, reactivate, cancel, delete. Each opens its own dialog (or, for
 * reactivating, runs at once); the caller decides where focus goes when the dialog closes.
 */
import {
	Button,
	Modal,
	RadioControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { License } from '../../api/types';
import { ConfirmActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';
import { SecretOnce } from '../../components/secret-once';
import { EditLicenseModal } from './form';
import {
	canCancel,
	canExtend,
	canReactivate,
	canRotate,
	canSuspend,
	extendedExpiry,
	extensionOf,
	licenceName,
} from './licence-utils';

export type LicenceActionId =
	| 'edit'
	| 'rotate'
	| 'extend'
	| 'suspend'
	| 'reactivate'
	| 'cancel'
	| 'delete';

export interface LicenceAction {
	id: LicenceActionId;
	label: string;
	isEligible: ( licence: License ) => boolean;
	isDestructive?: boolean;
}

export { licenceName };

export const licenceActions = (): LicenceAction[] => [
	{
		id: 'edit',
		label: __( 'Edit', 'svc-licensing' ),
		isEligible: () => true,
	},
	{
		id: 'rotate',
		label: __( 'Rotate key', 'svc-licensing' ),
		isEligible: canRotate,
	},
	{
		id: 'extend',
		label: __( 'Extend expiry', 'svc-licensing' ),
		isEligible: canExtend,
	},
	{
		id: 'suspend',
		label: __( 'Suspend', 'svc-licensing' ),
		isEligible: canSuspend,
	},
	{
		id: 'reactivate',
		label: __( 'Reactivate', 'svc-licensing' ),
		isEligible: canReactivate,
	},
	{
		id: 'cancel',
		label: __( 'Cancel licence', 'svc-licensing' ),
		isEligible: canCancel,
		isDestructive: true,
	},
	{
		id: 'delete',
		label: __( 'Delete permanently', 'svc-licensing' ),
		isEligible: () => true,
		isDestructive: true,
	},
];

/** Runs a change on each licence in turn; one message for all of them, and one per failure. */
function useEach() {
	const notify = useNotify();
	return async (
		licences: License[],
		change: ( licence: License ) => Promise< unknown >,
		done: ( count: number ) => string,
		onChanged: () => void
	) => {
		let changed = 0;
		for ( const licence of licences ) {
			try {
				await change( licence );
				changed++;
			} catch ( error ) {
				notify.error(
					error,
					sprintf(
						/* translators: %s: "licence …2XSK". */
						__( '%s was not changed:', 'svc-licensing' ),
						licenceName( licence )
					)
				);
			}
		}
		if ( changed > 0 ) {
			notify.success( done( changed ) );
			onChanged();
		}
	};
}

function RotateKey( {
	client,
	licence,
	onClose,
	onChanged,
}: {
	client: ServiceClient;
	licence: License;
	onClose: () => void;
	onChanged: () => void;
} ) {
	const notify = useNotify();
	const [ key, setKey ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	if ( key ) {
		return (
			<Modal
				title={ __( 'New licence key', 'svc-licensing' ) }
				onRequestClose={ onClose }
			>
				<SecretOnce
					label={ __( 'New licence key', 'svc-licensing' ) }
					value={ key }
					onDone={ onClose }
				/>
			</Modal>
		);
	}
	return (
		<Modal
			title={ __( 'Rotate the licence key?', 'svc-licensing' ) }
			onRequestClose={ onClose }
		>
			<p>
				{ __(
					'The current key stops working at once. Sites that use it must be given the new key.',
					'svc-licensing'
				) }
			</p>
			<div className="svc-modal-actions">
				<Button
					variant="tertiary"
					onClick={ onClose }
					disabled={ busy }
				>
					{ __( 'Keep the current key', 'svc-licensing' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					isBusy={ busy }
					disabled={ busy }
					onClick={ () => {
						setBusy( true );
						client.rotateKey( licence.id ).then(
							( rotated ) => {
								setKey( rotated.new_license_key );
								notify.success(
									__( 'Key rotated.', 'svc-licensing' )
								);
								onChanged();
							},
							( error ) => {
								setBusy( false );
								notify.error( error );
							}
						);
					} }
				>
					{ __( 'Rotate key', 'svc-licensing' ) }
				</Button>
			</div>
		</Modal>
	);
}

/** Extends one or more licences: by N days (from their expiry, or today once it passed) or to a date. */
export function ExtendExpiry( {
	client,
	licences,
	onClose,
	onChanged,
}: {
	client: ServiceClient;
	licences: License[];
	onClose: () => void;
	onChanged: () => void;
} ) {
	const each = useEach();
	const [ mode, setMode ] = useState< 'days' | 'date' >( 'days' );
	const [ days, setDays ] = useState( '30' );
	const [ date, setDate ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState< string | null >( null );
	const extendable = licences.filter( canExtend );
	return (
		<Modal
			title={ __( 'Extend expiry', 'svc-licensing' ) }
			onRequestClose={ onClose }
		>
			<form
				className="svc-form"
				onSubmit={ ( event ) => {
					event.preventDefault();
					const extension = extensionOf( mode, days, date );
					if ( ! extension ) {
						setError(
							mode === 'days'
								? __(
										'Enter a whole number of days from 1 to 3650.',
										'svc-licensing'
									)
								: __( 'Choose a date.', 'svc-licensing' )
						);
						return;
					}
					setBusy( true );
					each(
						extendable,
						( licence ) =>
							client.updateLicense( licence.id, {
								expires: extendedExpiry(
									licence.expires,
									extension
								),
							} ),
						( count ) =>
							sprintf(
								/* translators: %d: number of licences. */
								_n(
									'%d licence extended.',
									'%d licences extended.',
									count,
									'svc-licensing'
								),
								count
							),
						onChanged
					).finally( onClose );
				} }
			>
				{ extendable.length < licences.length && (
					<p>
						{ __(
							'Lifetime licences never expire and are left as they are.',
							'svc-licensing'
						) }
					</p>
				) }
				<RadioControl
					label={ __( 'Extend', 'svc-licensing' ) }
					selected={ mode }
					options={ [
						{
							label: __( 'By a number of days', 'svc-licensing' ),
							value: 'days',
						},
						{
							label: __( 'To a date', 'svc-licensing' ),
							value: 'date',
						},
					] }
					onChange={ ( value ) => {
						setMode( value as 'days' | 'date' );
						setError( null );
					} }
				/>
				{ mode === 'days' ? (
					<TextControl
						label={ __( 'Days', 'svc-licensing' ) }
						type="number"
						min={ 1 }
						max={ 3650 }
						value={ days }
						onChange={ ( value ) => {
							setDays( value );
							setError( null );
						} }
						help={ error ?? undefined }
						className={
							error ? 'svc-field has-error' : 'svc-field'
						}
						aria-invalid={ error ? true : undefined }
						__nextHasNoMarginBottom
					/>
				) : (
					<TextControl
						label={ __( 'New expiry date', 'svc-licensing' ) }
						type="date"
						value={ date }
						onChange={ ( value ) => {
							setDate( value );
							setError( null );
						} }
						help={ error ?? undefined }
						className={
							error ? 'svc-field has-error' : 'svc-field'
						}
						aria-invalid={ error ? true : undefined }
						__nextHasNoMarginBottom
					/>
				) }
				<div className="svc-modal-actions">
					<Button
						variant="tertiary"
						onClick={ onClose }
						disabled={ busy }
					>
						{ __( 'Keep the expiry', 'svc-licensing' ) }
					</Button>
					<Button
						variant="primary"
						type="submit"
						isBusy={ busy }
						disabled={ busy || extendable.length === 0 }
					>
						{ __( 'Extend', 'svc-licensing' ) }
					</Button>
				</div>
			</form>
		</Modal>
	);
}

/** Cancels one or more licences (their sites are deactivated; the records stay). */
export function CancelLicences( {
	client,
	licences,
	onClose,
	onChanged,
}: {
	client: ServiceClient;
	licences: License[];
	onClose: () => void;
	onChanged: () => void;
} ) {
	const each = useEach();
	const cancellable = licences.filter( canCancel );
	return (
		<Modal
			title={
				licences.length === 1
					? __( 'Cancel this licence?', 'svc-licensing' )
					: sprintf(
							/* translators: %d: number of licences. */
							__( 'Cancel %d licences?', 'svc-licensing' ),
							cancellable.length
						)
			}
			onRequestClose={ onClose }
		>
			<ConfirmActions
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
				close={ onClose }
				run={ () =>
					each(
						cancellable,
						( licence ) => client.cancelLicense( licence.id ),
						( count ) =>
							count === 1
								? __( 'Licence cancelled.', 'svc-licensing' )
								: sprintf(
										/* translators: %d: number of licences. */
										__(
											'%d licences cancelled.',
											'svc-licensing'
										),
										count
									),
						onChanged
					)
				}
			/>
		</Modal>
	);
}

/** The dialog of one action on one licence; reactivating needs none and runs when the dialog would open. */
export function LicenceActionDialog( {
	action,
	client,
	licence,
	onClose,
	onChanged,
	onDeleted,
}: {
	action: LicenceActionId;
	client: ServiceClient;
	licence: License;
	onClose: () => void;
	onChanged: () => void;
	/** Where to go once the licence is gone; the list just reloads. */
	onDeleted?: () => void;
} ) {
	const each = useEach();
	const one = [ licence ];
	switch ( action ) {
		case 'edit':
			return (
				<EditLicenseModal
					client={ client }
					license={ licence }
					onClose={ onClose }
					onDone={ () => {
						onChanged();
						onClose();
					} }
				/>
			);
		case 'rotate':
			return (
				<RotateKey
					client={ client }
					licence={ licence }
					onClose={ onClose }
					onChanged={ onChanged }
				/>
			);
		case 'extend':
			return (
				<ExtendExpiry
					client={ client }
					licences={ one }
					onClose={ onClose }
					onChanged={ onChanged }
				/>
			);
		case 'cancel':
			return (
				<CancelLicences
					client={ client }
					licences={ one }
					onClose={ onClose }
					onChanged={ onChanged }
				/>
			);
		case 'suspend':
			return (
				<Modal
					title={ __( 'Suspend this licence?', 'svc-licensing' ) }
					onRequestClose={ onClose }
				>
					<ConfirmActions
						text={ __(
							'Sites using it stop getting updates and its key stops validating until the licence is reactivated. Its sites stay activated.',
							'svc-licensing'
						) }
						keepLabel={ __( 'Keep it active', 'svc-licensing' ) }
						label={ __( 'Suspend licence', 'svc-licensing' ) }
						close={ onClose }
						run={ () =>
							each(
								one,
								( item ) =>
									client.updateLicense( item.id, {
										status: 'suspended',
									} ),
								() =>
									__( 'Licence suspended.', 'svc-licensing' ),
								onChanged
							)
						}
					/>
				</Modal>
			);
		case 'reactivate':
			return (
				<Modal
					title={ __( 'Reactivate this licence?', 'svc-licensing' ) }
					onRequestClose={ onClose }
				>
					<ConfirmActions
						text={ __(
							'The licence becomes active again: its key validates and its sites get updates.',
							'svc-licensing'
						) }
						keepLabel={ __( 'Leave it as it is', 'svc-licensing' ) }
						label={ __( 'Reactivate licence', 'svc-licensing' ) }
						destructive={ false }
						close={ onClose }
						run={ () =>
							each(
								one,
								( item ) =>
									client.updateLicense( item.id, {
										status: 'active',
									} ),
								() =>
									__(
										'Licence reactivated.',
										'svc-licensing'
									),
								onChanged
							)
						}
					/>
				</Modal>
			);
		case 'delete':
			return (
				<Modal
					title={ __(
						'Delete this licence for good?',
						'svc-licensing'
					) }
					onRequestClose={ onClose }
				>
					<ConfirmActions
						text={ __(
							'The licence and its activations are deleted. This cannot be undone.',
							'svc-licensing'
						) }
						keepLabel={ __( 'Keep licence', 'svc-licensing' ) }
						label={ __( 'Delete permanently', 'svc-licensing' ) }
						close={ onClose }
						run={ () =>
							each(
								one,
								( item ) => client.deleteLicense( item.id ),
								() => __( 'Licence deleted.', 'svc-licensing' ),
								onDeleted ?? onChanged
							)
						}
					/>
				</Modal>
			);
	}
	return null;
}
