/**
 * Deleting a plugin that has an uninstall.php of its own (Acme Tools: it requires its bundled SDK and calls
 * svc_licensing_client_uninstall( 'acme-tools' ), as the SDK's README says), through the Plugins screen, with no
 * other product bundling the SDK active: WordPress runs that file without loading the plugin, and still the
 * site's slot is freed on the service and the SDK's options of that product are gone.
 */
import { expect, test } from '@playwright/test';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import { clientAdmin, sdkState } from '../fixtures/client-site';
import { deleteDeactivated } from '../fixtures/plugins-screen';
import {
	keepPluginFolder,
	sdkHostsOff,
	sdkHostsOn,
} from '../fixtures/client-details-uninstall';

const ROW = 'tr[data-plugin="acme-tools/acme-tools.php"]';
const ours = ( options: string[] ) =>
	options.filter( ( name ) =>
		name.startsWith( 'svc_licensing_client_product_acme-tools_' )
	);

test( 'deleting Acme Tools, whose own uninstall.php calls the SDK, frees its slot and removes its options', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 90_000 );
	const { license_key, license_id } = await createLicense( request, {
		slug: 'acme-tools',
		current_version: '1.0.0',
	} );
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
	const restoreFolder = keepPluginFolder( 'acme-tools' );
	const page = await clientAdmin( browser );
	try {
		await page.goto( '/wp-admin/plugins.php' );
		await page
			.locator( ROW )
			.getByRole( 'link', { name: 'Activate Acme Tools' } )
			.click();
		await expect(
			page.locator( ROW ).getByRole( 'link', {
				name: 'Deactivate Acme Tools',
			} )
		).toBeVisible();
		await page.goto( '/wp-admin/plugins.php?page=svc-licence-acme-tools' );
		await page.getByLabel( 'Licence key' ).fill( license_key );
		await page.getByRole( 'button', { name: 'Activate' } ).click();
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'Acme Tools is activated on this site.'
		);
		expect( await count() ).toBe( 1 );
		expect( ours( ( await sdkState( request ) ).options ) ).not.toEqual(
			[]
		);

		// Nothing else that bundles the SDK is loaded while WordPress runs Acme Tools' uninstall.php.
		await sdkHostsOff( request );
		await page.goto( '/wp-admin/plugins.php' );
		const row = page.locator( ROW );
		await row
			.getByRole( 'link', { name: 'Deactivate Acme Tools' } )
			.click();
		await expect( page.locator( '#message' ) ).toContainText(
			'Plugin deactivated.'
		);
		expect( ( await sdkState( request ) ).registered ).toEqual( [] );
		await deleteDeactivated( page, ROW );
		await expect( page.locator( 'tr.plugin-deleted-tr' ) ).toContainText(
			'Acme Tools was successfully deleted.'
		);

		await expect.poll( count, { timeout: 10_000 } ).toBe( 0 );
		expect( ours( ( await sdkState( request ) ).options ) ).toEqual( [] );
	} finally {
		await sdkHostsOn( request );
		restoreFolder();
		await page.context().close();
	}
} );
