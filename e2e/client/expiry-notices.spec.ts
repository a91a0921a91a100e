/**
 * The SDK's expiry notice on the client site: one per licence server when a licence is expired or expires within
 * 14 days, with the renewal link the service gave (its renewal page setting), read from the stored licence record
 * only. Dismissing hides it for 14 days; users who cannot manage plugins never see it.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
} from '../fixtures/test-helpers';
import {
	activateProduct,
	clearNoticeDismissals,
	clearOutgoingRequests,
	clientAdmin,
	clientSignIn,
	clientUser,
	endNoticeDismissals,
	LICENSE_SCREENS,
	outgoingRequests,
} from '../fixtures/client-site';
import { baseURL } from '../fixtures/env';

const DAY = 86_400_000;
const RENEWAL_PAGE = 'https://shop.example/renew/{product}/';
const SERVICE_HOST = new URL( baseURL ).host;

const notices = ( page: Page ) =>
	page.locator( '.notice.notice-warning.is-dismissible', {
		hasText: 'need',
	} );

const iso = ( time: number ) =>
	new Date( time ).toISOString().replace( /\.\d+Z$/, 'Z' );

async function setExpiry(
	request: APIRequestContext,
	id: number,
	expires: string
) {
	const response = await request.put(
		`/wp-json/svc/v1/admin/licenses/${ id }`,
		{ headers: await keyHeaders( request ), data: { expires } }
	);
	expect( response.status(), await response.text() ).toBe( 200 );
}

async function checkNow(
	page: Page,
	product: keyof typeof LICENSE_SCREENS
): Promise< void > {
	await page.goto( LICENSE_SCREENS[ product ] );
	await page.getByRole( 'button', { name: 'Check now' } ).click();
	await expect( page.getByRole( 'status' ) ).toBeVisible();
}

async function deactivate(
	page: Page,
	product: keyof typeof LICENSE_SCREENS
): Promise< void > {
	await page.goto( LICENSE_SCREENS[ product ] );
	await page
		.getByRole( 'button', { name: 'Deactivate on this site' } )
		.click();
	await expect( page.getByLabel( 'Licence key' ) ).toBeEditable();
}

test.beforeEach( async ( { request } ) => {
	await clearNoticeDismissals( request );
	const response = await request.put( '/wp-json/svc/v1/admin/settings', {
		headers: await keyHeaders( request ),
		data: { renewal_page: RENEWAL_PAGE },
	} );
	expect( response.status() ).toBe( 200 );
} );

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await clearNoticeDismissals( request );
} );

test( 'a licence about to expire shows one notice with the renewal link after the check; dismissed, it stays hidden until its 14 days end', async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ expires: '2030-01-01T00:00:00Z' }
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license_key );
	await expect( notices( page ) ).toHaveCount( 0 );

	// The service shortens the licence; the client knows once it checks, not before.
	await setExpiry( request, license_id, iso( Date.now() + 10 * DAY ) );
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#dashboard-widgets' ) ).toBeVisible();
	await expect( notices( page ) ).toHaveCount( 0 );
	await checkNow( page, 'acme-widgets' );

	const notice = notices( page );
	await expect( notice ).toHaveCount( 1 );
	await expect( notice ).toContainText(
		`A licence from ${ SERVICE_HOST } needs renewing`
	);
	await expect( notice.getByRole( 'listitem' ) ).toHaveCount( 1 );
	await expect( notice ).toContainText(
		'Acme Widgets: the licence expires on'
	);
	await expect(
		notice.getByRole( 'link', { name: 'Renew Acme Widgets' } )
	).toHaveAttribute( 'href', 'https://shop.example/renew/acme-widgets/' );
	expect( await page.content() ).not.toContain( license_key );

	// On an ordinary admin page the notice comes from the stored record: no request goes to the licence server.
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/index.php' );
	await expect( notices( page ) ).toHaveCount( 1 );
	expect(
		( await outgoingRequests( request ) ).filter( ( sent ) =>
			sent.url.startsWith( baseURL )
		)
	).toEqual( [] );

	// Core's dismiss button, then a nonce-checked request keeps it hidden for this user. (On Plugins: the
	// dashboard's own requests to WordPress.org keep the test site's few PHP workers busy.)
	await page.goto( '/wp-admin/plugins.php' );
	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( '/wp-admin/admin-ajax.php' ) &&
			( response.request().postData() ?? '' ).includes(
				'svc_licensing_client_dismiss_expiry'
			)
	);
	await notices( page )
		.getByRole( 'button', { name: 'Dismiss this notice.' } )
		.click();
	// 200 only when the nonce, the capability and the server were accepted (403 or 400 otherwise).
	expect( ( await saved ).status() ).toBe( 200 );
	await expect( notices( page ) ).toHaveCount( 0 );
	await page.reload();
	await expect( page.locator( '#the-list' ) ).toBeVisible();
	await expect( notices( page ) ).toHaveCount( 0 );
	await page.goto( '/wp-admin/index.php' );
	await expect( page.locator( '#dashboard-widgets' ) ).toBeVisible();
	await expect( notices( page ) ).toHaveCount( 0 );

	// Fourteen days later (the dismissal's end moved to now), it is back.
	await endNoticeDismissals( request );
	await page.reload();
	await expect( notices( page ) ).toHaveCount( 1 );

	await deactivate( page, 'acme-widgets' );
	await expect( notices( page ) ).toHaveCount( 0 );
	await page.context().close();
} );

test( 'two products of one server give one notice, an expired licence included; an Editor never sees it', async ( {
	browser,
	request,
} ) => {
	const widgets = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ expires: iso( Date.now() + 5 * DAY ) }
	);
	const gadgets = await createLicense(
		request,
		{ slug: 'acme-gadgets', current_version: '1.0.0' },
		{ expires: '2030-01-01T00:00:00Z' }
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, widgets.license_key );
	await expect( notices( page ) ).toHaveCount( 1 );
	await activateProduct( page, gadgets.license_key, 'acme-gadgets' );
	await setExpiry( request, gadgets.license_id, iso( Date.now() - DAY ) );
	await checkNow( page, 'acme-gadgets' );
	await expect( page.locator( '.form-table' ) ).toContainText( 'Expired' );

	await page.goto( '/wp-admin/' );
	const notice = notices( page );
	await expect( notice ).toHaveCount( 1 );
	await expect( notice ).toContainText(
		`Licences from ${ SERVICE_HOST } need renewing`
	);
	const items = notice.getByRole( 'listitem' );
	await expect( items ).toHaveCount( 2 );
	await expect( items.filter( { hasText: 'Acme Widgets' } ) ).toHaveText(
		/^Acme Widgets: the licence expires on .+\. Renew Acme Widgets$/
	);
	await expect( items.filter( { hasText: 'Acme Gadgets' } ) ).toHaveText(
		/^Acme Gadgets: the licence expired on .+\. Renew Acme Gadgets$/
	);
	await expect(
		notice.getByRole( 'link', { name: 'Renew Acme Gadgets' } )
	).toHaveAttribute( 'href', 'https://shop.example/renew/acme-gadgets/' );

	// An Editor cannot manage plugins or themes: no notice, and no dismissal either.
	await clientUser( request, {
		login: 'notice-editor',
		password: 'editor-password',
		role: 'editor',
	} );
	const editor = await clientSignIn(
		browser,
		'notice-editor',
		'editor-password'
	);
	await editor.goto( '/wp-admin/' );
	await expect( editor.locator( '#dashboard-widgets' ) ).toBeVisible();
	await expect( notices( editor ) ).toHaveCount( 0 );
	await editor.goto( '/wp-admin/edit.php' );
	await expect( notices( editor ) ).toHaveCount( 0 );
	const refused = await editor.request.post( '/wp-admin/admin-ajax.php', {
		form: {
			action: 'svc_licensing_client_dismiss_expiry',
			server: 'x',
			_ajax_nonce: 'x',
		},
	} );
	expect( refused.status() ).toBe( 403 );
	await editor.context().close();

	await deactivate( page, 'acme-gadgets' );
	await deactivate( page, 'acme-widgets' );
	await expect( notices( page ) ).toHaveCount( 0 );
	await page.context().close();
} );
