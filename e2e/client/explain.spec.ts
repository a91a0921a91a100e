/**
 * The SDK's real update check tells the server which WordPress and PHP the client site runs, and the server's
 * explanation of that check (GET /admin/explain) names them: a seller can see why the site was or was not offered
 * an update.
 */
import { expect, test } from '@playwright/test';
import {
	afterResponsePending,
	createLicense,
	keyHeaders,
} from '../fixtures/test-helpers';
import {
	activateProduct,
	clearOutgoingRequests,
	clearUpdateMinute,
	clientAdmin,
	deactivateProduct,
	outgoingRequests,
	samplePackage,
	uploadRelease,
} from '../fixtures/client-site';
import { baseURL } from '../fixtures/env';
import { WORDPRESS_VERSION } from '../../tools/stack/core';

test( 'the SDK’s update check leaves a decision naming the site’s WordPress and PHP versions', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 120_000 );
	const license = await createLicense( request, {
		slug: 'acme-widgets',
		current_version: '1.0.0',
	} );
	await uploadRelease(
		request,
		license.product_id,
		'1.0.2',
		samplePackage( 'plugins', 'acme-widgets', '1.0.2' )
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license.license_key, 'acme-widgets' );

	await clearUpdateMinute( request );
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'Acme Widgets'
	);
	const sent = ( await outgoingRequests( request ) )
		.filter(
			( entry ) =>
				entry.url.startsWith( baseURL ) &&
				entry.url.includes( 'updates/check' )
		)
		.map( ( entry ) => JSON.parse( String( entry.body ) ) );
	expect( sent ).toHaveLength( 1 );
	// What the client site runs: the stack's WordPress, and PHP as numbers only.
	expect( sent[ 0 ].wp_version ).toBe( WORDPRESS_VERSION );
	expect( sent[ 0 ].php_version ).toMatch( /^\d+\.\d+\.\d+$/ );

	await expect.poll( () => afterResponsePending( request ) ).toEqual( {} );
	const explained = await request.get( '/wp-json/svc/v1/admin/explain', {
		headers: await keyHeaders( request, 'read' ),
		params: { license_key: license.license_key },
	} );
	expect( explained.status() ).toBe( 200 );
	const { decisions } = await explained.json();
	expect( decisions ).toHaveLength( 1 );
	expect( decisions[ 0 ] ).toMatchObject( {
		product_slug: 'acme-widgets',
		answer: 'offered',
		offered_version: '1.0.2',
		installed_version: '1.0.0',
		wp_version: WORDPRESS_VERSION,
		php_version: sent[ 0 ].php_version,
	} );
	expect( decisions[ 0 ].activation_id ).toEqual( expect.any( Number ) );

	await deactivateProduct( page, 'acme-widgets' );
	await page.context().close();
} );
