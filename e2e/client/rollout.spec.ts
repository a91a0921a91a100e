/**
 * Release channels and a rollback on the client site (docs/rollouts.md, sdk/README.md): the customer puts the site
 * on Beta from the licence screen, core's upgrader installs the beta release; the seller rolls the beta back, and
 * core's "update now" on the Plugins screen takes the site down to the stable release the server offers with
 * `rollback: true`. Acme Widgets is put back at 1.0.0 at the end, as the later client specs expect it.
 */
import { expect, test, type Page } from '@playwright/test';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import {
	clientAdmin,
	deactivateProduct,
	activateProduct,
	clearUpdateMinute,
	installedVersion,
	samplePackage,
	updateThroughCore,
	uploadRelease,
	LICENSE_SCREENS,
} from '../fixtures/client-site';
import { putPluginFiles } from '../fixtures/client-updates';

const SLUG = 'acme-widgets';
const PLUGIN = 'acme-widgets/acme-widgets.php';

test.describe.configure( { mode: 'serial' } );

/** Presses Acme Widgets' "update now" on the Plugins screen and answers its row's update message. */
async function updateNowOnPluginsScreen( page: Page, version: string ) {
	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator(
		`tr.plugin-update-tr[data-plugin="${ PLUGIN }"]`
	);
	await expect( row ).toContainText( `View version ${ version } details` );
	await row.getByRole( 'link', { name: /Update Acme Widgets now/ } ).click();
	const message = row.locator( '.update-message' );
	await expect( message ).not.toHaveClass( /updating-message/, {
		timeout: 60_000,
	} );
	return message;
}

test.afterAll( async ( { browser, request } ) => {
	const page = await clientAdmin( browser );
	await deactivateProduct( page );
	await page.context().close();
	await putPluginFiles(
		request,
		SLUG,
		samplePackage( 'plugins', SLUG, '1.0.0' )
	);
} );

test( 'a site on Beta is offered and installs the beta; rolled back, "update now" takes it down to stable', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 240_000 );
	const { license_key, product_id } = await createLicense(
		request,
		{ slug: SLUG, current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	await putPluginFiles(
		request,
		SLUG,
		samplePackage( 'plugins', SLUG, '3.0.0' )
	);
	await uploadRelease(
		request,
		product_id,
		'3.0.0',
		samplePackage( 'plugins', SLUG, '3.0.0' )
	);
	await uploadRelease(
		request,
		product_id,
		'3.1.0-beta.1',
		samplePackage( 'plugins', SLUG, '3.1.0-beta.1' ),
		{ channel: 'beta' }
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license_key );

	// On Stable, nothing to take.
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( 'body' ) ).toContainText(
		'Your plugins are all up to date.'
	);

	// The customer chooses Beta on the licence screen, with the keyboard.
	await page.goto( LICENSE_SCREENS[ SLUG ] );
	const channel = page.getByLabel( 'Updates channel' );
	await expect( channel ).toHaveValue( 'stable' );
	await channel.selectOption( 'beta' );
	await page.getByRole( 'button', { name: 'Change channel' } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect( page.locator( '.notice-success' ) ).toContainText(
		'The updates channel of Acme Widgets is changed'
	);
	await expect( page.getByLabel( 'Updates channel' ) ).toHaveValue( 'beta' );

	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'You have version 3.0.0 installed. Update to 3.1.0-beta.1.'
	);
	await updateThroughCore( page, 'plugins', PLUGIN );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		'3.1.0-beta.1'
	);

	// The seller rolls the beta back: the site is offered 3.0.0 and core installs it.
	const headers = await keyHeaders( request );
	const releases = await (
		await request.get(
			`/wp-json/svc/v1/admin/products/${ product_id }/releases`,
			{ headers }
		)
	).json();
	const beta = releases.find(
		( release: { version: string } ) => release.version === '3.1.0-beta.1'
	);
	const rolled = await request.post(
		`/wp-json/svc/v1/admin/releases/${ beta.id }/rollback`,
		{ headers }
	);
	expect( rolled.status(), await rolled.text() ).toBe( 200 );

	// The SDK asks again at core's next check once its minute has passed (the helper forgets the minute).
	await clearUpdateMinute( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'You have version 3.1.0-beta.1 installed. Update to 3.0.0.'
	);
	const message = await updateNowOnPluginsScreen( page, '3.0.0' );
	await expect( message ).toContainText( 'Updated!' );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		'3.0.0'
	);
	// Back at 3.0.0, nothing more is offered.
	await clearUpdateMinute( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( 'body' ) ).toContainText(
		'Your plugins are all up to date.'
	);
	await page.context().close();
} );
