/**
 * Issue 44: a customer's site moves to a new address, or is copied with its database (production → staging, or a
 * second site), and the copy carries the SDK's key, install id and lease. The SDK on the client site notices that
 * its address is not the one it activated with (http → https and www. are no change), asks the owner once (its
 * licence screen, and a dismissible notice for administrators), and until the answer neither takes a slot for the
 * copy nor frees the original's; the daily check sends nothing. Each answer ends as sdk/README.md ("Moves and
 * clones") says, and the licence's slots, read through the admin API, are right at every step.
 *
 * The copy is the client site itself at another loopback address (its home and siteurl rewritten, as a migration
 * tool rewrites them in the copied database; e2e/fixtures/client-moves.ts): its options, key, install id and lease
 * are the original's. The original's only trace is then its activation on the service.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import type { Activation, License } from '../../src/api/types';
import {
	activateProduct,
	clearNoticeDismissals,
	clearOutgoingRequests,
	clientAdmin,
	clientUser,
	deactivateProduct,
	LICENSE_SCREENS,
	outgoingRequests,
} from '../fixtures/client-site';
import {
	leaseState,
	runLicenseCheck,
	sdkOption,
	setSdkOption,
} from '../fixtures/client-leases';
import {
	clientAddressAt,
	clientAdminAt,
	setClientAddress,
	siteIdentity,
} from '../fixtures/client-moves';
import path from 'node:path';
import { clientSite, screenshotDir } from '../fixtures/env';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';

test.describe.configure( { mode: 'serial' } );

const ADMIN = '/wp-json/svc/v1/admin';
const ORIGINAL = clientSite.baseURL;
/** Where the site moved to (not a staging host: the suite's settings have staging hosts off). */
const MOVED = clientAddressAt( '127.0.0.1' );
/** Where the copy runs. */
const COPY = clientAddressAt( '127.0.0.2' );

const pages: Page[] = [];

/** A signed-in admin page at this address of the client site, closed after the test. */
async function adminAt(
	browser: Parameters< typeof clientAdminAt >[ 0 ],
	url: string,
	user?: Parameters< typeof clientAdminAt >[ 2 ]
) {
	const page = await clientAdminAt( browser, url, user );
	pages.push( page );
	return page;
}

test.beforeEach( async ( { browser, request } ) => {
	// Acme Widgets is the one licensed product here, whatever the specs before this one left: another product's key
	// at the old address would ask its own question (rightly), and keep the notice up after Widgets is answered. No
	// dismissal of an earlier run (or of a retry's first attempt) hides the notice.
	await clearNoticeDismissals( request );
	const page = await clientAdmin( browser );
	for ( const product of [ 'acme-gadgets', 'acme-theme' ] as const ) {
		await deactivateProduct( page, product );
	}
	await page.context().close();
} );

test.afterEach( async ( { browser, request } ) => {
	// Whatever happened, the site is back at its own address with no key of Acme Widgets left.
	await setClientAddress( request, null );
	await setSdkOption( request, 'product_acme-widgets_key', null );
	await setSdkOption( request, 'product_acme-widgets_server', null );
	await setSdkOption( request, 'product_acme-widgets_record', null );
	await applySuiteSettings( request );
	await setSettings( request, { site_moves_per_month: null } );
	for ( const page of pages.splice( 0 ) ) {
		await page.context().close();
	}
	const page = await clientAdmin( browser );
	await deactivateProduct( page );
	await page.context().close();
} );

/** The licence's slots used and its sites ([identity, is_staging]), as the seller's admin API reads them. */
async function sites( request: APIRequestContext, licenseId: number ) {
	const headers = await keyHeaders( request, 'admin' );
	const license: License = await (
		await request.get( `${ ADMIN }/licenses/${ licenseId }`, { headers } )
	).json();
	const activations: Activation[] = await (
		await request.get( `${ ADMIN }/licenses/${ licenseId }/activations`, {
			headers,
		} )
	).json();
	return {
		used: license.activation_count,
		sites: activations
			.map( ( site ): [ string, boolean ] => [
				site.site_url,
				site.is_staging,
			] )
			.sort(),
		fingerprints: Object.fromEntries(
			activations.map( ( site ) => [
				site.site_url,
				site.server_fingerprint,
			] )
		),
	};
}

