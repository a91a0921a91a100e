/**
 * Pure rules of the licence screens: the "unlimited" activation limit, what an expiry extension gives, which
 * actions a licence offers, and the CSV of a selection. Unit-tested.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { License } from '../../api/types';

/** The schema's maximum stands for "unlimited" (docs/api-decisions.md): the spec's limit is an integer. */
export const UNLIMITED = 1000000;

export const isUnlimited = ( limit: number ): boolean => limit >= UNLIMITED;

/** An extension: by a number of days, or to a date (YYYY-MM-DD, end of that day UTC). */
export type Extension = { days: number } | { date: string };

/**
 * The new expiry of a licence extended: N days after its expiry, or after now when it already passed; or the
 * given date. A lifetime licence (null) stays lifetime.
 */
export function extendedExpiry(
	expires: string | null,
	extension: Extension,
	now: Date = new Date()
): string | null {
	if ( expires === null ) {
		return null;
	}
	if ( 'date' in extension ) {
		return `${ extension.date }T23:59:59Z`;
	}
	const from = Math.max( new Date( expires ).getTime(), now.getTime() );
	return new Date( from + extension.days * 86400 * 1000 )
		.toISOString()
		.replace( /\.\d+Z$/, 'Z' );
}

/** A valid extension, or null: whole days from 1 to 3650, or a date. */
export function extensionOf(
	mode: 'days' | 'date',
	days: string,
	date: string
): Extension | null {
	if ( mode === 'date' ) {
		return /^\d{4}-\d{2}-\d{2}$/.test( date ) ? { date } : null;
	}
	const number = Number( days );
	return Number.isInteger( number ) && number >= 1 && number <= 3650
		? { days: number }
		: null;
}

/** Key rotation makes sense only for a licence that can still be used. */
export const canRotate = ( license: License ): boolean =>
	license.status !== 'cancelled' && license.status !== 'revoked';
export const canSuspend = ( license: License ): boolean =>
	license.status === 'active' || license.status === 'trial';
export const canReactivate = ( license: License ): boolean =>
	license.status !== 'active' && license.status !== 'trial';
export const canCancel = ( license: License ): boolean =>
	license.status !== 'cancelled';
export const canExtend = ( license: License ): boolean =>
	license.expires !== null;

/** One CSV cell: quoted when it holds a quote, comma or line break; a leading =+-@ is defused for spreadsheets. */
function cell( value: unknown ): string {
	let text = value === null || value === undefined ? '' : String( value );
	if ( /^[=+\-@]/.test( text ) ) {
		text = `'${ text }`;
	}
	return /[",\r\n]/.test( text ) ? `"${ text.replace( /"/g, '""' ) }"` : text;
}

export const CSV_COLUMNS = [
	'id',
	'license_key_masked',
	'product_name',
	'customer_name',
	'customer_email',
	'status',
	'activation_count',
	'activation_limit',
	'expires',
	'created_at',
] as const;

/** The selection as CSV (RFC 4180, CRLF), a header row first. */
export function licensesCsv( licenses: License[] ): string {
	const rows = [
		CSV_COLUMNS.join( ',' ),
		...licenses.map( ( license ) =>
			CSV_COLUMNS.map( ( column ) => cell( license[ column ] ) ).join(
				','
			)
		),
	];
	return rows.join( '\r\n' ) + '\r\n';
}

/** A status as people read it. */
export const statusLabel = ( status: string ): string =>
	( {
		active: __( 'Active', 'svc-licensing' ),
		trial: __( 'Trial', 'svc-licensing' ),
		expired: __( 'Expired', 'svc-licensing' ),
		suspended: __( 'Suspended', 'svc-licensing' ),
		cancelled: __( 'Cancelled', 'svc-licensing' ),
		revoked: __( 'Revoked', 'svc-licensing' ),
	} )[ status ] ?? status;

/** "licence …2XSK": how a licence is named in buttons and messages. */
export const licenseName = ( license: License ): string =>
	sprintf(
		/* translators: %s: last group of the licence key. */
		__( 'licence …%s', 'svc-licensing' ),
		license.license_key_masked.slice( -4 )
	);
