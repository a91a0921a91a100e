/**
 * The SDK on the hosts customers have (issue 44): no cURL, WP-Cron switched off for a system cron, FTP credentials
 * to write files, a restrictive open_basedir. Each is WordPress' or PHP's own mechanism, switched per test by the
 * client site's test plugin (e2e/client/mu-plugins/svc-client-test-hosts.php); the system cron is a `php wp-cron.php`
 * process in the site's folder, as a host's crontab runs it. On each host the licence is activated and checked with
 * its lease, updates are found, and a package installs only when its SHA-256 is the published one; where the host
 * stops something, core's own screens say so and nothing unverified is installed. Whether ext-sodium may be missing
 * is sdk/README.md's note (Host rules) and tests/sdk/SodiumCompatTest.php's.
 *
 * Acme Late (e2e/client/plugins/acme-late) is installed by this spec (and late-updates.spec.ts) only, so its
 * releases reach no other spec's product; Acme Widgets is pointed at broken servers for the transport's faults.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	test,
	type APIRequestContext,
	type Browser,
	type Page,
} from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import { clientSite } from '../fixtures/env';
import {
	activateProduct,
	autoUpdateResults,
	clearAutoUpdateResults,
	clearBackoff,
	clearOutgoingRequests,
	clearUpdateMinute,
	clientAdmin,
	deactivateProduct,
	installedVersion,
	makeUpdateChecksDue,
	outgoingRequests,
	samplePackage,
	setAcmeWidgetsServer,
	setWordPressOrg,
	turnAutoUpdatesOff,
	updateThroughCore,
	uploadRelease,
} from '../fixtures/client-site';
import {
	makeAutoUpdateDue,
	putPluginFiles,
	remoteUpdate,
	removePluginFiles,
	setPluginActive,
} from '../fixtures/client-updates';
import {
	brokenServer,
	clearTransportLog,
	debugLogSince,
	hostState,
	makeDailyCheckDue,
	runSystemCron,
	sdkCronDue,
	setHost,
	transportLog,
} from '../fixtures/client-hosts';

const SLUG = 'acme-late';
const PLUGIN = 'acme-late/acme-late.php';
/** A version no earlier run used, above 1.0.0. */
const fresh = ( minor: number ) =>
	`3.${ Math.floor( Date.now() / 1000 ) }.${ minor }`;

test.describe.configure( { mode: 'serial' } );

let productId = 0;
let licenseKey = '';

/** Acme Late back at 1.0.0, as a site restored from a backup: no upgrader runs. */
async function backToFirstVersion( request: APIRequestContext ) {
	await putPluginFiles(
		request,
		SLUG,
		samplePackage( 'plugins', SLUG, '1.0.0' )
	);
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		'1.0.0'
	);
}

/** A release of Acme Late with its package uploaded (its hash published by the service). */
async function goodRelease( request: APIRequestContext, version: string ) {
	await uploadRelease(
		request,
		productId,
		version,
		samplePackage( 'plugins', SLUG, version )
	);
}

/** A release of Acme Late hosted on the client's own host whose published SHA-256 is not its package's. */
async function wrongHashRelease( request: APIRequestContext, version: string ) {
	fs.mkdirSync( clientSite.uploadsDir, { recursive: true } );
	fs.writeFileSync(
		path.join( clientSite.uploadsDir, `${ SLUG }-${ version }.zip` ),
		samplePackage( 'plugins', SLUG, version )
	);
	await uploadRelease( request, productId, version, null, {
		package_url: `${ clientSite.baseURL }/wp-content/uploads/${ SLUG }-${ version }.zip`,
		package_sha256: createHash( 'sha256' )
			.update( 'not this package' )
			.digest( 'hex' ),
	} );
}

/** Acme Late activated with the spec's licence; its licence screen open and saying Active. */
async function activeAcmeLate( browser: Browser ): Promise< Page > {
	const page = await clientAdmin( browser );
	await activateProduct( page, licenseKey, SLUG );
	return page;
}

/** Presses Check now on an open licence screen and answers its notice (a status, or an alert when it failed). */
async function checkNow( page: Page ) {
	await page.getByRole( 'button', { name: 'Check now' } ).click();
	return page.getByRole( 'status' ).or( page.getByRole( 'alert' ) );
}

/** The Status cell of an open licence screen. */
const statusOf = ( page: Page ) =>
	page
		.locator( '.form-table tr' )
		.filter( { has: page.locator( 'th', { hasText: /^Status$/ } ) } )
		.locator( 'td' );

