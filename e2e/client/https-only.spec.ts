/**
 * The SDK talks to a licence server over https only: the package hash arrives on the same connection as the
 * package link, so on plain http a man in the middle supplies both. A product whose call names an http server on
 * the internet is not set up: administrators see the notice naming `server`, and nothing is sent to it. The
 * client site's own service is on http://localhost, which stays allowed (every other client spec uses it).
 */
import { expect, test } from '@playwright/test';
import {
	LICENSE_SCREENS,
	clearOutgoingRequests,
	clientAdmin,
	outgoingRequests,
	setAcmeWidgetsServer,
} from '../fixtures/client-site';

const PLAIN_HTTP = 'http://seller.example';

test.afterEach( async ( { request } ) => {
	await setAcmeWidgetsServer( request, null );
} );

test( "a product configured with a plain-http server on the internet shows the configuration error naming 'server'", async ( {
	browser,
	request,
} ) => {
	const page = await clientAdmin( browser );
	const notice = page
		.locator( '.notice-error' )
		.filter( { hasText: '"acme-widgets"' } );
	// With the run's loopback service, no such notice.
	await page.goto( '/wp-admin/plugins.php' );
	await expect( page.locator( '#wpbody-content h1' ) ).toBeVisible();
	await expect( notice ).toHaveCount( 0 );

	await setAcmeWidgetsServer( request, PLAIN_HTTP );
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/plugins.php' );
	await expect( notice ).toHaveCount( 1 );
	await expect( notice ).toContainText( "'server'" );
	await expect( notice ).toContainText( 'https://' );
	await expect( notice ).toContainText( PLAIN_HTTP );
	// The product is not set up: no licence screen, no Licence link on its row; the other products keep theirs.
	await expect(
		page
			.locator( 'tr[data-plugin="acme-widgets/acme-widgets.php"]' )
			.getByRole( 'link', { name: 'Licence of Acme Widgets' } )
	).toHaveCount( 0 );
	await expect(
		page
			.locator( 'tr[data-plugin="acme-gadgets/acme-gadgets.php"]' )
			.getByRole( 'link', { name: 'Licence of Acme Gadgets' } )
	).toHaveCount( 1 );
	const screen = await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	expect( screen?.status() ).toBe( 403 );
	const sent = await outgoingRequests( request );
	expect(
		sent.filter( ( entry ) => entry.url.includes( 'seller.example' ) )
	).toEqual( [] );
} );