/** The daily licence check at the copy: no licence request at all, and the copy is not licensed. */
async function dailyCheckSendsNothing( request: APIRequestContext ) {
	await clearOutgoingRequests( request );
	expect( ( await runLicenseCheck( request ) ).valid ).toBe( false );
	const sent = ( await outgoingRequests( request ) ).filter( ( call ) =>
		call.url.includes( '/svc/v1/licenses/' )
	);
	expect( sent.map( ( call ) => call.url ) ).toEqual( [] );
}

/** The question's fieldset on the licence screen. */
const question = ( page: Page ) =>
	page.getByRole( 'group', { name: /This site's address changed from/ } );

/**
 * Answers the question from the keyboard: focus on its first choice, the arrow keys to the chosen one, Tab to
 * "Save answer", Enter.
 */
async function answerByKeyboard(
	page: Page,
	choice: 'moved' | 'copy' | 'new'
) {
	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	const radios = question( page ).getByRole( 'radio' );
	await expect( radios ).toHaveCount( 3 );
	await radios.first().focus();
	await page.keyboard.press( 'Space' );
	for ( let i = 0; i < [ 'moved', 'copy', 'new' ].indexOf( choice ); i++ ) {
		await page.keyboard.press( 'ArrowDown' );
	}
	await expect(
		question( page ).locator( `input[value="${ choice }"]` )
	).toBeChecked();
	// What the owner sees (looked at before calling the screen done).
	await page.screenshot( {
		path: path.join( screenshotDir, `client-site-change-${ choice }.png` ),
		fullPage: true,
	} );
	await page.keyboard.press( 'Tab' );
	await expect(
		page.getByRole( 'button', { name: 'Save answer' } )
	).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await page.waitForURL( /done=site_/ );
}

test( 'a site moved with its database asks once, takes no slot until answered, and moves its one slot', async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 1 }
	);
	const original = await clientAdmin( browser );
	pages.push( original );
	await activateProduct( original, license_key );
	expect( await sites( request, license_id ) ).toMatchObject( {
		used: 1,
		sites: [ [ siteIdentity( ORIGINAL ), false ] ],
	} );
	const installId = await sdkOption( request, 'install_id' );

	// http → https and a www. are the same site: the check goes on, licensed, with no question.
	const host = new URL( ORIGINAL ).host;
	await setClientAddress( request, `https://www.${ host }` );
	expect( await runLicenseCheck( request ) ).toMatchObject( {
		valid: true,
		verdict: 'valid',
	} );
	await setClientAddress( request, ORIGINAL );
	expect( ( await runLicenseCheck( request ) ).valid ).toBe( true );

	// The site moves to another address with its database.
	await setClientAddress( request, MOVED );
	await dailyCheckSendsNothing( request );
	expect( await sites( request, license_id ) ).toMatchObject( {
		used: 1,
		sites: [ [ siteIdentity( ORIGINAL ), false ] ],
	} );

	// The owner signs in at the new address: the notice asks, and is dismissed for good.
	const page = await adminAt( browser, MOVED );
	await page.goto( '/wp-admin/' );
	const notice = page.locator( '.svc-licensing-client-site-change' );
	await expect( notice ).toContainText(
		`This site's address changed from ${ siteIdentity(
			ORIGINAL
		) } to ${ siteIdentity(
			MOVED
		) }. Did the site move, is this a temporary copy (staging), or is it a new site?`
	);
	await expect(
		notice.getByRole( 'link', {
			name: 'Answer on the licence screen of Acme Widgets',
		} )
	).toHaveAttribute( 'href', /page=svc-licence-acme-widgets/ );
	await page.screenshot( {
		path: path.join( screenshotDir, 'client-site-change-notice.png' ),
	} );
	const dismissal = page.waitForResponse(
		( response ) =>
			response.url().includes( '/wp-admin/admin-ajax.php' ) &&
			response.request().method() === 'POST'
	);
	await notice
		.getByRole( 'button', { name: 'Dismiss this notice.' } )
		.click();
	expect( ( await dismissal ).status() ).toBe( 200 );
	await expect( notice ).toHaveCount( 0 );
	await page.reload();
	await expect( page.locator( '#wpbody-content h1' ) ).toBeVisible();
	await expect(
		page.locator( '.svc-licensing-client-site-change' )
	).toHaveCount( 0 );

	// An editor, who may not manage plugins, is not asked.
	const editor = { login: 'moves-editor', password: 'editor-password' };
	await clientUser( request, { ...editor, role: 'editor' } );
	const editorPage = await adminAt( browser, MOVED, editor );
	await editorPage.goto( '/wp-admin/' );
	await expect( editorPage.locator( '#wpbody-content h1' ) ).toBeVisible();
	await expect(
		editorPage.locator( '.svc-licensing-client-site-change' )
	).toHaveCount( 0 );

	// The licence screen still asks; until the answer nothing changed on the service.
	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	await expect( question( page ) ).toBeVisible();
	await expect(
		page.locator( '.form-table tr', { hasText: 'Status' } )
	).toContainText( 'Waiting for your answer' );
	await expect(
		page.getByRole( 'button', { name: 'Check now' } )
	).toHaveCount( 0 );
	expect( await sites( request, license_id ) ).toMatchObject( {
		used: 1,
		sites: [ [ siteIdentity( ORIGINAL ), false ] ],
	} );

	// The seller allows no moves by customers: refused in words, the question stays, nothing changed.
	await setSettings( request, { site_moves_per_month: 0 } );
	await answerByKeyboard( page, 'moved' );
	await expect( page.getByRole( 'alert' ) ).toContainText(
		'This licence has been moved to a new address as many times this month as its seller allows. You can move it again from '
	);
	await expect( question( page ) ).toBeVisible();
	expect( await sites( request, license_id ) ).toMatchObject( {
		used: 1,
		sites: [ [ siteIdentity( ORIGINAL ), false ] ],
	} );

	await setSettings( request, { site_moves_per_month: null } );
	await answerByKeyboard( page, 'moved' );
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'The licence of Acme Widgets moved to this address with its slot; the old address no longer uses it.'
	);
	await expect( page.locator( '.form-table' ) ).toContainText( 'Active' );
	await expect( page.locator( '.form-table' ) ).toContainText( '1 of 1' );
	expect( await sites( request, license_id ) ).toMatchObject( {
		used: 1,
		sites: [ [ siteIdentity( MOVED ), false ] ],
	} );
	expect( await leaseState( request ) ).toMatchObject( {
		valid: true,
		verdict: 'valid',
	} );
	expect( await sdkOption( request, 'install_id' ) ).toBe( installId );

	// Asked once: no question and no notice any more, and the daily check runs again.
	await expect( question( page ) ).toHaveCount( 0 );
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#wpbody-content h1' ) ).toBeVisible();
	await expect(
		page.locator( '.svc-licensing-client-site-change' )
	).toHaveCount( 0 );
	expect( ( await runLicenseCheck( request ) ).valid ).toBe( true );

	await deactivateProduct( page );
	expect( await sites( request, license_id ) ).toMatchObject( {
		used: 0,
		sites: [],
	} );
} );

