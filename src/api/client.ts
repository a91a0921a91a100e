/**
 * The typed client for /svc/v1. It talks through a Transport, so the panel uses @wordpress/api-fetch
 * (cookie + nonce) and the end-to-end tests use Playwright's request context, with the same methods.
 */
import {
	NAMESPACE,
	isErrorEnvelope,
	type ErrorEnvelope,
	type Health,
} from './types';

export interface TransportRequest {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** Path below the namespace, e.g. /health. */
	path: string;
	query?: Record< string, string | number | boolean | undefined >;
	body?: unknown;
}

export interface TransportResponse {
	status: number;
	headers: Record< string, string >;
	body: unknown;
}

export type Transport = (
	request: TransportRequest
) => Promise< TransportResponse >;

/** A response of the service that is an error envelope. */
export class ServiceError extends Error {
	constructor(
		readonly status: number,
		readonly envelope: ErrorEnvelope
	) {
		super( envelope.message );
		this.name = 'ServiceError';
	}

	get code(): string {
		return this.envelope.code;
	}
}

export function routePath(
	path: string,
	query: TransportRequest[ 'query' ] = {}
): string {
	const params = new URLSearchParams();
	for ( const [ key, value ] of Object.entries( query ) ) {
		if ( value !== undefined ) {
			params.set( key, String( value ) );
		}
	}
	const search = params.toString();
	return `/${ NAMESPACE }${ path }${ search ? `?${ search }` : '' }`;
}

export class ServiceClient {
	constructor( private readonly transport: Transport ) {}

	/** GET /health. A 503 still carries a health body, so it is returned, not thrown. */
	async health(): Promise< Health > {
		const response = await this.transport( {
			method: 'GET',
			path: '/health',
		} );
		if ( response.status === 200 || response.status === 503 ) {
			return response.body as Health;
		}
		throw this.error( response );
	}

	private error( response: TransportResponse ): Error {
		if ( isErrorEnvelope( response.body ) ) {
			return new ServiceError( response.status, response.body );
		}
		return new Error(
			`Unexpected HTTP ${ response.status } from the service`
		);
	}
}
