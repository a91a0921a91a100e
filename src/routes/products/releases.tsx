/**
 * A product's releases: upload a ZIP (with progress) or link an external package, raise the rollout with a
 * slider, publish a draft or roll back to an earlier release, delete.
 */
import {
	Button,
	RadioControl,
	RangeControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product, Release } from '../../api/types';
import { uploadRelease } from '../../api/upload';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatDate } from '../../components/format';
import { useNotify } from '../../components/notices';
import { panelConfig } from '../../panel-config';

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
	const [ source, setSource ] = useState( 'upload' );
	const [ version, setVersion ] = useState( '' );
	const [ changelog, setChangelog ] = useState( '' );
	const [ tested, setTested ] = useState( '' );
	const [ rollout, setRollout ] = useState( 100 );
	const [ publish, setPublish ] = useState( true );
	const [ file, setFile ] = useState< File | null >( null );
	const [ url, setUrl ] = useState( '' );
	const [ sha256, setSha256 ] = useState( '' );
	const [ progress, setProgress ] = useState< number | null >( null );

	const fields = {
		version,
		changelog,
		tested,
		rollout: String( rollout ),
		publish: publish ? 'true' : 'false',
	};
	const submit = () => {
		const { restUrl, nonce } = panelConfig();
		const created =
			source === 'upload' && file
				? uploadRelease(
						restUrl,
						nonce,
						product.id,
						fields,
						file,
						setProgress
					)
				: client.createExternalRelease( product.id, {
						...fields,
						rollout,
						publish,
						package_url: url,
						package_sha256: sha256,
					} );
		setProgress( 0 );
		created.then(
			( release ) => {
				notify.success(
					sprintf(
						/* translators: %s: version. */
						__( 'Release %s added.', 'svc-licensing' ),
						release.version
					)
				);
				setVersion( '' );
				setChangelog( '' );
				setFile( null );
				setProgress( null );
				onCreated();
			},
			( error ) => {
				setProgress( null );
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
			onSubmit={ ( event ) => {
				event.preventDefault();
				submit();
			} }
		>
			<h3>{ __( 'New release', 'svc-licensing' ) }</h3>
			<div className="svc-form-grid">
				<TextControl
					label={ __( 'Version', 'svc-licensing' ) }
					value={ version }
					onChange={ setVersion }
					placeholder="1.2.0"
					required
				/>
				<TextControl
					label={ __( 'Tested up to', 'svc-licensing' ) }
					value={ tested }
					onChange={ setTested }
					placeholder="6.7"
				/>
			</div>
			<TextareaControl
				label={ __( 'Changelog (HTML)', 'svc-licensing' ) }
				value={ changelog }
				onChange={ setChangelog }
			/>
			<RangeControl
				label={ __( 'Rollout (% of licences)', 'svc-licensing' ) }
				value={ rollout }
				onChange={ ( value ) => setRollout( value ?? 100 ) }
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
				<p>
					<label htmlFor="svc-release-file">
						{ __( 'ZIP file', 'svc-licensing' ) }
					</label>{ ' ' }
					<input
						id="svc-release-file"
						type="file"
						accept=".zip,application/zip"
						onChange={ ( event ) =>
							setFile( event.target.files?.[ 0 ] ?? null )
						}
					/>
				</p>
			) : (
				<div className="svc-form-grid">
					<TextControl
						label={ __( 'Package URL', 'svc-licensing' ) }
						type="url"
						value={ url }
						onChange={ setUrl }
					/>
					<TextControl
						label={ __(
							'SHA-256 of the package',
							'svc-licensing'
						) }
						value={ sha256 }
						onChange={ setSha256 }
					/>
				</div>
			) }
			<ToggleControl
				label={ __(
					'Publish now (make it the current version)',
					'svc-licensing'
				) }
				checked={ publish }
				onChange={ setPublish }
			/>
			{ progress !== null && (
				<p>
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
				disabled={
					progress !== null ||
					version.trim() === '' ||
					( source === 'upload'
						? ! file
						: url === '' || sha256 === '' )
				}
			>
				{ __( 'Add release', 'svc-licensing' ) }
			</Button>
		</form>
	);
}

function ReleaseRow( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const notify = useNotify();
	const [ rollout, setRollout ] = useState( release.rollout );
	const act = ( run: Promise< unknown >, message: string ) =>
		run.then(
			() => {
				notify.success( message );
				onChanged();
			},
			( error ) => notify.error( error )
		);
	return (
		<tr data-testid={ `svc-release-${ release.version }` }>
			<td>
				<strong>{ release.version }</strong>
				{ release.is_current && (
					<span className="svc-status is-active">
						{ __( 'Current', 'svc-licensing' ) }
					</span>
				) }
				{ release.status === 'draft' && (
					<span className="svc-status">
						{ __( 'Draft', 'svc-licensing' ) }
					</span>
				) }
			</td>
			<td>
				{ release.package.type === 'upload'
					? release.package.filename
					: release.package.url }
				<br />
				<code title={ release.package.hash }>
					{ release.package.hash.slice( 0, 19 ) }…
				</code>
			</td>
			<td style={ { minWidth: 200 } }>
				<RangeControl
					label={ sprintf(
						/* translators: %s: version. */
						__( 'Rollout of %s', 'svc-licensing' ),
						release.version
					) }
					hideLabelFromVision
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
								client.updateRelease( release.id, { rollout } ),
								__( 'Rollout saved.', 'svc-licensing' )
							)
						}
					>
						{ __( 'Save rollout', 'svc-licensing' ) }
					</Button>
				) }
			</td>
			<td>{ release.downloads }</td>
			<td>
				{ formatDate(
					release.published_at,
					__( 'Draft', 'svc-licensing' )
				) }
			</td>
			<td>
				{ ! release.is_current && (
					<Button
						variant="secondary"
						size="small"
						onClick={ () =>
							act(
								client.publishRelease( release.id ),
								release.status === 'draft'
									? __(
											'Release published.',
											'svc-licensing'
										)
									: __( 'Rolled back.', 'svc-licensing' )
							)
						}
					>
						{ release.status === 'draft'
							? __( 'Publish', 'svc-licensing' )
							: __( 'Roll back to this', 'svc-licensing' ) }
					</Button>
				) }{ ' ' }
				{ ! release.is_current && (
					<Button
						variant="tertiary"
						size="small"
						isDestructive
						onClick={ () =>
							act(
								client.deleteRelease( release.id ),
								__( 'Release deleted.', 'svc-licensing' )
							)
						}
					>
						{ __( 'Delete', 'svc-licensing' ) }
					</Button>
				) }
			</td>
		</tr>
	);
}

