/**
 * POST /admin/import with progress: true, read as it arrives. The answer is NDJSON (docs/api-decisions.md, "Import
 * progress"): a {phase, done, total} line after each batch, then {report}, or {error} when the run stopped after
 * the answer began. api-fetch reads whole answers, so this uses fetch with the panel's cookie and REST nonce.
 */
import { ServiceError, routePath } from '../../api/client';
import {
	isErrorEnvelope,
	type ImportLine,
	type ImportReport,
	type ImportSourceName,
} from '../../api/types';
import { __ } from '@wordpress/i18n';
import { panelConfig } from '../../panel-config';

export interface ImportProgress {
	phase: string;
	done: number;
	total: number;
}

export interface ImportRequest {
	source: ImportSourceName;
	dry_run: boolean;
	product?: string;
}

/** Runs the import; onProgress gets each progress line; resolves the report or throws the ServiceError. */
export async function streamImport(
	body: ImportRequest,
	onProgress: ( line: ImportProgress ) => void
): Promise< ImportReport > {
	const { restUrl, nonce } = panelConfig();
	const response = await fetch(
		`${ restUrl }${ routePath( '/admin/import' ).slice( 1 ) }`,
		{
			method: 'POST',
			credentials: 'same-origin',
			headers: {
				'Content-Type': 'application/json',
				Accept: 'application/x-ndjson',
				'X-WP-Nonce': nonce,
			},
			body: JSON.stringify( { ...body, progress: true } ),
		}
	);
	if ( ! response.ok || ! response.body ) {
		const answer: unknown = await response.json().catch( () => null );
		if ( isErrorEnvelope( answer ) ) {
			throw new ServiceError( response.status, answer );
		}
		throw new Error(
			__(
				'The service gave an answer the panel cannot read.',
				'svc-licensing'
			)
		);
	}
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let pending = '';
	let report: ImportReport | null = null;
	const read = ( text: string ) => {
		if ( text.trim() === '' ) {
			return;
		}
		const line = JSON.parse( text ) as ImportLine;
		if ( 'error' in line ) {
			throw new ServiceError( line.error.data.status, line.error );
		}
		if ( 'report' in line ) {
			report = line.report;
			return;
		}
		onProgress( line );
	};
	for (;;) {
		const { done, value } = await reader.read();
		pending += decoder.decode( value, { stream: ! done } );
		const lines = pending.split( '\n' );
		pending = lines.pop() ?? '';
		lines.forEach( read );
		if ( done ) {
			read( pending );
			break;
		}
	}
	if ( report === null ) {
		throw new Error(
			__(
				'The answer ended before the import did. It goes on, or went on, on the server: open this page again in a minute and run the dry run to see what arrived.',
				'svc-licensing'
			)
		);
	}
	return report;
}
