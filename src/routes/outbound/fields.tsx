/**
 * Columns of the outbound endpoint table and of an endpoint's delivery log.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import {
	DELIVERY_STATUSES,
	type Product,
	type WebhookDelivery,
	type WebhookEndpoint,
} from '../../api/types';
import { useLoad } from '../../components/async';
import { formatDate } from '../../components/format';

export const deliveryStatusLabel = ( status: string ): string =>
	( {
		pending: __( 'Pending', 'svc-licensing' ),
		delivering: __( 'Sending', 'svc-licensing' ),
		succeeded: __( 'Delivered', 'svc-licensing' ),
		failed: __( 'Failed', 'svc-licensing' ),
	} )[ status ] ?? status;

export function productName( products: Product[], id: number | null ) {
	return id === null
		? __( 'All products', 'svc-licensing' )
		: ( products.find( ( product ) => product.id === id )?.name ??
				`#${ id }` );
}

/** The answer of the last attempt: "HTTP 500", the transport's error, or a dash before the first attempt. */
export function outcome( delivery: {
	last_status_code: number | null;
	last_error: string | null;
} ): string {
	if ( delivery.last_status_code !== null ) {
		return sprintf(
			/* translators: %d: HTTP status code. */
			__( 'HTTP %d', 'svc-licensing' ),
			delivery.last_status_code
		);
	}
	return delivery.last_error ?? '—';
}

/** The endpoint's latest delivery and its latest success, loaded for its row. */
function LastDeliveries( {
	client,
	endpoint,
}: {
	client: ServiceClient;
	endpoint: WebhookEndpoint;
} ) {
	const [ last ] = useLoad(
		() =>
			Promise.all( [
				client.webhookDeliveries( {
					endpoint_id: endpoint.id,
					per_page: 1,
				} ),
				client.webhookDeliveries( {
					endpoint_id: endpoint.id,
					status: 'succeeded',
					per_page: 1,
				} ),
			] ),
		[ endpoint ]
	);
	if ( last.kind !== 'ready' ) {
		return <>{ last.kind === 'loading' ? '…' : '—' }</>;
	}
	const [ latest ] = last.value[ 0 ].data;
	const [ success ] = last.value[ 1 ].data;
	if ( ! latest ) {
		return <>{ __( 'Nothing sent yet', 'svc-licensing' ) }</>;
	}
	return (
		<span className="svc-cell-stack">
			<span>
				{ sprintf(
					/* translators: %s: date. */
					__( 'Last success: %s', 'svc-licensing' ),
					formatDate(
						success?.delivered_at,
						__( 'never', 'svc-licensing' )
					)
				) }
			</span>
			{ latest.status !== 'succeeded' && (
				<>
					<span className="svc-error-text">
						{ sprintf(
							/* translators: 1: date, 2: "HTTP 500" or an error. */
							__( 'Last failure: %1$s (%2$s)', 'svc-licensing' ),
							formatDate( latest.created_at ),
							outcome( latest )
						) }
					</span>
				</>
			) }
		</span>
	);
}

export function endpointFields( client: ServiceClient, products: Product[] ) {
	return [
		{
			id: 'url',
			header: __( 'URL', 'svc-licensing' ),
			enableHiding: false,
			enableSorting: false,
			render: ( { item }: { item: WebhookEndpoint } ) => (
				<span className="svc-cell-stack">
					<code className="svc-url">{ item.url }</code>
					{ item.description && <span>{ item.description }</span> }
				</span>
			),
		},
		{
			id: 'event_types',
			header: __( 'Events', 'svc-licensing' ),
			enableSorting: false,
			render: ( { item }: { item: WebhookEndpoint } ) => (
				<span className="svc-event-types">
					{ item.event_types.join( ', ' ) }
				</span>
			),
		},
		{
			id: 'product_id',
			header: __( 'Product', 'svc-licensing' ),
			enableSorting: false,
			render: ( { item }: { item: WebhookEndpoint } ) =>
				productName( products, item.product_id ),
		},
		{
			id: 'is_active',
			header: __( 'Status', 'svc-licensing' ),
			enableSorting: false,
			render: ( { item }: { item: WebhookEndpoint } ) => (
				<EndpointState endpoint={ item } />
			),
		},
		{
			id: 'last',
			header: __( 'Deliveries', 'svc-licensing' ),
			enableSorting: false,
			render: ( { item }: { item: WebhookEndpoint } ) => (
				<LastDeliveries client={ client } endpoint={ item } />
			),
		},
	];
}

