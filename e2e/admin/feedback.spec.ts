/**
 * The panel's shared ground: messages where people look (a snackbar inside the window, errors under their field in
 * plain words, the server's refusal in plain words too), one h1 per screen, unsaved changes guarded, and the
 * panel open to whoever the API lets read (finding 13 of issue 16).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/wp';
import { adminClient } from '../fixtures/client';
import { createUserWithCaps } from '../fixtures/test-helpers';
import { SCREENS, openScreen, saveScreenshot } from './screens';
import { logIn } from '../fixtures/sign-in';

/**
 * The snackbar comes to rest wholly inside the window, with a width, on top: seen, not below the fold, 0 px wide or
 * covered. It slides in from below, so its place is polled until the animation is over.
 */
async function expectInsideWindow( page: Page, selector: string ) {
	const size = page.viewportSize();
	expect( size ).not.toBeNull();
	await expect
		.poll(
			async () => {
				const box = await page.locator( selector ).last().boundingBox();
				if ( ! box || ! size ) {
					return 'no box';
				}
				const onTop = await page.evaluate(
					( [ x, y ] ) =>
						document
							.elementFromPoint( x, y )
							?.closest( '.components-snackbar' ) !== null,
					[ box.x + box.width / 2, box.y + box.height / 2 ]
				);
				return {
					wide: box.width > 100,
					inside:
						box.x >= 0 &&
						box.y >= 0 &&
						box.x + box.width <= size.width &&
						box.y + box.height <= size.height,
					// Nothing covers it (a dialog's overlay would).
					onTop,
				};
			},
			{ message: `${ selector } rests inside the window, on top` }
		)
		.toEqual( { wide: true, inside: true, onTop: true } );
}

test( 'every screen has one h1, named as its menu entry', async ( {
	page,
} ) => {
	for ( const { name } of SCREENS ) {
		await openScreen( page, name );
		const current = page.locator( '#adminmenu .current a' ).last();
		await expect( page.locator( 'h1' ) ).toHaveCount( 1 );
		await expect( page.locator( '#svc-licensing-root h1' ) ).toHaveText(
			( await current.textContent() ) ?? ''
		);
	}
} );

