/**
 * GET /svc/v1/health (decisions.md: status, version, timestamp, checks[]; 503 when a check fails).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Health } from '../../src/api/types';
import { repoRoot } from '../fixtures/env';
import { breakPackageDir, setSettings } from '../fixtures/test-helpers';

const pluginVersion = /Version:\s+(\S+)/.exec(
	fs.readFileSync(
		path.join( repoRoot, 'plugin', 'svc-licensing.php' ),
		'utf8'
	)
)?.[ 1 ];

test.describe( 'GET /svc/v1/health', () => {
	test.afterEach( async ( { request } ) => {
		await setSettings( request, { webhook_signing_secret: '' } );
		await breakPackageDir( request, false );
	} );

	test( 'reports version, a current timestamp and the three real checks', async ( {
		request,
	} ) => {
		const before = Date.now();
		const response = await request.get( '/wp-json/svc/v1/health' );
		expect( response.status() ).toBe( 200 );
		expect( response.headers()[ 'cache-control' ] ).toBe( 'no-store' );
		const body = ( await response.json() ) as Health;

		expect( Object.keys( body ).sort() ).toEqual( [
			'checks',
			'status',
			'timestamp',
			'version',
		] );
		expect( body.version ).toBe( pluginVersion );
		expect( body.timestamp ).toMatch( /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );
		expect(
			Math.abs( Date.parse( body.timestamp ) - before )
		).toBeLessThan( 60_000 );
		expect( body.checks.map( ( c ) => c.name ) ).toEqual( [
			'database',
			'file_storage',
			'payment_webhook',
		] );
		expect(
			body.checks.find( ( c ) => c.name === 'database' )?.status
		).toBe( 'pass' );
		expect(
			body.checks.find( ( c ) => c.name === 'file_storage' )?.status
		).toBe( 'pass' );
	} );

	test( 'warns, still with 200, while no webhook signing secret is configured', async ( {
		request,
	} ) => {
		await setSettings( request, { webhook_signing_secret: '' } );
		const response = await request.get( '/wp-json/svc/v1/health' );
		expect( response.status() ).toBe( 200 );
		const body = ( await response.json() ) as Health;
		expect(
			body.checks.find( ( c ) => c.name === 'payment_webhook' )
		).toEqual( {
			name: 'payment_webhook',
			status: 'warn',
			message: 'No webhook signing secret is configured.',
		} );
		expect( body.status ).toBe( 'warn' );
	} );

	test( 'passes once a signing secret is set', async ( { request } ) => {
		await setSettings( request, {
			webhook_signing_secret: 'whsec_test_0123456789',
		} );
		const body = ( await (
			await request.get( '/wp-json/svc/v1/health' )
		).json() ) as Health;
		expect( body.checks.every( ( c ) => c.status === 'pass' ) ).toBe(
			true
		);
		expect( body.status ).toBe( 'pass' );
	} );

	test( 'answers 503 with file_storage failing when the package folder cannot be written', async ( {
		request,
	} ) => {
		await setSettings( request, {
			webhook_signing_secret: 'whsec_test_0123456789',
		} );
		await breakPackageDir( request, true );
		const response = await request.get( '/wp-json/svc/v1/health' );
		expect( response.status() ).toBe( 503 );
		const body = ( await response.json() ) as Health;
		expect( body.status ).toBe( 'fail' );
		expect(
			body.checks.find( ( c ) => c.name === 'file_storage' )
		).toEqual( {
			name: 'file_storage',
			status: 'fail',
			message: 'The package folder is not writable.',
		} );
		expect(
			body.checks.find( ( c ) => c.name === 'database' )?.status
		).toBe( 'pass' );

		await breakPackageDir( request, false );
		expect(
			( await request.get( '/wp-json/svc/v1/health' ) ).status()
		).toBe( 200 );
	} );

	test( 'answers the same at /?rest_route=', async ( { request } ) => {
		const response = await request.get( '/?rest_route=/svc/v1/health' );
		expect( response.status() ).toBe( 200 );
		const body = ( await response.json() ) as Health;
		expect( body.version ).toBe( pluginVersion );
		expect( body.checks ).toHaveLength( 3 );
	} );
} );
