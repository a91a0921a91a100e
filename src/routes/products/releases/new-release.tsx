/**
 * The form that adds a release: version, tested up to, changelog, rollout, and its package, a ZIP uploaded (with
 * progress) or an external URL with its SHA-256; published now or kept as a draft.
 */
import {
	Button,
	RadioControl,
	RangeControl,
	SelectControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Product } from '../../../api/types';
import { fieldErrorsOf } from '../../../components/mutation';
import { useNotify } from '../../../components/notices';
import { fieldProps, without } from './field-errors';
import { PackagePicker, looksLikeZip } from './package-picker';
import { UploadProgress } from './upload-progress';
import { RolloutSchedule, toPlan, type ScheduleRow } from './rollout-schedule';
import { channelLabel } from './channel-label';

export function NewRelease( {
	client,
	product,
	onCreated,
}: {
	client: ServiceClient;
	product: Product;
	onCreated: () => void;
} ) {
	const notify = useNotify();
	const empty = {
		version: '',
		changelog: '',
		tested: '',
		rollout: 100,
		publish: true,
		url: '',
		sha256: '',
		channel: 'stable',
	};
	const [ schedule, setSchedule ] = useState< ScheduleRow[] >( [] );
	const [ draft, setDraft ] = useState( empty );
	const [ source, setSource ] = useState( 'upload' );
	const [ file, setFile ] = useState< File | null >( null );
	const [ progress, setProgress ] = useState< number | null >( null );
	const [ errors, setErrors ] = useState< Record< string, string > >( {} );
	const set =
		< K extends keyof typeof empty >( name: K ) =>
		( value: ( typeof empty )[ K ] ) => {
			setDraft( ( current ) => ( { ...current, [ name ]: value } ) );
			setErrors( ( current ) => without( current, name ) );
		};
	const pick = ( picked: File | null ) => {
		setFile( null );
		if ( picked && ! looksLikeZip( picked ) ) {
			setErrors( ( current ) => ( {
				...current,
				package: sprintf(
					/* translators: %s: file name. */
					__(
						'%s is not a ZIP file. Choose the .zip of your plugin or theme.',
						'svc-licensing'
					),
					picked.name
				),
			} ) );
			return;
		}
		setErrors( ( current ) => without( current, 'package' ) );
		setFile( picked );
	};

	const submit = () => {
		const plan = toPlan( schedule );
		const fields = {
			version: draft.version.trim(),
			changelog: draft.changelog,
			tested: draft.tested.trim(),
			channel: draft.channel,
		};
		setProgress( 0 );
		const created =
			source === 'upload' && file
				? client.uploadRelease(
						product.id,
						{
							...fields,
							rollout: String( draft.rollout ),
							publish: draft.publish ? 'true' : 'false',
							...( plan
								? { rollout_plan: JSON.stringify( plan ) }
								: {} ),
						},
						file,
						setProgress
					)
				: client.createExternalRelease( product.id, {
						...fields,
						rollout: draft.rollout,
						publish: draft.publish,
						...( plan ? { rollout_plan: plan } : {} ),
						package_url: draft.url.trim(),
						package_sha256: draft.sha256.trim(),
					} );
		created.then(
			( release ) => {
				notify.success(
					sprintf(
						/* translators: %s: version. */
						__( 'Release %s added.', 'svc-licensing' ),
						release.version
					)
				);
				setDraft( empty );
				setSchedule( [] );
				setFile( null );
				setErrors( {} );
				setProgress( null );
				onCreated();
			},
			( error ) => {
				setProgress( null );
				setErrors( fieldErrorsOf( error ) );
				notify.error(
					error,
					__( 'The release was not added:', 'svc-licensing' )
				);
			}
		);
	};

	return (
		<form
			className="svc-new-release"
			aria-labelledby="svc-new-release-title"
			onSubmit={ ( event ) => {
				event.preventDefault();
				submit();
			} }
		>
			<h3 id="svc-new-release-title">
				{ __( 'New release', 'svc-licensing' ) }
			</h3>
			<div className="svc-form-grid">
				<TextControl
					label={ __( 'Version', 'svc-licensing' ) }
					value={ draft.version }
					onChange={ set( 'version' ) }
					placeholder="1.2.0"
					required
					{ ...fieldProps( errors, 'version' ) }
				/>
				<TextControl
					label={ __( 'Tested up to', 'svc-licensing' ) }
					value={ draft.tested }
					onChange={ set( 'tested' ) }
					placeholder="6.7"
					{ ...fieldProps( errors, 'tested' ) }
				/>
			</div>
			<TextareaControl
				label={ __( 'Changelog (HTML)', 'svc-licensing' ) }
				value={ draft.changelog }
				onChange={ set( 'changelog' ) }
				{ ...fieldProps( errors, 'changelog' ) }
			/>
			<SelectControl
				label={ __( 'Channel', 'svc-licensing' ) }
				value={ draft.channel }
				options={ product.channels.map( ( name ) => ( {
					label: channelLabel( name ),
					value: name,
				} ) ) }
				onChange={ set( 'channel' ) }
				help={ __(
					'Sites on a channel get its releases and those of every safer channel (listed before it).',
					'svc-licensing'
				) }
				{ ...fieldProps( errors, 'channel' ) }
				__nextHasNoMarginBottom
			/>
			{ schedule.length === 0 && (
				<RangeControl
					label={ __( 'Rollout (% of licences)', 'svc-licensing' ) }
					value={ draft.rollout }
					onChange={ ( value ) => set( 'rollout' )( value ?? 100 ) }
					min={ 0 }
					max={ 100 }
					__nextHasNoMarginBottom
				/>
			) }
			<RolloutSchedule
				rows={ schedule }
				onChange={ ( rows ) => {
					setSchedule( rows );
					setErrors( ( current ) =>
						without( current, 'rollout_plan' )
					);
				} }
				error={ errors.rollout_plan }
			/>
			<RadioControl
				label={ __( 'Package', 'svc-licensing' ) }
				selected={ source }
				options={ [
					{
						label: __( 'Upload a ZIP file', 'svc-licensing' ),
						value: 'upload',
					},
					{
						label: __( 'External URL', 'svc-licensing' ),
						value: 'url',
					},
				] }
				onChange={ setSource }
			/>
			{ source === 'upload' ? (
				<PackagePicker
					file={ file }
					onFile={ pick }
					error={ errors.package }
				/>
			) : (
				<div className="svc-form-grid">
					<TextControl
						label={ __( 'Package URL', 'svc-licensing' ) }
						type="url"
						value={ draft.url }
						onChange={ set( 'url' ) }
						{ ...fieldProps( errors, 'package_url' ) }
					/>
					<TextControl
						label={ __(
							'SHA-256 of the package',
							'svc-licensing'
						) }
						value={ draft.sha256 }
						onChange={ set( 'sha256' ) }
						{ ...fieldProps( errors, 'package_sha256' ) }
					/>
				</div>
			) }
			<ToggleControl
				label={ __(
					'Publish now (make it the current version)',
					'svc-licensing'
				) }
				checked={ draft.publish }
				onChange={ set( 'publish' ) }
			/>
			{ progress !== null && <UploadProgress progress={ progress } /> }
			<Button
				variant="primary"
				type="submit"
				isBusy={ progress !== null }
				disabled={
					progress !== null ||
					draft.version.trim() === '' ||
					( source === 'upload'
						? ! file
						: draft.url === '' || draft.sha256 === '' )
				}
			>
				{ __( 'Add release', 'svc-licensing' ) }
			</Button>
		</form>
	);
}
