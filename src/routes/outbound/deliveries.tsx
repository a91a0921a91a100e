/**
 * One endpoint: its settings, its actions (test, disable or enable, delete) and its delivery log, filtered by
 * status and paged through the URL. Each delivery opens on its attempts and the body as sent, and can be replayed.
 */
import { Button, Modal } from '@wordpress/components';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product, WebhookDelivery } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { ConfirmActions } from '../../components/confirm';
import { DataViews, paginationOf } from '../../components/data-views';
import { formatDate } from '../../components/format';
import { useNotify } from '../../components/notices';
import {
	DELETE_TEXT,
	deleteEndpoint,
	reportSent,
	sendTest,
	setEnabled,
} from './endpoint-actions';
import {
	EndpointState,
	deliveryFields,
	durationText,
	productName,
} from './fields';
import {
	deliveryQuery,
	stateOfView,
	viewOfState,
	type DeliveryView,
	type OutboundState,
} from './view-state';

/** The body as sent, pretty-printed when it is JSON (it always is; the bytes signed are the compact form). */
const pretty = ( body: string ): string => {
	try {
		return JSON.stringify( JSON.parse( body ), null, 2 );
	} catch {
		return body;
	}
};

function DeliveryDetail( {
	client,
	id,
}: {
	client: ServiceClient;
	id: number;
} ) {
	const [ delivery, reload ] = useLoad(
		() => client.webhookDelivery( id ),
		[ id ]
	);
	if ( delivery.kind === 'loading' ) {
		return <Loading />;
	}
	if ( delivery.kind === 'error' ) {
		return <LoadError message={ delivery.message } onRetry={ reload } />;
	}
	const value = delivery.value;
	return (
		<div className="svc-delivery" data-testid="svc-delivery-detail">
			<p>
				<code>{ value.delivery_id }</code>
			</p>
			<h3>{ __( 'Attempts', 'svc-licensing' ) }</h3>
			{ value.attempts_log.length === 0 ? (
				<p className="svc-empty">
					{ __( 'Not attempted yet.', 'svc-licensing' ) }
				</p>
			) : (
				<table className="widefat striped svc-attempts">
					<thead>
						<tr>
							<th>#</th>
							<th>{ __( 'When', 'svc-licensing' ) }</th>
							<th>{ __( 'Answer', 'svc-licensing' ) }</th>
							<th>{ __( 'Response time', 'svc-licensing' ) }</th>
							<th>
								{ __(
									'Response (first bytes)',
									'svc-licensing'
								) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ value.attempts_log.map( ( attempt ) => (
							<tr key={ attempt.attempt }>
								<td>{ attempt.attempt }</td>
								<td>{ formatDate( attempt.created_at ) }</td>
								<td>
									{ attempt.status_code !== null
										? sprintf(
												/* translators: %d: HTTP status code. */
												__(
													'HTTP %d',
													'svc-licensing'
												),
												attempt.status_code
											)
										: ( attempt.error ?? '—' ) }
								</td>
								<td>{ durationText( attempt.duration_ms ) }</td>
								<td>
									<code className="svc-excerpt">
										{ attempt.response_excerpt || '—' }
									</code>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<h3>{ __( 'Body as sent', 'svc-licensing' ) }</h3>
			<pre className="svc-payload" data-testid="svc-delivery-body">
				{ pretty( value.body ) }
			</pre>
		</div>
	);
}

type DeliveryModalProps = {
	items: WebhookDelivery[];
	closeModal?: () => void;
};

export function EndpointLog( {
	client,
	products,
	state,
	onState,
	onBack,
}: {
	client: ServiceClient;
	products: Product[];
	state: OutboundState & { endpoint: number };
	onState: ( next: OutboundState ) => void;
	onBack: () => void;
} ) {
	const notify = useNotify();
	const [ deleting, setDeleting ] = useState( false );
	const [ busy, setBusy ] = useState( false );
	const [ endpoint, reloadEndpoint ] = useLoad(
		() => client.webhookEndpoint( state.endpoint ),
		[ state.endpoint ]
	);
	const query = deliveryQuery( state );
	const [ page, reloadPage ] = useLoad(
		() => client.webhookDeliveries( query ),
		[ JSON.stringify( query ) ]
	);
	const reload = () => {
		reloadEndpoint();
		reloadPage();
	};
	const fields = useMemo( () => deliveryFields( client ), [ client ] );
	const actions = useMemo(
		() => [
			{
				id: 'attempts',
				label: __( 'Attempts and body', 'svc-licensing' ),
				modalHeader: __( 'Delivery', 'svc-licensing' ),
				RenderModal: ( { items }: DeliveryModalProps ) => (
					<DeliveryDetail client={ client } id={ items[ 0 ].id } />
				),
			},
			{
				id: 'replay',
				label: __( 'Replay', 'svc-licensing' ),
				modalHeader: __( 'Replay this delivery?', 'svc-licensing' ),
				RenderModal: ( { items, closeModal }: DeliveryModalProps ) => (
					<ConfirmActions
						text={ __(
							'The same event is sent again now, as a new delivery with a new delivery id.',
							'svc-licensing'
						) }
						label={ __( 'Replay now', 'svc-licensing' ) }
						destructive={ false }
						close={ () => closeModal?.() }
						run={ () =>
							client.replayWebhookDelivery( items[ 0 ].id ).then(
								( delivery ) => {
									reportSent(
										notify,
										delivery,
										__(
											'Delivery replayed.',
											'svc-licensing'
										)
									);
									reloadPage();
								},
								( error ) => notify.error( error )
							)
						}
					/>
				),
			},
		],
		[ client, notify, reloadPage ]
	);

	if ( endpoint.kind === 'loading' ) {
		return <Loading />;
	}
	if ( endpoint.kind === 'error' ) {
		return (
			<>
				<Button variant="link" onClick={ onBack }>
					{ __( '← All endpoints', 'svc-licensing' ) }
				</Button>
				<LoadError
					message={ endpoint.message }
					onRetry={ reloadEndpoint }
				/>
			</>
		);
	}
	const item = endpoint.value;
	const run = ( work: Promise< unknown > ) => {
		setBusy( true );
		work.finally( () => {
			setBusy( false );
			reload();
		} );
	};
	return (
		<div className="svc-endpoint">
			<Button variant="link" onClick={ onBack }>
				{ __( '← All endpoints', 'svc-licensing' ) }
			</Button>
			<h3 className="svc-endpoint-title">
				{ __( 'Endpoint', 'svc-licensing' ) } <code>{ item.url }</code>
			</h3>
			<dl className="svc-fields">
				<div>
					<dt>{ __( 'Status', 'svc-licensing' ) }</dt>
					<dd data-testid="svc-endpoint-state">
						<EndpointState endpoint={ item } />
					</dd>
				</div>
				<div>
					<dt>{ __( 'Product', 'svc-licensing' ) }</dt>
					<dd>{ productName( products, item.product_id ) }</dd>
				</div>
				<div>
					<dt>{ __( 'Events', 'svc-licensing' ) }</dt>
					<dd>{ item.event_types.join( ', ' ) }</dd>
				</div>
				<div>
					<dt>{ __( 'Added', 'svc-licensing' ) }</dt>
					<dd>{ formatDate( item.created_at ) }</dd>
				</div>
				{ item.description && (
					<div>
						<dt>{ __( 'Description', 'svc-licensing' ) }</dt>
						<dd>{ item.description }</dd>
					</div>
				) }
			</dl>
			<div className="svc-endpoint-actions">
				<Button
					variant="primary"
					disabled={ busy }
					onClick={ () => run( sendTest( client, notify, item ) ) }
				>
					{ __( 'Send test event', 'svc-licensing' ) }
				</Button>
				<Button
					variant="secondary"
					disabled={ busy }
					onClick={ () =>
						run(
							setEnabled( client, notify, item, ! item.is_active )
						)
					}
				>
					{ item.is_active
						? __( 'Disable', 'svc-licensing' )
						: __( 'Enable', 'svc-licensing' ) }
				</Button>
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy }
					onClick={ () => setDeleting( true ) }
				>
					{ __( 'Delete', 'svc-licensing' ) }
				</Button>
			</div>
			<h3>{ __( 'Delivery log', 'svc-licensing' ) }</h3>
			{ page.kind === 'error' && (
				<LoadError message={ page.message } onRetry={ reloadPage } />
			) }
			{ page.kind === 'ready' &&
				page.value.total === 0 &&
				state.status === null && (
					<p className="svc-empty">
						{ __(
							'Nothing sent yet. Events are sent within a minute of happening; "Send test event" sends one now.',
							'svc-licensing'
						) }
					</p>
				) }
			<DataViews
				view={ viewOfState( state ) }
				onChangeView={ ( next: DeliveryView ) =>
					onState( stateOfView( state, next ) )
				}
				fields={ fields }
				data={ page.kind === 'ready' ? page.value.data : [] }
				actions={ actions }
				isLoading={ page.kind === 'loading' }
				rowName={ ( delivery: WebhookDelivery ) =>
					sprintf(
						/* translators: %s: delivery id. */
						__( 'delivery %s', 'svc-licensing' ),
						delivery.delivery_id
					)
				}
				getItemId={ ( delivery: WebhookDelivery ) =>
					String( delivery.id )
				}
				paginationInfo={ paginationOf( page ) }
				supportedLayouts={ [ 'table' ] }
				search={ false }
			/>
			{ deleting && (
				<Modal
					title={ __( 'Delete this endpoint?', 'svc-licensing' ) }
					onRequestClose={ () => setDeleting( false ) }
				>
					<ConfirmActions
						text={ DELETE_TEXT }
						label={ __( 'Delete', 'svc-licensing' ) }
						close={ () => setDeleting( false ) }
						run={ () =>
							deleteEndpoint( client, notify, item, onBack )
						}
					/>
				</Modal>
			) }
		</div>
	);
}
