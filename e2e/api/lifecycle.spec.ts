/**
 * Activation, deactivation and uninstall, run as WordPress runs them.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { fastLane, testToken } from '../fixtures/env';
import {
	applySuiteSettings,
	keyHeaders,
	laneLoader,
	leaseKeysOption,
	setSettings,
} from '../fixtures/test-helpers';
import { publishedKeys } from '../fixtures/lease';
import { makeZip } from '../fixtures/zip';

type Lifecycle = {
	active: boolean;
	tables: Record< string, boolean >;
	options: Record< string, string | null >;
	packages: number;
	/** Whether the fast lane's must-use loader is there. */
	lane_loader: boolean;
};

async function lifecycle(
	request: APIRequestContext,
	action: string
): Promise< Lifecycle > {
	const response = await request.post( '/wp-json/svc-test/v1/lifecycle', {
		headers: { 'X-Svc-Test-Token': testToken },
		data: { action },
	} );
	expect( response.status() ).toBe( 200 );
	return response.json();
}

test( 'deactivation and uninstall keep the data but remove the lane loader; uninstall opted in removes tables and options; activation recreates the schema and the loader', async ( {
	request,
} ) => {
	// The lane on, in the lane-off run too, so there is a loader for deactivation to remove.
	await setSettings( request, {
		webhook_signing_secret: 'whsec_lifecycle',
		fast_lane: true,
	} );
	expect( ( await laneLoader( request ) ).loader ).toBe( true );
	// A stored release package, which uninstall must delete with the tables.
	const headers = await keyHeaders( request );
	const product = await (
		await request.post( '/wp-json/svc/v1/admin/products', {
			headers,
			data: { name: `Lifecycle ${ Date.now() }` },
		} )
	).json();
	const release = await request.post(
		`/wp-json/svc/v1/admin/products/${ product.id }/releases`,
		{
			headers,
			multipart: {
				version: '1.0.0',
				package: {
					name: 'p.zip',
					mimeType: 'application/zip',
					buffer: makeZip( { 'p/p.php': '<?php' } ),
				},
			},
		}
	);
	expect( release.status() ).toBe( 201 );
	// The suite's lease keys, which the client sites trust (global setup bakes them): noted, to be put back after the
	// opted-in uninstall deletes them, as a seller restores an export (docs/leases.md).
	const keys = await publishedKeys( request );
	await leaseKeysOption( request, 'keep' );
	try {
		const deactivated = await lifecycle( request, 'deactivate' );
		expect( deactivated.packages ).toBeGreaterThan( 0 );
		expect( deactivated.active ).toBe( false );
		expect( deactivated.lane_loader ).toBe( false );
		expect( Object.values( deactivated.tables ).every( Boolean ) ).toBe(
			true
		);
		expect( deactivated.options.svc_licensing_settings ).toContain(
			'whsec_lifecycle'
		);
		expect( deactivated.options.svc_licensing_lease_keys ).toContain(
			keys[ 0 ].kid
		);
		// With the plugin off, the namespace is gone.
		expect(
			( await request.get( '/wp-json/svc/v1/health' ) ).status()
		).toBe( 404 );

		// Uninstall (the plugin deleted) keeps everything unless the admin opted in.
		const kept = await lifecycle( request, 'uninstall' );
		expect( Object.values( kept.tables ).every( Boolean ) ).toBe( true );
		expect( kept.packages ).toBe( deactivated.packages );
		expect( kept.lane_loader ).toBe( false );
		expect( kept.options ).toEqual( deactivated.options );

		const uninstalled = await lifecycle( request, 'uninstall-opted-in' );
		expect( Object.values( uninstalled.tables ).some( Boolean ) ).toBe(
			false
		);
		expect( uninstalled.packages ).toBe( 0 );
		expect( uninstalled.options ).toEqual( {
			svc_licensing_schema_version: null,
			svc_licensing_settings: null,
			svc_licensing_lease_keys: null,
		} );
	} finally {
		const activated = await lifecycle( request, 'activate' );
		// The opted-in uninstall took the suite's settings and lease keys with it. No licence exists yet, so the
		// keys put back are recorded as the site's on their first use.
		await applySuiteSettings( request );
		expect( ( await leaseKeysOption( request, 'restore' ) ).present ).toBe(
			true
		);
		// Also records them as the site's (GET /keys is answered by WordPress), before any licence exists.
		expect( await publishedKeys( request ) ).toEqual( keys );
		expect( activated.active ).toBe( true );
		// Activation writes it again (the lane is on by default, and the settings went with the uninstall)...
		expect( activated.lane_loader ).toBe( true );
		// ...and the suite's setting keeps it or removes it.
		expect( ( await laneLoader( request ) ).loader ).toBe( fastLane );
		expect( Object.values( activated.tables ).every( Boolean ) ).toBe(
			true
		);
		expect(
			Number( activated.options.svc_licensing_schema_version )
		).toBeGreaterThanOrEqual( 1 );
	}
	const health = await request.get( '/wp-json/svc/v1/health' );
	expect( health.status() ).toBe( 200 );
	// The settings went with the opted-in uninstall, so the webhook secret is unset again.
	expect( ( await health.json() ).status ).toBe( 'warn' );
} );
