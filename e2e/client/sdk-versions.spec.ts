/**
 * Two plugins bundling different SDK copies: Acme Gadgets (loaded first, an older copy, 0.0.9) and Acme Widgets
 * (loaded second, the current copy). Only the newest copy's code runs, once, for both, and both products work.
 */
import { expect, test } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import {
	activateProduct,
	clientAdmin,
	sdkState,
} from '../fixtures/client-site';

test( 'the newest bundled SDK loads once and serves both plugins', async ( {
	browser,
	request,
} ) => {
	const sdk = await sdkState( request );
	expect( [ ...sdk.registered ].sort() ).toEqual( [ '0.0.9', '0.1.0' ] );
	expect( sdk.chosen ).toBe( '0.1.0' );
	expect( sdk.loaded_src ).toEqual( [ 'acme-widgets' ] );

	const gadgets = await createLicense( request, {
		slug: 'acme-gadgets',
		current_version: '1.0.0',
	} );
	const widgets = await createLicense( request, {
		slug: 'acme-widgets',
		current_version: '1.0.0',
	} );
	const page = await clientAdmin( browser );
	await activateProduct( page, gadgets.license_key, 'acme-gadgets' );
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'Acme Gadgets is activated on this site.'
	);
	await expect( page.locator( '.wrap' ) ).toContainText(
		'Licence client 0.1.0 (copies bundled on this site: 0.0.9, 0.1.0).'
	);
	await activateProduct( page, widgets.license_key );
	await expect( page.locator( '.wrap' ) ).toContainText(
		'Licence client 0.1.0'
	);
	await page.context().close();
} );
