/**
 * Settings → Renewal page: the address client sites link to from their expiry notices (validate's renewal_url).
 */
import { expect, test } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { applySuiteSettings } from '../fixtures/test-helpers';
import { expectSnackbar, openScreen } from './screens';

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
} );

test( 'the renewal page is saved from the Settings screen, and an address that is not http(s) is refused in words', async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	const field = page.getByLabel( 'Renewal page' );
	await expect( field ).toHaveValue( '' );

	await field.fill( 'shop.example/renew' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar(
		page,
		'The settings were not saved: The renewal page must be an address starting with https:// or http://'
	);
	expect(
		( await ( await adminClient( request ) ).settings() ).renewal_page
	).toBe( '' );

	await field.fill( 'https://shop.example/renew/{product}/' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	await page.reload();
	await expect( page.getByLabel( 'Renewal page' ) ).toHaveValue(
		'https://shop.example/renew/{product}/'
	);
	expect(
		( await ( await adminClient( request ) ).settings() ).renewal_page
	).toBe( 'https://shop.example/renew/{product}/' );
} );
