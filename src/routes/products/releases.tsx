/**
 * Products > a product > Releases (loaded on demand, its own script chunk): add a release by dropping or picking
 * a ZIP (with progress) or by linking an external package; each release's changelog shown and editable, its
 * rollout, publish or roll back to it, unpublish, download its package, delete. Uploads go through the typed
 * client like every other call.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	DropZone,
	RadioControl,
	RangeControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { RawHTML, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product, Release } from '../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatDate } from '../../components/format';
import { fieldErrorsOf, useMutation } from '../../components/mutation';
import { useNotify } from '../../components/notices';
import { panelConfig } from '../../panel-config';
import { ConfirmButton } from './confirm-button';
import { restFileUrl } from './integrate-snippet';

/** Whether a picked file looks like a ZIP archive (the server checks its bytes). */
export const looksLikeZip = ( file: File ) =>
	/\.zip$/i.test( file.name ) ||
	file.type === 'application/zip' ||
	file.type === 'application/x-zip-compressed';

const without = ( errors: Record< string, string >, name: string ) =>
	Object.fromEntries(
		Object.entries( errors ).filter( ( [ key ] ) => key !== name )
	);

const fieldProps = ( errors: Record< string, string >, name: string ) =>
	errors[ name ]
		? {
				help: (
					<span className="svc-field-error">{ errors[ name ] }</span>
				),
				className: 'has-error',
				'aria-invalid': true,
			}
		: {};

function PackagePicker( {
	file,
	onFile,
	error,
}: {
	file: File | null;
	onFile: ( file: File | null ) => void;
	error?: string;
} ) {
	const input = useRef< HTMLInputElement >( null );
	return (
		<div
			className={ `svc-dropzone${ error ? ' has-error' : '' }` }
			data-testid="svc-release-dropzone"
		>
			<DropZone
				label={ __( 'Drop the ZIP file here', 'svc-licensing' ) }
				onFilesDrop={ ( files ) => onFile( files[ 0 ] ?? null ) }
			/>
			<label htmlFor="svc-release-file">
				{ __( 'ZIP file', 'svc-licensing' ) }
			</label>
			<p className="svc-dropzone-hint">
				{ file
					? sprintf(
							/* translators: 1: file name, 2: size in KB. */
							__( 'Chosen: %1$s (%2$s KB)', 'svc-licensing' ),
							file.name,
							Math.max( 1, Math.round( file.size / 1024 ) )
						)
					: __(
							'Drag the ZIP of your plugin or theme here, or choose it.',
							'svc-licensing'
						) }
			</p>
			<input
				ref={ input }
				id="svc-release-file"
				type="file"
				accept=".zip,application/zip"
				aria-invalid={ error ? true : undefined }
				aria-describedby={
					error ? 'svc-release-file-error' : undefined
				}
				onChange={ ( event ) => {
					onFile( event.target.files?.[ 0 ] ?? null );
					// The same file can be picked again after the form is cleared.
					event.target.value = '';
				} }
			/>
			{ error && (
				<p
					id="svc-release-file-error"
					className="svc-field-error"
					role="alert"
				>
					{ error }
				</p>
			) }
		</div>
	);
}