test( 'a copy is refused as a temporary copy off the staging hosts and as a new site past the limit, then is a staging copy that uses no slot', async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 1 }
	);
	const original = await clientAdmin( browser );
	pages.push( original );
	await activateProduct( original, license_key );
	const before = {
		used: 1,
		sites: [ [ siteIdentity( ORIGINAL ), false ] ],
	};

	await setClientAddress( request, COPY );
	await dailyCheckSendsNothing( request );
	expect( await sites( request, license_id ) ).toMatchObject( before );

	const page = await adminAt( browser, COPY );
	await answerByKeyboard( page, 'copy' );
	await expect( page.getByRole( 'alert' ) ).toHaveText(
		"This site's address is not one of the licence server's staging addresses, so it cannot be a temporary copy that uses no slot. Give the copy a staging address (such as staging.example.com or example.test), or answer that the site moved or that it is a new site."
	);
	await expect( question( page ) ).toBeVisible();
	expect( await sites( request, license_id ) ).toMatchObject( before );

	await answerByKeyboard( page, 'new' );
	await expect( page.getByRole( 'alert' ) ).toContainText(
		'This licence is already used on as many sites as it allows, so this site cannot be added as a new one.'
	);
	await expect( question( page ) ).toBeVisible();
	expect( await sites( request, license_id ) ).toMatchObject( before );
	await dailyCheckSendsNothing( request );

	// The seller's staging hosts include the copy's host: the temporary copy uses no slot.
	const headers = await keyHeaders( request, 'admin' );
	const shipped = (
		await ( await request.get( `${ ADMIN }/settings`, { headers } ) ).json()
	).staging_hosts;
	await setSettings( request, {
		staging_hosts_enabled: true,
		staging_hosts: [ new URL( COPY ).hostname ],
	} );
	try {
		await answerByKeyboard( page, 'copy' );
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'Acme Widgets is activated on this temporary copy, which uses no slot; the original site keeps its own.'
		);
		await expect( page.locator( '.form-table' ) ).toContainText(
			'1 of 1 (this site is a staging site and uses none)'
		);
		expect( await sites( request, license_id ) ).toMatchObject( {
			used: 1,
			sites: [
				[ siteIdentity( COPY ), true ],
				[ siteIdentity( ORIGINAL ), false ],
			].sort(),
		} );
		expect( ( await leaseState( request ) ).valid ).toBe( true );

		// Done with the copy: deactivating it frees the copy's row, never the original's slot.
		await deactivateProduct( page );
		expect( await sites( request, license_id ) ).toMatchObject( before );
	} finally {
		await setSettings( request, { staging_hosts: shipped } );
	}
} );