test.beforeAll( async ( { request } ) => {
	test.setTimeout( 120_000 );
	await setHost( request, [] );
	// WordPress.org answers (knowing none of our products), as on a customer's site.
	await setWordPressOrg( request, 'answer' );
	await backToFirstVersion( request );
	await setPluginActive( request, PLUGIN, true );
	const license = await createLicense(
		request,
		{ slug: SLUG, current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	productId = license.product_id;
	licenseKey = license.license_key;
} );

test.afterEach( async ( { request } ) => {
	await setHost( request, [] );
	await setAcmeWidgetsServer( request, null );
	await clearBackoff( request );
	await turnAutoUpdatesOff( request );
} );

test.afterAll( async ( { browser, request } ) => {
	await setHost( request, [] );
	await setWordPressOrg( request, '' );
	const page = await clientAdmin( browser );
	await deactivateProduct( page, SLUG );
	await page.context().close();
	await setPluginActive( request, PLUGIN, false );
	await removePluginFiles( request, SLUG );
} );

test.describe( 'no cURL: WordPress sends through its streams (fsockopen) transport', () => {
	test( 'activate, check with a lease, update check, and the download with its SHA-256 check all work', async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 180_000 );
		await backToFirstVersion( request );
		const good = fresh( 1 );
		await goodRelease( request, good );
		await setHost( request, [ 'streams' ] );
		await clearTransportLog( request );

		const page = await activeAcmeLate( browser );
		await expect( await checkNow( page ) ).toContainText(
			'The licence of Acme Late was checked just now.'
		);
		await expect( statusOf( page ) ).toHaveText( /^Active/ );

		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		await expect( page.locator( '#update-plugins-table' ) ).toContainText(
			`Update to ${ good }.`
		);
		await updateThroughCore( page, 'plugins', PLUGIN );
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			good
		);

		const wrong = fresh( 2 );
		await wrongHashRelease( request, wrong );
		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		await expect( page.locator( '#update-plugins-table' ) ).toContainText(
			`Update to ${ wrong }.`
		);
		const log = await updateThroughCore( page, 'plugins', PLUGIN );
		await expect( log ).toContainText(
			`does not match the checksum its licence server published, so it was not installed. Acme Late stays at version ${ good }.`
		);
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			good
		);
		await page.context().close();

		// Every one of those calls went through fsockopen.
		const sent = ( await transportLog( request ) ).map( ( entry ) =>
			new URL( entry.url ).pathname.replace( /^.*\/svc\/v1/, '' )
		);
		for ( const call of [
			'/licenses/activate',
			'/licenses/validate',
			'/updates/check',
			`/downloads/${ SLUG }`,
		] ) {
			expect( sent, call ).toContain( call );
		}
		expect( sent ).toContain(
			`/wp-content/uploads/${ SLUG }-${ wrong }.zip`
		);
	} );

	for ( const [ mode, scheme, cause ] of [
		[ 'silent', 'http', /did not answer in time/ ],
		[ 'plain', 'https', /secure connection to the licence server failed/ ],
	] as const ) {
		test( `a server that ${ mode === 'silent' ? 'never answers' : 'speaks no TLS' }: the licence screen names the cause as it does with cURL`, async ( {
			browser,
			request,
		} ) => {
			test.setTimeout( 90_000 );
			const { license_key } = await createLicense(
				request,
				{ slug: 'acme-widgets', current_version: '1.0.0' },
				{ activation_limit: 2 }
			);
			const page = await clientAdmin( browser );
			await activateProduct( page, license_key );
			const server = await brokenServer( mode );
			try {
				await setHost( request, [ 'streams' ] );
				await setAcmeWidgetsServer(
					request,
					`${ scheme }://127.0.0.1:${ server.port }`
				);
				const notice = await checkNow( page );
				await expect( notice ).toContainText( cause, {
					timeout: 30_000,
				} );
				// eslint-disable-next-line no-console -- what the site's owner reads belongs in the run's output.
				console.log(
					`streams fault notice: ${ await notice.innerText() }`
				);
				await expect( statusOf( page ) ).toHaveText( /^Active/ );
				await expect( statusOf( page ) ).toContainText( cause );
			} finally {
				await server.close();
				await setAcmeWidgetsServer( request, null );
				await clearBackoff( request );
				await deactivateProduct( page );
				await page.context().close();
			}
		} );
	}
} );

