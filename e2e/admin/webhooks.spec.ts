/**
 * Webhooks screen, Payment events tab: a failed Stripe event is filtered, its payload viewed, and reprocessed.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import { setSettings } from '../fixtures/test-helpers';
import {
	expectSnackbar,
	openScreen,
	rowAction,
	saveScreenshot,
} from './screens';

const SECRET = `whsec_panel${ randomUUID().slice( 0, 8 ) }`;

test.afterEach( async ( { request } ) => {
	await setSettings( request, { webhook_signing_secret: '' } );
} );

test( 'reprocess a failed webhook event once its price is mapped', async ( {
	page,
	request,
} ) => {
	await setSettings( request, { webhook_signing_secret: SECRET } );
	const client = await adminClient( request );
	const product = await client.createProduct( {
		name: unique( 'Webhook panel' ),
	} );
	const price = unique( 'price_panel' );
	const payload = event(
		'invoice.paid',
		invoice(
			{
				invoice: unique( 'in' ),
				subscription: unique( 'sub' ),
				price,
				email: `panel-${ randomUUID().slice( 0, 6 ) }@example.com`,
				periodEnd: nowSeconds() + 30 * 86400,
			},
			'classic'
		)
	);
	expect( ( await deliver( request, payload, SECRET ) ).status() ).toBe(
		202
	);

	await openScreen( page, 'webhooks' );
	await page.getByRole( 'button', { name: 'Add filter' } ).click();
	await page.getByRole( 'menuitem', { name: 'Status' } ).click();
	await page
		.getByRole( 'listbox', { name: 'List of: Status' } )
		.getByRole( 'option', { name: 'Pending retry', exact: true } )
		.click();
	await page.keyboard.press( 'Escape' );
	const row = page.locator( 'tr' ).filter( { hasText: payload.id } );
	await expect( row ).toContainText( 'Pending retry' );
	await expect( row ).toContainText( price );
	await saveScreenshot( page, 'webhooks' );

	await rowAction( page, payload.id, 'View payload' );
	const viewer = page.getByTestId( 'svc-webhook-payload' );
	await expect( viewer ).toContainText( `"id": "${ payload.id }"` );
	await saveScreenshot( page, 'webhooks-payload' );
	await page.keyboard.press( 'Escape' );

	await client.createPrice( {
		processor_price_id: price,
		product_id: product.id,
	} );
	await rowAction( page, payload.id, 'Reprocess' );
	await page
		.getByRole( 'dialog', { name: 'Reprocess this event?' } )
		.getByRole( 'button', { name: 'Reprocess now' } )
		.click();
	await expectSnackbar( page, 'Event processed.' );
	// The list is filtered to pending retries, so the processed event leaves it.
	await expect(
		page.locator( 'tr' ).filter( { hasText: payload.id } )
	).toHaveCount( 0 );
	const stored = await client.webhooks( { event_id: payload.id } );
	expect( stored.data[ 0 ] ).toMatchObject( {
		status: 'processed',
		processing_error: null,
	} );
} );
