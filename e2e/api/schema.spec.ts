/**
 * The versioned schema: tables come back by the ordered steps on the next REST request, once, even when
 * many requests arrive together.
 */
import { expect, test } from '@playwright/test';
import type { Health } from '../../src/api/types';
import { readSchema, rewindSchema } from '../fixtures/test-helpers';

test.describe( 'schema migrations', () => {
	test( 'a REST request upgrades a rewound schema', async ( { request } ) => {
		const rewound = await rewindSchema( request );
		expect( rewound.schema_version ).toBe( 0 );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( health.status() ).toBe( 200 );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const schema = await readSchema( request );
		expect( schema.schema_version ).toBeGreaterThanOrEqual( 1 );
		expect( Object.values( schema.tables ).every( Boolean ) ).toBe( true );
	} );

	test( 'a site at schema 7 gets the admin list index on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 7 );
		expect( before.schema_version ).toBe( 7 );
		// Every table but the event log, which step 10 creates, the outbound webhook tables of step 11, the
		// portal's sign-in links of step 14, its sessions of step 15, the import map of step 18 and the old
		// protocols' request counts of step 19, the release reports of step 21 and the update checks' decisions of step 22.
		const later = [
			'svc_events',
			'svc_webhook_endpoints',
			'svc_webhook_deliveries',
			'svc_webhook_attempts',
			'svc_portal_links',
			'svc_portal_sessions',
			'svc_import_map',
			'svc_protocol_requests',
			'svc_release_reports',
			'svc_update_decisions',
		];
		expect( before.tables ).toMatchObject(
			Object.fromEntries( later.map( ( table ) => [ table, false ] ) )
		);
		expect(
			Object.entries( before.tables ).every(
				( [ table, exists ] ) => exists || later.includes( table )
			)
		).toBe( true );
		expect( before.license_indexes ).toContain( 'product_status' );
		expect( before.license_indexes ).not.toContain( 'status' );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 8 );
		// Step 8's status index, step 17's index of a licence's parent, and step 25's search indexes.
		expect( after.license_indexes ).toEqual(
			[
				...before.license_indexes,
				'status',
				'parent_id',
				'email_domain',
				'customer_name',
				'status_expires',
			].sort()
		);
	} );

	test( 'a site at schema 8 gets the staging column on its activations on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 8 );
		expect( before.schema_version ).toBe( 8 );
		expect( before.activation_columns ).not.toContain( 'is_staging' );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 9 );
		// Step 9's staging column, and step 20's channel and pin of a site.
		expect( after.activation_columns ).toEqual(
			[
				...before.activation_columns,
				'is_staging',
				'channel',
				'pinned_version',
			].sort()
		);
	} );

	test( 'a site at schema 9 gets the event log table on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 9 );
		expect( before.schema_version ).toBe( 9 );
		expect( before.tables ).toMatchObject( { svc_events: false } );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 10 );
		expect( Object.values( after.tables ).every( Boolean ) ).toBe( true );
	} );

	test( 'a site at schema 10 gets the outbound webhook tables on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 10 );
		expect( before.schema_version ).toBe( 10 );
		expect( before.tables ).toMatchObject( {
			svc_events: true,
			svc_webhook_endpoints: false,
			svc_webhook_deliveries: false,
			svc_webhook_attempts: false,
		} );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 11 );
		expect( Object.values( after.tables ).every( Boolean ) ).toBe( true );
	} );

	test( 'a site at schema 13 gets the portal sign-in link table on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 13 );
		expect( before.schema_version ).toBe( 13 );
		expect( before.tables ).toMatchObject( {
			svc_webhook_attempts: true,
			svc_portal_links: false,
		} );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 14 );
		expect( Object.values( after.tables ).every( Boolean ) ).toBe( true );
	} );

	test( 'a site at schema 14 gets the portal session table on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 14 );
		expect( before.schema_version ).toBe( 14 );
		expect( before.tables ).toMatchObject( {
			svc_portal_links: true,
			svc_portal_sessions: false,
		} );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 15 );
		expect( Object.values( after.tables ).every( Boolean ) ).toBe( true );
	} );

	test( 'a site at schema 16 gets the licence parent and the import map on its next request', async ( {
		request,
	} ) => {
		const before = await rewindSchema( request, 16 );
		expect( before.schema_version ).toBe( 16 );
		expect( before.tables ).toMatchObject( {
			svc_portal_sessions: true,
			svc_import_map: false,
		} );
		expect( before.license_indexes ).not.toContain( 'parent_id' );

		const health = await request.get( '/wp-json/svc/v1/health' );
		expect( ( ( await health.json() ) as Health ).checks[ 0 ] ).toEqual( {
			name: 'database',
			status: 'pass',
		} );

		const after = await readSchema( request );
		expect( after.schema_version ).toBeGreaterThanOrEqual( 18 );
		expect( after.license_indexes ).toContain( 'parent_id' );
		expect( Object.values( after.tables ).every( Boolean ) ).toBe( true );
	} );

	test( '20 parallel requests on a rewound schema all find it current', async ( {
		request,
	} ) => {
		await rewindSchema( request );
		const responses = await Promise.all(
			Array.from( { length: 20 }, () =>
				request.get( '/wp-json/svc/v1/health' )
			)
		);
		const statuses = await Promise.all(
			responses.map(
				async ( r ) =>
					`${ r.status() } ${ ( ( await r.json() ) as Health ).checks[ 0 ].status }`
			)
		);
		expect( statuses ).toEqual( Array( 20 ).fill( '200 pass' ) );
		const schema = await readSchema( request );
		expect( Object.values( schema.tables ).every( Boolean ) ).toBe( true );
	} );
} );
