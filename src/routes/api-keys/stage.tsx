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
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { ApiKey, Product } from '../../api/types';
import { LoadError, useLoad } from '../../components/async';
import { ConfirmActions, FormActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';
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
	const notify = useNotify();
	const [ label, setLabel ] = useState( '' );
	const [ permissions, setPermissions ] = useState( 'read' );
	const [ scope, setScope ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ created, setCreated ] = useState< string | null >( null );
	return (
		<Modal
			title={ __( 'Add API key', 'svc-licensing' ) }
			onRequestClose={ onClose }
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
					onSubmit={ ( event ) => {
						event.preventDefault();
						setBusy( true );
						client
							.createApiKey( {
								label,
								permissions,
								product_id:
									scope === '' ? null : Number( scope ),
							} )
							.then(
								( key ) => {
									setCreated( key.api_key );
									notify.success(
										__(
											'API key created.',
											'svc-licensing'
										)
									);
									onCreated();
								},
								( error ) => notify.error( error )
							)
							.finally( () => setBusy( false ) );
					} }
				>
					<TextControl
						label={ __( 'Label', 'svc-licensing' ) }
						value={ label }
						onChange={ setLabel }
						required
					/>
					<SelectControl
						label={ __( 'Permission', 'svc-licensing' ) }
						value={ permissions }
						options={ [ 'read', 'write', 'admin' ].map(
							( value ) => ( {
								value,
								label: permissionLabel( value ),
							} )
						) }
						onChange={ setPermissions }
						__nextHasNoMarginBottom
					/>
					<ProductScopeSelect
						label={ __( 'Product scope', 'svc-licensing' ) }
						products={ products }
						value={ scope }
						onChange={ setScope }
					/>
					<FormActions
						onCancel={ onClose }
						submitLabel={ __( 'Create key', 'svc-licensing' ) }
						busy={ busy }
						disabled={ label.trim() === '' }
					/>
				</form>
			) }
		</Modal>
	);
}

export function ApiKeysStage( { client }: { client: ServiceClient } ) {
	const notify = useNotify();
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
							client.revokeApiKey( items[ 0 ].id ).then(
								() => {
									notify.success(
										__(
											'API key revoked.',
											'svc-licensing'
										)
									);
									reload();
								},
								( error ) => notify.error( error )
							)
						}
					/>
				),
			},
		],
		[ client, reload, notify ]
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
