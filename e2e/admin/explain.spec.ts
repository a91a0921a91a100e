/**
 * "Why no update?" in the panel: on a licence's page, each site's last update check (summary line first, steps as
 * a table); from the licence list's search box, a site URL leads to its explanation, by keyboard, kept in the URL.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { adminClient } from '../fixtures/client';
import { afterResponsePending, keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import { openScreen, saveScreenshot } from './screens';

/** A product with release 2.0.0 (PHP 8.1 needed), a licence, and one check from a site on PHP 7.4. */
async function seed( request: APIRequestContext ) {
	const tag = randomUUID().slice( 0, 6 );
	const client = await adminClient( request );
	const product = await client.createProduct( { name: `Explain ${ tag }` } );
	const uploaded = await request.post(
		`/wp-json/svc/v1/admin/products/${ product.id }/releases`,
		{
			headers: await keyHeaders( request ),
			multipart: {
				version: '2.0.0',
				requires_php: '8.1',
				package: {
					name: 'plugin-2.0.0.zip',
					mimeType: 'application/zip',
					buffer: makeZip( {
						'plugin/plugin.php': '<?php // 2.0.0',
					} ),
				},
			},
		}
	);
	expect( uploaded.status() ).toBe( 201 );
	const license = await client.createLicense( {
		product_id: product.id,
		customer_email: `explain-${ tag }@example.com`,
	} );
	const site = `https://shop-${ tag }.example.com`;
	const checked = await request.get( '/wp-json/svc/v1/updates/check', {
		params: {
			product_slug: product.slug,
			license_key: license.license_key,
			site_url: site,
			current_version: '1.0.0',
			wp_version: '6.5.2',
			php_version: '7.4.33',
		},
	} );
	expect( checked.status() ).toBe( 200 );
	await expect.poll( () => afterResponsePending( request ) ).toEqual( {} );
	return { product, license, site };
}

const SUMMARY =
	'Offered 2.0.0, but the site will not install it: it runs PHP 7.4.33 and the release requires PHP 8.1.';

test( 'a licence’s page says why each site did or did not get the update', async ( {
	page,
	request,
} ) => {
	const { license, product, site } = await seed( request );
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing&licence=${ license.id }`
	);
	const section = page.getByRole( 'region', { name: 'Why no update?' } );
	await expect( section ).toBeVisible();
	const decision = section.getByRole( 'region', {
		name: `${ product.name } on ${ new URL( site ).host }`,
	} );
	// The summary line comes first, then when it asked, then the steps.
	await expect( decision.locator( 'p' ).first() ).toHaveText( SUMMARY );
	await expect( decision.locator( '.svc-decision-meta' ) ).toContainText(
		'running 1.0.0, on WordPress 6.5.2 and PHP 7.4.33'
	);
	const table = decision.getByRole( 'table' );
	// A header row and nine steps (the chooser's notes among them).
	await expect( table.getByRole( 'row' ) ).toHaveCount( 10 );
	await expect(
		table.getByRole( 'row', { name: /Channels, pins and rollbacks/ } )
	).toContainText( 'newest: 2.0.0 (stable)' );
	await expect(
		table.getByRole( 'row', { name: /PHP needed/ } )
	).toContainText( 'Stopped the update' );
	await expect(
		table.getByRole( 'row', { name: /PHP needed/ } )
	).toContainText( 'Needs 8.1; the site reported 7.4.33' );
	await expect( table.getByRole( 'row', { name: /Rollout/ } ) ).toContainText(
		'the rollout is at 100 %'
	);
	await saveScreenshot( page, 'licence-why-no-update' );
	expect( await seriousViolations( page ) ).toEqual( [] );
} );

test( 'typing a site URL in the licence search leads to its explanation, by keyboard, kept in the URL', async ( {
	page,
	request,
} ) => {
	const { site } = await seed( request );
	await openScreen( page, 'licenses' );
	const search = page.getByRole( 'searchbox', {
		name: 'Search key, name or email',
	} );
	await search.fill( site );
	const link = page.getByRole( 'link', {
		name: `Why no update? See the last update checks of ${ site }`,
	} );
	await expect( link ).toBeVisible();
	await saveScreenshot( page, 'licences-search-site' );
	// Keyboard only: Tab from the search box until the link has focus, then Enter.
	for ( let tabs = 0; tabs < 40; tabs++ ) {
		if (
			await link.evaluate(
				( node ) => node === node.ownerDocument.activeElement
			)
		) {
			break;
		}
		await page.keyboard.press( 'Shift+Tab' );
	}
	await expect( link ).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Why no update?' } )
	).toBeVisible();
	await expect( page ).toHaveURL( /[?&]explain=/ );
	await expect( page.locator( '.svc-decision-summary' ) ).toHaveText(
		SUMMARY
	);
	await saveScreenshot( page, 'explain-site' );
	expect( await seriousViolations( page ) ).toEqual( [] );

	// The state is the URL: a reload shows the same; Back returns to the list with its search.
	await page.reload();
	await expect( page.locator( '.svc-decision-summary' ) ).toHaveText(
		SUMMARY
	);
	await page.goBack();
	await expect( search ).toHaveValue( site );

	// A site that never asked: the server's words, not a blank page.
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing&explain=${ encodeURIComponent(
			'https://never-asked.example.com'
		) }`
	);
	await expect(
		page
			.locator( '#svc-licensing-root' )
			.getByText( 'has never asked for an update' )
	).toBeVisible();
} );
