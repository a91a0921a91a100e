/**
 * The outbound webhook screen's state in the URL (the selected endpoint, the delivery log's status filter and
 * page), the DataViews view of the delivery log, and the admin API's query, each way. Pure, so it is unit-tested.
 */
import {
	DELIVERY_STATUSES,
	type DeliveryQuery,
	type DeliveryStatus,
} from '../../api/types';

export const PER_PAGE = 20;

export interface OutboundState {
	/** The endpoint whose delivery log is open, or null for the list of endpoints. */
	endpoint: number | null;
	status: DeliveryStatus | null;
	page: number;
}

export interface DeliveryView {
	type: string;
	filters: Array< { field: string; operator: string; value: unknown } >;
	page?: number;
	perPage?: number;
	hiddenFields: string[];
	layout: Record< string, unknown >;
}

const positive = ( value: string | null ): number | null => {
	if ( value === null || ! /^[1-9]\d{0,9}$/.test( value ) ) {
		return null;
	}
	return Number( value );
};

const isStatus = ( value: unknown ): value is DeliveryStatus =>
	typeof value === 'string' &&
	( DELIVERY_STATUSES as string[] ).includes( value );

/** The state a query string holds; anything malformed reads as not set. */
export function stateFromSearch( search: string ): OutboundState {
	const params = new URLSearchParams( search );
	const endpoint = positive( params.get( 'endpoint' ) );
	const status = params.get( 'delivery_status' );
	return {
		endpoint,
		status: endpoint !== null && isStatus( status ) ? status : null,
		page:
			endpoint !== null ? ( positive( params.get( 'paged' ) ) ?? 1 ) : 1,
	};
}

/** The query arguments that write the state (null removes one), for setQueryArgs. */
export function argsOfState(
	state: OutboundState
): Record< string, string | null > {
	return {
		endpoint: state.endpoint === null ? null : String( state.endpoint ),
		delivery_status:
			state.endpoint === null || state.status === null
				? null
				: state.status,
		paged:
			state.endpoint === null || state.page <= 1
				? null
				: String( state.page ),
	};
}

export function viewOfState( state: OutboundState ): DeliveryView {
	return {
		type: 'table',
		filters:
			state.status === null
				? []
				: [ { field: 'status', operator: 'is', value: state.status } ],
		page: state.page,
		perPage: PER_PAGE,
		hiddenFields: [],
		layout: {},
	};
}

/** The state after a change of the view: a new filter goes back to the first page. */
export function stateOfView(
	state: OutboundState,
	view: DeliveryView
): OutboundState {
	const filter = view.filters.find( ( f ) => f.field === 'status' );
	const value = Array.isArray( filter?.value )
		? filter?.value[ 0 ]
		: filter?.value;
	const status = isStatus( value ) ? value : null;
	return {
		endpoint: state.endpoint,
		status,
		page: status === state.status ? Math.max( 1, view.page ?? 1 ) : 1,
	};
}

export function deliveryQuery( state: OutboundState ): DeliveryQuery {
	const query: DeliveryQuery = { page: state.page, per_page: PER_PAGE };
	if ( state.endpoint !== null ) {
		query.endpoint_id = state.endpoint;
	}
	if ( state.status !== null ) {
		query.status = state.status;
	}
	return query;
}
