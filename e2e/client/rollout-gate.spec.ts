/**
 * The health-gated rollout end to end: the real client site is offered Acme Widgets packages made to fail on
 * purpose, core tries to install them, the SDK reports the outcome to the service, the release pauses itself, and
 * the service's wp-admin shows the notice. Two failures: an archive that will not unpack (core's own error code,
 * incompatible_archive) and a version that stops the site with a fatal error on its first request (fatal_error,
 * caught through WordPress' fatal-error handler). The plugin's folder is put back after each.
 */
import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import { baseURL, clientSite, ADMIN } from '../fixtures/env';
import {
	activateProduct,
	clearOutgoingRequests,
	clientAdmin,
	installedVersion,
	outgoingRequests,
	samplePackage,
	uploadRelease,
} from '../fixtures/client-site';
import { keepPluginFolder } from '../fixtures/client-details-uninstall';
import { logIn } from '../fixtures/sign-in';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';

const PLUGIN = 'acme-widgets/acme-widgets.php';
const API = '/wp-json/svc/v1/admin';

test.describe.configure( { mode: 'serial' } );

interface Release {
	id: number;
	version: string;
	reports: { installed: number; failed: number };
	paused_at: string | null;
	pause_reason: string;
}

let licenseKey = '';
let productId = 0;
let previousCurrent = '';
let productName = '';

test.beforeAll( async ( { request } ) => {
	const made = await createLicense(
		request,
		{ slug: 'acme-widgets' },
		{ activation_limit: 5 }
	);
	licenseKey = made.license_key;
	productId = made.product_id;
	const product = await (
		await request.get( `${ API }/products/${ productId }`, {
			headers: await keyHeaders( request ),
		} )
	).json();
	previousCurrent = String( product.current_version ?? '' );
	productName = String( product.name );
} );

test.afterAll( async ( { request } ) => {
	// Later specs find the product's current release as it was.
	if ( previousCurrent === '' ) {
		return;
	}
	const headers = await keyHeaders( request );
	const releases: Release[] =
		(
			await (
				await request.get(
					`${ API }/products/${ productId }/releases`,
					{
						headers,
					}
				)
			).json()
		).data ?? [];
	const before = releases.find( ( r ) => r.version === previousCurrent );
	if ( before ) {
		await request.post( `${ API }/releases/${ before.id }/publish`, {
			headers,
		} );
	}
} );

/** A version newer than anything the other specs publish, unique per run. */
const nextVersion = ( major: number ) =>
	`${ major }.${ randomInt( 1, 99999 ) }.0`;

async function releaseOf(
	request: APIRequestContext,
	version: string
): Promise< Release > {
	const response = await request.get(
		`${ API }/products/${ productId }/releases`,
		{ headers: await keyHeaders( request ) }
	);
	expect( response.status() ).toBe( 200 );
	const body = await response.json();
	const list: Release[] = Array.isArray( body ) ? body : body.data;
	const found = list.find( ( r ) => r.version === version );
	expect( found, `release ${ version }` ).toBeTruthy();
	return found!;
}

/** On the Plugins screen: core's "update now" link of Acme Widgets, and the row's outcome once core is done. */
async function updateNow( page: Page ) {
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await page.goto( '/wp-admin/plugins.php' );
	const row = page.locator(
		`tr.plugin-update-tr[data-plugin="${ PLUGIN }"]`
	);
	await row.locator( 'a.update-link' ).click();
	const notice = row.locator( '.update-message' );
	await expect( notice ).toHaveClass( /notice-(success|error)/, {
		timeout: 60_000,
	} );
	return notice;
}

/** Runs the client's WP-Cron until the service has the site's report on the release. */
async function awaitReport(
	request: APIRequestContext,
	version: string,
	expected: { installed: number; failed: number }
) {
	await expect
		.poll(
			async () => {
				await request.get( `${ clientSite.baseURL }/wp-cron.php` );
				return ( await releaseOf( request, version ) ).reports;
			},
			{ timeout: 60_000 }
		)
		.toEqual( expected );
}

/** The SDK's report requests the client site sent, as JSON bodies. */
async function sentReports( request: APIRequestContext ) {
	return ( await outgoingRequests( request ) )
		.filter( ( r ) => r.url.includes( '/updates/report' ) )
		.map( ( r ) => JSON.parse( r.body ?? '{}' ) );
}

