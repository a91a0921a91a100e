/**
 * API keys screen: create a key (shown once), see it listed as never used, revoke it with confirmation.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
	expectSnackbar,
	openScreen,
	rowAction,
	saveScreenshot,
} from './screens';

test( 'create an API key, use it, and revoke it', async ( {
	page,
	request,
} ) => {
	const label = `Build server ${ randomUUID().slice( 0, 6 ) }`;
	await openScreen( page, 'api-keys' );
	await page.getByRole( 'button', { name: 'Add API key' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Add API key' } );
	await dialog.getByLabel( 'Label' ).fill( label );
	await dialog.getByLabel( 'Permission' ).selectOption( 'write' );
	await dialog.getByRole( 'button', { name: 'Create key' } ).click();
	await expectSnackbar( page, 'API key created.' );
	const key = (
		await dialog.getByTestId( 'svc-secret-value' ).innerText()
	).trim();
	await expect( dialog ).toContainText( 'you will not see this again' );
	await dialog.getByRole( 'button', { name: 'Done' } ).click();

	const row = page.locator( 'tr' ).filter( { hasText: label } );
	await expect( row ).toContainText( key.slice( 0, 8 ) );
	await expect( row ).toContainText( 'Write' );
	await expect( row ).toContainText( 'All products' );
	await expect( row ).toContainText( 'Never' );
	await saveScreenshot( page, 'api-keys' );

	const used = await request.get( '/wp-json/svc/v1/admin/products', {
		headers: { 'X-Service-Key': key },
	} );
	expect( used.status() ).toBe( 200 );
	await page.reload();
	await expect(
		page.locator( 'tr' ).filter( { hasText: label } )
	).not.toContainText( 'Never' );

	await rowAction( page, label, 'Revoke' );
	await page
		.getByRole( 'dialog', { name: 'Revoke this API key?' } )
		.getByRole( 'button', { name: 'Revoke' } )
		.click();
	await expectSnackbar( page, 'API key revoked.' );
	await expect(
		page.locator( 'tr' ).filter( { hasText: label } )
	).toHaveCount( 0 );
	const refused = await request.get( '/wp-json/svc/v1/admin/products', {
		headers: { 'X-Service-Key': key },
	} );
	expect( refused.status() ).toBe( 401 );
} );

test( 'the key form says under the field what is wrong, on the client and from the server, and asks before losing a label', async ( {
	page,
} ) => {
	await openScreen( page, 'api-keys' );
	await page.getByRole( 'button', { name: 'Add API key' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Add API key' } );
	const label = dialog.getByLabel( 'Label' );
	const create = dialog.getByRole( 'button', { name: 'Create key' } );

	await create.click();
	await expect( label ).toHaveAccessibleDescription( 'Enter the label.' );
	await expect( label ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( label ).toBeFocused();

	// Too long for the service: its refusal lands under the same field, in words.
	await label.fill( 'x'.repeat( 201 ) );
	await create.click();
	await expect( label ).toHaveAccessibleDescription(
		'Enter a label of at most 200 characters, such as "Build server".'
	);
	await expect( dialog ).toBeVisible();
	await saveScreenshot( page, 'api-keys-refused' );

	// Closing with a typed label asks first; staying keeps it.
	let asked = '';
	page.once( 'dialog', ( prompt ) => {
		asked = prompt.message();
		void prompt.dismiss();
	} );
	await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect
		.poll( () => asked )
		.toBe( 'You have unsaved changes. Leave without saving them?' );
	await expect( label ).toHaveValue( 'x'.repeat( 201 ) );

	const name = `Deploy ${ randomUUID().slice( 0, 6 ) }`;
	await label.fill( name );
	await create.click();
	await expectSnackbar( page, 'API key created.' );
	await dialog.getByRole( 'button', { name: 'Done' } ).click();
	await expect(
		page.locator( 'tr' ).filter( { hasText: name } )
	).toHaveCount( 1 );
} );
