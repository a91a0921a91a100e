/**
 * The licence page (its own URL, reached from the list's primary column): fields, activations with staging sites
 * apart, the customer's other licences, history; rotate (the dialog then shows the new key, finding 7), suspend,
 * reactivate, extend and cancel ("Keep licence" / "Cancel licence"); Back returns to the list as it was.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import type { Settings } from '../../src/api/types';
import { applySuiteSettings, setSettings } from '../fixtures/test-helpers';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';

let shippedPatterns: Settings[ 'staging_hosts' ];

test.beforeAll( async ( { request } ) => {
	shippedPatterns = ( await ( await adminClient( request ) ).settings() )
		.staging_hosts;
} );

// The staging switch goes back as the suite has it, so the specs after this one see the shipped settings.
test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await setSettings( request, { staging_hosts: shippedPatterns } );
} );

test( 'a licence has its own page with its sites, the customer’s other licences, its history and its actions', async ( {
	page,
	request,
} ) => {
	await setSettings( request, {
		staging_hosts_enabled: true,
		staging_hosts: [ '*.test' ],
	} );
	const client = await adminClient( request );
	const tag = randomUUID().slice( 0, 6 );
	const product = await client.createProduct( { name: `Page ${ tag }` } );
	const inTenDays = new Date( Date.now() + 10 * 86400 * 1000 )
		.toISOString()
		.replace( /\.\d+Z$/, 'Z' );
	const license = await client.createLicense( {
		product_id: product.id,
		customer_email: `page-${ tag }@example.com`,
		customer_name: 'Ada Page',
		activation_limit: 2,
		expires: inTenDays,
	} );
	const other = await client.createLicense( {
		product_id: product.id,
		customer_email: `page-${ tag }@example.com`,
	} );
	for ( const site of [
		`https://shop-${ tag }.example.com`,
		`https://shop-${ tag }.test`,
	] ) {
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{
				data: {
					license_key: license.license_key,
					product_slug: product.slug,
					site_url: site,
				},
			}
		);
		expect( activated.status() ).toBe( 200 );
	}

	// The list, searched; the masked key is the link to the licence's page.
	await openScreen( page, 'licenses' );
	const search = page.getByRole( 'searchbox', {
		name: 'Search key, name or email',
	} );
	await search.fill( `page-${ tag }` );
	await expect( page.locator( 'tbody tr' ) ).toHaveCount( 2 );
	const last = license.license_key.slice( -4 );
	await page
		.getByRole( 'link', { name: license.license_key_masked, exact: true } )
		.click();
	await expect( page ).toHaveURL(
		new RegExp( `[?&]licence=${ license.id }` )
	);
	const main = page.locator( '.svc-licence-page' );
	await expect(
		page.getByRole( 'heading', { level: 1, name: `Licence …${ last }` } )
	).toBeVisible();
	await expect( main ).toContainText( 'Ada Page' );
	await expect( main.getByTestId( 'svc-sites-used' ) ).toHaveText(
		'1 of 2 sites used, plus 1 staging site (it uses no slot).'
	);
	const staging = main.getByRole( 'region', {
		name: 'Staging sites (they use no slot)',
	} );
	await expect( staging ).toContainText( `shop-${ tag }.test` );
	await expect( staging ).not.toContainText( `shop-${ tag }.example.com` );
	await expect(
		main.getByRole( 'table', { name: 'Sites', exact: true } )
	).toContainText( `shop-${ tag }.example.com` );
	// The customer's other licence, linked.
	await expect(
		main.locator( '.svc-other-licences' ).getByRole( 'link' )
	).toHaveText( other.license_key_masked );
	const history = main.locator( 'table.svc-history tbody tr' );
	await expect( history ).toHaveCount( 3 );
	await expect( history.nth( 2 ) ).toContainText( 'Created' );
	await saveScreenshot( page, 'licenses-detail' );

	// Rotate: the dialog turns into the new key, and no longer asks.
	await main.getByRole( 'button', { name: 'Rotate key' } ).click();
	const ask = page.getByRole( 'dialog', { name: 'Rotate the licence key?' } );
	await ask.getByRole( 'button', { name: 'Rotate key' } ).click();
	await expectSnackbar( page, 'Key rotated.' );
	const shown = page.getByRole( 'dialog', { name: 'New licence key' } );
	await expect( shown ).toBeVisible();
	await expect( ask ).toBeHidden();
	const newKey = (
		await shown.getByTestId( 'svc-secret-value' ).innerText()
	).trim();
	expect( newKey ).not.toBe( license.license_key );
	await shown.getByRole( 'button', { name: 'Done' } ).click();
	await expect( history.first() ).toContainText( 'Key replaced' );
	await expect( history.first() ).toContainText( 'User admin' );
	const newLast = newKey.slice( -4 );
	await expect(
		page.getByRole( 'heading', { level: 1, name: `Licence …${ newLast }` } )
	).toBeVisible();

	// Deactivate the production site: its slot is free again.
	await main
		.getByRole( 'button', { name: `Deactivate shop-${ tag }.example.com` } )
		.click();
	await expectSnackbar( page, 'Site deactivated.' );
	await expect( main.getByTestId( 'svc-sites-used' ) ).toHaveText(
		'0 of 2 sites used, plus 1 staging site (it uses no slot).'
	);
	await expect( history.first() ).toContainText(
		`Deactivated on shop-${ tag }.example.com`
	);

	// Suspend, then Reactivate (an action of its own, not Edit → Status).
	await main.getByRole( 'button', { name: 'Suspend' } ).click();
	await page
		.getByRole( 'dialog', { name: 'Suspend this licence?' } )
		.getByRole( 'button', { name: 'Suspend licence' } )
		.click();
	await expectSnackbar( page, 'Licence suspended.' );
	await expect( main.locator( '.svc-screen-header' ) ).toContainText(
		'Suspended'
	);
	await main.getByRole( 'button', { name: 'Reactivate' } ).click();
	await page
		.getByRole( 'dialog', { name: 'Reactivate this licence?' } )
		.getByRole( 'button', { name: 'Reactivate licence' } )
		.click();
	await expectSnackbar( page, 'Licence reactivated.' );
	await expect( main.locator( '.svc-screen-header' ) ).toContainText(
		'Active'
	);
	expect( ( await client.license( license.id ) ).status ).toBe( 'active' );

	// Extend by 30 days: from the expiry, not from today.
	await main.getByRole( 'button', { name: 'Extend expiry' } ).click();
	const extend = page.getByRole( 'dialog', { name: 'Extend expiry' } );
	await extend.getByRole( 'spinbutton', { name: 'Days' } ).fill( '30' );
	await extend.getByRole( 'button', { name: 'Extend', exact: true } ).click();
	await expectSnackbar( page, '1 licence extended.' );
	const extended = ( await client.license( license.id ) ).expires;
	expect(
		new Date( extended ?? '' ).getTime() - new Date( inTenDays ).getTime()
	).toBe( 30 * 86400 * 1000 );

	// Cancel: the dialog's choices are "Keep licence" and "Cancel licence", not "Cancel".
	await main.getByRole( 'button', { name: 'Cancel licence' } ).click();
	const cancel = page.getByRole( 'dialog', { name: 'Cancel this licence?' } );
	await expect(
		cancel.getByRole( 'button', { name: 'Cancel', exact: true } )
	).toHaveCount( 0 );
	await cancel.getByRole( 'button', { name: 'Keep licence' } ).click();
	await expect( cancel ).toBeHidden();
	expect( ( await client.license( license.id ) ).status ).toBe( 'active' );
	await main.getByRole( 'button', { name: 'Cancel licence' } ).click();
	await cancel.getByRole( 'button', { name: 'Cancel licence' } ).click();
	await expectSnackbar( page, 'Licence cancelled.' );
	expect( ( await client.license( license.id ) ).status ).toBe( 'cancelled' );
	// A cancelled licence's key is not rotated.
	await expect(
		main.getByRole( 'button', { name: 'Reactivate' } )
	).toBeVisible();
	await expect(
		main.getByRole( 'button', { name: 'Rotate key' } )
	).toHaveCount( 0 );

	// The other licence's link opens its page; Back twice returns to the list as it was left.
	await main.locator( '.svc-other-licences' ).getByRole( 'link' ).click();
	await expect( page ).toHaveURL( new RegExp( `[?&]licence=${ other.id }` ) );
	await expect(
		page.getByRole( 'heading', {
			level: 1,
			name: `Licence …${ other.license_key_masked.slice( -4 ) }`,
		} )
	).toBeVisible();
	await page.goBack();
	await expect(
		page.getByRole( 'heading', { level: 1, name: `Licence …${ newLast }` } )
	).toBeVisible();
	await page.goBack();
	await expect( search ).toHaveValue( `page-${ tag }` );
	await expect( page.locator( 'tbody tr' ) ).toHaveCount( 2 );
	await expect( page ).not.toHaveURL( /[?&]licence=/ );

	// A shared link opens the page directly.
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing&licence=${ license.id }`
	);
	await expect(
		page.getByRole( 'heading', { level: 1, name: `Licence …${ newLast }` } )
	).toBeVisible();
} );

test( 'a site’s move shows in the licence’s history with both addresses', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const tag = randomUUID().slice( 0, 6 );
	const product = await client.createProduct( { name: `Moved ${ tag }` } );
	const license = await client.createLicense( {
		product_id: product.id,
		customer_email: `moved-${ tag }@example.com`,
		activation_limit: 1,
	} );
	const call = ( route: string, data: Record< string, string > ) =>
		request.post( `/wp-json/svc/v1/licenses/${ route }`, {
			data: {
				license_key: license.license_key,
				product_slug: product.slug,
				...data,
			},
		} );
	expect(
		(
			await call( 'activate', {
				site_url: `https://old-${ tag }.example.com`,
			} )
		).status()
	).toBe( 200 );
	expect(
		(
			await call( 'move', {
				from_site_url: `https://old-${ tag }.example.com`,
				site_url: `https://new-${ tag }.example.com`,
			} )
		).status()
	).toBe( 200 );

	await openScreen( page, 'licenses' );
	await page.goto( `${ page.url() }&licence=${ license.id }` );
	const main = page.locator( '.svc-licence-page' );
	const history = main.locator( 'table.svc-history tbody tr' );
	await expect( history.first() ).toContainText(
		`Moved from old-${ tag }.example.com to new-${ tag }.example.com`
	);
	await expect( history.first() ).toContainText(
		`Customer (new-${ tag }.example.com)`
	);
	await expect(
		main.getByRole( 'table', { name: 'Sites', exact: true } )
	).toContainText( `new-${ tag }.example.com` );
} );