for ( const viewport of [
	{ width: 1440, height: 900 },
	{ width: 390, height: 844 },
] ) {
	test( `a refused save is shown under its field and in a snackbar inside a ${ viewport.width } px window`, async ( {
		page,
	} ) => {
		await page.setViewportSize( viewport );
		await openScreen( page, 'products' );
		await page.getByRole( 'button', { name: 'Add product' } ).click();
		const dialog = page.getByRole( 'dialog', { name: 'Add product' } );
		await dialog
			.getByLabel( 'Name', { exact: true } )
			.fill( `Feedback ${ randomUUID().slice( 0, 6 ) }` );
		// The slug is checked by the server only: its refusal comes back under the field, in plain words.
		await dialog
			.getByLabel( 'Slug (empty: made from the name)' )
			.fill( 'Not A Slug!' );
		await dialog.getByRole( 'button', { name: 'Create product' } ).click();
		const slug = dialog.getByLabel( 'Slug (empty: made from the name)' );
		await expect( slug ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( dialog ).toContainText(
			'Use lower-case letters, digits and single hyphens, such as my-plugin.'
		);
		await expect( dialog ).not.toContainText( 'does not match pattern' );
		const snackbar = page
			.locator( '.components-snackbar' )
			.filter( { hasText: 'Slug: Use lower-case letters' } );
		await expect( snackbar ).toBeVisible();
		await expectInsideWindow( page, '.components-snackbar' );
		await saveScreenshot(
			page,
			`feedback-refused-save-${ viewport.width }`
		);

		// A client rule answers before any request: Requires WordPress "banana".
		await slug.fill( '' );
		await dialog.getByLabel( 'Requires WordPress' ).fill( 'banana' );
		let sent = false;
		page.on( 'request', ( request ) => {
			if ( request.url().includes( 'admin/products' ) ) {
				sent = request.method() === 'POST' ? true : sent;
			}
		} );
		await dialog.getByRole( 'button', { name: 'Create product' } ).click();
		await expect(
			dialog.getByLabel( 'Requires WordPress' )
		).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( dialog ).toContainText( 'Enter a version number' );
		await expect( dialog.getByLabel( 'Requires WordPress' ) ).toBeFocused();
		expect( sent ).toBe( false );
	} );
}

test( 'the server refuses a bad field in plain words, with the field named for people', async ( {
	request,
} ) => {
	const client = await adminClient( request );
	const error = await client
		.createProduct( { name: 'Banana', requires_wp: 'banana' } )
		.then(
			() => null,
			( caught: unknown ) => caught
		);
	expect( error ).toMatchObject( {
		status: 400,
		envelope: {
			code: 'invalid_params',
			message:
				'Requires WordPress: Enter a WordPress version such as 6.5 or 6.5.2, or leave it empty.',
			data: {
				status: 400,
				params: {
					requires_wp:
						'Enter a WordPress version such as 6.5 or 6.5.2, or leave it empty.',
				},
			},
		},
	} );
} );

test( 'closing a form with changes asks first', async ( { page } ) => {
	await openScreen( page, 'products' );
	await page.getByRole( 'button', { name: 'Add product' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Add product' } );
	await dialog.getByLabel( 'Name', { exact: true } ).fill( 'Half typed' );
	let asked = '';
	page.once( 'dialog', ( prompt ) => {
		asked = prompt.message();
		return prompt.dismiss();
	} );
	await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
	expect( asked ).toBe(
		'You have unsaved changes. Leave without saving them?'
	);
	await expect( dialog ).toBeVisible();
	page.once( 'dialog', ( prompt ) => prompt.accept() );
	await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( dialog ).toBeHidden();
} );

test( 'a user the API lets read opens the read screens, and only those', async ( {
	request,
	browser,
	baseURL,
} ) => {
	const login = `reader-${ randomUUID().slice( 0, 6 ) }`;
	const password = `pw-${ randomUUID() }`;
	await createUserWithCaps( request, {
		login,
		password,
		caps: [ 'svc_licensing_read' ],
	} );
	const context = await browser.newContext( {
		baseURL,
		storageState: { cookies: [], origins: [] },
	} );
	const page = await context.newPage();
	await logIn( page, login, password );

	await openScreen( page, 'licenses' );
	await expect( page.locator( '#svc-licensing-root h1' ) ).toHaveText(
		'Licences'
	);
	const menu = page.locator( '#toplevel_page_svc-licensing .wp-submenu a' );
	// The reader's menu: the screens a read level opens, in the list's order (Licences, Products, Webhooks, Stats).
	await expect( menu ).toHaveText(
		SCREENS.filter( ( screen ) => screen.level === 'read' ).map(
			( screen ) => screen.title
		)
	);
	const denied = await page.goto(
		'/wp-admin/admin.php?page=svc-licensing-settings'
	);
	expect( denied?.status() ).toBe( 403 );
	await expect( page.locator( 'body' ) ).toContainText(
		'Sorry, you are not allowed to access this page.'
	);
	await context.close();
} );

test( 'row menus are named for their row on every list', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const name = `Named ${ randomUUID().slice( 0, 6 ) }`;
	await client.createProduct( { name } );
	await openScreen( page, 'products' );
	await expect(
		page.getByRole( 'button', {
			name: `Actions for product ${ name }`,
			exact: true,
		} )
	).toBeVisible();
	// No row keeps the bare name.
	await expect(
		page.getByRole( 'button', { name: 'Actions', exact: true } )
	).toHaveCount( 0 );
	await page
		.getByRole( 'button', { name: `Actions for product ${ name }` } )
		.click();
	await expect( page.getByRole( 'menuitem' ).first() ).toBeVisible();
} );