test( "a copy that forgot its key is asked by the service's guard, and as a new site gets an install of its own and a slot", async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	const original = await clientAdmin( browser );
	pages.push( original );
	await activateProduct( original, license_key );
	const installId = await sdkOption( request, 'install_id' );
	const before = {
		used: 1,
		sites: [ [ siteIdentity( ORIGINAL ), false ] ],
	};

	await setClientAddress( request, COPY );
	await dailyCheckSendsNothing( request );
	const page = await adminAt( browser, COPY );
	await page.goto( '/wp-admin/' );
	await expect(
		page.locator( '.svc-licensing-client-site-change' )
	).toContainText(
		`changed from ${ siteIdentity( ORIGINAL ) } to ${ siteIdentity(
			COPY
		) }`
	);

	// Deactivating on the copy forgets the key here and frees nothing of the original's.
	await deactivateProduct( page );
	expect( await sites( request, license_id ) ).toMatchObject( before );

	// The key entered again: the service sees the original's install fingerprint at a new address and asks.
	await page.getByLabel( 'Licence key' ).fill( license_key );
	await page.getByRole( 'button', { name: 'Activate' } ).click();
	await expect( page.getByRole( 'alert' ) ).toHaveText(
		'This site looks like a copy of another site that uses this licence. Answer the question on this screen: did the site move, is it a temporary copy, or is it a new site?'
	);
	await expect( question( page ) ).toHaveAccessibleName(
		`This site's address changed from ${ siteIdentity(
			ORIGINAL
		) } to ${ siteIdentity(
			COPY
		) }. Did the site move, is this a temporary copy (staging), or is it a new site?`
	);
	expect( await sites( request, license_id ) ).toMatchObject( before );

	await answerByKeyboard( page, 'new' );
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'Acme Widgets is activated on this site as a new site, with a slot of its own; the original site keeps its slot.'
	);
	await expect( page.locator( '.form-table' ) ).toContainText( '2 of 2' );
	const after = await sites( request, license_id );
	expect( after ).toMatchObject( {
		used: 2,
		sites: [
			[ siteIdentity( COPY ), false ],
			[ siteIdentity( ORIGINAL ), false ],
		].sort(),
	} );
	expect( await sdkOption( request, 'install_id' ) ).not.toBe( installId );
	expect( after.fingerprints[ siteIdentity( COPY ) ] ).not.toBe(
		after.fingerprints[ siteIdentity( ORIGINAL ) ]
	);
	expect( ( await leaseState( request ) ).valid ).toBe( true );
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#wpbody-content h1' ) ).toBeVisible();
	await expect(
		page.locator( '.svc-licensing-client-site-change' )
	).toHaveCount( 0 );

	// The new site lets its slot go; the original keeps its own.
	await deactivateProduct( page );
	expect( await sites( request, license_id ) ).toMatchObject( before );
} );
