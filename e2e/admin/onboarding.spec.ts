/**
 * The first-run checklist on the Licences screen (issue 16): each step ticked from what the service stores, each
 * linking to where it is done, and dismissible, remembered for that user only.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import { seedService } from '../fixtures/seed';
import {
	applySuiteSettings,
	createUserWithCaps,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';
import { logIn } from '../fixtures/sign-in';

const STEPS = [
	[ 'product', 'Create a product', 'page=svc-licensing-products' ],
	[ 'release', 'Upload a release', 'page=svc-licensing-products' ],
	[
		'stripe_secret',
		'Paste the Stripe signing secret',
		'page=svc-licensing-settings',
	],
	[
		'price',
		'Map a Stripe price to a product',
		'page=svc-licensing-products',
	],
	[ 'license', 'Create or sell a licence', 'page=svc-licensing' ],
] as const;

/** Brings the checklist back for the signed-in user, through the panel's own REST client. */
async function undismiss( page: Page ) {
	await openScreen( page, 'licenses' );
	await page.evaluate( () =>
		(
			window as unknown as {
				wp: { apiFetch: ( options: object ) => Promise< unknown > };
			}
		 ).wp.apiFetch( {
			path: '/svc/v1/admin/onboarding',
			method: 'PUT',
			data: { dismissed: false },
		} )
	);
}

test.afterEach( async ( { page, request } ) => {
	await applySuiteSettings( request );
	await setSettings( request, { webhook_signing_secret: '' } );
	await undismiss( page );
} );

test( 'the checklist ticks each step from stored data and links to where it is done', async ( {
	page,
	request,
} ) => {
	// Everything but the Stripe secret exists: a product with a release and a licence, and a mapped price.
	const seeded = await seedService(
		request,
		await keyHeaders( request, 'admin' ),
		'Onboarding',
		1
	);
	await (
		await adminClient( request )
	).createPrice( {
		processor_price_id: `price_onb_${ randomUUID().slice( 0, 8 ) }`,
		product_id: seeded.product.id,
	} );
	await setSettings( request, { webhook_signing_secret: '' } );
	await undismiss( page );
	await page.reload();

	const checklist = page.getByRole( 'region', {
		name: 'Set up your licence service',
	} );
	await expect( checklist ).toBeVisible();
	await expect( checklist ).toContainText( '4 of 5 steps done.' );
	for ( const [ id, label, target ] of STEPS ) {
		const step = checklist.getByTestId( `svc-onboarding-${ id }` );
		await expect( step ).toContainText(
			`${ id === 'stripe_secret' ? 'To do:' : 'Done:' } ${ label }`
		);
		await expect(
			step.getByRole( 'link', { name: label } )
		).toHaveAttribute(
			'href',
			new RegExp( `admin\\.php\\?${ target.replace( '?', '\\?' ) }$` )
		);
	}
	await saveScreenshot( page, 'licenses-onboarding' );

	// The step's link leads to the field; once the secret is saved there, the step is done.
	await checklist
		.getByRole( 'link', { name: 'Paste the Stripe signing secret' } )
		.click();
	await expect( page.locator( '#svc-licensing-root h1' ) ).toHaveText(
		'Settings'
	);
	await page
		.getByLabel( 'New signing secret (whsec_…)' )
		.fill( `whsec_onboarding${ randomUUID().slice( 0, 6 ) }` );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expectSnackbar( page, 'Settings saved.' );

	await openScreen( page, 'licenses' );
	const done = page.getByRole( 'region', {
		name: 'Your licence service is set up',
	} );
	await expect( done ).toContainText( '5 of 5 steps done.' );
	await expect(
		done.getByTestId( 'svc-onboarding-stripe_secret' )
	).toContainText( 'Done: Paste the Stripe signing secret' );
} );

test( 'dismissing the checklist is remembered for that user only', async ( {
	page,
	request,
	browser,
	baseURL,
} ) => {
	await openScreen( page, 'licenses' );
	const checklist = page.getByTestId( 'svc-onboarding' );
	await expect( checklist ).toBeVisible();
	await checklist
		.getByRole( 'button', { name: 'Dismiss the setup checklist' } )
		.click();
	await expectSnackbar( page, 'Checklist dismissed.' );
	await expect( checklist ).toHaveCount( 0 );
	await page.reload();
	await expect( page.locator( '#svc-licensing-root h1' ) ).toHaveText(
		'Licences'
	);
	await expect( page.getByRole( 'table' ) ).toBeVisible();
	await expect( page.getByTestId( 'svc-onboarding' ) ).toHaveCount( 0 );

	// Another administrator of the service still has it.
	const login = `onboarding-${ randomUUID().slice( 0, 6 ) }`;
	const password = `pw-${ randomUUID() }`;
	await createUserWithCaps( request, {
		login,
		password,
		caps: [ 'svc_licensing_admin' ],
	} );
	const context = await browser.newContext( {
		baseURL,
		storageState: { cookies: [], origins: [] },
	} );
	const other = await context.newPage();
	await logIn( other, login, password );
	await openScreen( other, 'licenses' );
	await expect( other.getByTestId( 'svc-onboarding' ) ).toBeVisible();
	await context.close();
} );