export function EndpointState( { endpoint }: { endpoint: WebhookEndpoint } ) {
	if ( ! endpoint.is_active ) {
		return (
			<span className="svc-cell-stack">
				<span className="svc-status is-failed">
					{ __( 'Disabled', 'svc-licensing' ) }
				</span>
				{ endpoint.disabled_reason && (
					<span className="svc-error-text">
						{ endpoint.disabled_reason }
					</span>
				) }
			</span>
		);
	}
	return (
		<span className="svc-cell-stack">
			<span className="svc-status is-active">
				{ __( 'Enabled', 'svc-licensing' ) }
			</span>
			{ endpoint.failing_since && (
				<span className="svc-error-text">
					{ sprintf(
						/* translators: %s: date. */
						__( 'Failing since %s', 'svc-licensing' ),
						formatDate( endpoint.failing_since )
					) }
				</span>
			) }
		</span>
	);
}

/** The last attempt's response time: the list has no durations, so each row loads its delivery. */
function ResponseTime( {
	client,
	delivery,
}: {
	client: ServiceClient;
	delivery: WebhookDelivery;
} ) {
	const [ detail ] = useLoad(
		() =>
			delivery.attempts === 0
				? Promise.resolve( null )
				: client.webhookDelivery( delivery.id ),
		[ delivery ]
	);
	if ( detail.kind !== 'ready' || detail.value === null ) {
		return <>{ detail.kind === 'loading' ? '…' : '—' }</>;
	}
	const last = detail.value.attempts_log.slice( -1 )[ 0 ];
	return <>{ last ? durationText( last.duration_ms ) : '—' }</>;
}

export const durationText = ( ms: number ): string =>
	sprintf(
		/* translators: %d: milliseconds. */
		__( '%d ms', 'svc-licensing' ),
		ms
	);

export const deliveryFields = ( client: ServiceClient ) => [
	{
		id: 'event_type',
		header: __( 'Event', 'svc-licensing' ),
		enableHiding: false,
		enableSorting: false,
		render: ( { item }: { item: WebhookDelivery } ) => (
			<span className="svc-cell-stack">
				<strong>{ item.event_type }</strong>
				<code className="svc-delivery-id">{ item.delivery_id }</code>
				{ item.replay_of !== null && (
					<span>
						{ sprintf(
							/* translators: %d: delivery number. */
							__( 'Replay of #%d', 'svc-licensing' ),
							item.replay_of
						) }
					</span>
				) }
			</span>
		),
	},
	{
		id: 'status',
		header: __( 'Status', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookDelivery } ) => (
			<span className={ `svc-status is-${ item.status }` }>
				{ deliveryStatusLabel( item.status ) }
			</span>
		),
		elements: DELIVERY_STATUSES.map( ( value ) => ( {
			value,
			label: deliveryStatusLabel( value ),
		} ) ),
		filterBy: { operators: [ 'is' ] },
	},
	{
		id: 'attempts',
		header: __( 'Attempts', 'svc-licensing' ),
		enableSorting: false,
	},
	{
		id: 'last_status_code',
		header: __( 'Last answer', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookDelivery } ) => (
			<span className="svc-error-text">{ outcome( item ) }</span>
		),
	},
	{
		id: 'response_time',
		header: __( 'Response time', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookDelivery } ) => (
			<ResponseTime client={ client } delivery={ item } />
		),
	},
	{
		id: 'created_at',
		header: __( 'Queued', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookDelivery } ) =>
			formatDate( item.created_at ),
	},
	{
		id: 'next_attempt_at',
		header: __( 'Next retry', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookDelivery } ) =>
			item.status === 'succeeded' || item.status === 'failed'
				? '—'
				: formatDate( item.next_attempt_at ),
	},
];
