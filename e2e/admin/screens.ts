/**
 * Helpers for the panel's browser specs: screen URLs and screenshots under the test output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Admin, Editor, PageUtils } from '@wordpress/e2e-test-utils-playwright';
import { fastLane, repoRoot, screenshotDir } from '../fixtures/env';

/** One screen of the panel, as plugin/src/Admin/screens.json (the one list, which PHP and the panel read) declares it. */
export interface Screen {
	name: string;
	/** The `page` argument after svc-licensing. */
	suffix: string;
	/** The permission level the screen needs: read, write or admin. */
	level: 'read' | 'write' | 'admin';
	/** The menu entry and the screen's h1, in English. */
	title: string;
}

/** Every screen, in menu order. */
export const SCREENS: readonly Screen[] = (
	JSON.parse(
		fs.readFileSync(
			path.join( repoRoot, 'plugin', 'src', 'Admin', 'screens.json' ),
			'utf8'
		)
	) as { screens: Screen[] }
 ).screens;

export type ScreenName = string;

/** A screen of the list, by name; an unknown name is a mistake in the spec. */
export function screenNamed( name: ScreenName ): Screen {
	const screen = SCREENS.find( ( s ) => s.name === name );
	if ( ! screen ) {
		throw new Error( `No screen "${ name }" in screens.json` );
	}
	return screen;
}

/** Opens a panel screen through WordPress' own Admin utility, which also fails on a PHP error in the page. */
export async function openScreen( page: Page, screen: ScreenName ) {
	const admin = new Admin( {
		page,
		pageUtils: new PageUtils( { page, browserName: 'chromium' } ),
		editor: new Editor( { page } ),
	} );
	await admin.visitAdminPage(
		'admin.php',
		`page=svc-licensing${ screenNamed( screen ).suffix }`
	);
	await expect( page.locator( '#svc-licensing-root h1' ) ).toBeVisible();
}

/**
 * Saves a full-page screenshot for people to look at (artifacts/screenshots/<db>-<server>/). The screens do not
 * change with the fast lane, so the lane-off runs take none: they would only be the same pictures again.
 */
export async function saveScreenshot( page: Page, name: string ) {
	if ( ! fastLane ) {
		return;
	}
	await page.screenshot( {
		path: path.join( screenshotDir, `${ name }.png` ),
		fullPage: true,
	} );
}

/** The snackbar that confirms (or reports) an action. */
export async function expectSnackbar( page: Page, text: string | RegExp ) {
	await expect(
		page
			.locator( '.components-snackbar' )
			.filter( { hasText: text } )
			.last()
	).toBeVisible();
}

/** Opens a table row's action menu and picks an action. */
export async function rowAction( page: Page, rowText: string, action: string ) {
	// DataViews 1.2 leaves the row's menu open after its dialog closes, as a click elsewhere would.
	const stillOpen = page.getByRole( 'menu', { name: 'Actions' } );
	if ( await stillOpen.isVisible() ) {
		await page.keyboard.press( 'Escape' );
		await expect( stillOpen ).toBeHidden();
	}
	const row = page.locator( 'tr' ).filter( { hasText: rowText } ).first();
	await row.getByRole( 'button', { name: 'Actions' } ).click();
	await page.getByRole( 'menuitem', { name: action } ).click();
}
