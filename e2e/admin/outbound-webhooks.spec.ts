/**
 * Outbound webhooks tab (Webhooks → Outbound webhooks): an endpoint is added with the keyboard only, its
 * secret is shown once, a test event reaches the loopback receiver (e2e/fixtures/webhook-receiver.ts), which
 * verifies its signature, and shows in the delivery log with its attempt and body; it is replayed, disabled,
 * enabled and deleted; a refused URL shows the service's message under the field. The receiver is on the
 * loopback, so webhooks_allow_private is on for these tests (off again after each); the test mu-plugin stops any
 * delivery request that is not for the loopback, and afterEach checks none was made.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { ServiceClient } from '../../src/api/client';
import { axeViolations } from '../fixtures/axe';
import { adminClient } from '../fixtures/client';
import { testToken } from '../fixtures/env';
import {
	clearBlocked,
	readBlocked,
	runOutboundJob,
} from '../fixtures/outbound';
import { setSettings } from '../fixtures/test-helpers';
import { startReceiver, type Receiver } from '../fixtures/webhook-receiver';
import { expectSnackbar, rowAction, saveScreenshot } from './screens';

// No request of this spec starts a WP-Cron run, so only what the test sends reaches the receiver.
test.use( { extraHTTPHeaders: { 'X-Svc-Test-No-Cron': testToken } } );

const TAB = '/wp-admin/admin.php?page=svc-licensing-webhooks&tab=outbound';

let receiver: Receiver;
let client: ServiceClient;
const made: number[] = [];

test.beforeAll( async () => {
	receiver = await startReceiver();
} );

test.afterAll( async () => {
	await receiver.close();
} );

test.beforeEach( async ( { request } ) => {
	client = await adminClient( request );
	await setSettings( request, { webhooks_allow_private: true } );
	await clearBlocked( request );
} );

test.afterEach( async ( { request } ) => {
	await setSettings( request, { webhooks_allow_private: false } );
	while ( made.length > 0 ) {
		await client.deleteWebhookEndpoint( made.pop() as number ).catch(
			() => undefined // Deleted by the test itself.
		);
	}
	expect( await readBlocked( request ) ).toEqual( [] );
} );

async function openOutbound( page: Page ) {
	await page.goto( TAB );
	await expect(
		page.getByRole( 'tab', { name: 'Outbound webhooks' } )
	).toHaveAttribute( 'aria-selected', 'true' );
	await expect(
		page.getByRole( 'button', { name: 'Add endpoint' } )
	).toBeVisible();
}

/** Presses Tab until the locator has the focus (at most `limit` times). */
async function tabTo(
	page: Page,
	target: ReturnType< Page[ 'getByRole' ] >,
	limit = 40
) {
	for ( let i = 0; i < limit; i++ ) {
		if (
			await target.evaluate(
				( node ) => node === node.ownerDocument.activeElement
			)
		) {
			return;
		}
		await page.keyboard.press( 'Tab' );
	}
	await expect( target ).toBeFocused();
}

