/**
 * Two plugins bundling different SDK copies: Acme Gadgets (loaded first) bundles the SDK exactly as released at
 * 0.1.0 (e2e/client/sdk-releases/), Acme Widgets the current copy. Only the newest copy's code runs, once, for
 * both, and both products work; the site gets the fixes of the newer copy for Acme Gadgets too, before Acme
 * Gadgets' own next update brings them.
 */
import { expect, test } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import {
	activateProduct,
	clientAdmin,
	sdkState,
	samplePackage,
	uploadRelease,
} from '../fixtures/client-site';
import { ageUpdateData, remoteUpdate } from '../fixtures/client-updates';

test( 'the newest bundled SDK loads once and serves both plugins', async ( {
	browser,
	request,
} ) => {
	const sdk = await sdkState( request );
	expect( [ ...sdk.registered ].sort() ).toEqual( [ '0.1.0', '0.3.0' ] );
	expect( sdk.chosen ).toBe( '0.3.0' );
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
		'Licence client 0.3.0 (copies bundled on this site: 0.1.0, 0.3.0).'
	);
	await activateProduct( page, widgets.license_key );
	await expect( page.locator( '.wrap' ) ).toContainText(
		'Licence client 0.3.0'
	);
	await page.context().close();

	// A fix of 0.2.0 that 0.1.0 lacks, for the product that bundles 0.1.0: its update is found where core checks
	// outside its four screens (what `wp plugin update` does). 0.1.0 asked only in WP-Cron and on four screens.
	const next = `1.${ Math.floor( Date.now() / 1000 ) }.0`;
	await uploadRelease(
		request,
		gadgets.product_id,
		next,
		samplePackage( 'plugins', 'acme-gadgets', next )
	);
	await ageUpdateData( request, 120 );
	const seen = await remoteUpdate(
		request,
		[ 'acme-gadgets/acme-gadgets.php' ],
		true,
		false
	);
	expect( seen.offered[ 'acme-gadgets/acme-gadgets.php' ] ).toBe( next );
} );
