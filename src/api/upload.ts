/**
 * Multipart upload of a release package with progress, which api-fetch cannot report. Same cookie + nonce
 * authentication as the rest of the panel; errors come back as the service's ServiceError.
 */
import { ServiceError } from './client';
import { isErrorEnvelope, type Release } from './types';

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
	const url = `${ restUrl }svc/v1/admin/products/${ productId }/releases`;
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
			if ( request.status === 201 ) {
				onProgress( 1 );
				resolve( body as Release );
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
