/**
 * Types of the /svc/v1 API, shared by the admin panel and the end-to-end tests.
 */

export const NAMESPACE = 'svc/v1';

export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface HealthCheck {
	name: 'database' | 'file_storage' | 'payment_webhook';
	status: CheckStatus;
	message?: string;
}

export interface Health {
	status: CheckStatus;
	version: string;
	timestamp: string;
	checks: HealthCheck[];
}

/** Every error under /svc/v1 has this shape. */
export interface ErrorEnvelope {
	code: string;
	message: string;
	data: { status: number } & Record< string, unknown >;
}

export function isErrorEnvelope( value: unknown ): value is ErrorEnvelope {
	if ( typeof value !== 'object' || value === null ) {
		return false;
	}
	const candidate = value as Partial< ErrorEnvelope >;
	return (
		typeof candidate.code === 'string' &&
		typeof candidate.message === 'string' &&
		typeof candidate.data === 'object' &&
		candidate.data !== null &&
		typeof candidate.data.status === 'number'
	);
}
