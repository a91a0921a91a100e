/**
 * Products: the list (create, edit, deactivate, delete), and each product's own page with its tabs (Details,
 * Releases, Pricing, Integrate). The product and the tab are in the URL (product-url.ts).
 */
import { Button } from '@wordpress/components';
import { DataViews } from '../../components/data-views';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product } from '../../api/types';
import { LoadError, useLoad } from '../../components/async';
import { ConfirmActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';
import { formatDate } from '../../components/format';
import { ScreenHeader } from '../../components/screen';
import { ProductFormModal } from './form';
import { ProductPage } from './page';
import { productHref, useProductPlace, type ProductTab } from './product-url';

type ModalProps = { items: Product[]; closeModal?: () => void };

/** Opens a product's page on a tab. */
type Open = ( id: number, tab?: ProductTab ) => void;

function fields( open: Open ) {
	return [
		{
			id: 'name',
			header: __( 'Name', 'svc-licensing' ),
			enableHiding: false,
			render: ( { item }: { item: Product } ) => (
				<a
					className="svc-primary-link"
					href={ productHref( item.id ) }
					onClick={ ( event ) => {
						if (
							event.metaKey ||
							event.ctrlKey ||
							event.shiftKey ||
							event.button !== 0
						) {
							return;
						}
						event.preventDefault();
						open( item.id );
					} }
				>
					{ item.name }
				</a>
			),
		},
		{
			id: 'slug',
			header: __( 'Slug', 'svc-licensing' ),
			render: ( { item }: { item: Product } ) => (
				<code>{ item.slug }</code>
			),
		},
		{
			id: 'current_version',
			header: __( 'Current version', 'svc-licensing' ),
			render: ( { item }: { item: Product } ) =>
				item.current_version || '—',
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
}

function ProductList( {
	client,
	open,
}: {
	client: ServiceClient;
	open: Open;
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
	const columns = useMemo( () => fields( open ), [ open ] );
	// Stable identities: a new RenderModal per render would remount an open dialog and lose its state.
	const actions = useMemo(
		() => [
			{
				id: 'releases',
				label: __( 'Releases', 'svc-licensing' ),
				callback: ( items: Product[] ) =>
					open( items[ 0 ].id, 'releases' ),
			},
			{
				id: 'pricing',
				label: __( 'Pricing', 'svc-licensing' ),
				callback: ( items: Product[] ) =>
					open( items[ 0 ].id, 'pricing' ),
			},
			{
				id: 'integrate',
				label: __( 'Integrate', 'svc-licensing' ),
				callback: ( items: Product[] ) =>
					open( items[ 0 ].id, 'integrate' ),
			},
			{
				id: 'edit',
				label: __( 'Edit', 'svc-licensing' ),
				callback: ( items: Product[] ) => setEditing( items[ 0 ] ),
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
		[ client, reload, notify, open ]
	);
	return (
		<>
			<ScreenHeader>
				<Button variant="primary" onClick={ () => setEditing( null ) }>
					{ __( 'Add product', 'svc-licensing' ) }
				</Button>
			</ScreenHeader>
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
				fields={ columns }
				data={ data }
				actions={ actions }
				isLoading={ products.kind === 'loading' }
				getItemId={ ( item: Product ) => String( item.id ) }
				rowName={ ( item: Product ) =>
					/* translators: %s: product name. */
					sprintf( __( 'product %s', 'svc-licensing' ), item.name )
				}
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

export function ProductsStage( { client }: { client: ServiceClient } ) {
	const [ place, go ] = useProductPlace();
	const open = useMemo< Open >(
		() =>
			( id, tab = 'details' ) =>
				go( { product: id, tab } ),
		[ go ]
	);
	return (
		<div className="svc-screen">
			{ place.product === null ? (
				<ProductList client={ client } open={ open } />
			) : (
				<ProductPage
					key={ place.product }
					client={ client }
					id={ place.product }
					tab={ place.tab }
					go={ go }
				/>
			) }
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default ProductsStage;