test( 'an archive that will not unpack: the SDK reports core’s error code and the release pauses itself', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 180_000 );
	const restore = keepPluginFolder( 'acme-widgets' );
	const page = await clientAdmin( browser );
	try {
		const before = await installedVersion( request, { plugin: PLUGIN } );
		const version = nextVersion( 90 );
		const broken = Buffer.from(
			'PK\u0003\u0004 this is not a zip archive'
		);
		fs.mkdirSync( clientSite.uploadsDir, { recursive: true } );
		fs.writeFileSync(
			path.join( clientSite.uploadsDir, `acme-widgets-${ version }.zip` ),
			broken
		);
		await uploadRelease( request, productId, version, null, {
			package_url: `${ clientSite.baseURL }/wp-content/uploads/acme-widgets-${ version }.zip`,
			package_sha256: createHash( 'sha256' )
				.update( broken )
				.digest( 'hex' ),
			gate_threshold: '0',
			gate_min_reports: '1',
		} );
		await activateProduct( page, licenseKey );
		await clearOutgoingRequests( request );

		const outcome = await updateNow( page );
		await expect( outcome ).toHaveClass( /notice-error/ );
		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			before
		);

		await awaitReport( request, version, { installed: 0, failed: 1 } );
		expect( await sentReports( request ) ).toEqual( [
			expect.objectContaining( {
				license_key: licenseKey,
				product_slug: 'acme-widgets',
				version,
				outcome: 'failed',
				error_code: 'incompatible_archive',
			} ),
		] );
		const release = await releaseOf( request, version );
		expect( release.paused_at ).not.toBeNull();
		expect( release.pause_reason ).toBe(
			'Failure rate 100 % (1 of 1 licences reported a failure) is over the 0 % threshold.'
		);
	} finally {
		await page.context().close();
		restore();
	}
} );

test( 'a version that fatals on its first request: fatal_error is reported, the release pauses, the seller sees the notice', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 180_000 );
	const restore = keepPluginFolder( 'acme-widgets' );
	const page = await clientAdmin( browser );
	const version = nextVersion( 91 );
	try {
		await uploadRelease(
			request,
			productId,
			version,
			samplePackage(
				'plugins',
				'acme-widgets',
				version,
				( text ) =>
					text +
					"\nadd_action( 'init', static function () { svc_gate_e2e_missing_function(); } );\n"
			),
			{ gate_threshold: '0', gate_min_reports: '1' }
		);
		await activateProduct( page, licenseKey );
		await clearOutgoingRequests( request );

		const outcome = await updateNow( page );
		await expect( outcome ).toHaveClass( /notice-success/ );
		// Installed: read from disk, since every request to the site now stops with the fatal error.
		const header = fs.readFileSync(
			path.join(
				path.dirname( clientSite.uploadsDir ),
				'plugins',
				PLUGIN
			),
			'utf8'
		);
		expect( header ).toMatch(
			new RegExp( `Version:\\s*${ version.replace( /\./g, '\\.' ) }` )
		);
		// The installed report is held; the first request on the new version stops with a fatal error.
		const first = await page.goto( '/wp-admin/' );
		expect( first?.status() ).toBe( 500 );
		await expect( page.locator( 'body' ) ).toContainText(
			'There has been a critical error on this website.'
		);
		await expect
			.poll(
				async () => ( await releaseOf( request, version ) ).reports,
				{
					timeout: 30_000,
				}
			)
			.toEqual( { installed: 0, failed: 1 } );
	} finally {
		await page.context().close();
		restore();
	}
	// The plugin is back as the stack laid it (its log readable again): the one report the SDK sent.
	expect( await sentReports( request ) ).toEqual( [
		expect.objectContaining( {
			version,
			outcome: 'failed',
			error_code: 'fatal_error',
		} ),
	] );
	const release = await releaseOf( request, version );
	expect( release.paused_at ).not.toBeNull();

	// The seller's wp-admin: the notice names the release and links to its product's releases.
	const seller = await browser.newContext( { baseURL } );
	const admin = await seller.newPage();
	try {
		await logIn( admin, ADMIN.user, ADMIN.password );
		await admin.goto( '/wp-admin/' );
		const notice = admin.locator(
			`.svc-release-paused[data-release="${ release.id }"]`
		);
		await expect( notice ).toContainText(
			`${ productName } ${ version } is paused.`
		);
		await expect( notice ).toContainText( 'Failure rate 100 %' );
		await notice.screenshot( {
			path: test.info().outputPath( 'paused-notice.png' ),
		} );
		await notice
			.getByRole( 'link', { name: `Review release ${ version }` } )
			.click();
		const card = admin.getByTestId( `svc-release-${ version }` );
		await expect(
			admin.getByTestId( `svc-release-reports-${ version }` )
		).toContainText( '0 installed · 1 failed' );
		await expect(
			admin.getByTestId( `svc-release-paused-${ version }` )
		).toContainText(
			'Failure rate 100 % (1 of 1 licences reported a failure)'
		);
		await card.screenshot( {
			path: test.info().outputPath( 'paused-release-card.png' ),
		} );
	} finally {
		await seller.close();
	}
} );
