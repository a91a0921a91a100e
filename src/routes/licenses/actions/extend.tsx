/**
 * Extend expiry: one or more licences (in bulk too), by a number of days (from their expiry, or today once it
 * passed) or to a date. Lifetime licences are left as they are.
 */
import {
	Button,
	Modal,
	RadioControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useMutationEach } from '../../../components/mutation';
import { canExtend, extendedExpiry, extensionOf } from '../license-utils';
import { licenseErrorPrefix } from './confirm-change';
import type { LicenseAction, LicenseModalProps } from './types';

/** Extends one or more licences: by N days (from their expiry, or today once it passed) or to a date. */
export function ExtendExpiry( {
	client,
	licenses,
	onClose,
	onChanged,
}: LicenseModalProps ) {
	const each = useMutationEach();
	const [ mode, setMode ] = useState< 'days' | 'date' >( 'days' );
	const [ days, setDays ] = useState( '30' );
	const [ date, setDate ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState< string | null >( null );
	const extendable = licenses.filter( canExtend );
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
						( license ) =>
							client.updateLicense( license.id, {
								expires: extendedExpiry(
									license.expires,
									extension
								),
							} ),
						{
							success: ( count ) =>
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
							reload: onChanged,
							errorPrefix: licenseErrorPrefix,
						}
					).finally( onClose );
				} }
			>
				{ extendable.length < licenses.length && (
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

export const extendAction = (): LicenseAction => ( {
	id: 'extend',
	label: __( 'Extend expiry', 'svc-licensing' ),
	isEligible: canExtend,
	RenderModal: ExtendExpiry,
} );
