/**
 * The SDK's network contract on the client site: no request to a licence server on an ordinary admin page, and
 * a server that cannot be reached never turns a valid licence invalid: the screen says since when it could not
 * verify. The outage is real: Acme Widgets is pointed at a closed loopback port, where every connection is
 * refused.
 */
import { expect, test } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import {
	activateProduct,
	clearOutgoingRequests,
	clientAdmin,
	outgoingRequests,
	setAcmeWidgetsServer,
} from '../fixtures/client-site';
import { baseURL } from '../fixtures/env';

// Nothing listens on the discard port of the loopback: a connection attempt is refused at once.
const CLOSED = 'http://127.0.0.1:9';

const ORDINARY_PAGES = [
	'/wp-admin/index.php',
	'/wp-admin/edit.php',
	'/wp-admin/edit.php?post_type=page',
	'/wp-admin/upload.php',
	'/wp-admin/edit-comments.php',
	'/wp-admin/users.php',
	'/wp-admin/profile.php',
	'/wp-admin/options-general.php',
	'/wp-admin/options-writing.php',
	'/wp-admin/tools.php',
];

test.afterEach( async ( { request } ) => {
	await setAcmeWidgetsServer( request, null );
} );

test( 'ten ordinary admin pages send no request to a licence server, and an outage keeps a valid licence valid', async ( {
	browser,
	request,
} ) => {
	const { license_key } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license_key );

	// The service goes away.
	await setAcmeWidgetsServer( request, CLOSED );
	await clearOutgoingRequests( request );
	for ( const path of ORDINARY_PAGES ) {
		const answer = await page.goto( path );
		expect( answer?.status(), path ).toBe( 200 );
	}
	const sent = await outgoingRequests( request );
	const toLicenseServers = sent.filter(
		( entry ) =>
			entry.url.startsWith( CLOSED ) || entry.url.startsWith( baseURL )
	);
	const others = [
		...new Set(
			sent.map( ( entry ) => {
				const url = new URL( entry.url );
				return url.origin + url.pathname;
			} )
		),
	];
	// eslint-disable-next-line no-console -- the figures belong in the run's output.
	console.log(
		`${ ORDINARY_PAGES.length } ordinary admin pages: ${ toLicenseServers.length } requests to a licence server; ` +
			`${ sent.length } outgoing requests in all, WordPress' own: ${ others.join( ', ' ) || 'none' }`
	);
	expect( toLicenseServers ).toEqual( [] );

	// The licence screen's button does call, fails at once, and keeps the licence valid with a note.
	await page.goto( '/wp-admin/plugins.php?page=svc-licence-acme-widgets' );
	await page.getByRole( 'button', { name: 'Check now' } ).click();
	await expect( page.getByRole( 'alert' ) ).toContainText(
		'could not be reached'
	);
	const table = page.locator( '.form-table' );
	await expect( table ).toContainText( 'Active' );
	await expect( table ).toContainText( 'Could not verify since' );
	expect(
		( await outgoingRequests( request ) ).filter( ( entry ) =>
			entry.url.startsWith( CLOSED )
		)
	).toHaveLength( 1 );
	await page.context().close();
} );
