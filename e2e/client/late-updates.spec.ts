/**
 * Updates taken the way customers take them: hours after the check that found them. The service's download links
 * live `download_token_ttl` (shortened here to its least, 30 s, and waited out for real), and the client site's
 * update data is moved 55 minutes into the past (core re-checks on the Plugins screen only after an hour, in
 * WP-Cron after two, elsewhere after twelve). Then "update now" on the Plugins screen, core's automatic updater in a
 * later WP-Cron run, and what `wp plugin update` and remote managers do (wp_update_plugins(), then
 * Plugin_Upgrader::bulk_upgrade(), in a request that is none of core's update screens) must all install: the SDK
 * asks for a fresh link when core downloads. And the SHA-256 check must hold whatever link core holds: with a
 * plugin and a theme of one seller, the Themes screen re-mints the links the SDK keeps, and a package whose
 * published hash is wrong must still be refused.
 *
 * WordPress.org answers core's checks here (the client mu-plugin's stub), as it does on a customer's site: when it
 * cannot be reached, core never records what it checked and so checks again on the next Plugins screen.
 *
 * Acme Late (e2e/client/plugins/acme-late) is this spec's own product, installed and removed by it, so its
 * releases never reach the other specs' products.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createLicense, setSettings } from '../fixtures/test-helpers';
import { clientSite } from '../fixtures/env';
import {
	activateProduct,
	autoUpdateResults,
	clearAutoUpdateResults,
	clientAdmin,
	deactivateProduct,
	installedVersion,
	runUpdateCron,
	samplePackage,
	setWordPressOrg,
	turnAutoUpdatesOff,
	uploadRelease,
} from '../fixtures/client-site';
import {
	ageUpdateData,
	makeAutoUpdateDue,
	putPluginFiles,
	remoteUpdate,
	removePluginFiles,
	setPluginActive,
	updateData,
} from '../fixtures/client-updates';

const SLUG = 'acme-late';
const PLUGIN = 'acme-late/acme-late.php';
/** 55 minutes: core's update data is that old, and so is the SDK's last ask. */
const LATER = 55 * 60;
/** A version no earlier run used, above 1.0.0. */
const fresh = ( minor: number ) =>
	`2.${ Math.floor( Date.now() / 1000 ) }.${ minor }`;

let productId = 0;
let offered = '';

/** Acme Late back at 1.0.0, as a site restored from a backup: no upgrader runs. */
const backToFirstVersion = async (
	request: Parameters< typeof putPluginFiles >[ 0 ]
) => {
	await putPluginFiles(
		request,
		SLUG,
		samplePackage( 'plugins', SLUG, '1.0.0' )
	);
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		'1.0.0'
	);
};

/** Presses Acme Late's "update now" on the Plugins screen and answers its row's update message. */
async function updateNowOnPluginsScreen( page: Page ) {
	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator(
		`tr.plugin-update-tr[data-plugin="${ PLUGIN }"]`
	);
	await row.getByRole( 'link', { name: /Update Acme Late now/ } ).click();
	const message = row.locator( '.update-message' );
	await expect( message ).not.toHaveClass( /updating-message/, {
		timeout: 60_000,
	} );
	return message;
}

/**
 * Acme Late 1.0.0 with a licence, a release found on Dashboard → Updates, its download link waited out (the
 * service's clock, for real), and 55 minutes passed on the client site; what core then holds is kept aside, so each
 * test starts from it.
 */
test.beforeAll( async ( { browser, request } ) => {
	test.setTimeout( 150_000 );
	await setSettings( request, { download_token_ttl: 30 } );
	// WordPress.org answers (knowing none of our products), as on a customer's site: core then records what it
	// checked, and does not check again before its timeout.
	await setWordPressOrg( request, 'answer' );
	await backToFirstVersion( request );
	await setPluginActive( request, PLUGIN, true );
	const license = await createLicense(
		request,
		{ slug: SLUG, current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	productId = license.product_id;
	offered = fresh( 1 );
	await uploadRelease(
		request,
		productId,
		offered,
		samplePackage( 'plugins', SLUG, offered )
	);
	const page = await clientAdmin( browser );
	await activateProduct( page, license.license_key, SLUG );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		`Update to ${ offered }.`
	);
	await page.context().close();

	const data = await updateData( request );
	expect( data.plugins ).not.toBe( false );
	const link = data.plugins ? data.plugins.response[ PLUGIN ].package : '';
	expect( link ).toContain( `/downloads/${ SLUG }` );
	await expect
		.poll(
			async () =>
				( await request.get( link, { maxRedirects: 0 } ) ).status(),
			{ timeout: 60_000, intervals: [ 2_000 ] }
		)
		.toBe( 403 );
	await ageUpdateData( request, LATER, 'snapshot' );
} );

test.afterAll( async ( { browser, request } ) => {
	await setSettings( request, { download_token_ttl: 300 } );
	await setWordPressOrg( request, '' );
	await turnAutoUpdatesOff( request );
	const page = await clientAdmin( browser );
	await deactivateProduct( page, SLUG );
	await page.context().close();
	await setPluginActive( request, PLUGIN, false );
	await removePluginFiles( request, SLUG );
} );

test( '55 minutes after a check, with its download link expired, "update now" on the Plugins screen installs @php-matrix', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 120_000 );
	const page = await clientAdmin( browser );
	const message = await updateNowOnPluginsScreen( page );
	await expect( message ).toContainText( 'Updated!' );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		offered
	);
	await page.context().close();
} );

