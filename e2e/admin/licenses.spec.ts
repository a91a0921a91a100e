/**
 * Licences screen: filter and search, rotate a key, deactivate a site from the detail view, cancel.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import {
	expectSnackbar,
	openScreen,
	rowAction,
	saveScreenshot,
} from './screens';

test( 'filter and search licences, rotate a key, deactivate a site', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const tag = randomUUID().slice( 0, 6 );
	const product = await client.createProduct( { name: `Filter ${ tag }` } );
	const active = await client.createLicense( {
		product_id: product.id,
		customer_email: `active-${ tag }@example.com`,
		customer_name: 'Ada Active',
		activation_limit: 2,
	} );
	await client.createLicense( {
		product_id: product.id,
		customer_email: `suspended-${ tag }@example.com`,
		status: 'suspended',
	} );
	const activated = await request.post( '/wp-json/svc/v1/licenses/activate', {
		data: {
			license_key: active.license_key,
			product_slug: product.slug,
			site_url: `https://shop-${ tag }.example.com`,
		},
	} );
	expect( activated.status() ).toBe( 200 );

	await openScreen( page, 'licenses' );
	const rows = page.locator( 'tbody tr' );

	// Search by email: one row.
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( tag );
	await expect( rows ).toHaveCount( 2 );
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( `suspended-${ tag }` );
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( 'Suspended' );

	// Filter by status: the suspended one disappears.
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( tag );
	await expect( rows ).toHaveCount( 2 );
	await page.getByRole( 'button', { name: 'Add filter' } ).click();
	await page.getByRole( 'menuitem', { name: 'Status' } ).click();
	await page
		.getByRole( 'listbox', { name: 'List of: Status' } )
		.getByRole( 'option', { name: 'Active', exact: true } )
		.click();
	await page.keyboard.press( 'Escape' );
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( `active-${ tag }@example.com` );
	await expect( rows.first() ).toContainText( '1 of 2' );
	await saveScreenshot( page, 'licenses' );

	// Rotate the key: the new key is shown once and the old one stops working.
	await rowAction( page, `active-${ tag }@example.com`, 'Rotate key' );
	const rotate = page.getByRole( 'dialog', {
		name: 'Rotate the licence key?',
	} );
	await rotate.getByRole( 'button', { name: 'Rotate key' } ).click();
	await expectSnackbar( page, 'Key rotated.' );
	const newKey = (
		await rotate.getByTestId( 'svc-secret-value' ).innerText()
	).trim();
	expect( newKey ).not.toBe( active.license_key );
	await rotate.getByRole( 'button', { name: 'Done' } ).click();
	const old = await request.post( '/wp-json/svc/v1/licenses/validate', {
		data: {
			license_key: active.license_key,
			product_slug: product.slug,
			site_url: `https://shop-${ tag }.example.com`,
		},
	} );
	expect( old.status() ).toBe( 404 );
	await expect( rows.first() ).toContainText( newKey.slice( -4 ) );

	// View: the detail lists the site; deactivating frees the slot.
	await rowAction( page, `active-${ tag }@example.com`, 'View' );
	const detail = page.getByRole( 'dialog', { name: 'Licence' } );
	await expect( detail ).toContainText( 'Ada Active' );
	await expect( detail ).toContainText( `shop-${ tag }.example.com` );
	// History, newest first: the rotation here names the signed-in user.
	const history = detail.locator( 'table.svc-history tbody tr' );
	await expect( history ).toHaveCount( 3 );
	await expect( history.nth( 0 ) ).toContainText( 'Key replaced' );
	await expect( history.nth( 0 ) ).toContainText( 'User admin' );
	await expect( history.nth( 1 ) ).toContainText(
		`Activated on shop-${ tag }.example.com`
	);
	await expect( history.nth( 2 ) ).toContainText( 'Created' );
	await saveScreenshot( page, 'licenses-detail' );
	await detail
		.getByRole( 'button', { name: `Deactivate shop-${ tag }.example.com` } )
		.click();
	await expectSnackbar( page, 'Site deactivated.' );
	await expect( detail ).toContainText( 'No site uses this licence.' );
	await expect( history ).toHaveCount( 4 );
	await expect( history.nth( 0 ) ).toContainText(
		`Deactivated on shop-${ tag }.example.com`
	);
	await expect( history.nth( 0 ) ).toContainText( 'User admin' );
	await page.keyboard.press( 'Escape' );
	await expect( rows.first() ).toContainText( '0 of 2' );

	// Cancel, with confirmation.
	await rowAction( page, `active-${ tag }@example.com`, 'Cancel licence' );
	await page
		.getByRole( 'dialog', { name: 'Cancel this licence?' } )
		.getByRole( 'button', { name: 'Cancel licence' } )
		.click();
	await expectSnackbar( page, 'Licence cancelled.' );
	expect( ( await client.license( active.id ) ).status ).toBe( 'cancelled' );
} );
