/**
 * Deleting the plugin from the Plugins screen keeps the seller's data unless the admin opted in (a setting
 * confirmed by typing the site name, or SVC_LICENSING_REMOVE_ALL_DATA). Runs on a copy of the plugin: WordPress'
 * delete would empty a linked folder's target, the checkout.
 */
import { createHash } from 'node:crypto';
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import { makeZip } from '../fixtures/zip';
import {
	applySuiteSettings,
	keyHeaders,
	pluginFiles,
	readLeftovers,
	setRemoveAllDataConstant,
} from '../fixtures/test-helpers';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';

const API = '/wp-json/svc/v1';
const sha256 = ( data: Buffer ) =>
	createHash( 'sha256' ).update( data ).digest( 'hex' );

test.describe.configure( { mode: 'serial' } );

/** Deletes the plugin through the Plugins screen, accepting core's confirm dialog. */
async function deleteThroughPluginsScreen( page: Page ) {
	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator( 'tr[data-slug="svc-licensing"]' ).first();
	if ( await row.locator( 'a#deactivate-svc-licensing' ).isVisible() ) {
		await row.locator( 'a#deactivate-svc-licensing' ).click();
		await expect( page.locator( '#message' ) ).toContainText(
			'deactivated'
		);
	}
	page.once( 'dialog', ( dialog ) => dialog.accept() );
	await page
		.locator( 'tr[data-slug="svc-licensing"] a#delete-svc-licensing' )
		.click();
	await expect(
		page.locator( 'tr.plugin-deleted-tr, #bulk-action-form' ).first()
	).toContainText( 'was successfully deleted' );
}

/** Puts the plugin's files back and activates it through the Plugins screen. */
async function reinstall( page: Page, request: APIRequestContext ) {
	await pluginFiles( request, 'copy' );
	await page.goto( '/wp-admin/plugins.php' );
	await page.locator( 'a#activate-svc-licensing' ).click();
	await expect( page.locator( '#message' ) ).toContainText( 'activated' );
}

async function seed( request: APIRequestContext ) {
	const admin = await keyHeaders( request, 'admin' );
	const tag = Date.now().toString( 36 );
	const product = await (
		await request.post( `${ API }/admin/products`, {
			headers: admin,
			data: { name: `Kept ${ tag }` },
		} )
	).json();
	const zip = makeZip( { 'kept/kept.php': `<?php // ${ tag }` } );
	const release = await request.post(
		`${ API }/admin/products/${ product.id }/releases`,
		{
			headers: admin,
			multipart: {
				version: '1.2.0',
				changelog: 'Kept',
				package: {
					name: 'kept.zip',
					mimeType: 'application/zip',
					buffer: zip,
				},
			},
		}
	);
	expect( release.status() ).toBe( 201 );
	const licenses = [];
	for ( let i = 0; i < 3; i++ ) {
		const license = await (
			await request.post( `${ API }/admin/licenses`, {
				headers: admin,
				data: {
					product_id: product.id,
					customer_email: `kept${ i }.${ tag }@example.com`,
					activation_limit: 2,
				},
			} )
		).json();
		const site = `kept${ i }-${ tag }.example.com`;
		const activated = await request.post( `${ API }/licenses/activate`, {
			data: {
				license_key: license.license_key,
				product_slug: product.slug,
				site_url: site,
			},
		} );
		expect( activated.status() ).toBe( 200 );
		licenses.push( {
			key: license.license_key as string,
			email: license.customer_email as string,
			site,
		} );
	}
	return { product, licenses, zipSha: sha256( zip ) };
}

test.afterAll( async ( { request } ) => {
	await setRemoveAllDataConstant( request, false );
	await pluginFiles( request, 'link' );
	await applySuiteSettings( request );
} );

test( 'delete and reinstall through the Plugins screen keeps every licence, activation and release', async ( {
	page,
	request,
} ) => {
	const seeded = await seed( request );
	await pluginFiles( request, 'copy' );
	await deleteThroughPluginsScreen( page );

	const kept = await readLeftovers( request );
	expect( kept.plugin_installed ).toBe( false );
	expect( kept.tables.length ).toBeGreaterThanOrEqual( 10 );
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

	await reinstall( page, request );
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
	const check = await request.get( `${ API }/updates/check`, {
		params: {
			license_key: seeded.licenses[ 0 ].key,
			product_slug: seeded.product.slug,
			site_url: seeded.licenses[ 0 ].site,
			current_version: '1.0.0',
		},
	} );
	const offer = await check.json();
	expect( offer.new_version ).toBe( '1.2.0' );
	const download = await request.get( offer.package );
	expect( download.status() ).toBe( 200 );
	const bytes = await download.body();
	expect( sha256( bytes ) ).toBe( seeded.zipSha );
	expect( offer.package_hash ).toBe( `sha256:${ seeded.zipSha }` );

	await openScreen( page, 'licenses' );
	for ( const license of seeded.licenses ) {
		await expect( page.getByText( license.email ) ).toBeVisible();
	}
	await applySuiteSettings( request );
} );

test( 'opted in on the Settings screen, the same delete leaves nothing behind', async ( {
	page,
	request,
} ) => {
	await seed( request );
	await pluginFiles( request, 'copy' );
	await openScreen( page, 'settings' );
	const card = page.locator( '.svc-data-removal' );
	await expect( card ).toContainText(
		'Deleting the plugin keeps all its data.'
	);
	await expect( card ).toContainText(
		/will erase \d+ licences?, \d+ products? and \d+ release files?/
	);
	const phrase = await page.evaluate( () => document.title );
	const field = card.getByLabel( /Type the site name/ );
	const confirm = card.getByRole( 'button', {
		name: 'Erase all data when the plugin is deleted',
	} );
	await field.fill( 'not the name' );
	await expect( confirm ).toBeDisabled();
	const siteName = (
		await card.locator( 'label' ).first().textContent()
	)?.match( /Type the site name, (.+), to confirm/ )?.[ 1 ];
	expect( siteName, `site name in the label (${ phrase })` ).toBeTruthy();
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
	const left = await readLeftovers( request );
	expect( left ).toEqual( {
		tables: [],
		options: [],
		package_dir: false,
		package_files: [],
		cron_hooks: [],
		plugin_installed: false,
	} );
	await reinstall( page, request );
	await applySuiteSettings( request );
} );

test( 'with SVC_LICENSING_REMOVE_ALL_DATA, the same delete leaves nothing behind', async ( {
	page,
	request,
} ) => {
	await seed( request );
	await pluginFiles( request, 'copy' );
	await setRemoveAllDataConstant( request, true );
	await openScreen( page, 'settings' );
	await expect( page.locator( '.svc-data-removal' ) ).toContainText(
		'SVC_LICENSING_REMOVE_ALL_DATA is set in wp-config.php'
	);
	await deleteThroughPluginsScreen( page );
	expect( await readLeftovers( request ) ).toEqual( {
		tables: [],
		options: [],
		package_dir: false,
		package_files: [],
		cron_hooks: [],
		plugin_installed: false,
	} );
	await setRemoveAllDataConstant( request, false );
	await reinstall( page, request );
	await applySuiteSettings( request );
} );
