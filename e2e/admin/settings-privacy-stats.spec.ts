/**
 * Settings (change a limit, set the secret) and privacy (export downloads JSON, erase needs the email typed
 * again). The Stats screen has its own spec (stats.spec.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { applySuiteSettings, setSettings } from '../fixtures/test-helpers';
import { SCREENS, expectSnackbar, openScreen, saveScreenshot } from './screens';

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await (
		await adminClient( request )
	).updateSettings( {
		webhook_signing_secret: '',
		currency: 'USD',
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

	// A bad value is refused under its field, in plain words, and nothing changes.
	const currency = page.getByLabel( 'Currency (ISO 4217)' );
	await currency.fill( 'E1' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( currency ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( currency ).toHaveAccessibleDescription(
		'Enter a three-letter currency code, such as USD or EUR.'
	);
	await expect( currency ).toBeFocused();
	expect(
		( await ( await adminClient( request ) ).settings() ).currency
	).toBe( stored.currency );
} );

test( "the customer portal's monthly self-serve releases and its sign-in limits are set on the Settings screen", async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	const releases = page.getByLabel(
		'Sites a customer may deactivate per licence and month'
	);
	await expect( releases ).toHaveValue( '3' );
	await releases.fill( '1001' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( releases ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( releases ).toHaveAccessibleDescription(
		'Enter a whole number from 0 to 1000.'
	);
	await expect( releases ).toBeFocused();
	expect(
		( await ( await adminClient( request ) ).settings() )
			.portal_releases_per_month
	).toBe( 3 );

	await releases.fill( '1' );
	await page
		.getByLabel( 'Portal sign-in links (per email address)' )
		.fill( '4' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	const stored = await ( await adminClient( request ) ).settings();
	expect( stored.portal_releases_per_month ).toBe( 1 );
	expect( stored.rate_limits.portal_link_email ).toBe( 4 );
	await page.reload();
	await expect( releases ).toHaveValue( '1' );
	await setSettings( request, { portal_releases_per_month: 3 } );
} );

test( 'the monthly site moves a customer may make are set on the Settings screen, beside the releases', async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	const moves = page.getByLabel(
		'Site moves a customer may make per licence and month'
	);
	await expect( moves ).toHaveValue( '3' );
	await moves.fill( '-1' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( moves ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( moves ).toHaveAccessibleDescription(
		'Enter a whole number from 0 to 1000.'
	);
	await expect( moves ).toBeFocused();
	await moves.fill( '0' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	expect(
		( await ( await adminClient( request ) ).settings() )
			.site_moves_per_month
	).toBe( 0 );
	await page.reload();
	await expect( moves ).toHaveValue( '0' );
	await setSettings( request, { site_moves_per_month: 3 } );
} );

test( 'finding 3: a currency that is not an ISO 4217 code ("dollars", "DOL") is refused next to the field', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const before = ( await client.settings() ).currency;
	await openScreen( page, 'settings' );
	const currency = page.getByLabel( 'Currency (ISO 4217)' );
	const save = page.getByRole( 'button', { name: 'Save settings' } );

	// Typed whole (no longer cut to "DOL" by the field), and refused before anything is sent.
	await currency.fill( 'dollars' );
	await expect( currency ).toHaveValue( 'dollars' );
	await save.click();
	await expect( currency ).toHaveAccessibleDescription(
		'Enter a three-letter currency code, such as USD or EUR.'
	);

	// Three letters, but no currency: the server refuses it, and says so under the field.
	await currency.fill( 'DOL' );
	await save.click();
	await expect( currency ).toHaveAccessibleDescription(
		'"DOL" is not an ISO 4217 currency code. Enter the three letters of a currency, such as USD, EUR or GBP.'
	);
	await expect( currency ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( page.getByText( 'Settings saved.' ) ).toHaveCount( 0 );
	expect( ( await client.settings() ).currency ).toBe( before );
	await saveScreenshot( page, 'settings-currency-refused' );

	// The API refuses it whatever the form does.
	const refused = await client
		.updateSettings( { currency: 'DOL' } )
		.catch( ( error: { envelope: unknown } ) => error.envelope );
	expect( refused ).toMatchObject( {
		code: 'invalid_params',
		data: { params: { currency: expect.stringContaining( 'ISO 4217' ) } },
	} );

	// A real code, typed in lower case, is stored upper-case.
	await currency.fill( 'eur' );
	await save.click();
	await expectSnackbar( page, 'Settings saved.' );
	await expect( currency ).toHaveValue( 'EUR' );
	expect( ( await client.settings() ).currency ).toBe( 'EUR' );
} );

test( 'finding 6: a bad trusted proxy is named in plain words next to the field', async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	const proxies = page.getByLabel(
		'Trusted proxies (one IP or CIDR range per line)'
	);
	await proxies.fill( '10.0.0.0/8\nproxy.example.com' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( proxies ).toHaveAccessibleDescription(
		'"proxy.example.com" is not an IP address or a CIDR range. Enter one per line, such as 203.0.113.7 or 10.0.0.0/8.'
	);
	await expect( proxies ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( page.locator( '#svc-licensing-root' ) ).not.toContainText(
		'does not match pattern'
	);
	expect(
		( await ( await adminClient( request ) ).settings() ).trusted_proxies
	).toEqual( [] );

	// A range the pattern of old let through ("10.0.0.0/99") is refused too; fixing the line saves.
	await proxies.fill( '10.0.0.0/99' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( proxies ).toHaveAccessibleDescription(
		/^"10\.0\.0\.0\/99" is not/
	);
	await proxies.fill( '10.0.0.0/8\n2001:db8::/32' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	await expect( proxies ).not.toHaveAttribute( 'aria-invalid', 'true' );
	expect(
		( await ( await adminClient( request ) ).settings() ).trusted_proxies
	).toEqual( [ '10.0.0.0/8', '2001:db8::/32' ] );
} );

test( 'leaving the Settings form with unsaved changes asks first', async ( {
	page,
} ) => {
	await openScreen( page, 'settings' );
	const limit = page.getByLabel( 'Validate (per IP)' );
	await limit.fill( '77' );
	const stats = page
		.locator( '#toplevel_page_svc-licensing .wp-submenu' )
		.getByRole( 'link', { name: 'Stats', exact: true } );

	let asked = '';
	page.once( 'dialog', ( dialog ) => {
		asked = dialog.type();
		void dialog.dismiss();
	} );
	await stats.click();
	await expect.poll( () => asked ).toBe( 'beforeunload' );
	await expect( page ).toHaveURL( /page=svc-licensing-settings/ );
	await expect( limit ).toHaveValue( '77' );

	// Once saved, nothing is pending: the link just leaves.
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	page.on( 'dialog', ( dialog ) => {
		throw new Error( `unexpected ${ dialog.type() } dialog` );
	} );
	await stats.click();
	await expect( page ).toHaveURL( /page=svc-licensing-stats/ );
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
	const name = `Ada ${ randomUUID().slice( 0, 6 ) }`;
	await client.createLicense( {
		product_id: product.id,
		customer_email: email,
		customer_name: name,
	} );
	await client.createLicense( {
		product_id: product.id,
		customer_email: email,
		customer_name: name,
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
	// Finding 5: the erase clears the customer's name, so the export shows it.
	for ( const license of exported.export.licenses ) {
		expect( license.customer_name ).toBe( name );
	}
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
	for ( const { title: screen } of SCREENS ) {
		await expect(
			menu
				.locator( '.wp-submenu' )
				.getByRole( 'link', { name: screen, exact: true } )
		).toHaveCount( 1 );
	}
} );
