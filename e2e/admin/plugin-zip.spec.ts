/**
 * The zip of `npm run plugin-zip` installs as a site owner installs it: on the copy site (its plugin is a copy, so
 * deleting it cannot reach the checkout), the plugin is deleted through the Plugins screen, the zip is uploaded
 * through Plugins -> Add New -> Upload Plugin in Chromium, activated, and the service answers its health check.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	copyHelper,
	copyLeftovers,
	openCopySite,
	restoreCopyPlugin,
	type CopySite,
} from '../fixtures/copy-site';
import {
	BUSY_WAIT,
	PLUGIN_ROW,
	buildZip,
	uploadAndActivate,
	type PluginZip,
} from '../fixtures/plugin-upload';

test.describe.configure( { mode: 'serial', timeout: 6 * BUSY_WAIT } );

let site: CopySite;
let zip: PluginZip;

/** Deactivates (the copy site's helper) and deletes the plugin through the Plugins screen, as a site owner does. */
async function deletePlugin( page: Page ) {
	await copyHelper( site.request, 'POST', '/lifecycle', {
		action: 'deactivate',
	} );
	await page.goto( '/wp-admin/plugins.php' );
	page.once( 'dialog', ( dialog ) => dialog.accept() );
	await page
		.locator( PLUGIN_ROW )
		.getByRole( 'link', { name: /^Delete/ } )
		.click();
	await expect( page.getByText( 'was successfully deleted' ) ).toBeVisible( {
		timeout: BUSY_WAIT,
	} );
	expect( ( await copyLeftovers( site.request ) ).plugin_installed ).toBe(
		false
	);
}

test.beforeAll( async ( {}, testInfo ) => {
	zip = buildZip( testInfo.outputPath( 'dist' ) );
	site = await openCopySite();
	await restoreCopyPlugin( site.request );
} );

// The copy site gets back its usual copy of the checkout's plugin, for the specs after this one.
test.afterAll( async () => {
	if ( site === undefined ) {
		return;
	}
	if ( ( await copyLeftovers( site.request ) ).plugin_installed ) {
		await deletePlugin( site.page );
	}
	await restoreCopyPlugin( site.request );
	await site.close();
} );

test( 'the plugin zip uploads through Plugins > Add New, activates, and the service answers health', async () => {
	const { page, request } = site;
	await deletePlugin( page );

	await uploadAndActivate( page, zip );

	const health = await request.get( '/wp-json/svc/v1/health' );
	expect( health.status(), await health.text() ).toBe( 200 );
	expect( ( await health.json() ).version ).toBe( zip.version );
} );
