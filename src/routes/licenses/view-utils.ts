/**
 * The licence list's state: the URL's arguments as a DataViews view and a status view, the view as the admin
 * API's query, and back. Pure, so it is unit-tested.
 */
import type { LicenseQuery } from '../../api/client';

export interface ListView {
	type: string;
	search?: string;
	filters: Array< { field: string; operator: string; value: unknown } >;
	page?: number;
	perPage?: number;
	sort?: { field: string; direction: 'asc' | 'desc' };
	hiddenFields: string[];
	layout: Record< string, unknown >;
}

/** Fields the server can sort by (LicenseRepository::SORTABLE). */
export const SORTABLE_FIELDS = [
	'created_at',
	'expires',
	'status',
	'customer_email',
	'customer_name',
	'product_name',
	'activations',
];

/** The status views above the list, in core's order: All first, then each status, then the preset. */
export const STATUS_VIEWS = [
	'active',
	'trial',
	'expired',
	'suspended',
	'cancelled',
	'revoked',
] as const;
export const EXPIRING = 'expiring';
export const EXPIRING_DAYS = 30;

/** The query arguments the list keeps in the URL; "licence" opens a licence's page. */
export const LIST_ARGS = [
	'view',
	's',
	'product',
	'orderby',
	'order',
	'paged',
	'per_page',
] as const;

export const DEFAULT_VIEW: ListView = {
	type: 'table',
	search: '',
	filters: [],
	page: 1,
	perPage: 20,
	sort: { field: 'created_at', direction: 'desc' },
	hiddenFields: [],
	layout: { primaryField: 'license_key_masked' },
};

type Args = Record< string, string | null | undefined >;

const positive = ( value: string | null | undefined ): number | undefined => {
	const number = Number( value );
	return Number.isInteger( number ) && number > 0 ? number : undefined;
};

/** The DataViews view the URL describes; anything unknown falls back to the default. */
export function viewOfArgs( args: Args ): ListView {
	const view: ListView = { ...DEFAULT_VIEW, filters: [] };
	view.search = args.s ?? '';
	const product = positive( args.product );
	if ( product ) {
		view.filters = [
			{ field: 'product_name', operator: 'is', value: String( product ) },
		];
	}
	view.page = positive( args.paged ) ?? 1;
	const perPage = positive( args.per_page );
	view.perPage = perPage && perPage <= 100 ? perPage : 20;
	if ( args.orderby && SORTABLE_FIELDS.includes( args.orderby ) ) {
		view.sort = {
			field: args.orderby,
			direction: args.order === 'asc' ? 'asc' : 'desc',
		};
	}
	return view;
}

/** The first value of a filter ("is" takes one value, "isAny" a list). */
function filterValue( view: ListView, field: string ): unknown {
	const filter = view.filters.find( ( f ) => f.field === field );
	if ( ! filter ) {
		return undefined;
	}
	return Array.isArray( filter.value ) ? filter.value[ 0 ] : filter.value;
}

/** The URL arguments of a view (defaults left out, so the plain screen has a plain URL). */
export function argsOfView(
	view: ListView
): Record< string, string | undefined > {
	const product = filterValue( view, 'product_name' );
	const sorted =
		view.sort &&
		( view.sort.field !== 'created_at' || view.sort.direction !== 'desc' );
	return {
		s: view.search || undefined,
		product:
			product !== undefined && product !== ''
				? String( product )
				: undefined,
		orderby: sorted ? view.sort?.field : undefined,
		order: sorted ? view.sort?.direction : undefined,
		paged: view.page && view.page > 1 ? String( view.page ) : undefined,
		per_page:
			view.perPage && view.perPage !== 20
				? String( view.perPage )
				: undefined,
	};
}

/** The expiry window of the "Expiring in 30 days" view, from now. */
export function expiringWindow( now: Date ): {
	expires_after: string;
	expires_before: string;
} {
	const until = new Date( now.getTime() + EXPIRING_DAYS * 86400 * 1000 );
	const iso = ( date: Date ) => date.toISOString().replace( /\.\d+Z$/, 'Z' );
	return { expires_after: iso( now ), expires_before: iso( until ) };
}

/** The filters the status views are counted under: product and search, not the view itself. */
export function countQueryOf( view: ListView ): LicenseQuery {
	const query: LicenseQuery = {};
	const product = filterValue( view, 'product_name' );
	if ( product !== undefined && product !== '' ) {
		query.product_id = Number( product );
	}
	if ( view.search && view.search.trim() ) {
		query.search = view.search.trim();
	}
	return query;
}

/** The list's query: the view's filters, search, sort and page, and the status view (a status or the preset). */
export function queryOf(
	view: ListView,
	statusView: string | undefined = undefined,
	now: Date = new Date()
): LicenseQuery {
	const query: LicenseQuery = {
		page: view.page ?? 1,
		per_page: view.perPage ?? 20,
		...countQueryOf( view ),
	};
	const status = filterValue( view, 'status' );
	if ( typeof status === 'string' && status !== '' ) {
		query.status = status;
	}
	if (
		statusView &&
		( STATUS_VIEWS as readonly string[] ).includes( statusView )
	) {
		query.status = statusView;
	}
	if ( statusView === EXPIRING ) {
		Object.assign( query, expiringWindow( now ) );
	}
	if ( view.sort && SORTABLE_FIELDS.includes( view.sort.field ) ) {
		query.orderby = view.sort.field;
		query.order = view.sort.direction;
	}
	return query;
}

/**
 * A status view's count as core's list screens show it (1,250), "…" while loading. Past a search's cap the counts
 * are of the matches it read, so each says it may be more (6,843+).
 *
 * @param count  Licences in the view, or null while loading.
 * @param capped Whether the search stopped at its cap.
 */
export function viewCount( count: number | null, capped: boolean ): string {
	if ( count === null ) {
		return '…';
	}
	return capped && count > 0
		? `${ count.toLocaleString() }+`
		: count.toLocaleString();
}
