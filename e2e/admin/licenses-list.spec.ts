/**
 * The licence list as core's lists: status views with counts and the item total (finding 9), the "Expiring in
 * 30 days" preset, search/filter/sort/page/view in the URL across reload, Back/Forward and a shared link
 * (finding 8); bulk extend, CSV export (parsed) and cancel; row menus named for their row, closed while their
 * dialog is open, focus back on the row after (findings 10, 12); Rotate not offered on cancelled licences;
 * readable row text (finding 12); the phone layout (finding 11); field errors and "unlimited" in the form.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { License } from '../../src/api/types';
import { adminClient } from '../fixtures/client';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';

const iso = ( days: number ) =>
	new Date( Date.now() + days * 86400 * 1000 )
		.toISOString()
		.replace( /\.\d+Z$/, 'Z' );

/** Five licences of a new product, their emails tagged: 2 active (one expiring in 10 days), suspended, cancelled, trial. */
async function seedLicenses( request: Parameters< typeof adminClient >[ 0 ] ) {
	const client = await adminClient( request );
	const tag = randomUUID().slice( 0, 6 );
	const product = await client.createProduct( { name: `List ${ tag }` } );
	const make = ( name: string, fields: Record< string, unknown > = {} ) =>
		client.createLicense( {
			product_id: product.id,
			customer_email: `${ name }-${ tag }@example.com`,
			...fields,
		} );
	const soon = await make( 'soon', { expires: iso( 10 ) } );
	const later = await make( 'later', { expires: iso( 200 ) } );
	const suspended = await make( 'paused', { status: 'suspended' } );
	const cancelled = await make( 'ended', { status: 'cancelled' } );
	const trial = await make( 'tryout', {
		status: 'trial',
		expires: iso( 60 ),
	} );
	return { client, tag, product, soon, later, suspended, cancelled, trial };
}

const viewLink = ( page: Page, name: RegExp ) =>
	page
		.getByRole( 'navigation', { name: 'Filter licences by status' } )
		.getByRole( 'link', { name } );

test( 'status views with counts, the expiring preset, and the view kept in the URL across reload, Back/Forward and a shared link', async ( {
	page,
	request,
} ) => {
	const { tag, soon } = await seedLicenses( request );
	await openScreen( page, 'licenses' );
	const rows = page.locator( 'tbody tr' );
	const search = page.getByRole( 'searchbox', {
		name: 'Search key, name or email',
	} );
	await search.fill( tag );
	await expect( rows ).toHaveCount( 5 );
	// Every status is a visible view with its count; no option hides below a scroll area.
	await expect( viewLink( page, /^All \(5\)$/ ) ).toBeVisible();
	await expect( viewLink( page, /^Active \(2\)$/ ) ).toBeVisible();
	await expect( viewLink( page, /^Trial \(1\)$/ ) ).toBeVisible();
	await expect( viewLink( page, /^Expired \(0\)$/ ) ).toBeVisible();
	await expect( viewLink( page, /^Suspended \(1\)$/ ) ).toBeVisible();
	await expect( viewLink( page, /^Cancelled \(1\)$/ ) ).toBeVisible();
	await expect( viewLink( page, /^Revoked \(0\)$/ ) ).toBeVisible();
	await expect(
		viewLink( page, /^Expiring in 30 days \(1\)$/ )
	).toBeVisible();
	await expect( page.locator( '.displaying-num' ) ).toHaveText( '5 items' );
	await saveScreenshot( page, 'licenses' );

	// A view is a step in the history; the URL carries it and the search.
	await viewLink( page, /^Cancelled/ ).click();
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( `ended-${ tag }@example.com` );
	await expect( page ).toHaveURL( /[?&]view=cancelled/ );
	await expect( page ).toHaveURL( new RegExp( `[?&]s=${ tag }` ) );
	await expect( viewLink( page, /^Cancelled/ ) ).toHaveAttribute(
		'aria-current',
		'page'
	);
	await page.reload();
	await expect( search ).toHaveValue( tag );
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( `ended-${ tag }@example.com` );

	await viewLink( page, /^Expiring in 30 days/ ).click();
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( `soon-${ tag }@example.com` );
	await expect( page.locator( '.displaying-num' ) ).toHaveText( '1 item' );

	await page.goBack();
	await expect( viewLink( page, /^Cancelled/ ) ).toHaveAttribute(
		'aria-current',
		'page'
	);
	await expect( rows ).toHaveCount( 1 );
	await expect( rows.first() ).toContainText( `ended-${ tag }@example.com` );
	await page.goForward();
	await expect( rows.first() ).toContainText( `soon-${ tag }@example.com` );

	// Sort by expiry, oldest first, in All: kept across a reload and in a link opened elsewhere.
	await viewLink( page, /^All/ ).click();
	await expect( rows ).toHaveCount( 5 );
	await page
		.getByRole( 'columnheader', { name: 'Expires' } )
		.getByRole( 'button' )
		.click();
	await page.getByRole( 'menuitemradio', { name: 'Sort ascending' } ).click();
	await expect( page ).toHaveURL( /[?&]orderby=expires/ );
	await expect( page ).toHaveURL( /[?&]order=asc/ );
	const firstDated = rows.filter( { hasText: `soon-${ tag }` } );
	await expect( firstDated ).toHaveCount( 1 );
	const shared = page.url();
	const other = await page.context().newPage();
	await other.goto( shared );
	await expect(
		other.getByRole( 'searchbox', { name: 'Search key, name or email' } )
	).toHaveValue( tag );
	await expect( other.locator( 'tbody tr' ) ).toHaveCount( 5 );
	await expect(
		other.getByRole( 'columnheader', { name: /Expires/ } )
	).toHaveAttribute( 'aria-sort', 'ascending' );
	await other.close();
	expect( soon.id ).toBeGreaterThan( 0 );
} );

