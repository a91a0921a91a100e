/**
 * Settings (change a limit, set the secret) and privacy (export downloads JSON, erase needs the email typed
 * again). The Stats screen has its own spec (stats.spec.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { applySuiteSettings, setSettings } from '../fixtures/test-helpers';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await (
		await adminClient( request )
	).updateSettings( {
		webhook_signing_secret: '',
	} );
} );

test( 'change settings: a rate limit, the token lifetime and the write-only secret', async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	await expect( page.getByTestId( 'svc-secret-state' ) ).toHaveText(
		'No signing secret is set: every delivery is refused.'
	);
	await page.getByLabel( 'Validate (per IP)' ).fill( '45' );
	await page.getByLabel( 'Download link lifetime (seconds)' ).fill( '600' );
	await page
		.getByLabel( 'New signing secret (whsec_…)' )
		.fill( 'whsec_fromthepanel' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	await expect( page.getByTestId( 'svc-secret-state' ) ).toHaveText(
		'A signing secret is set.'
	);
	await saveScreenshot( page, 'settings' );

	await page.reload();
	await expect( page.getByLabel( 'Validate (per IP)' ) ).toHaveValue( '45' );
	await expect(
		page.getByLabel( 'Download link lifetime (seconds)' )
	).toHaveValue( '600' );
	await expect(
		page.getByLabel( 'New signing secret (whsec_…)' )
	).toHaveValue( '' );
	const stored = await ( await adminClient( request ) ).settings();
	expect( stored ).toMatchObject( {
		webhook_signing_secret_set: true,
		download_token_ttl: 600,
	} );
	expect( stored.rate_limits.validate ).toBe( 45 );
	expect( JSON.stringify( stored ) ).not.toContain( 'whsec_fromthepanel' );

	// A bad value is refused with the server's message and nothing changes.
	await page.getByLabel( 'Currency (ISO 4217)' ).fill( 'E1' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, /The settings were not saved/ );
} );

test( 'the fast lane switch, worked with the keyboard, saves the setting and says whether the lane is active', async ( {
	page,
	request,
} ) => {
	// On to begin with, in the suite's lane-off run too; afterEach puts the suite's value back.
	await setSettings( request, { fast_lane: true } );
	await openScreen( page, 'settings' );
	const toggle = page.getByRole( 'checkbox', {
		name: 'Fast lane for licence checks',
	} );
	const state = page.getByTestId( 'svc-fast-lane-state' );
	// The help lists every route the lane answers, package downloads (GET /downloads/{slug}) included.
	await expect( toggle ).toHaveAccessibleDescription(
		/^Answers licence validation, activation, deactivation, update checks and package downloads before other plugins/
	);
	await expect( toggle ).toBeChecked();
	await expect( state ).toHaveText( 'Active on this server.' );

	/** Tabs from the field before the switch to the switch, flips it with Space, tabs to Save and presses Enter. */
	const flipAndSave = async () => {
		await page
			.getByLabel( 'Trusted proxies (one IP or CIDR range per line)' )
			.focus();
		await page.keyboard.press( 'Tab' );
		await expect( toggle ).toBeFocused();
		await page.keyboard.press( 'Space' );
		await page.keyboard.press( 'Tab' );
		await expect(
			page.getByRole( 'button', { name: 'Save settings' } )
		).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expectSnackbar( page, 'Settings saved.' );
	};

	await flipAndSave();
	await expect( toggle ).not.toBeChecked();
	await expect( state ).toHaveText(
		'Off: licence checks, update checks and package downloads take the normal REST route.'
	);
	expect( await ( await adminClient( request ) ).settings() ).toMatchObject( {
		fast_lane: false,
		fast_lane_state: 'off',
	} );
	await page.reload();
	await expect( toggle ).not.toBeChecked();

	await flipAndSave();
	await expect( toggle ).toBeChecked();
	await expect( state ).toHaveText( 'Active on this server.' );
	expect( await ( await adminClient( request ) ).settings() ).toMatchObject( {
		fast_lane: true,
		fast_lane_state: 'on',
	} );
} );

test( 'export a customer as JSON, then erase after typing the email again', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const email = `privacy-${ randomUUID().slice( 0, 6 ) }@example.com`;
	const product = await client.createProduct( {
		name: `Privacy ${ randomUUID().slice( 0, 6 ) }`,
	} );
	await client.createLicense( {
		product_id: product.id,
		customer_email: email,
	} );
	await client.createLicense( {
		product_id: product.id,
		customer_email: email,
	} );

	await openScreen( page, 'privacy' );
	await page.getByLabel( 'Customer email' ).first().fill( email );
	const [ download ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		page.getByRole( 'button', { name: 'Export as JSON' } ).click(),
	] );
	expect( download.suggestedFilename() ).toBe(
		`svc-licensing-export-${ email }.json`
	);
	const exported = JSON.parse(
		await readFile( await download.path(), 'utf8' )
	);
	expect( exported.email ).toBe( email );
	expect( exported.export.licenses ).toHaveLength( 2 );
	await expectSnackbar( page, 'Exported 2 records.' );

	const erase = page.getByRole( 'button', { name: 'Erase' } );
	await page.getByLabel( 'Customer email' ).nth( 1 ).fill( email );
	await expect( erase ).toBeDisabled();
	await page
		.getByLabel( 'Type the email again to confirm' )
		.fill( 'someone@else.example' );
	await expect( erase ).toBeDisabled();
	await page.getByLabel( 'Type the email again to confirm' ).fill( email );
	await erase.click();
	await expectSnackbar( page, 'Personal data erased.' );
	const result = page.getByTestId( 'svc-erase-result' );
	await expect( result ).toContainText( 'licenses2' );
	await saveScreenshot( page, 'privacy' );
	const after = await client.exportPersonalData( email );
	expect( after.export.total_records ).toBe( 0 );
} );

test( 'the plugin is active and one top-level menu lists every screen', async ( {
	page,
} ) => {
	await page.goto( '/wp-admin/plugins.php' );
	await expect(
		page.locator( 'tr[data-plugin="svc-licensing/svc-licensing.php"]' )
	).toHaveClass( /\bactive\b/ );
	const menu = page.locator( '#toplevel_page_svc-licensing' );
	for ( const screen of [
		'Licences',
		'Products',
		'API keys',
		'Webhook events',
		'Stats',
		'Settings',
		'Privacy',
	] ) {
		await expect(
			menu
				.locator( '.wp-submenu' )
				.getByRole( 'link', { name: screen, exact: true } )
		).toHaveCount( 1 );
	}
} );
