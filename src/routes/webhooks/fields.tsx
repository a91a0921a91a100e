/**
 * Columns of the webhook event table.
 */
import { __ } from '@wordpress/i18n';
import type { WebhookEvent } from '../../api/types';
import { formatDate } from '../../components/format';

export const webhookStatusLabel = ( status: string ): string =>
	( {
		processed: __( 'Processed', 'svc-licensing' ),
		pending_retry: __( 'Pending retry', 'svc-licensing' ),
		failed: __( 'Failed', 'svc-licensing' ),
	} )[ status ] ?? status;

export const webhookFields = [
	{
		id: 'event_type',
		header: __( 'Type', 'svc-licensing' ),
		enableHiding: false,
		enableSorting: false,
		render: ( { item }: { item: WebhookEvent } ) => (
			<>
				<strong>{ item.event_type }</strong>
				<br />
				<code>{ item.event_id }</code>
			</>
		),
	},
	{
		id: 'status',
		header: __( 'Status', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookEvent } ) => (
			<span className={ `svc-status is-${ item.status }` }>
				{ webhookStatusLabel( item.status ) }
			</span>
		),
		elements: [ 'processed', 'pending_retry', 'failed' ].map(
			( value ) => ( { value, label: webhookStatusLabel( value ) } )
		),
		filterBy: { operators: [ 'is' ] },
	},
	{
		id: 'created_at',
		header: __( 'Received', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookEvent } ) =>
			formatDate( item.created_at ),
	},
	{
		id: 'retry_count',
		header: __( 'Retries', 'svc-licensing' ),
		enableSorting: false,
	},
	{
		id: 'next_retry_at',
		header: __( 'Next retry', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookEvent } ) =>
			formatDate( item.next_retry_at ),
	},
	{
		id: 'processing_error',
		header: __( 'Error', 'svc-licensing' ),
		enableSorting: false,
		render: ( { item }: { item: WebhookEvent } ) => (
			<span className="svc-error-text">
				{ item.processing_error ?? '—' }
			</span>
		),
	},
];