test( 'the same old update data: core’s automatic updater installs in a later WP-Cron run', async ( {
	request,
} ) => {
	test.setTimeout( 120_000 );
	await backToFirstVersion( request );
	await ageUpdateData( request, LATER, 'restore' );
	await clearAutoUpdateResults( request );
	await makeAutoUpdateDue( request, PLUGIN );
	await runUpdateCron( request );
	const results = ( await autoUpdateResults( request ) ).filter(
		( entry ) => entry.item === PLUGIN
	);
	expect( results.map( ( entry ) => entry.result ) ).toEqual( [ true ] );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		offered
	);
	await turnAutoUpdatesOff( request );
} );

test( 'the same old update data: what `wp plugin update` and remote managers do installs', async ( {
	request,
} ) => {
	test.setTimeout( 120_000 );
	await backToFirstVersion( request );
	await ageUpdateData( request, LATER, 'restore' );
	const done = await remoteUpdate( request, [ PLUGIN ] );
	expect( done.offered[ PLUGIN ] ).toBe( offered );
	expect( done.results[ PLUGIN ], done.messages.join( '\n' ) ).toBe( true );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		offered
	);
} );

test( 'a release published later is offered and installed where core checks outside its four screens', async ( {
	request,
} ) => {
	test.setTimeout( 120_000 );
	const next = fresh( 2 );
	await uploadRelease(
		request,
		productId,
		next,
		samplePackage( 'plugins', SLUG, next )
	);
	// Past the SDK's once-a-minute rule; core's update data is cleared by the request itself.
	await ageUpdateData( request, 120 );
	const done = await remoteUpdate( request, [ PLUGIN ], true );
	expect( done.offered[ PLUGIN ] ).toBe( next );
	expect( done.results[ PLUGIN ], done.messages.join( '\n' ) ).toBe( true );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		next
	);
} );

test( 'a plugin and a theme of one seller: after the Themes screen re-minted the links, a wrong package is still refused', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 150_000 );
	const installed = await installedVersion( request, { plugin: PLUGIN } );
	const theme = await createLicense(
		request,
		{ slug: 'acme-theme', current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	// An externally hosted package (a static file on the client's own host) whose published hash is wrong.
	const bad = fresh( 3 );
	fs.mkdirSync( clientSite.uploadsDir, { recursive: true } );
	fs.writeFileSync(
		path.join( clientSite.uploadsDir, `${ SLUG }-${ bad }.zip` ),
		samplePackage( 'plugins', SLUG, bad )
	);
	await uploadRelease( request, productId, bad, null, {
		package_url: `${ clientSite.baseURL }/wp-content/uploads/${ SLUG }-${ bad }.zip`,
		package_sha256: createHash( 'sha256' )
			.update( 'not this package' )
			.digest( 'hex' ),
	} );
	const page = await clientAdmin( browser );
	await activateProduct( page, theme.license_key, 'acme-theme' );
	await ageUpdateData( request, 120 );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		`Update to ${ bad }.`
	);

	// The next Plugins screen: core checks once more, and records what it checked (in WordPress 6.5 a check that
	// ran because its time had come leaves `checked` unset, so the next call checks again). The SDK's minute holds.
	await page.goto( '/wp-admin/plugins.php' );
	// A link's token names its expiry to the second: with another lifetime, the link minted next differs from the
	// one core holds even within the same second.
	await setSettings( request, { download_token_ttl: 45 } );
	// Two hours later for the themes only: the Themes screen checks them, and the SDK asks its server for both
	// products in one request, which mints new links for Acme Late too. Core's plugin data keeps the old one.
	await ageUpdateData( request, 2 * 60 * 60, '', [ 'themes' ] );
	await page.goto( '/wp-admin/themes.php' );
	const data = await updateData( request );
	const kept = data.sdk[ `svc_licensing_client_product_${ SLUG }_update` ];
	const held = data.plugins ? data.plugins.response[ PLUGIN ].package : '';
	expect( held ).toContain( `/downloads/${ SLUG }` );
	expect( kept.answer.package ).toContain( `/downloads/${ SLUG }` );
	expect(
		kept.answer.package,
		'the Themes screen minted a new link'
	).not.toBe( held );

	const message = await updateNowOnPluginsScreen( page );
	await expect( message ).toContainText(
		`does not match the checksum its licence server published, so it was not installed. Acme Late stays at version ${ installed }.`
	);
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		installed
	);
	await deactivateProduct( page, 'acme-theme' );
	await page.context().close();
} );
