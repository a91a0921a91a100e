/**
 * The client SDK's licence screen on a second WordPress, against this run's licence service: a key pasted into
 * Acme Widgets' screen activates the client site on the service, the key is never in the page again, and
 * deactivating frees the slot.
 */
import { expect, test } from '@playwright/test';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import { clientAdmin } from '../fixtures/client-site';
import { clientSite } from '../fixtures/env';

test( 'a key pasted on the client activates it on the service, shows only masked, and deactivating frees the slot @php-matrix', async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	const page = await clientAdmin( browser );

	await page.goto( '/wp-admin/plugins.php' );
	await page
		.locator( 'tr[data-plugin="acme-widgets/acme-widgets.php"]' )
		.getByRole( 'link', { name: 'Licence of Acme Widgets' } )
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Acme Widgets licence' } )
	).toBeVisible();

	await page
		.getByLabel( 'Licence key' )
		.fill( ` ${ license_key.toLowerCase() } ` );
	await page.getByRole( 'button', { name: 'Activate' } ).click();
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'Acme Widgets is activated on this site.'
	);
	const rows = page.locator( '.form-table' );
	await expect( rows ).toContainText( 'Active' );
	await expect( rows ).toContainText( '1 of 3' );
	const html = await page.content();
	expect( html ).not.toContain( license_key );
	expect( html ).toContain(
		`${ license_key.slice( 0, 4 ) }-••••-••••-${ license_key.slice( -4 ) }`
	);

	// The service lists the client site among the licence's activations.
	const headers = await keyHeaders( request, 'read' );
	const listed = await (
		await request.get(
			`/wp-json/svc/v1/admin/licenses/${ license_id }/activations`,
			{ headers }
		)
	).json();
	const clientHost = new URL( clientSite.baseURL ).host;
	expect(
		listed.map( ( row: { site_url: string } ) => row.site_url )
	).toEqual( [ clientHost ] );

	// A reload repeats nothing: the outcome lives in the URL, the form is not re-sent.
	await page.reload();
	const again = await (
		await request.get(
			`/wp-json/svc/v1/admin/licenses/${ license_id }/activations`,
			{ headers }
		)
	).json();
	expect( again ).toHaveLength( 1 );

	await page
		.getByRole( 'button', { name: 'Deactivate on this site' } )
		.click();
	await expect( page.getByRole( 'status' ) ).toContainText(
		'Acme Widgets is deactivated on this site'
	);
	await expect( page.getByLabel( 'Licence key' ) ).toBeEditable();
	const after = await (
		await request.get( `/wp-json/svc/v1/admin/licenses/${ license_id }`, {
			headers,
		} )
	).json();
	expect( after.activation_count ).toBe( 0 );
	await page.context().close();
} );

test( 'a wrong key is explained in plain words and not kept', async ( {
	browser,
	request,
} ) => {
	await createLicense( request, {
		slug: 'acme-widgets',
		current_version: '1.0.0',
	} );
	const page = await clientAdmin( browser );
	await page.goto( '/wp-admin/plugins.php?page=svc-licence-acme-widgets' );
	await page.getByLabel( 'Licence key' ).fill( 'AAAA-BBBB-CCCC-DDDD' );
	await page.getByRole( 'button', { name: 'Activate' } ).click();
	await expect( page.getByRole( 'alert' ) ).toContainText(
		'No licence of Acme Widgets has this key.'
	);
	await expect( page.getByLabel( 'Licence key' ) ).toHaveValue( '' );
	await page.context().close();
} );

test( 'a product that names its own menu gets its licence screen there, reached from its Plugins row and the menu, and it works', async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-gadgets', current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	const page = await clientAdmin( browser );

	// The Plugins row's Licence link leads into the seller's menu, not under Plugins.
	await page.goto( '/wp-admin/plugins.php' );
	await page
		.locator( 'tr[data-plugin="acme-gadgets/acme-gadgets.php"]' )
		.getByRole( 'link', { name: 'Licence of Acme Gadgets' } )
		.click();
	await expect( page ).toHaveURL(
		/\/wp-admin\/admin\.php\?page=svc-licence-acme-gadgets$/
	);
	await expect(
		page.getByRole( 'heading', { name: 'Acme Gadgets licence' } )
	).toBeVisible();
	// Core marks the seller's menu open, with the screen as its current entry.
	const menu = page.locator( '#adminmenu li.toplevel_page_acme-gadgets' );
	await expect( menu ).toHaveClass( /wp-has-current-submenu/ );
	await expect( menu.locator( 'li.current a' ) ).toHaveText( 'Licence' );
	await expect(
		page.locator(
			'#adminmenu a[href="plugins.php?page=svc-licence-acme-gadgets"]'
		)
	).toHaveCount( 0 );

	await page.getByLabel( 'Licence key' ).fill( license_key );
	await page.getByRole( 'button', { name: 'Activate' } ).click();
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'Acme Gadgets is activated on this site.'
	);
	await expect( page ).toHaveURL( /\/wp-admin\/admin\.php\?/ );
	await expect( page.locator( '.form-table' ) ).toContainText( '1 of 2' );
	const headers = await keyHeaders( request, 'read' );
	expect(
		(
			await (
				await request.get(
					`/wp-json/svc/v1/admin/licenses/${ license_id }`,
					{ headers }
				)
			).json()
		).activation_count
	).toBe( 1 );
	await page
		.getByRole( 'button', { name: 'Deactivate on this site' } )
		.click();
	await expect( page.getByRole( 'status' ) ).toContainText(
		'Acme Gadgets is deactivated on this site'
	);
	await page.context().close();
} );
