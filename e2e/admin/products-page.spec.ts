/**
 * A product's own page (issue 16): the list's name link opens it; the product and the tab live in the URL, so
 * Back, Forward and a reload step through them; the Releases tab's script is its own chunk, loaded from
 * plugin/build when the tab opens; the Pricing tab sends the page's product (finding 2), shows each price's
 * amount and period (entered, or read from a paid invoice's Stripe price), and confirms deleting a tier or a
 * price (finding 4).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import { expectSnackbar, openScreen, saveScreenshot } from './screens';

async function makeProduct( request: APIRequestContext, prefix: string ) {
	const headers = await keyHeaders( request );
	const response = await request.post( '/wp-json/svc/v1/admin/products', {
		headers,
		data: { name: `${ prefix } ${ randomUUID().slice( 0, 6 ) }` },
	} );
	expect( response.status() ).toBe( 201 );
	return {
		headers,
		product: ( await response.json() ) as {
			id: number;
			name: string;
			slug: string;
		},
	};
}

test( 'the name opens the product page; tabs are in the URL, Back/Forward and reload follow them; Releases loads its own chunk', async ( {
	page,
	request,
} ) => {
	const { product } = await makeProduct( request, 'Page Plugin' );
	await openScreen( page, 'products' );
	const listUrl = page.url();

	await page
		.locator( 'tr' )
		.filter( { hasText: product.name } )
		.getByRole( 'link', { name: product.name } )
		.click();
	await expect( page ).toHaveURL(
		new RegExp( `[?&]product=${ product.id }&tab=details(&|$)` )
	);
	await expect(
		page.locator( '#svc-licensing-root h1' ).filter( {
			hasText: product.name,
		} )
	).toBeVisible();
	const tab = ( name: string ) => page.getByRole( 'tab', { name } );
	await expect( tab( 'Details' ) ).toHaveAttribute( 'aria-selected', 'true' );
	await expect( page.locator( '.svc-details' ) ).toContainText(
		product.slug
	);

	// The Releases tab's code arrives as its own script, from the plugin's build folder, when the tab opens.
	const chunk = page.waitForResponse( ( response ) =>
		/\/wp-content\/plugins\/[^/]+\/build\/product-releases\.js/.test(
			response.url()
		)
	);
	await tab( 'Releases' ).click();
	expect( ( await chunk ).status() ).toBe( 200 );
	await expect( page ).toHaveURL(
		new RegExp( `[?&]product=${ product.id }&tab=releases(&|$)` )
	);
	await expect( page.locator( '.svc-releases' ) ).toContainText(
		'No releases yet.'
	);

	await tab( 'Pricing' ).click();
	await expect( page ).toHaveURL( /[?&]tab=pricing(&|$)/ );
	await expect( page.getByLabel( 'Stripe price id' ) ).toBeVisible();

	// Back: Releases, then Details, then the list; Forward again.
	await page.goBack();
	await expect( page ).toHaveURL( /[?&]tab=releases(&|$)/ );
	await expect( tab( 'Releases' ) ).toHaveAttribute(
		'aria-selected',
		'true'
	);
	await page.goBack();
	await expect( tab( 'Details' ) ).toHaveAttribute( 'aria-selected', 'true' );
	await page.goBack();
	await expect( page ).toHaveURL( listUrl );
	await expect(
		page.locator( 'tr' ).filter( { hasText: product.name } )
	).toBeVisible();
	await page.goForward();
	await expect( tab( 'Details' ) ).toHaveAttribute( 'aria-selected', 'true' );
	await page.goForward();
	await expect( tab( 'Releases' ) ).toHaveAttribute(
		'aria-selected',
		'true'
	);

	// A reload (or a shared link) opens the same product on the same tab.
	await page.reload();
	await expect( tab( 'Releases' ) ).toHaveAttribute(
		'aria-selected',
		'true'
	);
	await expect(
		page.locator( '#svc-licensing-root h1' ).filter( {
			hasText: product.name,
		} )
	).toBeVisible();

	// The keyboard: arrow keys move between tabs and the URL follows.
	await tab( 'Releases' ).focus();
	await page.keyboard.press( 'ArrowRight' );
	await expect( tab( 'Pricing' ) ).toBeFocused();
	await expect( page ).toHaveURL( /[?&]tab=pricing(&|$)/ );
	await saveScreenshot( page, 'product-page-pricing' );
} );

test( 'Pricing: a price is added for the page’s product, shows its amount and period, and deleting a tier or a price asks first', async ( {
	page,
	request,
} ) => {
	const { product, headers } = await makeProduct( request, 'Priced Plugin' );
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing-products&product=${ product.id }&tab=pricing`
	);
	await expect( page.getByLabel( 'Stripe price id' ) ).toBeVisible();

	// Finding 2: nothing but the price id and the limit filled in: the page's product goes with it.
	const yearly = unique( 'price' );
	const created = page.waitForResponse(
		( response ) =>
			response.url().includes( '/svc/v1/admin/prices' ) &&
			response.request().method() === 'POST'
	);
	await page.getByLabel( 'Stripe price id' ).fill( yearly );
	await page.getByLabel( 'Activation limit' ).fill( '5' );
	await page.getByLabel( 'Amount' ).fill( '49' );
	await page.getByLabel( 'Currency' ).fill( 'usd' );
	await page.getByRole( 'button', { name: 'Add price' } ).click();
	const answer = await created;
	expect( answer.status() ).toBe( 201 );
	expect( await answer.json() ).toMatchObject( {
		processor_price_id: yearly,
		product_id: product.id,
		activation_limit: 5,
		period: 'year',
		unit_amount: 4900,
		amount: 49,
		currency: 'USD',
	} );
	await expectSnackbar( page, 'Price added.' );
	const yearlyRow = page.locator( 'tr' ).filter( { hasText: yearly } );
	await expect( yearlyRow ).toContainText( '$49.00 per year' );
	await expect( page.getByLabel( 'Stripe price id' ) ).toHaveValue( '' );

	// A monthly price left without an amount: the first paid invoice's Stripe price fills it in.
	const monthly = unique( 'price' );
	await page.getByLabel( 'Stripe price id' ).fill( monthly );
	await page.getByLabel( 'Period' ).selectOption( { label: 'Monthly' } );
	await page.getByRole( 'button', { name: 'Add price' } ).click();
	await expectSnackbar( page, 'Price added.' );
	const monthlyRow = page.locator( 'tr' ).filter( { hasText: monthly } );
	await expect( monthlyRow ).toContainText(
		'Amount not known yet, per month'
	);

	const secret = `whsec_${ randomUUID().replaceAll( '-', '' ) }`;
	await setSettings( request, { webhook_signing_secret: secret } );
	try {
		const paid = invoice(
			{
				invoice: unique( 'in' ),
				subscription: unique( 'sub' ),
				price: monthly,
				email: `pricing-${ randomUUID().slice( 0, 6 ) }@example.com`,
				amount: 1500,
				currency: 'eur',
				periodEnd: nowSeconds() + 30 * 86400,
			},
			'classic'
		);
		// Stripe's line carries the expanded price object: its amount, currency and interval.
		( paid.lines.data[ 0 ] as Record< string, unknown > ).price = {
			id: monthly,
			object: 'price',
			unit_amount: 1500,
			currency: 'eur',
			recurring: { interval: 'month', interval_count: 1 },
		};
		const delivered = await deliver(
			request,
			event( 'invoice.paid', paid ),
			secret
		);
		expect( delivered.status() ).toBe( 200 );
	} finally {
		await setSettings( request, { webhook_signing_secret: '' } );
	}
	await page.reload();
	await expect( monthlyRow ).toContainText( '€15.00 per month' );
	// An amount the admin entered is kept.
	await expect( yearlyRow ).toContainText( '$49.00 per year' );

	// A currency that is not a three-letter code is refused in plain words, under the field: by the form, and by
	// the server for any other caller.
	await page.getByLabel( 'Stripe price id' ).fill( unique( 'price' ) );
	await page.getByLabel( 'Amount' ).fill( '10' );
	await page.getByLabel( 'Currency' ).fill( 'dollars' );
	await page.getByRole( 'button', { name: 'Add price' } ).click();
	const currency = page.getByLabel( 'Currency' );
	await expect( currency ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( currency ).toHaveAccessibleDescription(
		'Enter a three-letter currency code, such as USD or EUR.'
	);
	const refused = await request.post( '/wp-json/svc/v1/admin/prices', {
		headers,
		data: {
			processor_price_id: unique( 'price' ),
			product_id: product.id,
			amount: 10,
			currency: 'dollars',
		},
	} );
	expect( refused.status() ).toBe( 400 );
	expect( await refused.json() ).toMatchObject( {
		code: 'invalid_params',
		data: {
			params: {
				currency:
					'Enter the currency as its three-letter code, such as USD or EUR.',
			},
		},
	} );
	await currency.fill( 'EUR' );
	await expect( currency ).not.toHaveAttribute( 'aria-invalid', 'true' );

	// A tier; deleting it asks first, and Cancel keeps it.
	const label = `Tier ${ randomUUID().slice( 0, 6 ) }`;
	await page.getByLabel( 'Tier label' ).fill( label );
	await page.getByRole( 'button', { name: 'Add tier' } ).click();
	await expectSnackbar( page, 'Tier added.' );
	const tierRow = page.locator( 'tr' ).filter( { hasText: label } );
	await tierRow
		.getByRole( 'button', { name: `Delete tier ${ label }` } )
		.click();
	const askTier = page.getByRole( 'dialog', { name: 'Delete this tier?' } );
	await expect( askTier ).toContainText( label );
	await saveScreenshot( page, 'product-pricing-confirm' );
	await askTier.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( askTier ).toBeHidden();
	await expect( tierRow ).toHaveCount( 1 );
	await expect(
		tierRow.getByRole( 'button', { name: `Delete tier ${ label }` } )
	).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await askTier.getByRole( 'button', { name: 'Delete tier' } ).click();
	await expectSnackbar( page, 'Tier deleted.' );
	await expect( tierRow ).toHaveCount( 0 );

	// Deleting a price asks too.
	await yearlyRow
		.getByRole( 'button', { name: `Delete price ${ yearly }` } )
		.click();
	const askPrice = page.getByRole( 'dialog', {
		name: 'Delete this price?',
	} );
	await expect( askPrice ).toContainText( yearly );
	await askPrice.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( yearlyRow ).toHaveCount( 1 );
	await yearlyRow
		.getByRole( 'button', { name: `Delete price ${ yearly }` } )
		.click();
	await askPrice.getByRole( 'button', { name: 'Delete price' } ).click();
	await expectSnackbar( page, 'Price deleted.' );
	await expect( yearlyRow ).toHaveCount( 0 );
	await saveScreenshot( page, 'product-pricing' );

	expect(
		await axeViolations( page, [
			'#svc-licensing-root [role="tablist"]',
			'.svc-catalog',
		] )
	).toEqual( [] );
} );

test( 'Details: the product’s fields, deactivate and activate, edit, and delete from its page back to the list', async ( {
	page,
	request,
} ) => {
	const { product } = await makeProduct( request, 'Detail Plugin' );
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing-products&product=${ product.id }&tab=details`
	);
	const heading = page.locator( '#svc-licensing-root h1' );
	await expect( heading ).toHaveText( product.name );
	const header = page.locator( '.svc-screen-header' );
	await expect( header ).toContainText( 'Active' );

	await page.getByRole( 'button', { name: 'Deactivate' } ).click();
	await expectSnackbar( page, 'Product deactivated.' );
	await expect( header ).toContainText( 'Inactive' );
	await page.getByRole( 'button', { name: 'Activate' } ).click();
	await expectSnackbar( page, 'Product activated.' );
	await expect( header ).not.toContainText( 'Inactive' );

	// Edit: the page follows the saved name.
	const renamed = `${ product.name } Pro`;
	await page.getByRole( 'button', { name: 'Edit product' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Edit product' } );
	await dialog.getByLabel( 'Name', { exact: true } ).fill( renamed );
	await dialog.getByLabel( 'Requires PHP' ).fill( '8.1' );
	await dialog.getByRole( 'button', { name: 'Save product' } ).click();
	await expectSnackbar( page, 'Product saved.' );
	await expect( heading ).toHaveText( renamed );
	await expect( page.locator( '.svc-details' ) ).toContainText( '8.1' );
	await saveScreenshot( page, 'product-page-details' );

	// Delete: asked first; then the list, without it.
	await page.getByRole( 'button', { name: 'Delete product' } ).click();
	const ask = page.getByRole( 'dialog', { name: 'Delete this product?' } );
	await ask.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( heading ).toHaveText( renamed );
	await page.getByRole( 'button', { name: 'Delete product' } ).click();
	await ask.getByRole( 'button', { name: 'Delete' } ).click();
	await expectSnackbar( page, 'Product deleted.' );
	await expect( page ).not.toHaveURL( /[?&]product=/ );
	await expect( heading ).toHaveText( 'Products' );
	await expect(
		page.locator( 'tr' ).filter( { hasText: renamed } )
	).toHaveCount( 0 );
} );
