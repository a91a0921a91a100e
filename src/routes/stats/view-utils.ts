import { __ } from '@wordpress/i18n';
import type { CheckStatus, HealthCheck } from '../../api/types';

export function statusLabel( status: CheckStatus ): string {
	switch ( status ) {
		case 'pass':
			return __( 'Pass', 'svc-licensing' );
		case 'warn':
			return __( 'Warning', 'svc-licensing' );
		case 'fail':
			return __( 'Failing', 'svc-licensing' );
	}
}

export function checkLabel( name: HealthCheck[ 'name' ] ): string {
	switch ( name ) {
		case 'database':
			return __( 'Database', 'svc-licensing' );
		case 'file_storage':
			return __( 'Package storage', 'svc-licensing' );
		case 'payment_webhook':
			return __( 'Payment webhook', 'svc-licensing' );
	}
}

/** Licence counts as chart rows, one per status. */
export function statusRows(
	licenses: Record< string, number >
): Array< { status: string; count: number } > {
	return [ 'active', 'trial', 'expired', 'suspended', 'cancelled' ].map(
		( status ) => ( { status, count: licenses[ status ] ?? 0 } )
	);
}

/** "2026-11-03" as a short axis label ("3 Nov"). */
export function dayLabel( date: string ): string {
	const parsed = new Date( `${ date }T00:00:00Z` );
	return Number.isNaN( parsed.getTime() )
		? date
		: parsed.toLocaleDateString( undefined, {
				day: 'numeric',
				month: 'short',
				timeZone: 'UTC',
			} );
}
