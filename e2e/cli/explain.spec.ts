/**
 * `wp svc explain <site-url|license-key>`: the same use case and object as GET /admin/explain, printed as JSON or
 * as a summary line and the steps per decision.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { afterResponsePending, keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import { cliLines, wp, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';

test( 'wp svc explain prints the object of GET /admin/explain, by site and by key, and refuses a site that never asked', async ( {
	request,
} ) => {
	test.setTimeout( 120_000 );
	const headers = await keyHeaders( request );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: `CLI explain ${ randomUUID().slice( 0, 6 ) }` },
		} )
	).json();
	const uploaded = await request.post(
		`${ ADMIN }/products/${ product.id }/releases`,
		{
			headers,
			multipart: {
				version: '3.0.0',
				requires_php: '8.0',
				package: {
					name: 'cli-3.0.0.zip',
					mimeType: 'application/zip',
					buffer: makeZip( { 'cli/cli.php': '<?php // 3.0.0' } ),
				},
			},
		}
	);
	expect( uploaded.status() ).toBe( 201 );
	const license = await (
		await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: { product_id: product.id, customer_email: 'cli@example.com' },
		} )
	).json();
	const site = `https://cli-${ randomUUID().slice( 0, 6 ) }.example.com`;
	const checked = await request.get( '/wp-json/svc/v1/updates/check', {
		params: {
			product_slug: product.slug,
			license_key: license.license_key,
			site_url: site,
			current_version: '2.0.0',
			wp_version: '6.4',
			php_version: '8.3.0',
		},
	} );
	expect( checked.status() ).toBe( 200 );
	await expect.poll( () => afterResponsePending( request ) ).toEqual( {} );

	for ( const [ argument, query ] of [
		[ site, { site } ],
		[ license.license_key, { license_key: license.license_key } ],
	] as const ) {
		const overHttp = await (
			await request.get( `${ ADMIN }/explain`, {
				headers,
				params: query,
			} )
		).json();
		expect( overHttp.decisions ).toHaveLength( 1 );
		expect(
			JSON.parse(
				await wpOk( [ 'svc', 'explain', argument, '--format=json' ] )
			)
		).toEqual( overHttp );
	}

	// The table format: the summary line first, then the steps.
	const table = await wpOk( [ 'svc', 'explain', site ] );
	const lines = table.split( '\n' );
	expect( lines[ 0 ] ).toBe(
		`${ product.slug } on ${ new URL( site ).host }: Offered 3.0.0 (the site runs 2.0.0).`
	);
	expect( table ).toContain( 'WordPress 6.4, PHP 8.3.0' );
	// WP-CLI's table without a terminal: tab-separated columns.
	expect( table ).toMatch( /^requires_php\tpass\t/m );

	const never = await wp( [
		'svc',
		'explain',
		'https://never-asked.example.com',
	] );
	expect( never.code ).toBe( 1 );
	expect( cliLines( never.stderr ) ).toEqual( [
		'Error: never-asked.example.com has never asked for an update, so there is no decision to explain.',
	] );
} );
