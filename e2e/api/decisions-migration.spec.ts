/**
 * Schema step 24 (docs/explain.md): update decisions keyed on product and site become keyed on product, licence
 * and slot (the site's activation, or 0). An upgrade keeps every row that names an activation, with its slot, and
 * deletes the rows without one (diagnostic data, written again at the site's next check). Runs the upgrade from
 * step 23 on a table filled in the old shape; on SQLite the drop-in rebuilds the table for each ALTER.
 */
import { expect, test } from '@playwright/test';
import { testToken } from '../fixtures/env';

test( 'step 24 keys the decisions on licence and slot, keeping the rows with an activation', async ( {
	request,
} ) => {
	const rows = [
		{
			product_id: 1,
			site_url: 'a.example',
			license_id: 10,
			activation_id: 100,
		},
		{
			product_id: 1,
			site_url: 'b.example',
			license_id: 10,
			activation_id: 101,
		},
		{
			product_id: 1,
			site_url: 'c.example',
			license_id: 10,
			activation_id: null,
		},
		{
			product_id: 1,
			site_url: 'd.example',
			license_id: 10,
			activation_id: null,
		},
		{
			product_id: 2,
			site_url: 'a.example',
			license_id: 20,
			activation_id: 200,
		},
	];
	const response = await request.post(
		'/wp-json/svc-test/v1/decisions/upgrade',
		{
			headers: { 'X-Svc-Test-Token': testToken },
			data: { rows },
		}
	);
	expect( response.status(), await response.text() ).toBe( 200 );
	const upgraded = await response.json();
	expect( upgraded.before ).toBeLessThan( 24 );
	expect( upgraded.schema_version ).toBe( 24 );
	expect( upgraded.indexes ).toContain( 'product_license_slot' );
	expect( upgraded.indexes ).not.toContain( 'product_site' );
	expect(
		upgraded.rows.map( ( r: Record< string, string | null > ) => [
			Number( r.product_id ),
			r.site_url,
			Number( r.license_id ),
			Number( r.slot ),
		] )
	).toEqual( [
		[ 1, 'a.example', 10, 100 ],
		[ 1, 'b.example', 10, 101 ],
		[ 2, 'a.example', 20, 200 ],
	] );
	// The next request finds the schema current and the service healthy.
	const health = await request.get( '/wp-json/svc/v1/health' );
	expect( health.status() ).toBe( 200 );
} );
