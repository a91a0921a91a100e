/**
 * Transport over @wordpress/api-fetch: the logged-in admin's cookie and the REST nonce that WordPress
 * adds to api-fetch on wp-admin screens. A FormData body (an upload) goes through XMLHttpRequest instead, which
 * reports the upload's progress.
 */
import apiFetch from '@wordpress/api-fetch';
import { routePath, type Transport } from './client';
import { sendForm } from './upload';
import { panelConfig } from '../panel-config';

export const apiFetchTransport: Transport = async ( {
	method,
	path,
	query,
	body,
	onProgress,
} ) => {
	if ( typeof FormData !== 'undefined' && body instanceof FormData ) {
		const { restUrl, nonce } = panelConfig();
		return sendForm(
			`${ restUrl }${ routePath( path, query ).slice( 1 ) }`,
			nonce,
			method,
			body,
			onProgress
		);
	}
	const response = ( await apiFetch( {
		path: routePath( path, query ),
		method,
		data: body,
		parse: false,
	} ).catch( ( error: unknown ) => {
		// With parse: false, api-fetch rejects with the raw Response for HTTP errors.
		if ( error instanceof Response ) {
			return error;
		}
		throw error;
	} ) ) as Response;
	const text = await response.text();
	return {
		status: response.status,
		headers: Object.fromEntries( response.headers.entries() ),
		body: text === '' ? null : JSON.parse( text ),
	};
};
