/**
 * Deleting a plugin that bundles the SDK, through the Plugins screen: the site's slot is freed on the service
 * (best effort, without waiting for the answer) and the SDK's options of that product are gone.
 */
import { expect, test } from '@playwright/test';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import {
	activateProduct,
	clientAdmin,
	sdkState,
} from '../fixtures/client-site';
import { deleteDeactivated } from '../fixtures/plugins-screen';

const ROW = 'tr[data-plugin="acme-gadgets/acme-gadgets.php"]';

test( 'deleting Acme Gadgets frees its slot on the service and removes its options', async ( {
	browser,
	request,
} ) => {
	const { license_key, license_id } = await createLicense( request, {
		slug: 'acme-gadgets',
		current_version: '1.0.0',
	} );
	const page = await clientAdmin( browser );
	await activateProduct( page, license_key, 'acme-gadgets' );
	await expect( page.getByRole( 'status' ) ).toHaveText(
		'Acme Gadgets is activated on this site.'
	);
	const headers = await keyHeaders( request, 'read' );
	const count = async () =>
		(
			await (
				await request.get(
					`/wp-json/svc/v1/admin/licenses/${ license_id }`,
					{ headers }
				)
			).json()
		).activation_count;
	expect( await count() ).toBe( 1 );
	expect(
		( await sdkState( request ) ).options.filter( ( name ) =>
			name.startsWith( 'svc_licensing_client_product_acme-gadgets_' )
		)
	).not.toEqual( [] );

	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator( ROW );
	await row.getByRole( 'link', { name: 'Deactivate Acme Gadgets' } ).click();
	await expect( page.locator( '#message' ) ).toContainText(
		'Plugin deactivated.'
	);
	await deleteDeactivated( page, ROW );
	await expect( page.locator( 'tr.plugin-deleted-tr' ) ).toContainText(
		'Acme Gadgets was successfully deleted.'
	);

	await expect.poll( count, { timeout: 10_000 } ).toBe( 0 );
	expect(
		( await sdkState( request ) ).options.filter( ( name ) =>
			name.startsWith( 'svc_licensing_client_product_acme-gadgets_' )
		)
	).toEqual( [] );
	await page.context().close();
} );
