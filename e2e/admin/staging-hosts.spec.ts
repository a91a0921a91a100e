/**
 * The panel's side of staging hosts: the Settings screen edits the switch and the patterns (keyboard usable,
 * with help text), and a licence's activations show staging sites apart with the slots they do not use.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Settings } from '../../src/api/types';
import { adminClient } from '../fixtures/client';
import { applySuiteSettings, setSettings } from '../fixtures/test-helpers';
import {
	expectSnackbar,
	openScreen,
	rowAction,
	saveScreenshot,
} from './screens';

let shippedPatterns: Settings[ 'staging_hosts' ];

test.beforeAll( async ( { request } ) => {
	shippedPatterns = ( await ( await adminClient( request ) ).settings() )
		.staging_hosts;
} );

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await setSettings( request, { staging_hosts: shippedPatterns } );
} );

test( 'the staging switch and patterns, edited with the keyboard, are saved; a bad pattern is refused in words', async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	const toggle = page.getByRole( 'checkbox', {
		name: 'Staging sites use no slot',
	} );
	const patterns = page.getByLabel( 'Staging host patterns (one per line)' );
	await expect( toggle ).not.toBeChecked();
	await expect( patterns ).toHaveValue( shippedPatterns.join( '\n' ) );
	await expect( page.locator( '.svc-settings' ) ).toContainText(
		'decides from the site address alone'
	);
	await expect( page.locator( '.svc-settings' ) ).toContainText(
		'*.test matches shop.test'
	);

	await toggle.focus();
	await page.keyboard.press( 'Space' );
	await page.keyboard.press( 'Tab' );
	await expect( patterns ).toBeFocused();
	await page.keyboard.press( 'ControlOrMeta+A' );
	await page.keyboard.type( 'QA.acme.com\n*.wpengine.com\n' );
	await page.getByRole( 'button', { name: 'Save settings' } ).focus();
	await page.keyboard.press( 'Enter' );
	await expectSnackbar( page, 'Settings saved.' );
	await expect( patterns ).toHaveValue( 'qa.acme.com\n*.wpengine.com' );
	expect( await ( await adminClient( request ) ).settings() ).toMatchObject( {
		staging_hosts_enabled: true,
		staging_hosts: [ 'qa.acme.com', '*.wpengine.com' ],
	} );
	await saveScreenshot( page, 'settings-staging-hosts' );

	await patterns.fill( 'qa.acme.com\nhttps://shop.test' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar(
		page,
		'"https://shop.test" is not a staging host pattern'
	);
	expect(
		( await ( await adminClient( request ) ).settings() ).staging_hosts
	).toEqual( [ 'qa.acme.com', '*.wpengine.com' ] );
} );

test( "a licence's staging sites are labelled and counted apart from the slots", async ( {
	page,
	request,
} ) => {
	await setSettings( request, {
		staging_hosts_enabled: true,
		staging_hosts: [ '*.test' ],
	} );
	const client = await adminClient( request );
	const tag = randomUUID().slice( 0, 6 );
	const product = await client.createProduct( { name: `Staging ${ tag }` } );
	const license = await client.createLicense( {
		product_id: product.id,
		customer_email: `staging-${ tag }@example.com`,
		activation_limit: 3,
	} );
	for ( const site of [
		`https://shop-${ tag }.example.com`,
		`https://shop-${ tag }.test`,
		`https://blog-${ tag }.test`,
	] ) {
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{
				data: {
					license_key: license.license_key,
					product_slug: product.slug,
					site_url: site,
				},
			}
		);
		expect( activated.status() ).toBe( 200 );
	}

	await openScreen( page, 'licenses' );
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( `staging-${ tag }` );
	await expect( page.locator( 'tbody tr' ) ).toHaveCount( 1 );
	await rowAction( page, `staging-${ tag }@example.com`, 'View' );
	const detail = page.locator( '.svc-licence-page' );
	await expect( detail.getByTestId( 'svc-sites-used' ) ).toHaveText(
		'1 of 3 sites used, plus 2 staging sites (they use no slot).'
	);
	// Staging sites are listed apart from the sites that use a slot.
	const stagingSites = detail.getByRole( 'region', {
		name: 'Staging sites (they use no slot)',
	} );
	const row = ( site: string ) =>
		detail
			.locator( 'table.svc-activations tr' )
			.filter( { hasText: site } );
	await expect( row( `shop-${ tag }.example.com` ) ).toHaveCount( 1 );
	await expect( stagingSites ).not.toContainText(
		`shop-${ tag }.example.com`
	);
	await expect( stagingSites ).toContainText( `shop-${ tag }.test` );
	await expect( stagingSites ).toContainText( `blog-${ tag }.test` );
	await saveScreenshot( page, 'licenses-detail-staging' );

	await detail
		.getByRole( 'button', { name: `Deactivate shop-${ tag }.test` } )
		.click();
	await expectSnackbar( page, 'Site deactivated.' );
	await expect( detail.getByTestId( 'svc-sites-used' ) ).toHaveText(
		'1 of 3 sites used, plus 1 staging site (it uses no slot).'
	);
	expect( ( await client.license( license.id ) ).activation_count ).toBe( 1 );
} );