test( 'bulk actions: extend the selection, export it as CSV, cancel it', async ( {
	page,
	request,
} ) => {
	const { client, tag, soon, later, trial } = await seedLicenses( request );
	await openScreen( page, 'licenses' );
	const rows = page.locator( 'tbody tr' );
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( tag );
	await expect( rows ).toHaveCount( 5 );
	const select = ( license: License ) =>
		page.getByRole( 'checkbox', {
			name: `Select licence …${ license.license_key_masked.slice( -4 ) }`,
		} );
	await select( soon ).check();
	await select( later ).check();
	await expect( page.locator( '.svc-selected-count' ) ).toHaveText(
		'2 licences selected'
	);

	// Export: the downloaded file is the selection.
	const downloading = page.waitForEvent( 'download' );
	await page.getByRole( 'button', { name: 'Export CSV' } ).click();
	const file = await downloading;
	expect( file.suggestedFilename() ).toMatch( /^licences-.*\.csv$/ );
	const text = await readFile( ( await file.path() ) ?? '', 'utf8' );
	const lines = text.trim().split( '\r\n' );
	const header = lines[ 0 ].split( ',' );
	expect( header ).toEqual( [
		'id',
		'license_key_masked',
		'product_name',
		'customer_name',
		'customer_email',
		'status',
		'activation_count',
		'activation_limit',
		'expires',
		'created_at',
	] );
	const records = lines
		.slice( 1 )
		.map( ( line ) =>
			Object.fromEntries(
				line.split( ',' ).map( ( cell, i ) => [ header[ i ], cell ] )
			)
		);
	expect( records.map( ( record ) => Number( record.id ) ).sort() ).toEqual(
		[ soon.id, later.id ].sort()
	);
	expect(
		records.find( ( record ) => Number( record.id ) === soon.id )
	).toMatchObject( {
		license_key_masked: soon.license_key_masked,
		customer_email: `soon-${ tag }@example.com`,
		status: 'active',
	} );

	// Extend both to a date.
	await page.getByRole( 'button', { name: 'Extend expiry…' } ).click();
	const extend = page.getByRole( 'dialog', { name: 'Extend expiry' } );
	await extend.getByRole( 'radio', { name: 'To a date' } ).check();
	await extend.getByLabel( 'New expiry date' ).fill( '2031-06-30' );
	await extend.getByRole( 'button', { name: 'Extend', exact: true } ).click();
	await expectSnackbar( page, '2 licences extended.' );
	for ( const license of [ soon, later ] ) {
		expect( ( await client.license( license.id ) ).expires ).toMatch(
			/^2031-06-30T23:59:59/
		);
	}
	expect( ( await client.license( trial.id ) ).expires ).toBe(
		trial.expires
	);

	// Cancel two of them; the counts follow.
	await select( soon ).check();
	await select( trial ).check();
	await page.getByRole( 'button', { name: 'Cancel licences…' } ).click();
	const cancel = page.getByRole( 'dialog', { name: 'Cancel 2 licences?' } );
	await cancel.getByRole( 'button', { name: 'Cancel licences' } ).click();
	await expectSnackbar( page, '2 licences cancelled.' );
	expect( ( await client.license( soon.id ) ).status ).toBe( 'cancelled' );
	expect( ( await client.license( trial.id ) ).status ).toBe( 'cancelled' );
	expect( ( await client.license( later.id ) ).status ).toBe( 'active' );
	await expect( viewLink( page, /^Cancelled \(3\)$/ ) ).toBeVisible();
	await expect( page.locator( '.svc-selected-count' ) ).toHaveText(
		'0 licences selected'
	);
} );

