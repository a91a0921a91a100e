/**
 * A staging host does not use a slot: with a staging pattern on the service that matches the client site's host,
 * activating Acme Widgets on the client's licence screen makes it Active and leaves the licence's one slot free.
 */
import { expect, test } from '@playwright/test';
import type { Activation, License } from '../../src/api/types';
import { activateProduct, clientAdmin } from '../fixtures/client-site';
import { clientSite } from '../fixtures/env';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';
let shippedPatterns: string[];

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await setSettings( request, { staging_hosts: shippedPatterns } );
} );

test( 'a client site whose host is a staging pattern activates without using a slot', async ( {
	browser,
	request,
} ) => {
	const admin = await keyHeaders( request, 'admin' );
	shippedPatterns = (
		await (
			await request.get( `${ ADMIN }/settings`, { headers: admin } )
		).json()
	).staging_hosts;
	const clientHost = new URL( clientSite.baseURL ).hostname;
	const saved = await request.put( `${ ADMIN }/settings`, {
		headers: admin,
		data: { staging_hosts_enabled: true, staging_hosts: [ clientHost ] },
	} );
	expect( saved.status(), await saved.text() ).toBe( 200 );

	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 1 }
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license_key );
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'Acme Widgets is activated on this site.'
	);
	await expect( page.locator( '.form-table' ) ).toContainText(
		'0 of 1 (this site is a staging site and uses none)'
	);

	const sites: Activation[] = await (
		await request.get( `${ ADMIN }/licenses/${ license_id }/activations`, {
			headers: admin,
		} )
	).json();
	expect(
		sites.map( ( site ) => [ site.site_url, site.is_staging ] )
	).toEqual( [ [ new URL( clientSite.baseURL ).host, true ] ] );
	const license: License = await (
		await request.get( `${ ADMIN }/licenses/${ license_id }`, {
			headers: admin,
		} )
	).json();
	expect( license.activation_count ).toBe( 0 );

	// The one slot is still free for a production site.
	const production = await request.post(
		'/wp-json/svc/v1/licenses/activate',
		{
			data: {
				license_key,
				product_slug: 'acme-widgets',
				site_url: 'https://shop.example.com',
			},
		}
	);
	expect( production.status(), await production.text() ).toBe( 200 );
	expect( ( await production.json() ).activation_count ).toBe( 1 );

	// Deactivating on the client removes the staging site and leaves the production site's slot taken.
	await page
		.getByRole( 'button', { name: 'Deactivate on this site' } )
		.click();
	await expect( page.getByLabel( 'Licence key' ) ).toBeEditable();
	const after: License = await (
		await request.get( `${ ADMIN }/licenses/${ license_id }`, {
			headers: admin,
		} )
	).json();
	expect( after.activation_count ).toBe( 1 );
	await page.context().close();
} );
