/**
 * Transport over @wordpress/api-fetch: the logged-in admin's cookie and the REST nonce that WordPress
 * adds to api-fetch on wp-admin screens.
 */
import apiFetch from '@wordpress/api-fetch';
import { routePath, type Transport } from './client';

export const apiFetchTransport: Transport = async ( {
	method,
	path,
	query,
	body,
} ) => {
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
