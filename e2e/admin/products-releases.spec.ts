/**
 * A product's Releases tab (issue 16): a file that is not a ZIP is refused next to the field in plain words,
 * by the panel (by its name) and by the server (by its bytes) (findings 1 and 6); a ZIP dropped on the drop zone;
 * the upload's progress bar; the form cleared after adding; the changelog shown and edited; roll back, unpublish,
 * download and delete, each destructive step confirmed first (finding 4).
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip, readZip } from '../fixtures/zip';
import { expectSnackbar, saveScreenshot } from './screens';

const zipOf = ( slug: string, version: string ) =>
	makeZip( {
		[ `${ slug }/${ slug }.php` ]: `<?php\n/* Version: ${ version } */`,
	} );

/** Drops a file on the drop zone as a browser does: dragenter, dragover and drop with a DataTransfer. */
async function dropFile( page: Page, name: string, buffer: Buffer ) {
	const data = await page.evaluateHandle(
		( { fileName, bytes } ) => {
			const transfer = new DataTransfer();
			transfer.items.add(
				new File( [ new Uint8Array( bytes ) ], fileName, {
					type: 'application/zip',
				} )
			);
			return transfer;
		},
		{ fileName: name, bytes: [ ...buffer ] }
	);
	const zone = page.getByTestId( 'svc-release-dropzone' );
	await zone.dispatchEvent( 'dragenter', { dataTransfer: data } );
	await zone.dispatchEvent( 'dragover', { dataTransfer: data } );
	await page
		.locator( '.components-drop-zone' )
		.dispatchEvent( 'drop', { dataTransfer: data } );
}

test( 'releases: refused non-ZIP next to the field, drop zone with progress, cleared form, changelog, roll back, unpublish, download, delete', async ( {
	page,
	request,
} ) => {
	const headers = await keyHeaders( request );
	const name = `Release Plugin ${ randomUUID().slice( 0, 6 ) }`;
	const product = ( await (
		await request.post( '/wp-json/svc/v1/admin/products', {
			headers,
			data: { name },
		} )
	).json() ) as { id: number; slug: string };
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing-products&product=${ product.id }&tab=releases`
	);
	const releases = page.locator( '.svc-releases' );
	await expect( releases ).toContainText( 'No releases yet.' );
	const fileField = releases.getByLabel( 'ZIP file', { exact: true } );
	const version = releases.getByLabel( 'Version', { exact: true } );

	// A text file: refused by its name, under the field, before anything is sent.
	await fileField.setInputFiles( {
		name: 'notes.txt',
		mimeType: 'text/plain',
		buffer: Buffer.from( 'not a zip' ),
	} );
	const fieldError = page.locator( '#svc-release-file-error' );
	await expect( fieldError ).toHaveText(
		'notes.txt is not a ZIP file. Choose the .zip of your plugin or theme.'
	);
	await expect( fileField ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect(
		releases.getByRole( 'button', { name: 'Add release' } )
	).toBeDisabled();

	// A file named .zip that is not one: the server's refusal, in words, under the same field.
	await version.fill( '0.9.0' );
	await fileField.setInputFiles( {
		name: 'fake.zip',
		mimeType: 'application/zip',
		buffer: Buffer.from( 'this is text, not a zip archive' ),
	} );
	await expect( fieldError ).toBeHidden();
	await releases.getByRole( 'button', { name: 'Add release' } ).click();
	await expect( fieldError ).toHaveText( 'Not a ZIP archive.' );
	await expectSnackbar(
		page,
		'The release was not added: The package is not a ZIP archive.'
	);
	await saveScreenshot( page, 'product-releases-refused' );

	// 1.0.0 dropped on the drop zone; the upload is held at the server's door, so its progress bar can be seen.
	await version.fill( '1.0.0' );
	await releases
		.getByLabel( 'Changelog (HTML)' )
		.fill( '<p>First release</p>' );
	await dropFile(
		page,
		`${ product.slug }.zip`,
		zipOf( product.slug, '1.0.0' )
	);
	await expect( releases ).toContainText( `Chosen: ${ product.slug }.zip` );
	let open: () => void = () => undefined;
	const gate = new Promise< void >( ( resolve ) => ( open = resolve ) );
	const route = `**/admin/products/${ product.id }/releases**`;
	await page.route( route, async ( held ) => {
		if ( held.request().method() === 'POST' ) {
			await gate;
		}
		await held.continue();
	} );
	await releases.getByRole( 'button', { name: 'Add release' } ).click();
	const bar = releases.getByRole( 'progressbar', { name: 'Uploading' } );
	await expect( bar ).toBeVisible();
	await expect(
		releases.getByRole( 'button', { name: 'Add release' } )
	).toBeDisabled();
	await saveScreenshot( page, 'product-releases-progress' );
	open();
	await expectSnackbar( page, 'Release 1.0.0 added.' );
	await page.unroute( route );
	await expect( bar ).toBeHidden();

	// The form is cleared for the next release.
	await expect( version ).toHaveValue( '' );
	await expect( releases.getByLabel( 'Changelog (HTML)' ) ).toHaveValue( '' );
	await expect( releases ).not.toContainText( 'Chosen:' );

	// 1.1.0 picked with the file chooser.
	await version.fill( '1.1.0' );
	await fileField.setInputFiles( {
		name: `${ product.slug }-1.1.0.zip`,
		mimeType: 'application/zip',
		buffer: zipOf( product.slug, '1.1.0' ),
	} );
	await releases.getByRole( 'button', { name: 'Add release' } ).click();
	await expectSnackbar( page, 'Release 1.1.0 added.' );
	const first = releases.getByTestId( 'svc-release-1.0.0' );
	const second = releases.getByTestId( 'svc-release-1.1.0' );
	await expect( second ).toContainText( 'Current' );
	await expect( first ).not.toContainText( 'Current' );

	// The changelog is shown, and edited in place.
	await expect( first ).toContainText( 'First release' );
	await first
		.getByRole( 'button', { name: 'Edit changelog of 1.0.0' } )
		.click();
	await first
		.getByLabel( 'Changelog of 1.0.0 (HTML)' )
		.fill( '<p>First release, <strong>fixed notes</strong></p>' );
	await first.getByRole( 'button', { name: 'Save changelog' } ).click();
	await expectSnackbar( page, 'Changelog saved.' );
	await expect( first.locator( 'strong' ) ).toHaveText( 'fixed notes' );

	// Roll back to 1.0.0: asked first; Cancel changes nothing.
	await first.getByRole( 'button', { name: 'Roll back to this' } ).click();
	const rollBack = page.getByRole( 'dialog', {
		name: 'Roll back to 1.0.0?',
	} );
	await rollBack.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( second ).toContainText( 'Current' );
	await first.getByRole( 'button', { name: 'Roll back to this' } ).click();
	await rollBack.getByRole( 'button', { name: 'Roll back' } ).click();
	await expectSnackbar( page, 'Rolled back to 1.0.0.' );
	await expect( first ).toContainText( 'Current' );
	await expect( second ).not.toContainText( 'Current' );
	// The current release cannot be unpublished or deleted.
	await expect( first.getByRole( 'button', { name: 'Delete' } ) ).toHaveCount(
		0
	);
	await expect(
		first.getByRole( 'button', { name: 'Unpublish' } )
	).toHaveCount( 0 );

	// Unpublish 1.1.0: asked first; it becomes a draft.
	await second.getByRole( 'button', { name: 'Unpublish' } ).click();
	await page
		.getByRole( 'dialog', { name: 'Unpublish 1.1.0?' } )
		.getByRole( 'button', { name: 'Unpublish' } )
		.click();
	await expectSnackbar( page, 'Release unpublished.' );
	await expect( second ).toContainText( 'Draft' );
	await expect(
		second.getByRole( 'button', { name: 'Publish' } )
	).toBeVisible();
	const listed = await request.get(
		`/wp-json/svc/v1/admin/products/${ product.id }/releases`,
		{ headers }
	);
	expect(
		( ( await listed.json() ) as { version: string; status: string }[] )
			.map( ( release ) => [ release.version, release.status ] )
			.sort()
	).toEqual( [
		[ '1.0.0', 'published' ],
		[ '1.1.0', 'draft' ],
	] );
	await saveScreenshot( page, 'product-releases' );

	// Download its package: the ZIP as uploaded.
	const [ file ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		second.getByRole( 'link', { name: 'Download' } ).click(),
	] );
	expect( file.suggestedFilename() ).toBe( `${ product.slug }-1.1.0.zip` );
	const zip = readZip( fs.readFileSync( await file.path() ) );
	expect( zip.names ).toContain( `${ product.slug }/${ product.slug }.php` );

	// Delete 1.1.0: asked first; Cancel keeps it.
	await second.getByRole( 'button', { name: 'Delete' } ).click();
	const askDelete = page.getByRole( 'dialog', {
		name: 'Delete release 1.1.0?',
	} );
	await askDelete.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( second ).toBeVisible();
	await second.getByRole( 'button', { name: 'Delete' } ).click();
	await askDelete.getByRole( 'button', { name: 'Delete release' } ).click();
	await expectSnackbar( page, 'Release deleted.' );
	await expect( second ).toHaveCount( 0 );
	await expect( first ).toContainText( 'Current' );

	expect( await axeViolations( page, [ '.svc-releases' ] ) ).toEqual( [] );
} );
