/**
 * One licence, more sites than it allows (issue 40, finding 2), on the client site's SDK: "licensed on this site"
 * is a valid lease for a site activated on the licence (sdk/README.md, The lease). A site whose slot was released
 * elsewhere (the key alone, as from another machine or the portal) is "Not active" at its next Check now; a key
 * written straight into the SDK's option on a site past the limit is refused by its next Check now and never shows
 * as licensed. Before the fix both stayed "Active" and svc_licensing_client_is_valid() said true: validate answers
 * valid: true for any site of a usable licence, and the lease said valid: true, activated: false.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import {
	activateProduct,
	clientAdmin,
	deactivateProduct,
	LICENSE_SCREENS,
} from '../fixtures/client-site';
import {
	clientSiteUrl,
	leaseState,
	setSdkOption,
} from '../fixtures/client-leases';

test.describe.configure( { mode: 'serial' } );

let page: Page;

/** A new licence of Acme Widgets for one site. */
const oneSiteKey = async (
	request: Parameters< typeof createLicense >[ 0 ]
): Promise< string > =>
	(
		await createLicense(
			request,
			{ slug: 'acme-widgets', current_version: '1.0.0' },
			{ activation_limit: 1 }
		)
	).license_key;

/** Presses Check now on Acme Widgets' licence screen and answers its Status cell. */
async function checkNow() {
	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	await page.getByRole( 'button', { name: 'Check now' } ).click();
	await expect( page.locator( '.notice' ).first() ).toContainText(
		'was checked just now'
	);
	return page
		.locator( '.form-table tr', { hasText: 'Status' } )
		.locator( 'td' );
}

test.beforeAll( async ( { browser } ) => {
	page = await clientAdmin( browser );
} );

test.afterAll( async () => {
	// The stored key's deactivation is refused (site_not_activated), which forgets it on this site.
	await deactivateProduct( page );
	await page.context().close();
} );

test( 'a site whose slot was released elsewhere by the key alone is "Not active" at its next Check now', async ( {
	request,
} ) => {
	const key = await oneSiteKey( request );
	await activateProduct( page, key );
	expect( await leaseState( request ) ).toMatchObject( {
		valid: true,
		verdict: 'valid',
	} );

	// The customer frees this site's slot with the key alone, from another machine.
	const released = await request.post(
		'/wp-json/svc/v1/licenses/deactivate',
		{
			data: {
				license_key: key,
				product_slug: 'acme-widgets',
				site_url: clientSiteUrl(),
			},
		}
	);
	expect( released.status(), await released.text() ).toBe( 200 );

	const status = await checkNow();
	await expect( status ).toContainText( 'Not active' );
	await expect( status ).toContainText( 'not activated on this licence' );
	expect(
		await leaseState( request ),
		'svc_licensing_client_is_valid() after the check'
	).toMatchObject( { valid: false, verdict: 'not_activated' } );

	await deactivateProduct( page );
} );

test( "a key written into the SDK's option on a site past the limit is refused at Check now, never licensed", async ( {
	request,
} ) => {
	const key = await oneSiteKey( request );
	// The licence's one slot is used by the customer's first site.
	const first = await request.post( '/wp-json/svc/v1/licenses/activate', {
		data: {
			license_key: key,
			product_slug: 'acme-widgets',
			site_url: `https://first-${ randomUUID().slice( 0, 8 ) }.example`,
		},
	} );
	expect( first.status(), await first.text() ).toBe( 200 );

	// Activate on this second site is refused, as it should be.
	await deactivateProduct( page );
	await page.getByLabel( 'Licence key' ).fill( key );
	await page.getByRole( 'button', { name: 'Activate' } ).click();
	await expect( page.locator( '.notice' ).first() ).toContainText(
		'already used on as many sites as it allows'
	);

	// So the key goes straight into the SDK's option, no code changed, and the customer presses Check now.
	await setSdkOption( request, 'product_acme-widgets_key', key );
	const status = await checkNow();
	await expect( status ).toContainText( 'Not active' );
	await expect( status ).not.toContainText( 'Active' );
	expect(
		await leaseState( request ),
		'svc_licensing_client_is_valid() after the check'
	).toMatchObject( { valid: false, verdict: 'not_activated' } );

	// A second check changes nothing.
	await expect( await checkNow() ).toContainText( 'Not active' );
	expect( ( await leaseState( request ) ).valid ).toBe( false );
} );
