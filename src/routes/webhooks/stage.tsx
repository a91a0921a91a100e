/**
 * Webhooks, in two tabs named for a seller (`tab=` in the URL): Payment events, the Stripe events received
 * (inbound), with a status filter, the payload and reprocessing; and Outbound webhooks, the deliveries this
 * service sends to the seller's endpoints (routes/outbound).
 */
import { TabPanel } from '@wordpress/components';
import { DataViews, paginationOf } from '../../components/data-views';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { WebhookEvent, WebhookStatus } from '../../api/types';
import { LoadError, useLoad } from '../../components/async';
import { queryArg, setQueryArgs } from '../../components/url-state';
import { OutboundWebhooks } from '../outbound/tab';
import { webhookActions } from './actions';
import { webhookFields } from './fields';
import { ScreenHeader } from '../../components/screen';

interface EventView {
	type: string;
	search?: string;
	filters: Array< { field: string; operator: string; value: unknown } >;
	page?: number;
	perPage?: number;
	hiddenFields: string[];
	layout: Record< string, unknown >;
}

function StripeEvents( { client }: { client: ServiceClient } ) {
	const [ view, setView ] = useState< EventView >( {
		type: 'table',
		search: '',
		filters: [],
		page: 1,
		perPage: 20,
		hiddenFields: [],
		layout: {},
	} );
	const filter = view.filters.find( ( f ) => f.field === 'status' );
	const status = (
		Array.isArray( filter?.value ) ? filter?.value[ 0 ] : filter?.value
	) as WebhookStatus | undefined;
	const query = {
		page: view.page ?? 1,
		per_page: view.perPage ?? 20,
		status: status || undefined,
		event_id: view.search?.trim() || undefined,
	};
	const [ page, reload ] = useLoad(
		() => client.webhooks( query ),
		[ JSON.stringify( query ) ]
	);
	const data = page.kind === 'ready' ? page.value.data : [];
	const actions = useMemo(
		() => webhookActions( client, reload ),
		[ client, reload ]
	);
	return (
		<>
			{ page.kind === 'error' && (
				<LoadError message={ page.message } onRetry={ reload } />
			) }
			{ page.kind === 'ready' && page.value.total === 0 && ! status && (
				<p className="svc-empty">
					{ __(
						'No events yet. Point a Stripe webhook at /wp-json/svc/v1/webhooks/payment and set its signing secret under Settings.',
						'svc-licensing'
					) }
				</p>
			) }
			<DataViews
				view={ view }
				onChangeView={ setView }
				fields={ webhookFields }
				data={ data }
				actions={ actions }
				isLoading={ page.kind === 'loading' }
				getItemId={ ( item: WebhookEvent ) => String( item.id ) }
				rowName={ ( item: WebhookEvent ) =>
					/* translators: %s: Stripe event id. */
					sprintf( __( 'event %s', 'svc-licensing' ), item.event_id )
				}
				paginationInfo={ paginationOf( page ) }
				supportedLayouts={ [ 'table' ] }
				searchLabel={ __( 'Event id (evt_…)', 'svc-licensing' ) }
			/>
		</>
	);
}

export function WebhooksStage( { client }: { client: ServiceClient } ) {
	return (
		<div className="svc-screen">
			<ScreenHeader />
			<TabPanel
				initialTabName={
					queryArg( 'tab' ) === 'outbound' ? 'outbound' : 'stripe'
				}
				onSelect={ ( tab ) =>
					setQueryArgs(
						tab === 'outbound'
							? { tab }
							: {
									tab: null,
									endpoint: null,
									delivery_status: null,
									paged: null,
								}
					)
				}
				tabs={ [
					{
						name: 'stripe',
						title: __( 'Payment events', 'svc-licensing' ),
					},
					{
						name: 'outbound',
						title: __( 'Outbound webhooks', 'svc-licensing' ),
					},
				] }
			>
				{ ( tab ) =>
					tab.name === 'outbound' ? (
						<OutboundWebhooks client={ client } />
					) : (
						<StripeEvents client={ client } />
					)
				}
			</TabPanel>
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default WebhooksStage;