test.describe( 'DISABLE_WP_CRON: a system cron runs wp-cron.php', () => {
	test( 'the daily check, automatic updates and the health report wait for the system cron, and happen when it runs', async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 240_000 );
		await backToFirstVersion( request );
		const page = await activeAcmeLate( browser );
		const good = fresh( 3 );
		await goodRelease( request, good );
		await setHost( request, [ 'system_cron' ] );
		expect( ( await hostState( request ) ).cron_off ).toBe( true );
		await makeDailyCheckDue( request, SLUG );
		await clearUpdateMinute( request );
		await makeUpdateChecksDue( request );
		await makeAutoUpdateDue( request, PLUGIN );
		await clearAutoUpdateResults( request );
		await clearOutgoingRequests( request );

		// Visitors and the admin come and go: with WP-Cron off, nothing of it runs, and nothing spawns it.
		for ( const url of [
			'/',
			'/wp-admin/index.php',
			'/wp-admin/tools.php',
		] ) {
			expect( ( await page.goto( url ) )?.status(), url ).toBe( 200 );
		}
		expect( ( await sdkCronDue( request, SLUG ) ).due ).toContain(
			`svc_licensing_client_check_${ SLUG }`
		);
		expect( await autoUpdateResults( request ) ).toEqual( [] );
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			'1.0.0'
		);

		// The system cron runs, every few minutes: the check, core's update checks, then its automatic updater.
		for ( let run = 0; run < 4; run++ ) {
			runSystemCron();
			if (
				( await autoUpdateResults( request ) ).some(
					( entry ) => entry.item === PLUGIN
				)
			) {
				break;
			}
		}
		expect(
			( await autoUpdateResults( request ) )
				.filter( ( entry ) => entry.item === PLUGIN )
				.map( ( entry ) => entry.result )
		).toEqual( [ true ] );
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			good
		);
		expect( ( await sdkCronDue( request, SLUG ) ).due ).toEqual( [] );
		let sent = await outgoingRequests( request );
		expect(
			sent.filter(
				( entry ) =>
					entry.cron && entry.url.includes( '/licenses/validate' )
			).length
		).toBeGreaterThan( 0 );

		// A package whose hash is wrong fails the automatic update; its report goes with the next system cron.
		const wrong = fresh( 4 );
		await wrongHashRelease( request, wrong );
		await clearUpdateMinute( request );
		await makeUpdateChecksDue( request );
		await makeAutoUpdateDue( request, PLUGIN );
		await clearAutoUpdateResults( request );
		for ( let run = 0; run < 5; run++ ) {
			runSystemCron();
			sent = await outgoingRequests( request );
			if (
				sent.some(
					( entry ) =>
						entry.url.includes( '/updates/report' ) &&
						( entry.body ?? '' ).includes( wrong )
				)
			) {
				break;
			}
		}
		// Core's automatic updater tried (in each run while the offer stands; its result is null when the download
		// was refused) and installed nothing.
		const tried = ( await autoUpdateResults( request ) ).filter(
			( entry ) => entry.item === PLUGIN
		);
		expect( tried.length ).toBeGreaterThan( 0 );
		expect( tried.filter( ( entry ) => entry.result === true ) ).toEqual(
			[]
		);
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			good
		);
		const reports = sent.filter(
			( entry ) =>
				entry.url.includes( '/updates/report' ) &&
				( entry.body ?? '' ).includes( wrong )
		);
		expect( reports.map( ( entry ) => entry.cron ) ).toEqual( [ true ] );
		// Nothing asked the site to run WP-Cron over a loopback request.
		expect(
			sent.filter( ( entry ) => entry.url.includes( 'wp-cron.php' ) )
		).toEqual( [] );
		await page.context().close();
	} );
} );

