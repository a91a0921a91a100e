/**
 * API keys: list, create (the full key shown once), revoke with confirmation.
 */
import {
	Button,
	Modal,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { DataViews } from '../../components/data-views';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { ApiKey, Product } from '../../api/types';
import { LoadError, useLoad } from '../../components/async';
import { ConfirmActions, FormActions } from '../../components/confirm';
import {
	FormError,
	useForm,
	useMutation,
	useUnsavedChanges,
} from '../../components/mutation';
import { rules } from '../../components/validate';
import { ProductScopeSelect } from '../../components/product-scope';
import { SecretOnce } from '../../components/secret-once';
import { apiKeyFields, permissionLabel } from './fields';
import { ScreenHeader } from '../../components/screen';

const VIEW = {
	type: 'table',
	search: '',
	filters: [],
	page: 1,
	perPage: 50,
	sort: { field: 'created_at', direction: 'desc' },
	hiddenFields: [],
	layout: {},
};

function CreateKey( {
	client,
	products,
	onClose,
	onCreated,
}: {
	client: ServiceClient;
	products: Product[];
	onClose: () => void;
	onCreated: () => void;
} ) {
	const form = useForm(
		{ label: '', permissions: 'read', product_id: '' },
		{ label: [ rules.required( __( 'Label', 'svc-licensing' ) ) ] }
	);
	const [ created, setCreated ] = useState< string | null >( null );
	const confirmClose = useUnsavedChanges( form.dirty && created === null );
	const close = () => confirmClose() && onClose();
	return (
		<Modal
			title={ __( 'Add API key', 'svc-licensing' ) }
			onRequestClose={ close }
		>
			{ created ? (
				<>
					<SecretOnce
						label={ __( 'API key', 'svc-licensing' ) }
						value={ created }
						onDone={ onClose }
					/>
				</>
			) : (
				<form
					noValidate
					onSubmit={ ( event ) => {
						event.preventDefault();
						form.submit(
							( values ) =>
								client.createApiKey( {
									label: values.label.trim(),
									permissions: values.permissions,
									product_id:
										values.product_id === ''
											? null
											: Number( values.product_id ),
								} ),
							{
								success: __(
									'API key created.',
									'svc-licensing'
								),
								onDone: ( key ) => {
									setCreated( key.api_key );
									onCreated();
								},
							}
						);
					} }
				>
					<FormError message={ form.formError } />
					<TextControl
						label={ __( 'Label', 'svc-licensing' ) }
						value={ form.values.label }
						onChange={ form.set( 'label' ) }
						{ ...form.fieldProps( 'label' ) }
						required
					/>
					<SelectControl
						label={ __( 'Permission', 'svc-licensing' ) }
						value={ form.values.permissions }
						options={ [ 'read', 'write', 'admin' ].map(
							( value ) => ( {
								value,
								label: permissionLabel( value ),
							} )
						) }
						onChange={ form.set( 'permissions' ) }
						__nextHasNoMarginBottom
					/>
					<ProductScopeSelect
						label={ __( 'Product scope', 'svc-licensing' ) }
						products={ products }
						value={ form.values.product_id }
						onChange={ form.set( 'product_id' ) }
					/>
					<FormActions
						onCancel={ close }
						submitLabel={ __( 'Create key', 'svc-licensing' ) }
						busy={ form.busy }
					/>
				</form>
			) }
		</Modal>
	);
}

export function ApiKeysStage( { client }: { client: ServiceClient } ) {
	const mutate = useMutation();
	const [ view, setView ] = useState( VIEW );
	const [ creating, setCreating ] = useState( false );
	const [ keys, reload ] = useLoad( () => client.apiKeys(), [] );
	const [ products ] = useLoad( () => client.products(), [] );
	const productList = useMemo(
		() => ( products.kind === 'ready' ? products.value.items : [] ),
		[ products ]
	);
	const fields = useMemo(
		() => apiKeyFields( productList ),
		[ productList ]
	);
	// Stable identities: a new RenderModal per render would remount an open dialog and lose its state.
	const actions = useMemo(
		() => [
			{
				id: 'revoke',
				label: __( 'Revoke', 'svc-licensing' ),
				isDestructive: true,
				modalHeader: __( 'Revoke this API key?', 'svc-licensing' ),
				RenderModal: ( {
					items,
					closeModal,
				}: {
					items: ApiKey[];
					closeModal?: () => void;
				} ) => (
					<ConfirmActions
						text={ __(
							'Every request with this key is refused from now on. This cannot be undone.',
							'svc-licensing'
						) }
						label={ __( 'Revoke', 'svc-licensing' ) }
						close={ () => closeModal?.() }
						run={ () =>
							mutate(
								() => client.revokeApiKey( items[ 0 ].id ),
								{
									success: __(
										'API key revoked.',
										'svc-licensing'
									),
									reload,
								}
							)
						}
					/>
				),
			},
		],
		[ client, reload, mutate ]
	);
	const data = keys.kind === 'ready' ? keys.value : [];
	return (
		<div className="svc-screen">
			<ScreenHeader>
				<Button variant="primary" onClick={ () => setCreating( true ) }>
					{ __( 'Add API key', 'svc-licensing' ) }
				</Button>
			</ScreenHeader>
			{ keys.kind === 'error' && (
				<LoadError message={ keys.message } onRetry={ reload } />
			) }
			{ keys.kind === 'ready' && data.length === 0 && (
				<p className="svc-empty">
					{ __(
						'No API keys yet. Servers that manage licences use one.',
						'svc-licensing'
					) }
				</p>
			) }
			<DataViews
				view={ view }
				onChangeView={ setView }
				fields={ fields }
				data={ data }
				actions={ actions }
				isLoading={ keys.kind === 'loading' }
				getItemId={ ( item: ApiKey ) => String( item.id ) }
				rowName={ ( item: ApiKey ) =>
					/* translators: %s: API key label. */
					sprintf( __( 'API key %s', 'svc-licensing' ), item.label )
				}
				paginationInfo={ { totalItems: data.length, totalPages: 1 } }
				supportedLayouts={ [ 'table' ] }
				search={ false }
			/>
			{ creating && (
				<CreateKey
					client={ client }
					products={ productList }
					onClose={ () => setCreating( false ) }
					onCreated={ reload }
				/>
			) }
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default ApiKeysStage;
