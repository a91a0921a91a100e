/**
 * Products: list, create, edit, deactivate, delete; each product's releases; tiers and prices; how to integrate a
 * product with the client SDK. The tab is in the URL (`tab=`), so a reload or a shared link opens it.
 */
import { Button, TabPanel } from '@wordpress/components';
import { DataViews } from '../../components/data-views';
import { useCallback, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product } from '../../api/types';
import { LoadError, useLoad } from '../../components/async';
import { ConfirmActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';
import { formatDate } from '../../components/format';
import { queryArg, setQueryArgs } from '../../components/url-state';
import { Catalog } from './catalog';
import { ProductFormModal } from './form';
import { Integrate } from './integrate';
import { Releases } from './releases';
import { ScreenHeader } from '../../components/screen';

type ModalProps = { items: Product[]; closeModal?: () => void };

const FIELDS = [
	{ id: 'name', header: __( 'Name', 'svc-licensing' ), enableHiding: false },
	{
		id: 'slug',
		header: __( 'Slug', 'svc-licensing' ),
		render: ( { item }: { item: Product } ) => <code>{ item.slug }</code>,
	},
	{
		id: 'current_version',
		header: __( 'Current version', 'svc-licensing' ),
		render: ( { item }: { item: Product } ) => item.current_version || '—',
	},
	{
		id: 'is_active',
		header: __( 'Status', 'svc-licensing' ),
		render: ( { item }: { item: Product } ) =>
			item.is_active
				? __( 'Active', 'svc-licensing' )
				: __( 'Inactive', 'svc-licensing' ),
	},
	{
		id: 'trial',
		header: __( 'Trials', 'svc-licensing' ),
		render: ( { item }: { item: Product } ) =>
			item.trial_enabled
				? `${ item.trial_days } ${ __( 'days', 'svc-licensing' ) }`
				: __( 'Off', 'svc-licensing' ),
	},
	{
		id: 'created_at',
		header: __( 'Created', 'svc-licensing' ),
		render: ( { item }: { item: Product } ) =>
			formatDate( item.created_at ),
	},
];

function ProductList( {
	client,
	onIntegrate,
}: {
	client: ServiceClient;
	/** Opens the Integrate tab on a product. */
	onIntegrate: ( slug: string ) => void;
} ) {
	const notify = useNotify();
	const [ view, setView ] = useState( {
		type: 'table',
		search: '',
		filters: [],
		page: 1,
		perPage: 20,
		hiddenFields: [],
		layout: {},
	} );
	const [ editing, setEditing ] = useState< Product | null | undefined >(
		undefined
	);
	const [ products, reload ] = useLoad(
		() => client.products( { page: view.page, per_page: view.perPage } ),
		[ view.page, view.perPage ]
	);
	const data = products.kind === 'ready' ? products.value.items : [];
	const total = products.kind === 'ready' ? products.value.total : 0;
	// Stable identities: a new RenderModal per render would remount an open dialog and lose its state.
	const actions = useMemo(
		() => [
			{
				id: 'releases',
				label: __( 'Releases', 'svc-licensing' ),
				modalHeader: __( 'Releases', 'svc-licensing' ),
				RenderModal: ( { items }: ModalProps ) => (
					<Releases
						client={ client }
						product={ items[ 0 ] }
						onChanged={ reload }
					/>
				),
			},
			{
				id: 'integrate',
				label: __( 'Integrate', 'svc-licensing' ),
				callback: ( items: Product[] ) =>
					onIntegrate( items[ 0 ].slug ),
			},
			{
				id: 'edit',
				label: __( 'Edit', 'svc-licensing' ),
				callback: ( items: Product[] ) => setEditing( items[ 0 ] ),
			},
			{
				id: 'toggle',
				label: __( 'Deactivate or activate', 'svc-licensing' ),
				callback: ( items: Product[] ) =>
					client
						.updateProduct( items[ 0 ].id, {
							is_active: ! items[ 0 ].is_active,
						} )
						.then(
							( product ) => {
								notify.success(
									product.is_active
										? __(
												'Product activated.',
												'svc-licensing'
											)
										: __(
												'Product deactivated.',
												'svc-licensing'
											)
								);
								reload();
							},
							( error ) => notify.error( error )
						),
			},
			{
				id: 'delete',
				label: __( 'Delete', 'svc-licensing' ),
				isDestructive: true,
				modalHeader: __( 'Delete this product?', 'svc-licensing' ),
				RenderModal: ( { items, closeModal }: ModalProps ) => (
					<ConfirmActions
						text={ __(
							'Its releases and package files are deleted too. A product that has licences cannot be deleted; deactivate it instead.',
							'svc-licensing'
						) }
						label={ __( 'Delete', 'svc-licensing' ) }
						close={ () => closeModal?.() }
						run={ () =>
							client.deleteProduct( items[ 0 ].id ).then(
								() => {
									notify.success(
										__(
											'Product deleted.',
											'svc-licensing'
										)
									);
									reload();
								},
								( error ) =>
									notify.error(
										error,
										__(
											'The product was not deleted:',
											'svc-licensing'
										)
									)
							)
						}
					/>
				),
			},
		],
		[ client, reload, notify, onIntegrate ]
	);
	return (
		<>
			<div className="svc-screen-header">
				<Button variant="primary" onClick={ () => setEditing( null ) }>
					{ __( 'Add product', 'svc-licensing' ) }
				</Button>
			</div>
			{ products.kind === 'error' && (
				<LoadError message={ products.message } onRetry={ reload } />
			) }
			{ products.kind === 'ready' && total === 0 && (
				<p className="svc-empty">
					{ __(
						'No products yet. Add the plugin or theme you sell.',
						'svc-licensing'
					) }
				</p>
			) }
			<DataViews
				view={ view }
				onChangeView={ setView }
				fields={ FIELDS }
				data={ data }
				actions={ actions }
				isLoading={ products.kind === 'loading' }
				getItemId={ ( item: Product ) => String( item.id ) }
				paginationInfo={ {
					totalItems: total,
					totalPages: Math.ceil( total / ( view.perPage || 20 ) ),
				} }
				supportedLayouts={ [ 'table' ] }
				search={ false }
			/>
			{ editing !== undefined && (
				<ProductFormModal
					client={ client }
					product={ editing }
					onClose={ () => setEditing( undefined ) }
					onSaved={ reload }
				/>
			) }
		</>
	);
}

function CatalogTab( { client }: { client: ServiceClient } ) {
	const [ products ] = useLoad( () => client.products(), [] );
	return (
		<Catalog
			client={ client }
			products={ products.kind === 'ready' ? products.value.items : [] }
		/>
	);
}

const TABS = [ 'products', 'catalog', 'integrate' ];

export function ProductsStage( { client }: { client: ServiceClient } ) {
	// A row's Integrate action switches tabs from outside the TabPanel: a new key remounts it on that tab.
	const [ opened, setOpened ] = useState( () => {
		const tab = queryArg( 'tab' ) ?? '';
		return { tab: TABS.includes( tab ) ? tab : 'products', round: 0 };
	} );
	const integrate = useCallback( ( slug: string ) => {
		setQueryArgs( { tab: 'integrate', product: slug } );
		setOpened( ( current ) => ( {
			tab: 'integrate',
			round: current.round + 1,
		} ) );
	}, [] );
	return (
		<div className="svc-screen">
			<ScreenHeader />
			<TabPanel
				key={ opened.round }
				initialTabName={ opened.tab }
				onSelect={ ( tab ) => setQueryArgs( { tab } ) }
				tabs={ [
					{
						name: 'products',
						title: __( 'Products', 'svc-licensing' ),
					},
					{
						name: 'catalog',
						title: __( 'Tiers and prices', 'svc-licensing' ),
					},
					{
						name: 'integrate',
						title: __( 'Integrate', 'svc-licensing' ),
					},
				] }
			>
				{ ( tab ) => {
					if ( tab.name === 'catalog' ) {
						return <CatalogTab client={ client } />;
					}
					if ( tab.name === 'integrate' ) {
						return <Integrate client={ client } />;
					}
					return (
						<ProductList
							client={ client }
							onIntegrate={ integrate }
						/>
					);
				} }
			</TabPanel>
		</div>
	);
}
