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

/**
 * Licence counts as chart rows, one per status. The statistics object (the spec's) counts five statuses and the
 * total; what the total holds beyond them are the revoked licences, so the rows add up to the total.
 */
export function statusRows(
	licenses: Record< string, number >
): Array< { status: string; count: number } > {
	const rows = [ 'active', 'trial', 'expired', 'suspended', 'cancelled' ].map(
		( status ) => ( { status, count: licenses[ status ] ?? 0 } )
	);
	const counted = sum( rows.map( ( row ) => row.count ) );
	return [
		...rows,
		{
			status: 'revoked',
			count: Math.max( 0, ( licenses.total ?? counted ) - counted ),
		},
	];
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

/** A day of the 30-day series, labelled for the axis and the table. */
export interface DayRow {
	date: string;
	label: string;
	activations: number;
	revenue: number;
}

/** Whether a series has anything to draw: a chart of zeros says nothing a sentence would not. */
export function hasData( values: number[] ): boolean {
	return values.some( ( value ) => value !== 0 );
}

/** The day with the most of a series (the first such day), or null when every day is zero. */
export function busiestDay< T extends { label: string } >(
	rows: T[],
	value: ( row: T ) => number
): { label: string; value: number } | null {
	let best: { label: string; value: number } | null = null;
	for ( const row of rows ) {
		if (
			value( row ) > 0 &&
			( best === null || value( row ) > best.value )
		) {
			best = { label: row.label, value: value( row ) };
		}
	}
	return best;
}

export function sum( values: number[] ): number {
	return values.reduce( ( total, value ) => total + value, 0 );
}
