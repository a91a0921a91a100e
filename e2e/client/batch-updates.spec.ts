/**
 * One request per licence server for all of a site's products: with Acme Widgets, Acme Gadgets and Acme Theme
 * licensed on the same service, one update check of core sends one POST /updates/check carrying all three, and
 * each product gets its own answer from it. Within the minute after, core's checks use those answers.
 */
import { expect, test } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import {
	activateProduct,
	clearOutgoingRequests,
	clearUpdateMinute,
	clientAdmin,
	deactivateProduct,
	LICENSE_SCREENS,
	outgoingRequests,
	samplePackage,
	uploadRelease,
} from '../fixtures/client-site';
import { baseURL } from '../fixtures/env';

test( 'one update check of core sends one request to the licence server for every product', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 120_000 );
	const licenses = {
		'acme-widgets': await createLicense( request, {
			slug: 'acme-widgets',
			current_version: '1.0.0',
		} ),
		'acme-gadgets': await createLicense( request, {
			slug: 'acme-gadgets',
			current_version: '1.0.0',
		} ),
		'acme-theme': await createLicense( request, {
			slug: 'acme-theme',
			current_version: '1.0.0',
		} ),
	};
	// Only Acme Gadgets has a newer release: the answers must reach the right products.
	await uploadRelease(
		request,
		licenses[ 'acme-gadgets' ].product_id,
		'1.0.1',
		samplePackage( 'plugins', 'acme-gadgets', '1.0.1' )
	);
	const page = await clientAdmin( browser );
	for ( const [ product, license ] of Object.entries( licenses ) ) {
		await activateProduct(
			page,
			license.license_key,
			product as keyof typeof licenses
		);
	}

	// The licence screens (under Plugins and Appearance, where core checks too) may have asked already.
	await clearUpdateMinute( request );
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	const plugins = page.locator( '#update-plugins-table' );
	await expect( plugins ).toContainText( 'Acme Gadgets' );
	await expect( plugins ).toContainText( 'Update to 1.0.1.' );
	await expect( plugins ).not.toContainText( 'Acme Widgets' );
	await expect( page.locator( '#update-themes-table' ) ).toHaveCount( 0 );

	const toService = ( await outgoingRequests( request ) ).filter( ( entry ) =>
		entry.url.startsWith( baseURL )
	);
	const fromThePage = toService.filter( ( entry ) =>
		entry.page.includes( 'update-core.php' )
	);
	expect(
		fromThePage.map(
			( entry ) => `${ entry.method } ${ new URL( entry.url ).pathname }`
		)
	).toEqual( [ 'POST /wp-json/svc/v1/updates/check' ] );
	expect(
		toService.filter( ( entry ) => entry.url.includes( 'updates/check' ) )
	).toHaveLength( 1 );
	const sent = JSON.parse( String( fromThePage[ 0 ].body ) );
	expect(
		sent.items
			.map( ( item: { product_slug: string } ) => item.product_slug )
			.sort()
	).toEqual( [ 'acme-gadgets', 'acme-theme', 'acme-widgets' ] );

	// Core checks again within the minute: the last answers serve it, without a request.
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'Update to 1.0.1.'
	);
	expect(
		( await outgoingRequests( request ) ).filter( ( entry ) =>
			entry.url.startsWith( baseURL )
		)
	).toEqual( [] );

	// The later specs start from products without a key.
	for ( const product of Object.keys( LICENSE_SCREENS ) ) {
		await deactivateProduct(
			page,
			product as keyof typeof LICENSE_SCREENS
		);
	}
	await page.context().close();
} );