test( 'add an endpoint with the keyboard, test it, read its log, replay, disable, enable and delete it', async ( {
	page,
} ) => {
	// A whole journey (nine screens, two axe scans, five screenshots): 29 s on a quiet machine, so the default 30 s
	// timed out in CI under load.
	test.setTimeout( 90_000 );
	const product = await client.createProduct( {
		name: `Outbound panel ${ randomUUID().slice( 0, 8 ) }`,
	} );
	const path = `/panel-${ randomUUID().slice( 0, 8 ) }`;
	const url = receiver.url( path );
	await openOutbound( page );

	// The main action, keyboard only: open the form, type the URL, pick the product, submit, close.
	await page.getByRole( 'button', { name: 'Add endpoint' } ).focus();
	await page.keyboard.press( 'Enter' );
	const dialog = page.getByRole( 'dialog', { name: 'Add endpoint' } );
	await expect( dialog ).toBeVisible();
	await tabTo( page, dialog.getByRole( 'textbox', { name: 'URL' } ) );
	await page.keyboard.type( url );
	await expect(
		dialog.getByRole( 'checkbox', { name: 'license.created' } )
	).toBeChecked();
	const productSelect = dialog.getByRole( 'combobox', { name: 'Product' } );
	await tabTo( page, productSelect );
	await page.keyboard.type( product.name );
	await expect( productSelect ).toHaveValue( String( product.id ) );
	await page.keyboard.press( 'Tab' ); // Cancel
	await page.keyboard.press( 'Tab' );
	await expect(
		dialog.getByRole( 'button', { name: 'Add endpoint' } )
	).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expectSnackbar( page, 'Endpoint added.' );

	const secret = (
		await dialog.getByTestId( 'svc-secret-value' ).innerText()
	).trim();
	expect( secret ).toMatch( /^svcwh_/ );
	await expect( dialog ).toContainText( 'you will not see this again' );
	await expect(
		dialog.getByRole( 'button', { name: 'Copy' } )
	).toBeVisible();
	await saveScreenshot( page, 'outbound-webhooks-secret' );
	receiver.setSecret( path, secret );
	await tabTo( page, dialog.getByRole( 'button', { name: 'Done' } ) );
	await page.keyboard.press( 'Enter' );
	await expect( dialog ).toBeHidden();

	const stored = ( await client.webhookEndpoints() ).data.find(
		( endpoint ) => endpoint.url === url
	);
	expect( stored ).toMatchObject( {
		product_id: product.id,
		event_types: [ 'license.created' ],
		is_active: true,
	} );
	made.push( stored!.id );
	// The secret is never answered again.
	expect(
		JSON.stringify( await client.webhookEndpoint( stored!.id ) )
	).not.toContain( secret );

	const row = page.locator( 'tr' ).filter( { hasText: url } );
	await expect( row ).toContainText( product.name );
	await expect( row ).toContainText( 'Enabled' );
	await expect( row ).toContainText( 'Nothing sent yet' );

	// Its delivery log, in the URL.
	await rowAction( page, url, 'Delivery log' );
	await expect( page ).toHaveURL( new RegExp( `endpoint=${ stored!.id }` ) );
	await expect( page.getByText( 'Nothing sent yet.' ) ).toBeVisible();

	// Send a test event, from the keyboard too.
	await page.getByRole( 'button', { name: 'Send test event' } ).focus();
	await page.keyboard.press( 'Enter' );
	await expectSnackbar( page, 'Test event sent. Delivered (HTTP 200).' );
	const hits = receiver.hits( path );
	expect( hits ).toHaveLength( 1 );
	expect( hits[ 0 ].verified ).toBe( true );
	expect( hits[ 0 ].headers[ 'svc-webhook-event' ] ).toBe( 'webhook.test' );
	const testRow = page.locator( 'tr' ).filter( { hasText: 'webhook.test' } );
	await expect( testRow ).toHaveCount( 1 );
	await expect( testRow ).toContainText( 'Delivered' );
	await expect( testRow ).toContainText( 'HTTP 200' );
	await expect( testRow ).toContainText(
		String( hits[ 0 ].headers[ 'svc-webhook-id' ] )
	);
	await expect( testRow ).toContainText( / ms/ );
	await saveScreenshot( page, 'outbound-webhooks-log' );

	// Its attempt and the body as sent.
	await rowAction( page, 'webhook.test', 'Attempts and body' );
	const detail = page.getByTestId( 'svc-delivery-detail' );
	await expect( detail.locator( '.svc-attempts tbody tr' ) ).toHaveCount( 1 );
	await expect( detail.locator( '.svc-attempts' ) ).toContainText(
		'HTTP 200'
	);
	await expect( detail.locator( '.svc-attempts' ) ).toContainText(
		'receiver 200 verified'
	);
	const body = page.getByTestId( 'svc-delivery-body' );
	await expect( body ).toContainText( '"type": "webhook.test"' );
	await expect( body ).toContainText(
		`"id": "${ hits[ 0 ].headers[ 'svc-webhook-id' ] }"`
	);
	await saveScreenshot( page, 'outbound-webhooks-delivery' );
	expect( await axeViolations( page, [ '[role="dialog"]' ] ) ).toEqual( [] );
	await page.keyboard.press( 'Escape' );

	// Replay: a new delivery of the same event, with a new id, signed again.
	await rowAction( page, 'webhook.test', 'Replay' );
	await page
		.getByRole( 'dialog', { name: 'Replay this delivery?' } )
		.getByRole( 'button', { name: 'Replay now' } )
		.click();
	await expectSnackbar( page, 'Delivery replayed. Delivered (HTTP 200).' );
	expect( receiver.hits( path ) ).toHaveLength( 2 );
	const replayHit = receiver.hits( path )[ 1 ];
	expect( replayHit.verified ).toBe( true );
	expect( replayHit.duplicate ).toBe( false );
	await expect(
		page.locator( 'tr' ).filter( { hasText: 'Replay of #' } )
	).toContainText( String( replayHit.headers[ 'svc-webhook-id' ] ) );

	// The state is in the URL: a reload opens the same log, filtered as it was.
	await page.goto(
		`${ TAB }&endpoint=${ stored!.id }&delivery_status=failed`
	);
	await expect(
		page.getByRole( 'heading', { name: `Endpoint ${ url }` } )
	).toBeVisible();
	await expect(
		page.locator( 'tr' ).filter( { hasText: 'webhook.test' } )
	).toHaveCount( 0 );
	await page.goto( `${ TAB }&endpoint=${ stored!.id }` );
	await expect(
		page.locator( 'tr' ).filter( { hasText: 'webhook.test' } )
	).toHaveCount( 2 );

	// Disable, then enable.
	const state = page.getByTestId( 'svc-endpoint-state' );
	await page.getByRole( 'button', { name: 'Disable' } ).click();
	await expectSnackbar( page, 'Endpoint disabled.' );
	await expect( state ).toContainText( 'Disabled' );
	expect( ( await client.webhookEndpoint( stored!.id ) ).is_active ).toBe(
		false
	);
	await page.getByRole( 'button', { name: 'Enable' } ).click();
	await expectSnackbar( page, 'Endpoint enabled.' );
	await expect( state ).toContainText( 'Enabled' );
	expect( ( await client.webhookEndpoint( stored!.id ) ).is_active ).toBe(
		true
	);

	// Screenshots of the log at desktop and phone widths, and an axe scan of the tab's content.
	await saveScreenshot( page, 'outbound-webhooks-endpoint' );
	expect(
		await axeViolations( page, [
			'#svc-licensing-root h1',
			'#svc-licensing-root [role="tablist"]',
			'.svc-endpoint',
		] )
	).toEqual( [] );
	await page.setViewportSize( { width: 390, height: 844 } );
	await saveScreenshot( page, 'outbound-webhooks-endpoint-390' );
	await page.setViewportSize( { width: 1280, height: 720 } );

	// Delete, after a confirmation: back to the list, and gone.
	await page.getByRole( 'button', { name: 'Delete' } ).click();
	await page
		.getByRole( 'dialog', { name: 'Delete this endpoint?' } )
		.getByRole( 'button', { name: 'Delete' } )
		.click();
	await expectSnackbar( page, 'Endpoint deleted.' );
	await expect( page ).not.toHaveURL( /endpoint=/ );
	await expect( page.locator( 'tr' ).filter( { hasText: url } ) ).toHaveCount(
		0
	);
	await expect( client.webhookEndpoint( stored!.id ) ).rejects.toMatchObject(
		{
			code: 'not_found',
		}
	);
} );

