/**
 * Deleting the plugin from the Plugins screen keeps the seller's data unless the admin opted in (a setting
 * confirmed by typing the site name, or SVC_LICENSING_REMOVE_ALL_DATA). Runs on the copy site: WordPress' delete
 * would empty a linked folder's target, the checkout.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	applyCopySuiteSettings,
	copyKeyHeaders,
	copyLaneLoader,
	copyLeftovers,
	openCopySite,
	putPluginBack,
	restoreCopyPlugin,
	setCopyRemoveAllDataConstant,
	type CopySite,
} from '../fixtures/copy-site';
import { fastLane } from '../fixtures/env';
import {
	BUSY_WAIT,
	PLUGIN_ROW,
	deleteThroughPluginsScreen,
} from '../fixtures/plugins-screen';
import { SUITE_SETTINGS } from '../fixtures/test-helpers';
import { seedService, sha256 } from '../fixtures/seed';
import { expectSnackbar, saveScreenshot } from './screens';

const API = '/wp-json/svc/v1';
const NOTHING_LEFT = {
	tables: [],
	options: [],
	package_dir: false,
	package_files: [],
	cron_hooks: [],
	plugin_installed: false,
	lane_loader: false,
};

test.describe.configure( { mode: 'serial' } );

let site: CopySite;

test.beforeAll( async () => {
	site = await openCopySite();
	await applyCopySuiteSettings( site.request, SUITE_SETTINGS );
} );

// Each test starts from the plugin in place and active, with the suite's settings: a rerun, or the test after one
// that failed halfway through a delete, would otherwise start on a site without it.
test.beforeEach( async () => {
	await setCopyRemoveAllDataConstant( site.request, false );
	await restoreCopyPlugin( site.request );
	await applyCopySuiteSettings( site.request, SUITE_SETTINGS );
} );

test.afterAll( async () => {
	await setCopyRemoveAllDataConstant( site.request, false );
	await site.close();
} );

/** Puts the plugin's files back and activates it through the Plugins screen. */
async function reinstall() {
	await putPluginBack( site.request );
	await site.page.goto( '/wp-admin/plugins.php' );
	await site.page
		.locator( PLUGIN_ROW )
		.getByRole( 'link', { name: /^Activate/ } )
		.click();
	// Activation after a full erase creates every table again: on SQLite, beside two other tracks, slower than 5 s.
	await expect( site.page.locator( '#message' ) ).toContainText(
		'activated',
		{ timeout: BUSY_WAIT }
	);
	await applyCopySuiteSettings( site.request, SUITE_SETTINGS );
}

// Each test deactivates, deletes and activates through core's Plugins screen, each step allowed BUSY_WAIT on a busy
// machine, so the test's own limit is longer than the three together (a CI run, SQLite with the lane off, ran out of
// the default 30 s while core was still deleting).
test.describe.configure( { timeout: 4 * BUSY_WAIT } );

const seed = async ( request: APIRequestContext ) =>
	seedService( request, await copyKeyHeaders( request ), 'Kept', 3 );

test( 'delete and reinstall through the Plugins screen keeps every licence, activation and release', async () => {
	const { request, page } = site;
	const seeded = await seed( request );
	// The fast lane's loader is there when the suite runs with the lane on, and must not outlive the plugin.
	expect( ( await copyLaneLoader( request ) ).loader ).toBe( fastLane );
	await deleteThroughPluginsScreen( page );

	const kept = await copyLeftovers( request );
	expect( kept.plugin_installed ).toBe( false );
	expect( kept.lane_loader ).toBe( false );
	expect( kept.tables.length ).toBeGreaterThanOrEqual( 11 );
	expect( kept.options ).toEqual(
		expect.arrayContaining( [
			'svc_licensing_key_secret',
			'svc_licensing_settings',
			'svc_licensing_schema_version',
		] )
	);
	expect(
		kept.package_files.filter( ( f ) => f.endsWith( '.zip' ) ).length
	).toBeGreaterThanOrEqual( 1 );
	expect( kept.cron_hooks ).toEqual( [] );

	await reinstall();
	expect( ( await copyLaneLoader( request ) ).loader ).toBe( fastLane );
	for ( const license of seeded.licenses ) {
		const validated = await request.post( `${ API }/licenses/validate`, {
			data: {
				license_key: license.key,
				product_slug: seeded.product.slug,
				site_url: license.site,
			},
		} );
		expect( validated.status(), license.email ).toBe( 200 );
		const body = await validated.json();
		expect( body.valid, license.email ).toBe( true );
		expect( body.activation_count ).toBe( 1 );
	}
	const offer = await (
		await request.get( `${ API }/updates/check`, {
			params: {
				license_key: seeded.licenses[ 0 ].key,
				product_slug: seeded.product.slug,
				site_url: seeded.licenses[ 0 ].site,
				current_version: '1.0.0',
			},
		} )
	).json();
	expect( offer.new_version ).toBe( '1.2.0' );
	expect( offer.package_hash ).toBe( `sha256:${ seeded.zipSha }` );
	const download = await request.get( offer.package );
	expect( download.status() ).toBe( 200 );
	expect( sha256( await download.body() ) ).toBe( seeded.zipSha );

	await page.goto( '/wp-admin/admin.php?page=svc-licensing' );
	for ( const license of seeded.licenses ) {
		await expect( page.getByText( license.email ) ).toBeVisible();
	}
} );

test( 'opted in on the Settings screen, the same delete leaves nothing behind', async () => {
	const { request, page } = site;
	await seed( request );
	await page.goto( '/wp-admin/admin.php?page=svc-licensing-settings' );
	const card = page.locator( '.svc-data-removal' );
	await expect( card ).toContainText(
		'Deleting the plugin keeps all its data.'
	);
	await expect( card ).toContainText(
		/will erase \d+ licences?, \d+ products? and \d+ release files?/
	);
	const field = card.getByLabel( /Type the site name/ );
	const confirm = card.getByRole( 'button', {
		name: 'Erase all data when the plugin is deleted',
	} );
	await field.fill( 'not the name' );
	await expect( confirm ).toBeDisabled();
	const label = ( await card.locator( 'label' ).first().textContent() ) ?? '';
	const siteName = label.match(
		/Type the site name, (.+), to confirm/
	)?.[ 1 ];
	expect( siteName, label ).toBeTruthy();
	await field.fill( siteName as string );
	await confirm.click();
	await expectSnackbar(
		page,
		'Deleting the plugin will now erase all its data.'
	);
	await expect( card ).toContainText(
		'Deleting the plugin will erase all its data.'
	);
	await saveScreenshot( page, 'settings-data-removal' );

	await deleteThroughPluginsScreen( page );
	expect( await copyLeftovers( request ) ).toEqual( NOTHING_LEFT );
	await reinstall();
} );

test( 'with SVC_LICENSING_REMOVE_ALL_DATA, the same delete leaves nothing behind', async () => {
	const { request, page } = site;
	await seed( request );
	await setCopyRemoveAllDataConstant( request, true );
	await page.goto( '/wp-admin/admin.php?page=svc-licensing-settings' );
	await expect( page.locator( '.svc-data-removal' ) ).toContainText(
		'SVC_LICENSING_REMOVE_ALL_DATA is set in wp-config.php'
	);
	await deleteThroughPluginsScreen( page );
	expect( await copyLeftovers( request ) ).toEqual( NOTHING_LEFT );
	await setCopyRemoveAllDataConstant( request, false );
	await reinstall();
} );
