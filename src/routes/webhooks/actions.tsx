/**
 * Row actions of the webhook table: the payload viewer and Reprocess.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { WebhookEvent } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { useNotify } from '../../components/notices';

function Payload( { client, id }: { client: ServiceClient; id: number } ) {
	const [ event, reload ] = useLoad( () => client.webhook( id ), [ id ] );
	if ( event.kind === 'loading' ) {
		return <Loading />;
	}
	if ( event.kind === 'error' ) {
		return <LoadError message={ event.message } onRetry={ reload } />;
	}
	return (
		<pre className="svc-payload" data-testid="svc-webhook-payload">
			{ JSON.stringify( event.value.payload, null, 2 ) }
		</pre>
	);
}

function ReprocessButton( {
	client,
	event,
	onDone,
}: {
	client: ServiceClient;
	event: WebhookEvent;
	onDone: () => void;
} ) {
	const notify = useNotify();
	const [ busy, setBusy ] = useState( false );
	return (
		<Button
			variant="primary"
			isBusy={ busy }
			disabled={ busy }
			onClick={ () => {
				setBusy( true );
				client
					.reprocessWebhook( event.id )
					.then(
						( after ) => {
							if ( after.status === 'processed' ) {
								notify.success(
									__( 'Event processed.', 'svc-licensing' )
								);
							} else {
								notify.error(
									new Error( after.processing_error ?? '' ),
									__(
										'Processing failed again:',
										'svc-licensing'
									)
								);
							}
							onDone();
						},
						( error ) => notify.error( error )
					)
					.finally( () => setBusy( false ) );
			} }
		>
			{ __( 'Reprocess now', 'svc-licensing' ) }
		</Button>
	);
}

export function webhookActions( client: ServiceClient, reload: () => void ) {
	return [
		{
			id: 'payload',
			label: __( 'View payload', 'svc-licensing' ),
			modalHeader: __( 'Event payload', 'svc-licensing' ),
			RenderModal: ( { items }: { items: WebhookEvent[] } ) => (
				<Payload client={ client } id={ items[ 0 ].id } />
			),
		},
		{
			id: 'reprocess',
			label: __( 'Reprocess', 'svc-licensing' ),
			isEligible: ( item: WebhookEvent ) => item.status !== 'processed',
			modalHeader: __( 'Reprocess this event?', 'svc-licensing' ),
			RenderModal: ( {
				items,
				closeModal,
			}: {
				items: WebhookEvent[];
				closeModal?: () => void;
			} ) => (
				<>
					<p>
						{ items[ 0 ].processing_error ??
							__(
								'This event has not been processed.',
								'svc-licensing'
							) }
					</p>
					<div className="svc-modal-actions">
						<Button
							variant="tertiary"
							onClick={ () => closeModal?.() }
						>
							{ __( 'Cancel', 'svc-licensing' ) }
						</Button>
						<ReprocessButton
							client={ client }
							event={ items[ 0 ] }
							onDone={ () => {
								reload();
								closeModal?.();
							} }
						/>
					</div>
				</>
			),
		},
	];
}
