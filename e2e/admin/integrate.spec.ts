/**
 * A product's Integrate tab: the seller's one call to the client SDK for a product, filled with this site's address
 * and the product's slug; copied from the keyboard; the product and the tab in the URL; the SDK zip downloaded
 * from its button; no axe violations in the panel's content.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { baseURL } from '../fixtures/env';
import { keyHeaders } from '../fixtures/test-helpers';
import { checkoutSdkVersion } from '../fixtures/sdk';
import { readZip } from '../fixtures/zip';
import {
	expectSnackbar,
	openScreen,
	rowAction,
	saveScreenshot,
} from './screens';

test( 'the Integrate tab shows the filled-in call, copies it from the keyboard, keeps its state in the URL and downloads the SDK', async ( {
	page,
	context,
	request,
} ) => {
	await context.grantPermissions( [ 'clipboard-read', 'clipboard-write' ] );
	const headers = await keyHeaders( request );
	const tag = randomUUID().slice( 0, 6 );
	const make = async ( name: string ) =>
		(
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers,
				data: { name },
			} )
		).json() as Promise< { id: number; slug: string; name: string } >;
	const widgets = await make( `Integrate Widgets ${ tag }` );
	const gadgets = await make( `Integrate Gadgets ${ tag }` );

	// The row's Integrate action opens the product's page on that tab, and says so in the URL.
	await openScreen( page, 'products' );
	await rowAction( page, widgets.name, 'Integrate' );
	const tab = page.getByRole( 'tab', { name: 'Integrate' } );
	await expect( tab ).toHaveAttribute( 'aria-selected', 'true' );
	await expect( page ).toHaveURL(
		new RegExp( `[?&]product=${ widgets.id }&tab=integrate(&|$)` )
	);
	const snippet = page.getByTestId( 'svc-snippet' );
	await expect( snippet ).toContainText( `'server'  => '${ baseURL }',` );
	await expect( snippet ).toContainText(
		`'product' => '${ widgets.slug }',`
	);
	await expect( snippet ).toContainText(
		"require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';"
	);
	// Pretty permalinks: the SDK's default REST root is this site's, so the call needs no rest_root.
	await expect( snippet ).not.toContainText( 'rest_root' );

	// Back to the list, another product's page, its Integrate tab: the call and the URL follow; a reload opens
	// the same product and tab.
	await page.goBack();
	await expect( page ).not.toHaveURL( /[?&]product=/ );
	await page
		.locator( 'tr' )
		.filter( { hasText: gadgets.name } )
		.getByRole( 'link', { name: gadgets.name } )
		.click();
	await page.getByRole( 'tab', { name: 'Integrate' } ).click();
	await expect( snippet ).toContainText(
		`'product' => '${ gadgets.slug }',`
	);
	await expect( page ).toHaveURL(
		new RegExp( `[?&]product=${ gadgets.id }&tab=integrate(&|$)` )
	);
	await page.reload();
	await expect( tab ).toHaveAttribute( 'aria-selected', 'true' );
	await expect( snippet ).toContainText(
		`'product' => '${ gadgets.slug }',`
	);

	// From the keyboard: Tab from the download button reaches Copy, Enter copies and the result is announced.
	const download = page.getByRole( 'link', {
		name: 'Download the SDK (zip)',
	} );
	await download.focus();
	await page.keyboard.press( 'Tab' );
	const copy = page.getByRole( 'button', { name: 'Copy snippet' } );
	await expect( copy ).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expectSnackbar( page, 'Snippet copied.' );
	await expect( page.locator( '#a11y-speak-polite' ) ).toContainText(
		'Snippet copied.'
	);
	await expect(
		page.getByRole( 'button', { name: 'Copied' } )
	).toBeFocused();
	const copied = await page.evaluate( () => navigator.clipboard.readText() );
	expect( copied ).toBe( ( await snippet.innerText() ).trim() );
	expect( copied ).toContain( `'product' => '${ gadgets.slug }',` );
	await saveScreenshot( page, 'products-integrate' );

	// The download button yields the SDK zip.
	const [ file ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		download.click(),
	] );
	const version = checkoutSdkVersion();
	expect( file.suggestedFilename() ).toBe(
		`svc-licensing-client-${ version }.zip`
	);
	const zip = readZip( fs.readFileSync( await file.path() ) );
	expect( zip.tested ).toBe( true );
	expect( zip.names ).toContain(
		'svc-licensing-client/svc-licensing-client.php'
	);
	expect( zip.names ).toContain( 'svc-licensing-client/README.md' );

	// The tabs and the tab's content (the snackbars are the panel's shared notices, not this screen's).
	expect(
		await axeViolations( page, [
			'#svc-licensing-root h1',
			'#svc-licensing-root [role="tablist"]',
			'.svc-integrate',
		] )
	).toEqual( [] );
} );
