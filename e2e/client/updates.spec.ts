/**
 * Updates through WordPress core on the client site: a release uploaded to the service reaches Dashboard →
 * Updates and the Plugins screen (with the changelog in core's "View details"), and core's own upgrader installs
 * it. The client site cannot reach WordPress.org (no internet here), which is the case where WordPress 6.5 skips
 * the Update URI filters: the offer still arrives.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import { clientSite } from '../fixtures/env';
import fs from 'node:fs';
import path from 'node:path';
import {
	activateProduct,
	clientAdmin,
	installedVersion,
	samplePackage,
	updateThroughCore,
	uploadRelease,
} from '../fixtures/client-site';

const PLUGIN = 'acme-widgets/acme-widgets.php';
const changelog = ( version: string ) => ( {
	changelog: `<h4>${ version }</h4><ul><li>Faster widgets</li></ul>`,
} );

test.describe.configure( { mode: 'serial' } );

let licenseKey = '';
let productId = 0;

test( 'a release reaches Dashboard → Updates and View details, and core’s upgrader installs it @php-matrix', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 120_000 );
	const { license_key, product_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	licenseKey = license_key;
	productId = product_id;
	await uploadRelease(
		request,
		product_id,
		'1.1.0',
		samplePackage( 'plugins', 'acme-widgets', '1.1.0' ),
		changelog( '1.1.0' )
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license_key );

	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	const updates = page.locator( '#update-plugins-table' );
	await expect( updates ).toContainText( 'Acme Widgets' );
	await expect( updates ).toContainText(
		'You have version 1.0.0 installed. Update to 1.1.0.'
	);

	await page.goto( '/wp-admin/plugins.php' );
	const notice = page.locator(
		`tr.plugin-update-tr[data-plugin="${ PLUGIN }"]`
	);
	await expect( notice ).toContainText(
		'There is a new version of Acme Widgets available.'
	);
	await notice
		.getByRole( 'link', {
			name: /View Acme Widgets version 1\.1\.0 details/,
		} )
		.click();
	const details = page.frameLocator( '#TB_iframeContent' );
	await expect( details.locator( '#section-changelog' ) ).toContainText(
		'Faster widgets'
	);
	await page.keyboard.press( 'Escape' );

	await updateThroughCore( page, 'plugins', PLUGIN );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		'1.1.0'
	);
	await page.context().close();
} );

test( 'a package whose SHA-256 is not the published one is refused, and the plugin stays at its version @php-matrix', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 120_000 );
	// An externally hosted package (a static file on the client's own host) whose declared hash is wrong.
	const zip = samplePackage( 'plugins', 'acme-widgets', '1.2.0' );
	fs.mkdirSync( clientSite.uploadsDir, { recursive: true } );
	fs.writeFileSync(
		path.join( clientSite.uploadsDir, 'acme-widgets-1.2.0.zip' ),
		zip
	);
	await uploadRelease( request, productId, '1.2.0', null, {
		...changelog( '1.2.0' ),
		package_url: `${ clientSite.baseURL }/wp-content/uploads/acme-widgets-1.2.0.zip`,
		package_sha256: createHash( 'sha256' )
			.update( 'not this package' )
			.digest( 'hex' ),
	} );
	const page = await clientAdmin( browser );
	await activateProduct( page, licenseKey );
	await page.goto( '/wp-admin/update-core.php' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'Update to 1.2.0.'
	);
	const log = await updateThroughCore( page, 'plugins', PLUGIN );
	await expect( log ).toContainText(
		'does not match the checksum its licence server published, so it was not installed. Acme Widgets stays at version 1.1.0.'
	);
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		'1.1.0'
	);
	await page.context().close();
} );

test( 'a release at 0 % rollout is not offered', async ( {
	browser,
	request,
} ) => {
	await uploadRelease(
		request,
		productId,
		'1.3.0',
		samplePackage( 'plugins', 'acme-widgets', '1.3.0' ),
		{ ...changelog( '1.3.0' ), rollout: '0' }
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, licenseKey );
	await page.goto( '/wp-admin/update-core.php' );
	await expect( page.locator( 'body' ) ).toContainText(
		'Your plugins are all up to date.'
	);
	await page.goto( '/wp-admin/plugins.php' );
	await expect(
		page.locator( `tr.plugin-update-tr[data-plugin="${ PLUGIN }"]` )
	).toHaveCount( 0 );
	await page.context().close();
} );
