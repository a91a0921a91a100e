/**
 * The DataViews view of the licence list as the admin API's query, and back. Pure, so it is unit-tested.
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

export const DEFAULT_VIEW: ListView = {
	type: 'table',
	search: '',
	filters: [],
	page: 1,
	perPage: 20,
	sort: { field: 'created_at', direction: 'desc' },
	hiddenFields: [],
	layout: {},
};

/** The first value of a filter ("is" takes one value, "isAny" a list). */
function filterValue( view: ListView, field: string ): unknown {
	const filter = view.filters.find( ( f ) => f.field === field );
	if ( ! filter ) {
		return undefined;
	}
	return Array.isArray( filter.value ) ? filter.value[ 0 ] : filter.value;
}

export function queryOf( view: ListView ): LicenseQuery {
	const query: LicenseQuery = {
		page: view.page ?? 1,
		per_page: view.perPage ?? 20,
	};
	const status = filterValue( view, 'status' );
	if ( typeof status === 'string' && status !== '' ) {
		query.status = status;
	}
	const product = filterValue( view, 'product_name' );
	if ( product !== undefined && product !== '' ) {
		query.product_id = Number( product );
	}
	if ( view.search ) {
		query.search = view.search.trim();
	}
	if ( view.sort && SORTABLE_FIELDS.includes( view.sort.field ) ) {
		query.orderby = view.sort.field;
		query.order = view.sort.direction;
	}
	return query;
}
