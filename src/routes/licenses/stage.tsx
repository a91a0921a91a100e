/**
 * Licences: the list (status views with counts, search, a product filter, sort and pages, all in the URL; bulk
 * actions on the selected rows) and, with ?licence=<id>, a licence's own page.
 */
import { Button } from '@wordpress/components';
import { useCallback, useMemo, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { License } from '../../api/types';
import { DataViews, paginationOf } from '../../components/data-views';
import { LoadError, useLoad } from '../../components/async';
import {
	CancelLicenses,
	ExtendExpiry,
	LicenseActionDialog,
	type LicenseActionId,
} from './actions';
import { LicensePage } from './detail';
import { ExplainLink, ExplainPage } from './explain';
import { licenseFields } from './fields';
import { CreateLicenseModal } from './form';
import { licensesCsv, statusLabel } from './license-utils';
import { useQueryState } from '../../components/url-state';
import { ScreenHeader } from '../../components/screen';
import { OnboardingChecklist } from '../onboarding/checklist';
import { urlWith } from './url';
import {
	argsOfView,
	countQueryOf,
	EXPIRING,
	expiringWindow,
	LIST_ARGS,
	queryOf,
	STATUS_VIEWS,
	viewCount,
	viewOfArgs,
	type ListView,
} from './view-utils';
import './style.scss';

const ARGS = [ ...LIST_ARGS, 'licence', 'explain' ];

export function LicensesStage( { client }: { client: ServiceClient } ) {
	const [ args, setArgs ] = useQueryState( ARGS );
	const license = Number( args.licence );
	const open = useCallback(
		( id: number ) => setArgs( { licence: String( id ) }, { push: true } ),
		[ setArgs ]
	);
	const href = useCallback(
		( id: number ) => urlWith( { licence: String( id ) } ),
		[]
	);
	if ( args.explain ) {
		return (
			<ExplainPage
				key={ args.explain }
				client={ client }
				target={ args.explain }
				listHref={ urlWith( { explain: undefined } ) }
				onBack={ () =>
					setArgs( { explain: undefined }, { push: true } )
				}
			/>
		);
	}
	if ( Number.isInteger( license ) && license > 0 ) {
		return (
			<LicensePage
				key={ license }
				client={ client }
				id={ license }
				listHref={ urlWith( { licence: undefined } ) }
				onBack={ () =>
					setArgs( { licence: undefined }, { push: true } )
				}
				href={ href }
				onOpen={ open }
			/>
		);
	}
	return (
		<LicenseList
			client={ client }
			args={ args }
			setArgs={ setArgs }
			onOpen={ open }
			href={ href }
		/>
	);
}

function download( name: string, text: string ) {
	const url = URL.createObjectURL(
		new Blob( [ text ], { type: 'text/csv;charset=utf-8' } )
	);
	const link = document.createElement( 'a' );
	link.href = url;
	link.download = name;
	document.body.appendChild( link );
	link.click();
	link.remove();
	window.setTimeout( () => URL.revokeObjectURL( url ), 1000 );
}

function LicenseList( {
	client,
	args,
	setArgs,
	onOpen,
	href,
}: {
	client: ServiceClient;
	args: Record< string, string | null >;
	setArgs: (
		args: Record< string, string | undefined >,
		options?: { push?: boolean }
	) => void;
	onOpen: ( id: number ) => void;
	href: ( id: number ) => string;
} ) {
	const view = useMemo( () => viewOfArgs( args ), [ args ] );
	const statusView = args.view ?? undefined;
	const [ creating, setCreating ] = useState( false );
	const [ selected, setSelected ] = useState< License[] >( [] );
	const [ expanded, setExpanded ] = useState< number[] >( [] );
	const [ dialog, setDialog ] = useState< {
		action: LicenseActionId;
		license: License;
	} | null >( null );
	const [ bulk, setBulk ] = useState< 'cancel' | 'extend' | null >( null );
	const query = useMemo(
		() => queryOf( view, statusView ),
		// The preset's window is taken when the view is chosen, not on every render.
		[ view, statusView ]
	);
	const countQuery = useMemo( () => countQueryOf( view ), [ view ] );
	const [ products ] = useLoad( () => client.products(), [] );
	const [ page, reloadPage ] = useLoad(
		() => client.licenses( query ),
		[ JSON.stringify( query ) ]
	);
	const [ counts, reloadCounts ] = useLoad(
		() =>
			Promise.all( [
				client.licenseStatusCounts( countQuery ),
				client.licenseStatusCounts( {
					...countQuery,
					...expiringWindow( new Date() ),
				} ),
			] ),
		[ JSON.stringify( countQuery ) ]
	);
	const reload = useCallback( () => {
		reloadPage();
		reloadCounts();
	}, [ reloadPage, reloadCounts ] );
	const changed = useCallback( () => {
		setSelected( [] );
		reload();
	}, [ reload ] );
	const productList = useMemo(
		() => ( products.kind === 'ready' ? products.value.items : [] ),
		[ products ]
	);
	const rows = useMemo(
		() => ( page.kind === 'ready' ? page.value.data : [] ),
		[ page ]
	);
	const selectedIds = useMemo(
		() => selected.map( ( item ) => item.id ),
		[ selected ]
	);
	const onAction = useCallback(
		( action: LicenseActionId, item: License ) =>
			setDialog( { action, license: item } ),
		[]
	);
	const fields = useMemo(
		() =>
			licenseFields( productList, {
				selected: selectedIds,
				onSelect: ( item, on ) =>
					setSelected( ( current ) =>
						on
							? [
									...current.filter(
										( other ) => other.id !== item.id
									),
									item,
								]
							: current.filter(
									( other ) => other.id !== item.id
								)
					),
				expanded,
				onExpand: ( item ) =>
					setExpanded( ( current ) =>
						current.includes( item.id )
							? current.filter( ( id ) => id !== item.id )
							: [ ...current, item.id ]
					),
				href: ( item ) => href( item.id ),
				onOpen: ( item ) => onOpen( item.id ),
				onAction,
			} ),
		[ productList, selectedIds, expanded, href, onOpen, onAction ]
	);
	const root = useRef< HTMLDivElement >( null );
	/** Focus goes back to the row's actions button once its dialog closes. */
	const closeDialog = () => {
		const id = dialog?.license.id;
		setDialog( null );
		window.requestAnimationFrame( () =>
			root.current
				?.querySelector< HTMLElement >(
					`[data-svc-row-actions="${ id }"]`
				)
				?.focus()
		);
	};

	const setView = ( next: ListView ) => {
		// Typing in the search replaces the history entry; every other change is a step Back can undo.
		const typing = ( next.search ?? '' ) !== ( view.search ?? '' );
		setSelected( [] );
		setArgs( argsOfView( next ), { push: ! typing } );
	};
	const chooseStatusView = ( value: string | undefined ) => {
		setSelected( [] );
		setArgs(
			{ ...argsOfView( { ...view, page: 1 } ), view: value },
			{ push: true }
		);
	};
	const statusCounts = counts.kind === 'ready' ? counts.value[ 0 ] : null;
	const expiringCount =
		counts.kind === 'ready' ? counts.value[ 1 ].total : null;
	const views: Array< {
		value?: string;
		label: string;
		count: number | null;
	} > = [
		{
			label: __( 'All', 'svc-licensing' ),
			count: statusCounts?.total ?? null,
		},
		...STATUS_VIEWS.map( ( status ) => ( {
			value: status,
			label: statusLabel( status ),
			count: statusCounts?.statuses[ status ] ?? null,
		} ) ),
		{
			value: EXPIRING,
			label: __( 'Expiring in 30 days', 'svc-licensing' ),
			count: expiringCount,
		},
	];
	const total = page.kind === 'ready' ? page.value.total : null;
	// A search that finds more than the service counts (10,000) says so instead of a wrong figure.
	const capped = page.kind === 'ready' && page.value.total_exact === false;

	return (
		<div className="svc-screen svc-licences" ref={ root }>
			<ScreenHeader>
				<Button
					variant="primary"
					onClick={ () => setCreating( true ) }
					disabled={ productList.length === 0 }
				>
					{ __( 'Add licence', 'svc-licensing' ) }
				</Button>
			</ScreenHeader>
			<OnboardingChecklist client={ client } />
			<nav
				aria-label={ __(
					'Filter licences by status',
					'svc-licensing'
				) }
			>
				<ul className="subsubsub svc-status-views">
					{ views.map( ( item, index ) => {
						const current = item.value === statusView;
						return (
							<li key={ item.value ?? 'all' }>
								<a
									href={ urlWith( {
										view: item.value,
										paged: undefined,
										licence: undefined,
									} ) }
									className={
										current ? 'current' : undefined
									}
									aria-current={
										current ? 'page' : undefined
									}
									onClick={ ( event ) => {
										event.preventDefault();
										chooseStatusView( item.value );
									} }
								>
									{ item.label }{ ' ' }
									<span className="count">
										({ viewCount( item.count, capped ) })
									</span>
								</a>
								{ index < views.length - 1 ? ' |' : '' }
							</li>
						);
					} ) }
				</ul>
			</nav>
			{ page.kind === 'error' && (
				<LoadError message={ page.message } onRetry={ reload } />
			) }
			{ counts.kind === 'error' && (
				<LoadError message={ counts.message } onRetry={ reload } />
			) }
			{ page.kind === 'ready' &&
				statusCounts?.total === 0 &&
				! view.search &&
				view.filters.length === 0 && (
					<p className="svc-empty">
						{ productList.length === 0
							? __(
									'No licences yet. Add a product first, then a licence.',
									'svc-licensing'
								)
							: __( 'No licences yet.', 'svc-licensing' ) }
					</p>
				) }
			<div
				className="svc-bulk-bar"
				role="group"
				aria-label={ __( 'Bulk actions', 'svc-licensing' ) }
			>
				<span className="svc-selected-count" aria-live="polite">
					{ sprintf(
						/* translators: %d: number of selected licences. */
						_n(
							'%d licence selected',
							'%d licences selected',
							selected.length,
							'svc-licensing'
						),
						selected.length
					) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					onClick={ () => setSelected( rows ) }
					disabled={ rows.length === 0 }
				>
					{ __( 'Select all on this page', 'svc-licensing' ) }
				</Button>
				<Button
					variant="tertiary"
					size="compact"
					onClick={ () => setSelected( [] ) }
					disabled={ selected.length === 0 }
				>
					{ __( 'Clear selection', 'svc-licensing' ) }
				</Button>
				<Button
					variant="secondary"
					size="compact"
					accessibleWhenDisabled
					disabled={ selected.length === 0 }
					onClick={ () => setBulk( 'extend' ) }
				>
					{ __( 'Extend expiry…', 'svc-licensing' ) }
				</Button>
				<Button
					variant="secondary"
					size="compact"
					accessibleWhenDisabled
					disabled={ selected.length === 0 }
					onClick={ () =>
						download(
							`licences-${ new Date()
								.toISOString()
								.slice( 0, 10 ) }.csv`,
							licensesCsv( selected )
						)
					}
				>
					{ __( 'Export CSV', 'svc-licensing' ) }
				</Button>
				<Button
					variant="secondary"
					size="compact"
					isDestructive
					accessibleWhenDisabled
					disabled={ selected.length === 0 }
					onClick={ () => setBulk( 'cancel' ) }
				>
					{ __( 'Cancel licences…', 'svc-licensing' ) }
				</Button>
				<span className="displaying-num">
					{ itemCount( total, capped ) }
				</span>
			</div>
			<ExplainLink
				search={ view.search ?? '' }
				href={ ( target ) => urlWith( { explain: target } ) }
				onOpen={ ( target ) =>
					setArgs( { explain: target }, { push: true } )
				}
			/>
			<DataViews
				view={ view }
				onChangeView={ setView }
				fields={ fields }
				data={ rows }
				isLoading={ page.kind === 'loading' }
				getItemId={ ( item: { id: number } ) => String( item.id ) }
				paginationInfo={ paginationOf( page ) }
				supportedLayouts={ [ 'table' ] }
				searchLabel={ __(
					'Search key, name or email',
					'svc-licensing'
				) }
			/>
			{ creating && (
				<CreateLicenseModal
					client={ client }
					products={ productList }
					onClose={ () => setCreating( false ) }
					onCreated={ reload }
				/>
			) }
			{ dialog && (
				<LicenseActionDialog
					action={ dialog.action }
					client={ client }
					license={ dialog.license }
					onClose={ closeDialog }
					onChanged={ changed }
				/>
			) }
			{ bulk === 'extend' && (
				<ExtendExpiry
					client={ client }
					licenses={ selected }
					onClose={ () => setBulk( null ) }
					onChanged={ changed }
				/>
			) }
			{ bulk === 'cancel' && (
				<CancelLicenses
					client={ client }
					licenses={ selected }
					onClose={ () => setBulk( null ) }
					onChanged={ changed }
				/>
			) }
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default LicensesStage;

/**
 * The list's "N items", or, when a search found more than the service counts, that there are more.
 *
 * @param total  Licences found, or null while loading.
 * @param capped Whether the total is the search's cap rather than an exact count.
 */
function itemCount( total: number | null, capped: boolean ): string {
	if ( total === null ) {
		return '';
	}
	if ( capped ) {
		return sprintf(
			/* translators: %s: the most licences a search counts, such as 10,000. */
			__(
				'More than %s items: type more to narrow the search',
				'svc-licensing'
			),
			total.toLocaleString()
		);
	}
	return sprintf(
		/* translators: %s: number of licences, such as 1,250. */
		_n( '%s item', '%s items', total, 'svc-licensing' ),
		total.toLocaleString()
	);
}
