/**
 * An axe-core scan (@axe-core/playwright, WCAG 2.1 A and AA) of every panel screen, with data in its lists: no
 * serious or critical violation on the page, WordPress' admin bar left out (core's own, failing three rules on 6.5).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { seriousViolations } from '../fixtures/axe';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import { SCREENS, openScreen, type ScreenName } from './screens';

interface Scanned {
	/** How the report names it. */
	name: string;
	/** Opens it and waits until its content is there. */
	open: ( page: Page ) => Promise< void >;
}

/** A submenu screen, once its list or form has loaded. */
const screen = ( name: ScreenName, ready?: string ): Scanned => ( {
	name,
	open: async ( page ) => {
		await openScreen( page, name );
		await expect( page.locator( '.svc-loading' ) ).toHaveCount( 0 );
		if ( ready ) {
			await expect( page.locator( ready ).first() ).toBeVisible();
		}
	},
} );

/** What a screen's scan waits for, beside its h1: its list's rows, its charts, its form. */
const READY: Partial< Record< ScreenName, string > > = {
	licenses: '#svc-licensing-root tbody tr',
	products: '#svc-licensing-root tbody tr',
	'api-keys': '#svc-licensing-root tbody tr',
	stats: '.svc-charts figure',
	settings: 'form.svc-settings',
};

/** The product and licence made in beforeAll, for the product and licence pages' entries. */
let productId = 0;
let licenseId = 0;

/** A product page's tab. */
const productTab = ( tab: string ): Scanned => ( {
	name: `product page: ${ tab }`,
	open: async ( page ) => {
		await page.goto(
			`/wp-admin/admin.php?page=svc-licensing-products&product=${ productId }&tab=${ tab }`
		);
		await expect( page.locator( '#svc-licensing-root h1' ) ).toBeVisible();
		await expect( page.locator( '.svc-loading' ) ).toHaveCount( 0 );
		await expect(
			page.getByRole( 'tab', { selected: true } )
		).toBeVisible();
	},
} );

// Every screen of the panel, and the licence and product pages.
const SCANNED: Scanned[] = [
	{
		name: 'licence page',
		open: async ( page ) => {
			await page.goto(
				`/wp-admin/admin.php?page=svc-licensing&licence=${ licenseId }`
			);
			await expect(
				page.locator( '#svc-licensing-root h1' )
			).toBeVisible();
			await expect( page.locator( '.svc-loading' ) ).toHaveCount( 0 );
		},
	},
	// Every screen of the one list (screens.json), once what it waits for is there.
	...SCREENS.map( ( { name } ) => screen( name, READY[ name ] ) ),
	{
		name: 'webhooks: outbound tab',
		open: async ( page ) => {
			await page.goto(
				'/wp-admin/admin.php?page=svc-licensing-webhooks&tab=outbound'
			);
			await expect(
				page.getByRole( 'tab', { name: /Outbound/, selected: true } )
			).toBeVisible();
			await expect( page.locator( '.svc-loading' ) ).toHaveCount( 0 );
		},
	},
	productTab( 'details' ),
	productTab( 'releases' ),
	productTab( 'pricing' ),
];

test.beforeAll( async ( { playwright, baseURL } ) => {
	// Rows in the lists, so their cells and row actions are scanned too.
	const request = await playwright.request.newContext( { baseURL } );
	const client = await adminClient( request );
	const product = await client.createProduct( {
		name: `Axe ${ randomUUID().slice( 0, 6 ) }`,
	} );
	productId = product.id;
	const license = await client.createLicense( {
		product_id: product.id,
		customer_email: `axe-${ randomUUID().slice( 0, 6 ) }@example.com`,
		customer_name: 'Axe Scan',
	} );
	licenseId = license.id;
	// A release, so the product page's releases tab has a row. The licence page and "Why no update?" with a
	// decision to show are scanned by explain.spec.ts, which makes the update check in both lane passes.
	const uploaded = await request.post(
		`/wp-json/svc/v1/admin/products/${ product.id }/releases`,
		{
			headers: await keyHeaders( request ),
			multipart: {
				version: '2.0.0',
				package: {
					name: 'axe-2.0.0.zip',
					mimeType: 'application/zip',
					buffer: makeZip( { 'axe/axe.php': '<?php // 2.0.0' } ),
				},
			},
		}
	);
	expect( uploaded.status() ).toBe( 201 );
	await client.createApiKey( {
		label: 'Axe scan',
		permissions: 'read',
		product_id: null,
	} );
	await request.dispose();
} );

for ( const scanned of SCANNED ) {
	test( `${ scanned.name }: no serious or critical axe violations`, async ( {
		page,
	} ) => {
		await scanned.open( page );
		expect( await seriousViolations( page ) ).toEqual( [] );
	} );
}