test( 'row menus are named for their row, close when their dialog opens and give focus back; rows are readable', async ( {
	page,
	request,
} ) => {
	const { client, tag, cancelled } = await seedLicenses( request );
	await openScreen( page, 'licenses' );
	const rows = page.locator( 'tbody tr' );
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( `ended-${ tag }` );
	await expect( rows ).toHaveCount( 1 );
	const name = `Actions for licence …${ cancelled.license_key_masked.slice(
		-4
	) }`;
	const button = page.getByRole( 'button', { name } );
	await button.click();
	const menu = page.getByRole( 'menu', { name } );
	await expect( menu ).toBeVisible();
	// A cancelled licence is not rotated; it can be reactivated from the menu.
	await expect(
		menu.getByRole( 'menuitem', { name: 'Rotate key' } )
	).toHaveCount( 0 );
	await expect(
		menu.getByRole( 'menuitem', { name: 'Cancel licence' } )
	).toHaveCount( 0 );
	await menu.getByRole( 'menuitem', { name: 'Reactivate' } ).click();
	const dialog = page.getByRole( 'dialog', {
		name: 'Reactivate this licence?',
	} );
	await expect( dialog ).toBeVisible();
	await expect( menu ).toBeHidden();
	await dialog.getByRole( 'button', { name: 'Reactivate licence' } ).click();
	await expectSnackbar( page, 'Licence reactivated.' );
	expect( ( await client.license( cancelled.id ) ).status ).toBe( 'active' );
	await expect( button ).toBeFocused();

	// With the keyboard: the menu opens from the focused button and Escape in the dialog returns there.
	await page.keyboard.press( 'Enter' );
	await expect( menu ).toBeVisible();
	await menu.getByRole( 'menuitem', { name: 'Rotate key' } ).focus();
	await page.keyboard.press( 'Enter' );
	await expect(
		page.getByRole( 'dialog', { name: 'Rotate the licence key?' } )
	).toBeVisible();
	await page.keyboard.press( 'Escape' );
	await expect( button ).toBeFocused();

	// Row text is at least 4.5:1 against what is behind it.
	const ratio = await rows
		.first()
		.locator( 'td' )
		.filter( { hasText: `ended-${ tag }@example.com` } )
		.evaluate( ( cell ) => {
			const rgb = ( value: string ) =>
				( value.match( /[\d.]+/g ) ?? [] ).slice( 0, 4 ).map( Number );
			let node: Element | null = cell;
			let back = [ 255, 255, 255 ];
			while ( node ) {
				const [ r, g, b, a = 1 ] = rgb(
					getComputedStyle( node ).backgroundColor
				);
				if ( a > 0 ) {
					back = [ r, g, b ];
					break;
				}
				node = node.parentElement;
			}
			const lum = ( [ r, g, b ]: number[] ) => {
				const c = [ r, g, b ].map( ( v ) => {
					const s = v / 255;
					return s <= 0.03928
						? s / 12.92
						: Math.pow( ( s + 0.055 ) / 1.055, 2.4 );
				} );
				return 0.2126 * c[ 0 ] + 0.7152 * c[ 1 ] + 0.0722 * c[ 2 ];
			};
			const text = lum( rgb( getComputedStyle( cell ).color ) );
			const ground = lum( back );
			return (
				( Math.max( text, ground ) + 0.05 ) /
				( Math.min( text, ground ) + 0.05 )
			);
		} );
	expect( ratio ).toBeGreaterThanOrEqual( 4.5 );
} );