test.describe( 'FS_METHOD ftpext: WordPress asks for FTP credentials', () => {
	test( 'Dashboard → Updates asks for the credentials as for any plugin; wrong ones fail cleanly and download nothing', async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 150_000 );
		await backToFirstVersion( request );
		const page = await activeAcmeLate( browser );
		const version = fresh( 5 );
		await goodRelease( request, version );
		await setHost( request, [ 'ftpext' ] );
		expect( ( await hostState( request ) ).fs_method ).toBe( 'ftpext' );
		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		await expect( page.locator( '#update-plugins-table' ) ).toContainText(
			`Update to ${ version }.`
		);
		await clearOutgoingRequests( request );
		await page
			.locator( `#update-plugins-table input[value="${ PLUGIN }"]` )
			.check();
		await page.locator( '#upgrade-plugins' ).click();

		// Core's own form (request_filesystem_credentials()) in its update frame, as for any plugin.
		const frame = page.frameLocator( 'iframe[title="Update progress"]' );
		const heading = frame.getByRole( 'heading', {
			name: 'Connection Information',
		} );
		const form = frame.locator( 'form', { has: heading } );
		await expect( heading ).toBeVisible();
		await form.getByLabel( 'Hostname' ).fill( '127.0.0.1:9' );
		await form.getByLabel( 'FTP Username' ).fill( 'customer' );
		await form.getByLabel( 'FTP Password' ).fill( 'not-the-password' );
		await form.getByRole( 'button', { name: 'Proceed' } ).click();
		await expect( frame.locator( 'body' ) ).toContainText(
			'Failed to connect to FTP Server 127.0.0.1:9'
		);
		// Core asks again; nothing was downloaded, nothing installed.
		await expect( form.getByLabel( 'Hostname' ) ).toBeVisible();
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			'1.0.0'
		);
		expect(
			( await outgoingRequests( request ) ).filter( ( entry ) =>
				entry.url.includes( `/downloads/${ SLUG }` )
			)
		).toEqual( [] );
		await page.context().close();
	} );

	test( '"update now" on the Plugins screen asks in core’s dialog; wrong credentials are refused there and nothing is downloaded', async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 150_000 );
		await backToFirstVersion( request );
		const page = await activeAcmeLate( browser );
		const version = fresh( 6 );
		await goodRelease( request, version );
		await setHost( request, [ 'ftpext' ] );
		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		await expect( page.locator( '#update-plugins-table' ) ).toContainText(
			`Update to ${ version }.`
		);
		await clearOutgoingRequests( request );
		await page.goto( '/wp-admin/plugins.php' );
		const row = page.locator(
			`tr.plugin-update-tr[data-plugin="${ PLUGIN }"]`
		);
		await row.getByRole( 'link', { name: /Update Acme Late now/ } ).click();
		const dialog = page.getByRole( 'dialog', {
			name: 'Connection Information',
		} );
		await expect( dialog ).toBeVisible();
		await dialog.getByLabel( 'Hostname' ).fill( '127.0.0.1:9' );
		await dialog.getByLabel( 'FTP Username' ).fill( 'customer' );
		await dialog.getByLabel( 'FTP Password' ).fill( 'not-the-password' );
		await dialog.getByRole( 'button', { name: 'Proceed' } ).click();
		// Core's dialog says so and asks again, as for any plugin; the owner cancels.
		await expect( dialog ).toContainText(
			'Failed to connect to FTP Server 127.0.0.1:9',
			{ timeout: 60_000 }
		);
		await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
		await expect( dialog ).toBeHidden();
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			'1.0.0'
		);
		expect(
			( await outgoingRequests( request ) ).filter( ( entry ) =>
				entry.url.includes( `/downloads/${ SLUG }` )
			)
		).toEqual( [] );
		await page.context().close();
	} );

	test( 'what `wp plugin update` does: with ftpext and no credentials nothing installs; with direct files a wrong package is refused', async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 150_000 );
		await backToFirstVersion( request );
		await ( await activeAcmeLate( browser ) ).context().close();
		const wrong = fresh( 7 );
		await wrongHashRelease( request, wrong );
		await setHost( request, [ 'ftpext' ] );
		await clearOutgoingRequests( request );
		await clearUpdateMinute( request );
		const asked = await remoteUpdate( request, [ PLUGIN ], true );
		expect( asked.offered[ PLUGIN ] ).toBe( wrong );
		expect( asked.results[ PLUGIN ] ).not.toBe( true );
		expect(
			( await outgoingRequests( request ) ).filter( ( entry ) =>
				entry.url.includes( `${ SLUG }-${ wrong }.zip` )
			)
		).toEqual( [] );
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			'1.0.0'
		);

		await setHost( request, [] );
		await clearUpdateMinute( request );
		const done = await remoteUpdate( request, [ PLUGIN ], true );
		expect( String( done.results[ PLUGIN ] ) ).toContain(
			'svc_licensing_client_package_mismatch'
		);
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			'1.0.0'
		);
	} );
} );

test.describe( 'open_basedir: PHP opens only the site’s folders and the temporary folder', () => {
	test( 'activate, check, update check and the install with its SHA-256 check work, and PHP warns of nothing', async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 180_000 );
		await backToFirstVersion( request );
		const good = fresh( 8 );
		await goodRelease( request, good );
		await setHost( request, [ 'open_basedir' ] );
		expect( ( await hostState( request ) ).open_basedir ).not.toBe( '' );
		const before = debugLogSince( 0 ).size;

		const page = await activeAcmeLate( browser );
		await expect( await checkNow( page ) ).toContainText(
			'The licence of Acme Late was checked just now.'
		);
		await expect( statusOf( page ) ).toHaveText( /^Active/ );
		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		await expect( page.locator( '#update-plugins-table' ) ).toContainText(
			`Update to ${ good }.`
		);
		await updateThroughCore( page, 'plugins', PLUGIN );
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			good
		);

		const wrong = fresh( 9 );
		await wrongHashRelease( request, wrong );
		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		const log = await updateThroughCore( page, 'plugins', PLUGIN );
		await expect( log ).toContainText(
			`does not match the checksum its licence server published, so it was not installed. Acme Late stays at version ${ good }.`
		);
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			good
		);
		await page.context().close();
		expect(
			debugLogSince( before ).lines.filter( ( line ) =>
				/open_basedir/i.test( line )
			)
		).toEqual( [] );
	} );
} );