function NewRelease( {
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
	};
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
		const fields = {
			version: draft.version.trim(),
			changelog: draft.changelog,
			tested: draft.tested.trim(),
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
						},
						file,
						setProgress
					)
				: client.createExternalRelease( product.id, {
						...fields,
						rollout: draft.rollout,
						publish: draft.publish,
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
			<RangeControl
				label={ __( 'Rollout (% of licences)', 'svc-licensing' ) }
				value={ draft.rollout }
				onChange={ ( value ) => set( 'rollout' )( value ?? 100 ) }
				min={ 0 }
				max={ 100 }
				__nextHasNoMarginBottom
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
			{ progress !== null && (
				<p className="svc-upload-progress">
					<label htmlFor="svc-upload-progress">
						{ __( 'Uploading', 'svc-licensing' ) }
					</label>{ ' ' }
					<progress
						id="svc-upload-progress"
						max={ 1 }
						value={ progress }
						data-testid="svc-upload-progress"
					/>{ ' ' }
					{ Math.round( progress * 100 ) }%
				</p>
			) }
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

function Changelog( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const [ editing, setEditing ] = useState< string | null >( null );
	if ( editing !== null ) {
		return (
			<form
				className="svc-changelog-edit"
				onSubmit={ ( event ) => {
					event.preventDefault();
					mutate(
						() =>
							client.updateRelease( release.id, {
								changelog: editing,
							} ),
						{
							success: __( 'Changelog saved.', 'svc-licensing' ),
							reload: () => {
								setEditing( null );
								onChanged();
							},
						}
					);
				} }
			>
				<TextareaControl
					label={ sprintf(
						/* translators: %s: version. */
						__( 'Changelog of %s (HTML)', 'svc-licensing' ),
						release.version
					) }
					value={ editing }
					onChange={ setEditing }
				/>
				<Button variant="primary" size="small" type="submit">
					{ __( 'Save changelog', 'svc-licensing' ) }
				</Button>{ ' ' }
				<Button
					variant="tertiary"
					size="small"
					onClick={ () => setEditing( null ) }
				>
					{ __( 'Cancel', 'svc-licensing' ) }
				</Button>
			</form>
		);
	}
	return (
		<div className="svc-changelog">
			<h4>{ __( 'Changelog', 'svc-licensing' ) }</h4>
			{ release.changelog.trim() === '' ? (
				<p className="svc-empty">
					{ __( 'No changelog.', 'svc-licensing' ) }
				</p>
			) : (
				// Stored HTML: every writer (the release API, WP-CLI, a restore) keeps it through the server's
				// Releases::changelog() (wp_kses_post), so what renders here is the sanitised form.
				<RawHTML className="svc-changelog-text">
					{ release.changelog }
				</RawHTML>
			) }
			<Button
				variant="link"
				onClick={ () => setEditing( release.changelog ) }
				aria-label={ sprintf(
					/* translators: %s: version. */
					__( 'Edit changelog of %s', 'svc-licensing' ),
					release.version
				) }
			>
				{ __( 'Edit changelog', 'svc-licensing' ) }
			</Button>
		</div>
	);
}

function ReleaseCard( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const [ rollout, setRollout ] = useState( release.rollout );
	const act = ( run: () => Promise< unknown >, message: string ) =>
		mutate( run, { success: message, reload: onChanged } );
	const { restUrl, nonce } = panelConfig();
	const download =
		release.package.type === 'upload'
			? restFileUrl(
					restUrl,
					nonce,
					`svc/v1/admin/releases/${ release.id }/package`
				)
			: ( release.package.url ?? '' );
	const published = release.status === 'published';
	return (
		<Card
			className="svc-release"
			data-testid={ `svc-release-${ release.version }` }
			size="small"
		>
			<CardHeader>
				<h3 className="svc-release-title">
					{ release.version }{ ' ' }
					{ release.is_current && (
						<span className="svc-status is-active">
							{ __( 'Current', 'svc-licensing' ) }
						</span>
					) }
					{ ! published && (
						<span className="svc-status">
							{ __( 'Draft', 'svc-licensing' ) }
						</span>
					) }
				</h3>
				<span>
					{ published
						? sprintf(
								/* translators: %s: date. */
								__( 'Published %s', 'svc-licensing' ),
								formatDate( release.published_at )
							)
						: __( 'Not published', 'svc-licensing' ) }
					{ ' · ' }
					{ sprintf(
						/* translators: %d: downloads. */
						__( '%d downloads', 'svc-licensing' ),
						release.downloads
					) }
				</span>
			</CardHeader>
			<CardBody>
				<p className="svc-release-package">
					{ release.package.type === 'upload'
						? release.package.filename
						: release.package.url }{ ' ' }
					<code title={ release.package.hash }>
						{ release.package.hash.slice( 0, 19 ) }…
					</code>
				</p>
				<Changelog
					client={ client }
					release={ release }
					onChanged={ onChanged }
				/>
				<div className="svc-release-rollout">
					<RangeControl
						label={ sprintf(
							/* translators: %s: version. */
							__( 'Rollout of %s', 'svc-licensing' ),
							release.version
						) }
						value={ rollout }
						onChange={ ( value ) =>
							setRollout( value ?? release.rollout )
						}
						min={ 0 }
						max={ 100 }
						__nextHasNoMarginBottom
					/>
					{ rollout !== release.rollout && (
						<Button
							variant="secondary"
							size="small"
							onClick={ () =>
								act(
									() =>
										client.updateRelease( release.id, {
											rollout,
										} ),
									__( 'Rollout saved.', 'svc-licensing' )
								)
							}
						>
							{ __( 'Save rollout', 'svc-licensing' ) }
						</Button>
					) }
				</div>
				<div className="svc-actions-row">
					{ ! release.is_current && ! published && (
						<Button
							variant="secondary"
							size="small"
							onClick={ () =>
								act(
									() => client.publishRelease( release.id ),
									__( 'Release published.', 'svc-licensing' )
								)
							}
						>
							{ __( 'Publish', 'svc-licensing' ) }
						</Button>
					) }
					{ ! release.is_current && published && (
						<ConfirmButton
							destructive={ false }
							title={ sprintf(
								/* translators: %s: version. */
								__( 'Roll back to %s?', 'svc-licensing' ),
								release.version
							) }
							text={ __(
								'This release becomes the current version: sites are offered it at their next update check.',
								'svc-licensing'
							) }
							confirmLabel={ __( 'Roll back', 'svc-licensing' ) }
							run={ () =>
								act(
									() => client.publishRelease( release.id ),
									sprintf(
										/* translators: %s: version. */
										__(
											'Rolled back to %s.',
											'svc-licensing'
										),
										release.version
									)
								)
							}
						>
							{ __( 'Roll back to this', 'svc-licensing' ) }
						</ConfirmButton>
					) }
					{ ! release.is_current && published && (
						<ConfirmButton
							destructive={ false }
							title={ sprintf(
								/* translators: %s: version. */
								__( 'Unpublish %s?', 'svc-licensing' ),
								release.version
							) }
							text={ __(
								'It becomes a draft: no site is offered it until you publish it again.',
								'svc-licensing'
							) }
							confirmLabel={ __( 'Unpublish', 'svc-licensing' ) }
							run={ () =>
								act(
									() => client.unpublishRelease( release.id ),
									__(
										'Release unpublished.',
										'svc-licensing'
									)
								)
							}
						>
							{ __( 'Unpublish', 'svc-licensing' ) }
						</ConfirmButton>
					) }
					{ download !== '' && (
						<Button
							variant="secondary"
							size="small"
							href={ download }
							download
						>
							{ __( 'Download', 'svc-licensing' ) }
						</Button>
					) }
					{ ! release.is_current && (
						<ConfirmButton
							title={ sprintf(
								/* translators: %s: version. */
								__( 'Delete release %s?', 'svc-licensing' ),
								release.version
							) }
							text={ __(
								'The release and its package file are deleted. Its version cannot be used again.',
								'svc-licensing'
							) }
							confirmLabel={ __(
								'Delete release',
								'svc-licensing'
							) }
							run={ () =>
								act(
									() => client.deleteRelease( release.id ),
									__( 'Release deleted.', 'svc-licensing' )
								)
							}
						>
							{ __( 'Delete', 'svc-licensing' ) }
						</ConfirmButton>
					) }
				</div>
			</CardBody>
		</Card>
	);
}

export function Releases( {
	client,
	product,
	onChanged,
}: {
	client: ServiceClient;
	product: Product;
	/** Called after every change, so the page can show the new current version. */
	onChanged: () => void;
} ) {
	const [ releases, refresh ] = useLoad(
		() => client.releases( product.id ),
		[ product.id ]
	);
	const reload = () => {
		refresh();
		onChanged();
	};
	return (
		<div className="svc-releases">
			<NewRelease
				client={ client }
				product={ product }
				onCreated={ reload }
			/>
			<h3>{ __( 'Releases', 'svc-licensing' ) }</h3>
			{ releases.kind === 'loading' && <Loading /> }
			{ releases.kind === 'error' && (
				<LoadError message={ releases.message } onRetry={ reload } />
			) }
			{ releases.kind === 'ready' && releases.value.length === 0 && (
				<Empty>{ __( 'No releases yet.', 'svc-licensing' ) }</Empty>
			) }
			{ releases.kind === 'ready' &&
				releases.value.map( ( release ) => (
					<ReleaseCard
						key={ `${ release.id }-${ release.rollout }-${ release.status }` }
						client={ client }
						release={ release }
						onChanged={ reload }
					/>
				) ) }
		</div>
	);
}
