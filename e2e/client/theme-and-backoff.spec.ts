/**
 * The SDK bundled in a theme (Acme Theme): its licence screen under Appearance and its update through core's
 * upgrader. And one back-off per licence server: a 429 for one product makes every product on the site that uses
 * the same server wait the Retry-After, without a request.
 */
import { expect, test } from '@playwright/test';
import {
	applySuiteSettings,
	createLicense,
	setSettings,
	SUITE_SETTINGS,
} from '../fixtures/test-helpers';
import {
	activateProduct,
	clearBackoff,
	clearOutgoingRequests,
	clientAdmin,
	installedVersion,
	LICENSE_SCREENS,
	outgoingRequests,
	samplePackage,
	updateThroughCore,
	uploadRelease,
} from '../fixtures/client-site';
import { baseURL } from '../fixtures/env';
import { awaitRoomInMinute } from '../fixtures/rate-window';

test.afterEach( async ( { request } ) => {
	await applySuiteSettings( request );
	await clearBackoff( request );
} );

test( 'a theme bundling the SDK is licensed under Appearance and updated by core’s upgrader', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 120_000 );
	const { license_key, product_id } = await createLicense(
		request,
		{ slug: 'acme-theme', current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	await uploadRelease(
		request,
		product_id,
		'1.1.0',
		samplePackage( 'themes', 'acme-theme', '1.1.0' )
	);
	const page = await clientAdmin( browser );
	await page.goto( '/wp-admin/themes.php' );
	await page
		.getByRole( 'navigation', { name: 'Main menu' } )
		.getByRole( 'link', { name: 'Acme Theme licence' } )
		.click();
	await activateProduct( page, license_key, 'acme-theme' );
	await expect( page.locator( '.form-table' ) ).toContainText( '1 of 2' );

	await page.goto( '/wp-admin/update-core.php' );
	const themes = page.locator( '#update-themes-table' );
	await expect( themes ).toContainText( 'Acme Theme' );
	await expect( themes ).toContainText( 'Update to 1.1.0' );
	await updateThroughCore( page, 'themes', 'acme-theme' );
	expect( await installedVersion( request, { theme: 'acme-theme' } ) ).toBe(
		'1.1.0'
	);
	await page.context().close();
} );

test( 'a 429 for one product makes every product of that server wait the Retry-After, without a request', async ( {
	browser,
	request,
} ) => {
	// Up to 41 s of it may be spent waiting for a minute with room for the test.
	test.setTimeout( 120_000 );
	const widgets = await createLicense( request, {
		slug: 'acme-widgets',
		current_version: '1.0.0',
	} );
	const theme = await createLicense( request, {
		slug: 'acme-theme',
		current_version: '1.0.0',
	} );
	const page = await clientAdmin( browser );
	await activateProduct( page, widgets.license_key );
	await activateProduct( page, theme.license_key, 'acme-theme' );

	// One validate a minute from this client's address, already used by the activations (or by the first
	// "Check now" if the minute turns): a "Check now" gets the 429 within two presses. The minute must have room
	// for the whole test, so that the Retry-After moment is still ahead while the test checks that nobody asks.
	await awaitRoomInMinute( 40 );
	await setSettings( request, {
		rate_limits: { ...SUITE_SETTINGS.rate_limits, validate: 1 },
	} );
	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	const alert = page.getByRole( 'alert' );
	let pressed = 0;
	// Each press's outcome as the screen's URL says it, to name what happened if no press met the limit.
	const outcomes: string[] = [];
	for ( let i = 0; i < 2 && ! ( await alert.isVisible() ); i++ ) {
		pressed = Date.now();
		// The page this press lands on, not the last one: after the first press the URL already says done=check.
		const landed = page.waitForResponse(
			( r ) =>
				r.request().isNavigationRequest() &&
				r.url().includes( 'done=check' )
		);
		await page.getByRole( 'button', { name: 'Check now' } ).click();
		await landed;
		await page.waitForLoadState();
		outcomes.push(
			`${ new Date( pressed ).toISOString() }: ${ new URL( page.url() ).search }`
		);
	}
	await expect( alert, outcomes.join( '; ' ) ).toContainText(
		'could not be reached or asked to wait'
	);
	// The server's moment, in whole seconds, is after the press that got the 429 (not after the page loaded).
	const retryAt = Number( new URL( page.url() ).searchParams.get( 'retry' ) );
	expect( retryAt * 1000 ).toBeGreaterThan( pressed );

	// From now on neither product asks the server before Retry-After: not the plugin again, not the theme.
	await clearOutgoingRequests( request );
	for ( const product of [ 'acme-widgets', 'acme-theme' ] as const ) {
		await page.goto( LICENSE_SCREENS[ product ] );
		await page.getByRole( 'button', { name: 'Check now' } ).click();
		await expect( page.getByRole( 'alert' ) ).toContainText(
			'could not be reached or asked to wait'
		);
		expect(
			Number( new URL( page.url() ).searchParams.get( 'retry' ) ),
			product
		).toBe( retryAt );
	}
	const sent = ( await outgoingRequests( request ) ).filter( ( entry ) =>
		entry.url.startsWith( baseURL )
	);
	expect( sent ).toEqual( [] );
	// Waiting is not failing: both licences are still valid.
	await expect( page.locator( '.form-table' ) ).toContainText( 'Active' );
	await page.context().close();
} );