test( 'a refused URL shows the service’s message under the field', async ( {
	page,
	request,
} ) => {
	const product = await client.createProduct( {
		name: `Outbound refused ${ randomUUID().slice( 0, 8 ) }`,
	} );
	// Added while loopback receivers are allowed (the test site resolves no public name); then not allowed.
	const endpoint = await client.createWebhookEndpoint( {
		url: receiver.url( '/listed-endpoint' ),
		event_types: [ 'license.created', 'license.renewed' ],
		product_id: product.id,
	} );
	made.push( endpoint.id );
	await setSettings( request, { webhooks_allow_private: false } );
	await openOutbound( page );
	await expect(
		page.locator( 'tr' ).filter( { hasText: 'listed-endpoint' } )
	).toContainText( 'license.created, license.renewed' );

	await page.getByRole( 'button', { name: 'Add endpoint' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Add endpoint' } );
	const field = dialog.getByRole( 'textbox', { name: 'URL' } );
	await field.fill( receiver.url( '/refused' ) );
	await dialog.getByRole( 'button', { name: 'Add endpoint' } ).click();
	const error = dialog.getByTestId( 'svc-url-error' );
	await expect( error ).toContainText( '127.0.0.1' );
	await expect( error ).toContainText( 'webhooks_allow_private' );
	await expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( field ).toBeFocused();
	await expect( field ).toHaveAccessibleDescription(
		/webhooks_allow_private/
	);
	await saveScreenshot( page, 'outbound-webhooks-refused' );
	expect( await axeViolations( page, [ '[role="dialog"]' ] ) ).toEqual( [] );

	await field.fill( 'ftp://example.com/hook' );
	await expect( error ).toBeHidden();
	await dialog.getByRole( 'button', { name: 'Add endpoint' } ).click();
	// Refused before sending, by the same rule the service applies (useForm's client check).
	await expect( error ).toHaveText(
		'Enter an address starting with https://.'
	);
	await expect( field ).toBeFocused();
	await page.setViewportSize( { width: 390, height: 844 } );
	await saveScreenshot( page, 'outbound-webhooks-refused-390' );
	await page.setViewportSize( { width: 1280, height: 720 } );
	await dialog.getByRole( 'button', { name: 'Cancel' } ).click();

	// Nothing was added, and nothing was sent.
	expect(
		( await client.webhookEndpoints() ).data.filter( ( e ) =>
			e.url.includes( '/refused' )
		)
	).toEqual( [] );
	expect( receiver.hits( '/refused' ) ).toEqual( [] );

	// The list, at desktop and phone widths, and its axe scan.
	await saveScreenshot( page, 'outbound-webhooks' );
	expect(
		await axeViolations( page, [
			'#svc-licensing-root h1',
			'#svc-licensing-root [role="tablist"]',
			'#svc-licensing-root .dataviews-wrapper',
		] )
	).toEqual( [] );
	await page.setViewportSize( { width: 390, height: 844 } );
	await saveScreenshot( page, 'outbound-webhooks-390' );
} );

test( 'the setting that allows private and loopback receivers says why it is off', async ( {
	page,
	request,
} ) => {
	await setSettings( request, { webhooks_allow_private: false } );
	await page.goto( '/wp-admin/admin.php?page=svc-licensing-settings' );
	const toggle = page.getByRole( 'checkbox', {
		name: 'Allow private and loopback receivers',
	} );
	await expect( toggle ).not.toBeChecked();
	await expect( toggle ).toHaveAccessibleDescription(
		/^Off by default: endpoints must be public addresses/
	);
	await toggle.check();
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );
	expect( ( await client.settings() ).webhooks_allow_private ).toBe( true );
} );

test( 'an endpoint disabled after a day of failures is announced on every admin screen, with a link to switch it on again', async ( {
	page,
	request,
} ) => {
	const product = await client.createProduct( {
		name: `Notice ${ randomUUID().slice( 0, 8 ) }`,
	} );
	const path = `/notice-${ randomUUID().slice( 0, 8 ) }`;
	const created = await client.createWebhookEndpoint( {
		url: receiver.url( path ),
		event_types: [ 'license.created' ],
		product_id: product.id,
	} );
	made.push( created.id );
	receiver.setSecret( path, String( created.secret ) );
	receiver.answer( path, Array( 10 ).fill( 503 ) );
	await client.createLicense( {
		product_id: product.id,
		customer_email: `notice-${ randomUUID().slice( 0, 8 ) }@example.com`,
	} );
	// Every attempt fails: the first, then the six retries on their schedule.
	let moment = Math.floor( Date.now() / 1000 );
	for ( const delay of [ 0, 61, 301, 1801, 7201, 43201, 86401 ] ) {
		moment += delay;
		await runOutboundJob( request, moment );
	}
	expect( receiver.hits( path ) ).toHaveLength( 7 );

	await page.goto( '/wp-admin/' );
	const notice = page
		.locator( '.notice.svc-webhook-endpoint-disabled' )
		.filter( { hasText: receiver.url( path ) } );
	await expect( notice ).toContainText(
		`Outbound webhooks to ${ receiver.url( path ) } are disabled.`
	);
	await expect( notice ).toContainText( 'failed all 7 attempts' );
	await notice
		.getByRole( 'link', { name: 'Review the endpoint and switch it on' } )
		.click();
	await expect(
		page.getByRole( 'heading', {
			name: `Endpoint ${ receiver.url( path ) }`,
		} )
	).toBeVisible();
	receiver.answer( path, [] );
	await page.getByRole( 'button', { name: 'Enable' } ).click();
	await expectSnackbar( page, 'Endpoint enabled.' );
	await page.goto( '/wp-admin/' );
	await expect( page.locator( '#wpbody-content h1' ) ).toBeVisible();
	await expect( notice ).toHaveCount( 0 );
} );
