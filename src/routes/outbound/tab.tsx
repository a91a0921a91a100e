/**
 * Outbound webhooks: the endpoints the service POSTs its events to, and one endpoint's delivery log. The open
 * endpoint, the log's status filter and its page are in the URL (`endpoint`, `delivery_status`, `paged`).
 */
import { Button } from '@wordpress/components';
import { useCallback, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { WebhookEndpoint } from '../../api/types';
import { LoadError, useLoad } from '../../components/async';
import { DataViews, paginationOf } from '../../components/data-views';
import { setQueryArgs } from '../../components/url-state';
import { CreateEndpoint } from './create';
import { EndpointLog } from './deliveries';
import { useEndpointActions } from './endpoint-actions';
import { endpointFields } from './fields';
import { argsOfState, stateFromSearch, type OutboundState } from './view-state';

const LIST_VIEW = {
	type: 'table',
	search: '',
	filters: [],
	page: 1,
	perPage: 20,
	hiddenFields: [],
	layout: {},
};

export function OutboundWebhooks( { client }: { client: ServiceClient } ) {
	const [ state, setState ] = useState< OutboundState >( () =>
		stateFromSearch( window.location.search )
	);
	const go = useCallback( ( next: OutboundState ) => {
		setQueryArgs( argsOfState( next ) );
		setState( next );
	}, [] );
	const [ products ] = useLoad( () => client.products(), [] );
	const productList = useMemo(
		() => ( products.kind === 'ready' ? products.value.items : [] ),
		[ products ]
	);
	return (
		<div className="svc-outbound">
			{ state.endpoint !== null ? (
				<EndpointLog
					client={ client }
					products={ productList }
					state={ { ...state, endpoint: state.endpoint } }
					onState={ go }
					onBack={ () =>
						go( { endpoint: null, status: null, page: 1 } )
					}
				/>
			) : (
				<EndpointList
					client={ client }
					products={ productList }
					onOpen={ ( endpoint ) =>
						go( { endpoint: endpoint.id, status: null, page: 1 } )
					}
				/>
			) }
		</div>
	);
}

function EndpointList( {
	client,
	products,
	onOpen,
}: {
	client: ServiceClient;
	products: Parameters< typeof endpointFields >[ 1 ];
	onOpen: ( endpoint: WebhookEndpoint ) => void;
} ) {
	const [ view, setView ] = useState( LIST_VIEW );
	const [ creating, setCreating ] = useState( false );
	const [ page, reload ] = useLoad(
		() =>
			client.webhookEndpoints( {
				page: view.page,
				per_page: view.perPage,
			} ),
		[ view.page, view.perPage ]
	);
	const fields = useMemo(
		() => endpointFields( client, products ),
		[ client, products ]
	);
	const actions = useEndpointActions( client, reload, onOpen );
	return (
		<>
			<div className="svc-screen-header">
				<h3>{ __( 'Endpoints', 'svc-licensing' ) }</h3>
				<Button variant="primary" onClick={ () => setCreating( true ) }>
					{ __( 'Add endpoint', 'svc-licensing' ) }
				</Button>
			</div>
			<p className="svc-intro">
				{ __(
					'The service POSTs each event of its log to these addresses within a minute, signed with the endpoint’s secret, and retries failures for about a day and a half.',
					'svc-licensing'
				) }
			</p>
			{ page.kind === 'error' && (
				<LoadError message={ page.message } onRetry={ reload } />
			) }
			{ page.kind === 'ready' && page.value.total === 0 && (
				<p className="svc-empty">
					{ __(
						'No endpoints yet. Add one to tell your CRM, help desk or accounting what happens to licences.',
						'svc-licensing'
					) }
				</p>
			) }
			<DataViews
				view={ view }
				onChangeView={ setView }
				fields={ fields }
				data={ page.kind === 'ready' ? page.value.data : [] }
				actions={ actions }
				isLoading={ page.kind === 'loading' }
				getItemId={ ( item: WebhookEndpoint ) => String( item.id ) }
				rowName={ ( item: WebhookEndpoint ) =>
					/* translators: %s: endpoint URL. */
					sprintf( __( 'endpoint %s', 'svc-licensing' ), item.url )
				}
				paginationInfo={ paginationOf( page ) }
				supportedLayouts={ [ 'table' ] }
				search={ false }
			/>
			{ creating && (
				<CreateEndpoint
					client={ client }
					products={ products }
					onClose={ () => setCreating( false ) }
					onCreated={ reload }
				/>
			) }
		</>
	);
}
