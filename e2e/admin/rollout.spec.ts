/**
 * Rollouts on the panel (docs/rollouts.md): the release form's channel and rollout schedule, each release's channel,
 * schedule with its current step, paused state and reason, and its Pause (with a reason), Resume and Roll back, each
 * confirmed first and reachable with the keyboard; a licence's channel and pin on its page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import { expectSnackbar, saveScreenshot } from './screens';

const zipOf = ( slug: string, version: string ) =>
	makeZip( {
		[ `${ slug }/${ slug }.php` ]: `<?php\n/* Version: ${ version } */`,
	} );

test( 'release form: channel and schedule; a release paused with a reason, resumed and rolled back', async ( {
	page,
	request,
} ) => {
	const headers = await keyHeaders( request );
	const product = ( await (
		await request.post( '/wp-json/svc/v1/admin/products', {
			headers,
			data: { name: `Rollout Plugin ${ randomUUID().slice( 0, 6 ) }` },
		} )
	).json() ) as { id: number; slug: string };
	const first = await request.post(
		`/wp-json/svc/v1/admin/products/${ product.id }/releases`,
		{
			headers,
			multipart: {
				version: '1.0.0',
				package: {
					name: 'p.zip',
					mimeType: 'application/zip',
					buffer: zipOf( product.slug, '1.0.0' ),
				},
			},
		}
	);
	expect( first.status() ).toBe( 201 );
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing-products&product=${ product.id }&tab=releases`
	);
	const releases = page.locator( '.svc-releases' );
	await expect( releases.getByTestId( 'svc-release-1.0.0' ) ).toContainText(
		'Stable'
	);

	// A beta with a schedule: 5 % now, 25 % tomorrow, 100 % in a week (the editor's starting rows).
	await releases
		.getByLabel( 'Version', { exact: true } )
		.fill( '1.1.0-beta.1' );
	await releases.getByLabel( 'Channel' ).selectOption( 'beta' );
	await releases.getByRole( 'button', { name: 'Add a schedule' } ).click();
	await expect( releases.getByLabel( 'Step 3 percentage' ) ).toHaveValue(
		'100'
	);
	await releases.getByLabel( 'ZIP file', { exact: true } ).setInputFiles( {
		name: `${ product.slug }.zip`,
		mimeType: 'application/zip',
		buffer: zipOf( product.slug, '1.1.0-beta.1' ),
	} );
	await saveScreenshot( page, 'product-releases-schedule-form' );
	await releases.getByRole( 'button', { name: 'Add release' } ).click();
	await expectSnackbar( page, 'Release 1.1.0-beta.1 added.' );
	const beta = releases.getByTestId( 'svc-release-1.1.0-beta.1' );
	await expect( beta ).toContainText( 'Beta' );
	await expect( beta ).toContainText( 'Offered now to 5 % of licences.' );
	const steps = beta.getByRole( 'table', { name: 'Rollout schedule' } );
	await expect( steps.locator( 'tbody tr' ) ).toHaveCount( 3 );
	await expect( steps.locator( 'tr[aria-current="step"]' ) ).toContainText(
		'5 %'
	);
	// A schedule replaces the plain rollout slider.
	await expect( beta.getByRole( 'slider' ) ).toHaveCount( 0 );

	// Pause, with the keyboard: the dialog asks for a reason.
	await beta.getByRole( 'button', { name: 'Pause' } ).focus();
	await page.keyboard.press( 'Enter' );
	const pause = page.getByRole( 'dialog', {
		name: 'Pause the rollout of 1.1.0-beta.1?',
	} );
	await pause.getByLabel( 'Reason (shown here)' ).fill( 'Crash reports' );
	await page.keyboard.press( 'Enter' );
	await expectSnackbar( page, 'Rollout paused.' );
	await expect( beta ).toContainText( 'Paused' );
	await expect( beta.locator( '.svc-pause-reason' ) ).toContainText(
		'Crash reports'
	);
	await saveScreenshot( page, 'product-releases-paused' );

	// Resume, confirmed first; Cancel changes nothing.
	await beta.getByRole( 'button', { name: 'Resume' } ).click();
	const resume = page.getByRole( 'dialog', {
		name: 'Resume the rollout of 1.1.0-beta.1?',
	} );
	await resume.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( beta ).toContainText( 'Paused' );
	await beta.getByRole( 'button', { name: 'Resume' } ).click();
	await resume.getByRole( 'button', { name: 'Resume' } ).click();
	await expectSnackbar( page, 'Rollout resumed.' );
	await expect( beta.locator( '.svc-pause-reason' ) ).toHaveCount( 0 );

	// Roll back, confirmed first: the beta is withdrawn and offers no more actions.
	await beta
		.getByRole( 'button', { name: 'Roll back', exact: true } )
		.click();
	await page
		.getByRole( 'dialog', { name: 'Roll back 1.1.0-beta.1?' } )
		.getByRole( 'button', { name: 'Roll back', exact: true } )
		.click();
	await expectSnackbar( page, '1.1.0-beta.1 rolled back.' );
	await expect( beta ).toContainText( 'Withdrawn' );
	await expect( beta.getByRole( 'button', { name: 'Pause' } ) ).toHaveCount(
		0
	);
	const stored = await (
		await request.get(
			`/wp-json/svc/v1/admin/products/${ product.id }/releases`,
			{ headers }
		)
	).json();
	expect(
		stored.find(
			( release: { version: string } ) =>
				release.version === '1.1.0-beta.1'
		)
	).toMatchObject( { channel: 'beta', paused_at: null } );
} );

test( "a licence's channel and pin, on its page", async ( {
	page,
	request,
} ) => {
	const headers = await keyHeaders( request );
	const product = ( await (
		await request.post( '/wp-json/svc/v1/admin/products', {
			headers,
			data: { name: `Pinned Plugin ${ randomUUID().slice( 0, 6 ) }` },
		} )
	).json() ) as { id: number };
	const license = ( await (
		await request.post( '/wp-json/svc/v1/admin/licenses', {
			headers,
			data: {
				product_id: product.id,
				customer_email: 'pin@example.com',
			},
		} )
	).json() ) as { id: number };
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing&licence=${ license.id }`
	);
	const form = page.getByRole( 'form', { name: 'Updates' } );
	await form.getByLabel( 'Release channel' ).selectOption( 'beta' );
	await form.getByLabel( 'Pinned version' ).fill( 'soon' );
	await form.getByRole( 'button', { name: 'Save updates settings' } ).click();
	await expect( form ).toContainText( 'version number' );
	await form.getByLabel( 'Pinned version' ).fill( '2.1.0' );
	await form.getByRole( 'button', { name: 'Save updates settings' } ).click();
	await expectSnackbar( page, 'Updates settings saved.' );
	await page.reload();
	await expect(
		page
			.getByRole( 'form', { name: 'Updates' } )
			.getByLabel( 'Release channel' )
	).toHaveValue( 'beta' );
	await saveScreenshot( page, 'licence-updates' );
	const saved = await (
		await request.get( `/wp-json/svc/v1/admin/licenses/${ license.id }`, {
			headers,
		} )
	).json();
	expect( saved ).toMatchObject( {
		channel: 'beta',
		pinned_version: '2.1.0',
	} );
} );
