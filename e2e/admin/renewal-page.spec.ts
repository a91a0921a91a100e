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
	// Refused under the field, in words (issue 16: errors next to the field, not in a snackbar).
	await expect( field ).toHaveAccessibleDescription(
		'Enter a full address, such as https://example.com/.'
	);
	await expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
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
