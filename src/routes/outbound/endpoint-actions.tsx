/**
 * What an admin does to one endpoint, from its row's menu or from its delivery log: send a test event, switch it
 * off or on, delete it (after a confirmation). Every write goes through the client; every outcome is a notice.
 */
import { useMemo } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { WebhookDeliveryDetail, WebhookEndpoint } from '../../api/types';
import { ConfirmActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';
import { outcome } from './fields';

type Notify = ReturnType< typeof useNotify >;

/** The notice after a test or a replay: sent now, so the answer is known. */
export function reportSent(
	notify: Notify,
	delivery: WebhookDeliveryDetail,
	sentText: string
) {
	if ( delivery.status === 'succeeded' ) {
		notify.success(
			sprintf(
				/* translators: 1: "Test event sent." or "Delivery replayed.", 2: "HTTP 200". */
				__( '%1$s Delivered (%2$s).', 'svc-licensing' ),
				sentText,
				outcome( delivery )
			)
		);
		return;
	}
	notify.error(
		new Error(
			sprintf(
				/* translators: 1: "Test event sent." or "Delivery replayed.", 2: "HTTP 500" or an error. */
				__(
					'%1$s It was not delivered (%2$s); see its attempts in the delivery log.',
					'svc-licensing'
				),
				sentText,
				outcome( delivery )
			)
		)
	);
}

export function sendTest(
	client: ServiceClient,
	notify: Notify,
	endpoint: WebhookEndpoint
): Promise< unknown > {
	return client.testWebhookEndpoint( endpoint.id ).then(
		( delivery ) =>
			reportSent(
				notify,
				delivery,
				__( 'Test event sent.', 'svc-licensing' )
			),
		( error ) =>
			notify.error(
				error,
				__( 'The test event was not sent:', 'svc-licensing' )
			)
	);
}

export function setEnabled(
	client: ServiceClient,
	notify: Notify,
	endpoint: WebhookEndpoint,
	enabled: boolean
): Promise< unknown > {
	return client
		.updateWebhookEndpoint( endpoint.id, { is_active: enabled } )
		.then(
			() =>
				notify.success(
					enabled
						? __( 'Endpoint enabled.', 'svc-licensing' )
						: __( 'Endpoint disabled.', 'svc-licensing' )
				),
			( error ) => notify.error( error )
		);
}

export const DELETE_TEXT = __(
	'Nothing more is sent to it, and its delivery log is deleted with it. This cannot be undone.',
	'svc-licensing'
);

export function deleteEndpoint(
	client: ServiceClient,
	notify: Notify,
	endpoint: WebhookEndpoint,
	onDeleted: () => void
): Promise< unknown > {
	return client.deleteWebhookEndpoint( endpoint.id ).then(
		() => {
			notify.success( __( 'Endpoint deleted.', 'svc-licensing' ) );
			onDeleted();
		},
		( error ) =>
			notify.error(
				error,
				__( 'The endpoint was not deleted:', 'svc-licensing' )
			)
	);
}

type ModalProps = { items: WebhookEndpoint[]; closeModal?: () => void };

/** The row actions of the endpoint table; stable identities, so an open dialog keeps its state. */
export function useEndpointActions(
	client: ServiceClient,
	reload: () => void,
	open: ( endpoint: WebhookEndpoint ) => void
) {
	const notify = useNotify();
	return useMemo(
		() => [
			{
				id: 'deliveries',
				label: __( 'Delivery log', 'svc-licensing' ),
				callback: ( items: WebhookEndpoint[] ) => open( items[ 0 ] ),
			},
			{
				id: 'test',
				label: __( 'Send test event', 'svc-licensing' ),
				callback: ( items: WebhookEndpoint[] ) =>
					sendTest( client, notify, items[ 0 ] ).then( reload ),
			},
			{
				id: 'disable',
				label: __( 'Disable', 'svc-licensing' ),
				isEligible: ( item: WebhookEndpoint ) => item.is_active,
				callback: ( items: WebhookEndpoint[] ) =>
					setEnabled( client, notify, items[ 0 ], false ).then(
						reload
					),
			},
			{
				id: 'enable',
				label: __( 'Enable', 'svc-licensing' ),
				isEligible: ( item: WebhookEndpoint ) => ! item.is_active,
				callback: ( items: WebhookEndpoint[] ) =>
					setEnabled( client, notify, items[ 0 ], true ).then(
						reload
					),
			},
			{
				id: 'delete',
				label: __( 'Delete', 'svc-licensing' ),
				isDestructive: true,
				modalHeader: __( 'Delete this endpoint?', 'svc-licensing' ),
				RenderModal: ( { items, closeModal }: ModalProps ) => (
					<ConfirmActions
						text={ DELETE_TEXT }
						label={ __( 'Delete', 'svc-licensing' ) }
						close={ () => closeModal?.() }
						run={ () =>
							deleteEndpoint( client, notify, items[ 0 ], reload )
						}
					/>
				),
			},
		],
		[ client, reload, notify, open ]
	);
}
