/**
 * The admin panel in wp-admin, as a logged-in administrator sees it.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshotDir } from '../fixtures/env';

test( 'the plugin is active and its panel shows the service health', async ( {
	page,
} ) => {
	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator(
		'tr[data-plugin="svc-licensing/svc-licensing.php"]'
	);
	await expect( row ).toHaveClass( /\bactive\b/ );
	await expect(
		row.getByRole( 'link', { name: /Deactivate Licence Service/ } )
	).toBeVisible();

	await page
		.getByRole( 'link', { name: 'Licences', exact: true } )
		.first()
		.click();
	await expect( page ).toHaveURL( /page=svc-licensing/ );
	await expect(
		page.getByRole( 'heading', { name: 'Licence Service', level: 1 } )
	).toBeVisible();
	await expect(
		page.getByRole( 'heading', { name: 'Service health' } )
	).toBeVisible();
	await expect( page.getByTestId( 'svc-check-database' ) ).toHaveText(
		'Database: Pass'
	);
	await expect( page.getByTestId( 'svc-check-file_storage' ) ).toHaveText(
		'Package storage: Pass'
	);
	await expect(
		page.getByTestId( 'svc-check-payment_webhook' )
	).toContainText( 'Payment webhook: Warning' );
	await page.screenshot( {
		path: path.join( screenshotDir, 'overview.png' ),
		fullPage: true,
	} );
} );
