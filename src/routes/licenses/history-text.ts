/**
 * A licence event in words for the history table. Pure, so it is unit-tested.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { LoggedEvent } from '../../api/types';

/** A payload's address, or a dash when it has none. */
const siteOf = ( value: unknown ): string =>
	typeof value === 'string' ? value : '—';

/** What happened, in words, with the site when the event names one. */
export function eventText( event: LoggedEvent ): string {
	if ( event.type === 'license.moved' ) {
		return sprintf(
			/* translators: 1: the site's old address, 2: its new address. */
			__( 'Moved from %1$s to %2$s', 'svc-licensing' ),
			siteOf( event.payload.from_site_url ),
			siteOf( event.payload.site_url )
		);
	}
	const labels: Record< string, string > = {
		'license.created': __( 'Created', 'svc-licensing' ),
		'license.updated': __( 'Edited', 'svc-licensing' ),
		/* translators: %s: site URL. */
		'license.activated': __( 'Activated on %s', 'svc-licensing' ),
		/* translators: %s: site URL. */
		'license.deactivated': __( 'Deactivated on %s', 'svc-licensing' ),
		'license.rotated': __( 'Key replaced', 'svc-licensing' ),
		'license.renewed': __( 'Renewed', 'svc-licensing' ),
		'license.expired': __( 'Expired', 'svc-licensing' ),
		'license.cancelled': __( 'Cancelled', 'svc-licensing' ),
		'license.revoked': __( 'Revoked', 'svc-licensing' ),
		'license.deleted': __( 'Deleted', 'svc-licensing' ),
	};
	const label = labels[ event.type ] ?? event.type;
	return label.includes( '%s' )
		? sprintf( label, siteOf( event.payload.site_url ) )
		: label;
}

/** Who did it. */
export function actorText( event: LoggedEvent ): string {
	const { kind, label } = event.actor;
	switch ( kind ) {
		case 'user':
			return sprintf(
				/* translators: %s: WordPress login. */
				__( 'User %s', 'svc-licensing' ),
				label.slice( label.indexOf( ':' ) + 1 )
			);
		case 'api_key':
			/* translators: %s: API key prefix. */
			return sprintf( __( 'API key %s…', 'svc-licensing' ), label );
		case 'payment':
			/* translators: %s: payment processor event id. */
			return sprintf( __( 'Payment event %s', 'svc-licensing' ), label );
		case 'system':
			return __( 'The service (scheduled job)', 'svc-licensing' );
		default:
			/* translators: %s: the customer's site or email. */
			return sprintf( __( 'Customer (%s)', 'svc-licensing' ), label );
	}
}
