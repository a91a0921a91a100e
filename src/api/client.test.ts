import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	ServiceClient,
	ServiceError,
	routePath,
	type TransportRequest,
	type TransportResponse,
} from './client';
import { isErrorEnvelope } from './types';

const health = {
	status: 'fail',
	version: '0.1.0',
	timestamp: '2026-01-01T00:00:00Z',
	checks: [],
};

function clientAnswering(
	response: TransportResponse,
	seen: TransportRequest[] = []
) {
	return new ServiceClient( async ( request ) => {
		seen.push( request );
		return response;
	} );
}

test( 'routePath puts the namespace first and drops undefined query values', () => {
	assert.equal( routePath( '/health' ), '/svc/v1/health' );
	assert.equal(
		routePath( '/licenses', { page: 2, search: 'a b', status: undefined } ),
		'/svc/v1/licenses?page=2&search=a+b'
	);
} );

test( 'health returns the body for 200 and for 503', async () => {
	const seen: TransportRequest[] = [];
	assert.deepEqual(
		await clientAnswering(
			{ status: 503, headers: {}, body: health },
			seen
		).health(),
		health
	);
	assert.deepEqual( seen, [ { method: 'GET', path: '/health' } ] );
} );

test( 'an error envelope becomes a ServiceError with its code', async () => {
	const envelope = {
		code: 'rate_limit_exceeded',
		message: 'Slow down.',
		data: { status: 429 },
	};
	await assert.rejects(
		clientAnswering( {
			status: 429,
			headers: {},
			body: envelope,
		} ).health(),
		( error: unknown ) =>
			error instanceof ServiceError &&
			error.code === 'rate_limit_exceeded' &&
			error.status === 429
	);
} );

test( 'isErrorEnvelope requires code, message and a numeric data.status', () => {
	assert.equal(
		isErrorEnvelope( { code: 'x', message: 'y', data: { status: 400 } } ),
		true
	);
	assert.equal(
		isErrorEnvelope( { code: 'x', message: 'y', data: {} } ),
		false
	);
	assert.equal(
		isErrorEnvelope( { code: 'x', data: { status: 400 } } ),
		false
	);
	assert.equal( isErrorEnvelope( null ), false );
} );
