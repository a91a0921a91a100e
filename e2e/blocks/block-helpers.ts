/**
 * What the free-trial and latest-release block specs share: products and releases through the admin API, a block
 * inserted through the editor's inserter as a person does, a visitor's fresh browser context, and the screenshots
 * at desktop and phone widths.
 */
import { randomUUID } from 'node:crypto';
import {
	expect,
	type APIRequestContext,
	type Browser,
	type BrowserContext,
	type Page,
} from '@playwright/test';
import type { Editor } from '@wordpress/e2e-test-utils-playwright';
import { saveScreenshot } from '../admin/screens';
import { baseURL } from '../fixtures/env';
import { keyHeaders } from '../fixtures/test-helpers';

export const ADMIN_API = '/wp-json/svc/v1/admin';

export interface ProductRow {
	id: number;
	name: string;
	slug: string;
}

/** The admin API as an admin API key. */
export async function adminApi( request: APIRequestContext ) {
	const headers = await keyHeaders( request );
	const send = async (
		method: 'GET' | 'POST' | 'PUT' | 'DELETE',
		path: string,
		data?: unknown
	) => {
		const response = await request.fetch( `${ ADMIN_API }${ path }`, {
			method,
			headers,
			data,
		} );
		expect(
			response.ok(),
			`${ method } ${ path }: ${ await response.text() }`
		).toBe( true );
		return response.json();
	};
	return {
		send,
		product: async (
			fields: Record< string, unknown > = {}
		): Promise< ProductRow > => {
			const tag = randomUUID().slice( 0, 6 );
			const created = ( await send( 'POST', '/products', {
				name: `Block Plugin ${ tag }`,
				slug: `block-plugin-${ tag }`,
				...fields,
			} ) ) as ProductRow;
			return created;
		},
		/** A release with an external package, published unless told otherwise. */
		release: async (
			productId: number,
			fields: Record< string, unknown >
		): Promise< { id: number; version: string } > =>
			send( 'POST', `/products/${ productId }/releases`, {
				package_url: `https://downloads.example.com/${ productId }-${ String(
					fields.version
				) }.zip`,
				package_sha256: 'a'.repeat( 64 ),
				...fields,
			} ),
	};
}

/** The block's comment, for a page made over REST. */
export const blockMarkup = (
	name: string,
	attributes: Record< string, unknown >
) => `<!-- wp:svc-licensing/${ name } ${ JSON.stringify( attributes ) } /-->`;

/**
 * A logged-out visitor: a fresh context on this run's test site. Playwright gives a new context the project's
 * storage state (the admin's cookies) unless told otherwise, so it is emptied here, and checked.
 */
export async function visitorPage(
	browser: Browser,
	extraHTTPHeaders: Record< string, string > = {}
): Promise< { context: BrowserContext; page: Page } > {
	const context = await browser.newContext( {
		baseURL,
		extraHTTPHeaders,
		storageState: { cookies: [], origins: [] },
	} );
	expect( await context.cookies() ).toEqual( [] );
	return { context, page: await context.newPage() };
}

/** Opens a page as the visitor and checks WordPress sees no one signed in (no admin bar). */
export async function openAsVisitor( page: Page, url: string ) {
	await page.goto( url );
	await expect( page.locator( 'body' ) ).not.toHaveClass( /logged-in/ );
	await expect( page.locator( '#wpadminbar' ) ).toHaveCount( 0 );
}

/** The block's settings tab in the sidebar (opened when closed). */
export async function blockSettings( page: Page, editor: Editor ) {
	await editor.openDocumentSettingsSidebar();
	const sidebar = page.getByRole( 'region', { name: 'Editor settings' } );
	await sidebar.getByRole( 'tab', { name: 'Block' } ).click();
	return sidebar;
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The page at desktop and phone widths, saved as <name>-1440 and <name>-390; the viewport is put back. */
export async function screenshotsAtWidths(
	page: Page,
	name: string,
	ready: () => Promise< void >
) {
	const before = page.viewportSize();
	for ( const size of [ DESKTOP, PHONE ] ) {
		await page.setViewportSize( size );
		await ready();
		await saveScreenshot( page, `${ name }-${ size.width }` );
	}
	if ( before ) {
		await page.setViewportSize( before );
	}
}
