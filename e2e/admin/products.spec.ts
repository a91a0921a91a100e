/**
 * Products screen: create a product, open its page from the list's name link, upload a release on its Releases
 * tab, lower its rollout, add a tier and a price on its Pricing tab; then create a licence and copy its key.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { makeZip } from '../fixtures/zip';
import {
	expectSnackbar,
	openScreen,
	rowAction,
	saveScreenshot,
} from './screens';

test( 'create a product and a release, then a licence whose key is copied once', async ( {
	page,
	context,
} ) => {
	// A whole journey (product, release upload, licence, key copy): 16.5 s on a quiet machine; it timed out at the
	// default 30 s in CI under load.
	test.setTimeout( 90_000 );
	const name = `Panel Plugin ${ randomUUID().slice( 0, 6 ) }`;
	await context.grantPermissions( [ 'clipboard-read', 'clipboard-write' ] );

	await openScreen( page, 'products' );
	await page.getByRole( 'button', { name: 'Add product' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Add product' } );
	await dialog.getByLabel( 'Name', { exact: true } ).fill( name );
	await dialog.getByLabel( 'Requires PHP' ).fill( '7.4' );
	await dialog.getByLabel( 'Offer trials' ).check();
	await dialog.getByLabel( 'Trial days' ).fill( '14' );
	await dialog.getByRole( 'button', { name: 'Create product' } ).click();
	await expectSnackbar( page, 'Product created.' );
	const row = page.locator( 'tr' ).filter( { hasText: name } );
	await expect( row ).toContainText( '14 days' );

	// The name is a link to the product's own page; its Releases tab loads its script on demand.
	await row.getByRole( 'link', { name } ).click();
	await expect( page ).toHaveURL( /[?&]product=\d+&tab=details(&|$)/ );
	await expect(
		page.locator( '#svc-licensing-root h1' ).filter( { hasText: name } )
	).toBeVisible();
	await page.getByRole( 'tab', { name: 'Releases' } ).click();
	await expect( page ).toHaveURL( /[?&]tab=releases(&|$)/ );
	const releases = page.locator( '.svc-releases' );
	await expect( releases ).toContainText( 'No releases yet.' );
	await releases.getByLabel( 'Version', { exact: true } ).fill( '1.0.0' );
	await releases
		.getByLabel( 'Changelog (HTML)' )
		.fill( '<p>First release</p>' );
	await releases.getByLabel( 'ZIP file', { exact: true } ).setInputFiles( {
		name: 'panel-plugin.zip',
		mimeType: 'application/zip',
		buffer: makeZip( { 'panel-plugin/panel-plugin.php': '<?php' } ),
	} );
	await releases.getByRole( 'button', { name: 'Add release' } ).click();
	await expectSnackbar( page, 'Release 1.0.0 added.' );
	const release = releases.getByTestId( 'svc-release-1.0.0' );
	await expect( release ).toContainText( 'Current' );
	await expect( release ).toContainText( 'panel-plugin.zip' );
	await expect( release ).toContainText( 'First release' );

	// Lower the rollout with the slider's keyboard, then save it.
	const slider = release.getByRole( 'slider', { name: 'Rollout of 1.0.0' } );
	await slider.focus();
	for ( let i = 0; i < 10; i++ ) {
		await page.keyboard.press( 'ArrowLeft' );
	}
	await release.getByRole( 'button', { name: 'Save rollout' } ).click();
	await expectSnackbar( page, 'Rollout saved.' );
	await expect(
		releases.getByTestId( 'svc-release-1.0.0' ).getByRole( 'slider' )
	).toHaveValue( '90' );
	await saveScreenshot( page, 'products-releases' );
	await page.getByRole( 'link', { name: 'All products' } ).click();
	await expect(
		page.locator( 'tr' ).filter( { hasText: name } )
	).toContainText( '1.0.0' );
	await saveScreenshot( page, 'products' );

	// Pricing, from the row's action: the product is the page's.
	await rowAction( page, name, 'Pricing' );
	await expect( page ).toHaveURL( /[?&]tab=pricing(&|$)/ );
	await page.getByLabel( 'Tier label' ).fill( 'Agency' );
	await page
		.getByLabel( 'Features (comma-separated)' )
		.fill( 'updates, support' );
	await page.getByRole( 'button', { name: 'Add tier' } ).click();
	await expectSnackbar( page, 'Tier added.' );
	const priceId = `price_${ randomUUID().slice( 0, 8 ) }`;
	await page.getByLabel( 'Stripe price id' ).fill( priceId );
	await page.getByRole( 'button', { name: 'Add price' } ).click();
	await expectSnackbar( page, 'Price added.' );
	await expect(
		page.locator( 'tr' ).filter( { hasText: priceId } )
	).toContainText( 'per year' );
	await saveScreenshot( page, 'products-tiers-prices' );

	// A licence for the new product; the key is shown once and copied.
	await openScreen( page, 'licenses' );
	await page.getByRole( 'button', { name: 'Add licence' } ).click();
	const create = page.getByRole( 'dialog', { name: 'Add licence' } );
	await create
		.getByLabel( 'Product', { exact: true } )
		.selectOption( { label: name } );
	await create
		.getByLabel( 'Customer email' )
		.fill( 'panel-buyer@example.com' );
	await create.getByLabel( 'Activation limit' ).fill( '3' );
	await create.getByRole( 'button', { name: 'Create licence' } ).click();
	const created = page.getByRole( 'dialog', { name: 'Licence created' } );
	await expect( created ).toContainText( 'you will not see this again' );
	const key = (
		await created.getByTestId( 'svc-secret-value' ).innerText()
	).trim();
	expect( key ).toMatch( /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/ );
	await created.getByRole( 'button', { name: 'Copy' } ).click();
	await expect(
		created.getByRole( 'button', { name: 'Copied' } )
	).toBeVisible();
	expect( await page.evaluate( () => navigator.clipboard.readText() ) ).toBe(
		key
	);
	await saveScreenshot( page, 'licenses-created-key' );
	await created.getByRole( 'button', { name: 'Done' } ).click();
	await expect(
		page.locator( 'tr' ).filter( { hasText: 'panel-buyer@example.com' } )
	).toContainText( `XXXX-XXXX-XXXX-${ key.slice( -4 ) }` );

	// The product now has a licence: deleting it is refused, and the snackbar says why.
	await openScreen( page, 'products' );
	await rowAction( page, name, 'Delete' );
	await page
		.getByRole( 'dialog', { name: 'Delete this product?' } )
		.getByRole( 'button', { name: 'Delete' } )
		.click();
	await expectSnackbar(
		page,
		/The product was not deleted: This product has licences, so it cannot be deleted/
	);
	await expect(
		page.locator( 'tr' ).filter( { hasText: name } )
	).toHaveCount( 1 );
} );