export function Releases( {
	client,
	product,
	onChanged,
}: {
	client: ServiceClient;
	product: Product;
	/** Called after every change, so the product list can show the new current version. */
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
			{ releases.kind === 'loading' && <Loading /> }
			{ releases.kind === 'error' && (
				<LoadError message={ releases.message } onRetry={ reload } />
			) }
			{ releases.kind === 'ready' && releases.value.length === 0 && (
				<Empty>{ __( 'No releases yet.', 'svc-licensing' ) }</Empty>
			) }
			{ releases.kind === 'ready' && releases.value.length > 0 && (
				<table className="widefat striped">
					<thead>
						<tr>
							<th>{ __( 'Version', 'svc-licensing' ) }</th>
							<th>{ __( 'Package', 'svc-licensing' ) }</th>
							<th>{ __( 'Rollout', 'svc-licensing' ) }</th>
							<th>{ __( 'Downloads', 'svc-licensing' ) }</th>
							<th>{ __( 'Published', 'svc-licensing' ) }</th>
							<th>{ __( 'Actions', 'svc-licensing' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ releases.value.map( ( release ) => (
							<ReleaseRow
								key={ `${ release.id }-${ release.rollout }-${ release.is_current }` }
								client={ client }
								release={ release }
								onChanged={ reload }
							/>
						) ) }
					</tbody>
				</table>
			) }
			<NewRelease
				client={ client }
				product={ product }
				onCreated={ reload }
			/>
		</div>
	);
}
