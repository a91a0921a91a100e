/**
 * Multipart uploads with progress, which api-fetch cannot report: the transport (api-fetch-transport.ts) sends
 * every FormData body through here, so release packages go through the typed client like every other call.
 * Same cookie + nonce authentication as the rest of the panel.
 */
import type { TransportResponse } from './client';
import type { Restored } from './types';
import { ServiceError } from './client';
import { isErrorEnvelope } from './types';

/** Sends a FormData body with XMLHttpRequest, whose upload reports progress; answers like any transport. */
export function sendForm(
	url: string,
	nonce: string,
	method: string,
	form: FormData,
	onProgress?: ( fraction: number ) => void
): Promise< TransportResponse > {
	return new Promise( ( resolve, reject ) => {
		const request = new XMLHttpRequest();
		request.open( method, url );
		request.setRequestHeader( 'X-WP-Nonce', nonce );
		request.upload.onprogress = ( event ) => {
			if ( event.lengthComputable ) {
				onProgress?.( event.loaded / event.total );
			}
		};
		request.onload = () => {
			let body: unknown = null;
			try {
				body = JSON.parse( request.responseText );
			} catch {
				body = null;
			}
			if ( request.status >= 200 && request.status < 300 ) {
				onProgress?.( 1 );
			}
			resolve( { status: request.status, headers: {}, body } );
		};
		request.onerror = () =>
			reject( new Error( 'The upload did not reach the server.' ) );
		request.send( form );
	} );
}

/** POST /admin/backup/restore with the export file. */
export async function restoreExport(
	restUrl: string,
	nonce: string,
	file: File,
	onProgress: ( fraction: number ) => void
): Promise< Restored > {
	const form = new FormData();
	form.append( 'file', file, file.name );
	const response = await sendForm(
		`${ restUrl }svc/v1/admin/backup/restore`,
		nonce,
		'POST',
		form,
		onProgress
	);
	if ( response.status === 200 ) {
		return response.body as Restored;
	}
	if ( isErrorEnvelope( response.body ) ) {
		throw new ServiceError( response.status, response.body );
	}
	throw new Error( `Upload failed with HTTP ${ response.status }` );
}
