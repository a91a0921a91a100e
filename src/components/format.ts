/**
 * Display helpers shared by the screens.
 */
import { __ } from '@wordpress/i18n';

/** A timestamp as the viewer's locale writes it; empty values read "Never" or a dash. */
export function formatDate(
	value: string | null | undefined,
	empty: string = __( '—', 'svc-licensing' )
): string {
	if ( ! value ) {
		return empty;
	}
	const date = new Date( value );
	return Number.isNaN( date.getTime() )
		? value
		: date.toLocaleString( undefined, {
				dateStyle: 'medium',
				timeStyle: 'short',
			} );
}

export function formatMoney( amount: number, currency: string ): string {
	try {
		return new Intl.NumberFormat( undefined, {
			style: 'currency',
			currency,
		} ).format( amount );
	} catch {
		return `${ amount } ${ currency }`;
	}
}

/** An ISO timestamp from a date input (YYYY-MM-DD), end of that day in UTC. */
export function endOfDay( date: string ): string | null {
	return date ? `${ date }T23:59:59Z` : null;
}
