/**
 * Multipart uploads with progress, which api-fetch cannot report: release packages and export files. Same
 * cookie + nonce authentication as the rest of the panel; errors come back as the service's ServiceError.
 */
import { ServiceError } from './client';
import { isErrorEnvelope, type Release, type Restored } from './types';

export function uploadRelease(
	restUrl: string,
	nonce: string,
	productId: number,
	fields: Record< string, string >,
	file: File,
	onProgress: ( fraction: number ) => void
): Promise< Release > {
	const form = new FormData();
	for ( const [ name, value ] of Object.entries( fields ) ) {
		form.append( name, value );
	}
	form.append( 'package', file, file.name );
	return postForm< Release >(
		`${ restUrl }svc/v1/admin/products/${ productId }/releases`,
		nonce,
		form,
		201,
		onProgress
	);
}

/** POST /admin/backup/restore with the export file. */
export function restoreExport(
	restUrl: string,
	nonce: string,
	file: File,
	onProgress: ( fraction: number ) => void
): Promise< Restored > {
	const form = new FormData();
	form.append( 'file', file, file.name );
	return postForm< Restored >(
		`${ restUrl }svc/v1/admin/backup/restore`,
		nonce,
		form,
		200,
		onProgress
	);
}

function postForm< T >(
	url: string,
	nonce: string,
	form: FormData,
	expected: number,
	onProgress: ( fraction: number ) => void
): Promise< T > {
	return new Promise( ( resolve, reject ) => {
		const request = new XMLHttpRequest();
		request.open( 'POST', url );
		request.setRequestHeader( 'X-WP-Nonce', nonce );
		request.upload.onprogress = ( event ) => {
			if ( event.lengthComputable ) {
				onProgress( event.loaded / event.total );
			}
		};
		request.onload = () => {
			let body: unknown = null;
			try {
				body = JSON.parse( request.responseText );
			} catch {
				body = null;
			}
			if ( request.status === expected ) {
				onProgress( 1 );
				resolve( body as T );
			} else if ( isErrorEnvelope( body ) ) {
				reject( new ServiceError( request.status, body ) );
			} else {
				reject(
					new Error( `Upload failed with HTTP ${ request.status }` )
				);
			}
		};
		request.onerror = () =>
			reject( new Error( 'The upload did not reach the server.' ) );
		request.send( form );
	} );
}
