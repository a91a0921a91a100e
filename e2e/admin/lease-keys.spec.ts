/**
 * The panel's side of offline leases (docs/leases.md): the Settings screen's "Offline leases" card saves the lease
 * lifetime with the form, and rotates the signing keys with the keyboard: prepare a next key, start signing with
 * it (confirmed), and a retired key's removal is refused in the server's words while its leases may be valid.
 * The ring ends as other specs expect it: one active key, no next key (the retired key stays published, as after
 * `wp svc lease-key promote`).
 */
import { expect, test, type Page } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { seriousViolations } from '../fixtures/axe';
import { publishedKeys } from '../fixtures/lease';
import { setSettings } from '../fixtures/test-helpers';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';

test.describe.configure( { mode: 'serial' } );

let lifetime = 14;

test.beforeAll( async ( { request } ) => {
	lifetime = ( await ( await adminClient( request ) ).settings() )
		.lease_lifetime_days;
} );

test.afterAll( async ( { request } ) => {
	await setSettings( request, { lease_lifetime_days: lifetime } );
	// A next key left by a failed run would break the specs that rotate from "no next key".
	const client = await adminClient( request );
	for ( const key of ( await client.leaseKeys() ).keys ) {
		if ( key.status === 'next' ) {
			await client.removeLeaseKey( key.kid );
		}
	}
} );

const card = ( page: Page ) => page.locator( '.svc-offline-leases' );
/** A key's row, by the key id in its first cell (a key's id is also in the row of the key it endorsed). */
const row = ( page: Page, kid: string ) =>
	card( page )
		.locator( 'tbody tr' )
		.filter( { has: page.locator( 'td:first-child', { hasText: kid } ) } );

/** Presses a button from the keyboard. */
async function press( page: Page, name: string ) {
	const button = page.getByRole( 'button', { name, exact: true } ).last();
	await button.focus();
	await page.keyboard.press( 'Enter' );
}

test( 'the lease lifetime is checked in words, saved with the settings, and shown again after a reload', async ( {
	page,
	request,
} ) => {
	await openScreen( page, 'settings' );
	const field = card( page ).getByLabel( 'Lease lifetime (days)' );
	await expect( field ).toHaveValue( String( lifetime ) );

	await field.fill( '91' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( field ).toHaveAccessibleDescription(
		'Enter a whole number from 1 to 90.'
	);
	expect(
		( await ( await adminClient( request ) ).settings() )
			.lease_lifetime_days
	).toBe( lifetime );

	const chosen = lifetime === 30 ? 31 : 30;
	await field.fill( String( chosen ) );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	await page.reload();
	await expect(
		card( page ).getByLabel( 'Lease lifetime (days)' )
	).toHaveValue( String( chosen ) );
	const client = await adminClient( request );
	expect( ( await client.settings() ).lease_lifetime_days ).toBe( chosen );
	expect( ( await client.leaseKeys() ).lease_lifetime_days ).toBe( chosen );
} );

test( 'prepare a next key, start signing with it, and a young retired key cannot be removed', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const before = await client.leaseKeys();
	expect( before.state ).toBe( 'ok' );
	const active = before.keys.find( ( key ) => key.status === 'active' )!;
	expect( before.keys.some( ( key ) => key.status === 'next' ) ).toBe(
		false
	);

	await openScreen( page, 'settings' );
	await expect( card( page ).locator( 'table.widefat' ) ).toBeVisible();
	await expect(
		card( page ).getByTestId( 'svc-lease-keys-problem' )
	).toHaveCount( 0 );
	await expect( row( page, active.kid ) ).toContainText(
		'Active (signs new leases)'
	);
	await expect(
		page.getByRole( 'button', { name: 'Start signing with the next key' } )
	).toHaveCount( 0 );

	// Prepare: a next key, endorsed by the active one.
	await press( page, 'Prepare next key' );
	await expectSnackbar( page, 'The next key is prepared and published.' );
	const next = ( await client.leaseKeys() ).keys.find(
		( key ) => key.status === 'next'
	)!;
	expect( next.endorsed_by ).toBe( active.kid );
	await expect( row( page, next.kid ) ).toContainText(
		'Next (published, not signing yet)'
	);
	await expect( row( page, next.kid ) ).toContainText( active.kid );
	await expect(
		page.getByRole( 'button', { name: 'Prepare next key' } )
	).toHaveCount( 0 );

	// Promote, after a confirmation that says what the SDK copies need.
	await press( page, 'Start signing with the next key' );
	const dialog = page.getByRole( 'dialog', {
		name: 'Start signing with the next key?',
	} );
	await expect( dialog ).toContainText( 'endorsement' );
	await press( page, 'Start signing with the next key' );
	await expectSnackbar( page, 'New leases are signed with the new key.' );
	await expect( dialog ).toHaveCount( 0 );
	await expect( row( page, next.kid ) ).toContainText(
		'Active (signs new leases)'
	);
	await expect( row( page, active.kid ) ).toContainText(
		'Retired (its leases still verify)'
	);
	const published = await publishedKeys( request );
	expect( published.find( ( key ) => key.kid === next.kid )?.status ).toBe(
		'active'
	);
	expect( published.find( ( key ) => key.kid === active.kid )?.status ).toBe(
		'retired'
	);
	expect( published.some( ( key ) => key.status === 'next' ) ).toBe( false );

	// Removing the just-retired key is refused: its leases are valid for one more lease lifetime.
	await press( page, `Remove key ${ active.kid }` );
	const confirm = page.getByRole( 'dialog', {
		name: `Remove key ${ active.kid }?`,
	} );
	await expect( confirm ).toBeVisible();
	await press( page, 'Remove' );
	await expect( confirm ).toHaveCount( 0 );
	const refusal = card( page ).locator( '.svc-lease-keys-refusal' );
	await expect( refusal ).toContainText(
		'Leases signed by this key are valid until'
	);
	// In the site's date and time format, as the table's dates, not ISO 8601.
	await expect( refusal ).not.toContainText( /\d{4}-\d\d-\d\dT\d\d:/ );
	expect(
		( await publishedKeys( request ) ).map( ( key ) => key.kid )
	).toContain( active.kid );
	await expect( row( page, active.kid ) ).toContainText( 'Retired' );

	await card( page ).scrollIntoViewIfNeeded();
	await saveScreenshot( page, 'settings-offline-leases' );
	await page.screenshot( {
		path: test.info().outputPath( 'offline-leases-card.png' ),
	} );
	await card( page ).screenshot( {
		path: test.info().outputPath( 'offline-leases-card-only.png' ),
	} );
	expect( await seriousViolations( page ) ).toEqual( [] );
} );