test( 'on a 390×844 phone the list keeps the key column and opens a row’s details in place', async ( {
	page,
	request,
} ) => {
	const { tag, later } = await seedLicenses( request );
	await page.setViewportSize( { width: 390, height: 844 } );
	await openScreen( page, 'licenses' );
	const rows = page.locator( 'tbody tr' );
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( `later-${ tag }` );
	await expect( rows ).toHaveCount( 1 );
	const table = page.locator( '.dataviews-view-table' );
	const box = await table.boundingBox();
	expect( box?.width ?? 1000 ).toBeLessThanOrEqual( 390 );
	await expect(
		page.getByRole( 'columnheader', { name: 'Key' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'columnheader', { name: 'Customer' } )
	).toBeHidden();
	await expect(
		rows.first().getByRole( 'link', {
			name: later.license_key_masked,
		} )
	).toBeVisible();
	const toggle = rows
		.first()
		.getByRole( 'button', { name: 'Show more details' } );
	await toggle.click();
	const details = rows.first().locator( '.svc-row-details' );
	await expect( details ).toBeVisible();
	await expect( details ).toContainText( `later-${ tag }@example.com` );
	await expect( details ).toContainText( `List ${ tag }` );
	await expect(
		rows.first().getByRole( 'button', { name: 'Hide details' } )
	).toHaveAttribute( 'aria-expanded', 'true' );
	// Nothing scrolls sideways.
	expect(
		await page.evaluate( () => document.documentElement.scrollWidth )
	).toBeLessThanOrEqual( 390 );
	await saveScreenshot( page, 'licenses-390' );
} );

test( 'the licence form refuses a bad email next to the field and offers an unlimited activation limit', async ( {
	page,
	request,
} ) => {
	const client = await adminClient( request );
	const tag = randomUUID().slice( 0, 6 );
	const product = await client.createProduct( { name: `Form ${ tag }` } );
	await openScreen( page, 'licenses' );
	await page.getByRole( 'button', { name: 'Add licence' } ).click();
	const create = page.getByRole( 'dialog', { name: 'Add licence' } );
	await create
		.getByLabel( 'Product', { exact: true } )
		.selectOption( { label: product.name } );
	const email = create.getByRole( 'textbox', { name: 'Customer email' } );
	await email.fill( 'bob@localhost' );
	await create.getByRole( 'button', { name: 'Create licence' } ).click();
	await expect( email ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( email ).toHaveAccessibleDescription(
		'Enter an email address with a domain, such as name@example.com.'
	);
	await email.fill( `unlimited-${ tag }@example.com` );
	await create.getByRole( 'checkbox', { name: 'Unlimited sites' } ).check();
	await expect( create.getByLabel( 'Activation limit' ) ).toHaveCount( 0 );
	await create.getByRole( 'button', { name: 'Create licence' } ).click();
	const created = page.getByRole( 'dialog', { name: 'Licence created' } );
	await expect( created ).toBeVisible();
	await created.getByRole( 'button', { name: 'Done' } ).click();
	const found = await client.licenses( { search: `unlimited-${ tag }` } );
	expect( found.data[ 0 ].activation_limit ).toBe( 1000000 );
	await page
		.getByRole( 'searchbox', { name: 'Search key, name or email' } )
		.fill( `unlimited-${ tag }` );
	await expect( page.locator( 'tbody tr' ).first() ).toContainText(
		'0 of unlimited'
	);

	// Edit: the limit shows as Unlimited; closing with a change asks first, and staying keeps the change.
	await page
		.getByRole( 'button', { name: /^Actions for licence/ } )
		.first()
		.click();
	await page.getByRole( 'menuitem', { name: 'Edit' } ).click();
	const edit = page.getByRole( 'dialog', { name: 'Edit licence' } );
	await expect(
		edit.getByRole( 'checkbox', { name: 'Unlimited sites' } )
	).toBeChecked();
	await edit
		.getByRole( 'textbox', { name: 'Customer name' } )
		.fill( 'Changed Mind' );
	const asked: string[] = [];
	page.once( 'dialog', ( prompt ) => {
		asked.push( prompt.message() );
		return prompt.dismiss();
	} );
	await page.keyboard.press( 'Escape' );
	await expect( edit ).toBeVisible();
	expect( asked ).toEqual( [
		'You have unsaved changes. Leave without saving them?',
	] );
	await expect(
		edit.getByRole( 'textbox', { name: 'Customer name' } )
	).toHaveValue( 'Changed Mind' );
} );
