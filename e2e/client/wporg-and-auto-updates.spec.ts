/**
 * Updates arrive whether or not WordPress.org answers, and so do auto-updates. WordPress.org cannot be reached
 * here: the client site's test helper answers core's update checks to api.wordpress.org as WordPress.org would
 * when the test switches it on (including a hostile answer that claims a plugin and a theme with our slugs at
 * 9.9.9), and refuses every other request that is not to the loopback; each test reads the log of what was sent.
 * Runs after updates.spec.ts: it publishes new releases of Acme Widgets and installs them.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Browser,
} from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import { baseURL } from '../fixtures/env';
import {
	activateProduct,
	autoUpdateResults,
	clearAutoUpdateResults,
	clearOutgoingRequests,
	clearUpdateMinute,
	clientAdmin,
	deactivateProduct,
	installedVersion,
	makeUpdateChecksDue,
	outgoingRequests,
	runUpdateCron,
	samplePackage,
	setWordPressOrg,
	turnAutoUpdatesOff,
	uploadRelease,
	type OutgoingRequest,
} from '../fixtures/client-site';

const PLUGIN = 'acme-widgets/acme-widgets.php';
const LOOPBACK = [ 'localhost', '127.0.0.1', '[::1]' ];

test.describe.configure( { mode: 'serial' } );

let productId = 0;
let licenseKey = '';
/** A version no earlier run used, above anything installed. */
const fresh = ( minor: number ) =>
	`2.${ Math.floor( Date.now() / 1000 ) }.${ minor }`;

test.afterAll( async ( { request } ) => {
	await setWordPressOrg( request, '' );
	await turnAutoUpdatesOff( request );
} );

const UPDATE_CHECK =
	/^https?:\/\/api\.wordpress\.org\/(core\/version-check|plugins\/update-check|themes\/update-check)\//;

/**
 * Nothing left the machine, and nothing tried to reach any host but WordPress.org: every request that was not to
 * the loopback was one of core's update checks to api.wordpress.org, answered by the stub or refused as `wporg`
 * says, or another of core's WordPress.org requests (the dashboard's news feed), refused.
 */
function expectNothingLeft(
	sent: OutgoingRequest[],
	wporg: 'stubbed' | 'refused'
) {
	const external = sent.filter(
		( entry ) => ! LOOPBACK.includes( new URL( entry.url ).hostname )
	);
	for ( const entry of external ) {
		expect( new URL( entry.url ).hostname, entry.url ).toMatch(
			/(^|\.)wordpress\.org$/
		);
		expect( entry.fate, entry.url ).toBe(
			UPDATE_CHECK.test( entry.url ) ? wporg : 'refused'
		);
	}
	return external.filter( ( entry ) => UPDATE_CHECK.test( entry.url ) );
}

const updateChecks = ( sent: OutgoingRequest[] ) =>
	sent.filter(
		( entry ) =>
			entry.url.startsWith( baseURL ) &&
			entry.url.includes( '/svc/v1/updates/check' )
	);

async function newRelease( request: APIRequestContext, version: string ) {
	await uploadRelease(
		request,
		productId,
		version,
		samplePackage( 'plugins', 'acme-widgets', version )
	);
}

test( 'WordPress.org claims acme-widgets 9.9.9: our release arrives once, from our server, and theirs never shows', async ( {
	browser,
	request,
} ) => {
	const license = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 2 }
	);
	productId = license.product_id;
	licenseKey = license.license_key;
	const version = fresh( 0 );
	await newRelease( request, version );
	const page = await clientAdmin( browser );
	await activateProduct( page, licenseKey );
	await deactivateProduct( page, 'acme-theme' );

	await setWordPressOrg( request, 'hostile' );
	await clearUpdateMinute( request );
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	const rows = page.locator( '#update-plugins-table tbody tr' );
	await expect( rows.filter( { hasText: 'Acme Widgets' } ) ).toHaveCount( 1 );
	await expect( rows.filter( { hasText: 'Acme Widgets' } ) ).toContainText(
		`Update to ${ version }.`
	);
	await expect( page.locator( '#wpbody' ) ).not.toContainText( '9.9.9' );

	const sent = await outgoingRequests( request );
	// WordPress.org answered core's checks (the stub), and our server was asked once.
	const wporg = expectNothingLeft( sent, 'stubbed' );
	expect(
		wporg.some( ( entry ) =>
			entry.url.includes( '/plugins/update-check/' )
		)
	).toBe( true );
	expect(
		wporg.some( ( entry ) => entry.url.includes( '/themes/update-check/' ) )
	).toBe( true );
	expect( updateChecks( sent ) ).toHaveLength( 1 );

	// The Plugins screen and core's update data name our release and our package, never WordPress.org's.
	await page.goto( '/wp-admin/plugins.php' );
	const notice = page.locator(
		`tr.plugin-update-tr[data-plugin="${ PLUGIN }"]`
	);
	await expect( notice ).toContainText( `View version ${ version } details` );
	await expect( page.locator( '#wpbody' ) ).not.toContainText( '9.9.9' );
	await page.context().close();
} );

test( 'WordPress.org does not answer: our release still arrives', async ( {
	browser,
	request,
} ) => {
	const version = fresh( 1 );
	await newRelease( request, version );
	const page = await clientAdmin( browser );
	await setWordPressOrg( request, '' );
	await clearUpdateMinute( request );
	await clearOutgoingRequests( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		`Update to ${ version }.`
	);
	const sent = await outgoingRequests( request );
	// Core tried WordPress.org and was refused; our server was asked once.
	expect( expectNothingLeft( sent, 'refused' ).length ).toBeGreaterThan( 0 );
	expect( updateChecks( sent ) ).toHaveLength( 1 );
	await page.context().close();
} );

/**
 * Turns Acme Widgets' auto-updates on or off with core's own link in its row on the Plugins screen, as the site
 * owner does.
 */
async function setAutoUpdates( browser: Browser, on: boolean ) {
	const page = await clientAdmin( browser );
	await page.goto( '/wp-admin/plugins.php' );
	const toggle = page
		.locator( `tr[data-plugin="${ PLUGIN }"]` )
		.first()
		.locator( '.column-auto-updates' );
	const [ click, shown ] = on
		? [ 'Enable auto-updates', 'Disable auto-updates' ]
		: [ 'Disable auto-updates', 'Enable auto-updates' ];
	if ( await toggle.getByText( click ).isVisible() ) {
		await toggle.getByText( click ).click();
	}
	await expect( toggle ).toContainText( shown );
	await page.context().close();
}

/**
 * A new release, WordPress.org answering as `wporg` says, and WP-Cron running core's twice-daily update checks
 * (made due) until they and anything they scheduled are done. Returns the release's version and what was sent.
 */
async function cronAfterRelease(
	request: APIRequestContext,
	version: string,
	wporg: '' | 'answer'
) {
	await newRelease( request, version );
	await setWordPressOrg( request, wporg );
	await clearUpdateMinute( request );
	await clearAutoUpdateResults( request );
	await clearOutgoingRequests( request );
	await makeUpdateChecksDue( request );
	await runUpdateCron( request );
	return outgoingRequests( request );
}

const downloads = ( sent: OutgoingRequest[] ) =>
	sent.filter(
		( entry ) =>
			entry.url.startsWith( baseURL ) &&
			entry.url.includes( '/svc/v1/downloads/acme-widgets' )
	);

for ( const wporg of [ '', 'answer' ] as const ) {
	const state = wporg === '' ? 'does not answer' : 'answers';
	test( `auto-updates turned on in Plugins, WordPress.org ${ state }: core’s automatic updater installs our release in WP-Cron`, async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 150_000 );
		await setAutoUpdates( browser, true );
		const version = fresh( wporg === '' ? 2 : 3 );
		const sent = await cronAfterRelease( request, version, wporg );

		expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
			version
		);
		// Core's automatic updater installed it, once (a second start of the updater, WordPress.org's and
		// ours, finds nothing left to do), from our server's package, in WP-Cron.
		expect(
			( await autoUpdateResults( request ) )
				.filter( ( entry ) => entry.item === PLUGIN )
				.map( ( entry ) => entry.result )
		).toEqual( [ true ] );
		expect( downloads( sent ).length ).toBeGreaterThan( 0 );
		expect( downloads( sent ).every( ( entry ) => entry.cron ) ).toBe(
			true
		);
		expect(
			expectNothingLeft( sent, wporg === '' ? 'refused' : 'stubbed' )
				.length
		).toBeGreaterThan( 0 );
	} );
}

test( 'auto-updates turned off in Plugins: WP-Cron offers our release and installs nothing', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 150_000 );
	const before = await installedVersion( request, { plugin: PLUGIN } );
	await setAutoUpdates( browser, false );
	const version = fresh( 4 );
	// WordPress.org answering: core's automatic updater runs at the end of its version check.
	const sent = await cronAfterRelease( request, version, 'answer' );

	expect( updateChecks( sent ).some( ( entry ) => entry.cron ) ).toBe( true );
	expect( downloads( sent ) ).toEqual( [] );
	expect( await autoUpdateResults( request ) ).toEqual( [] );
	expect( await installedVersion( request, { plugin: PLUGIN } ) ).toBe(
		before
	);
	// The offer is there, for the owner to install.
	const page = await clientAdmin( browser );
	await page.goto( '/wp-admin/plugins.php' );
	await expect(
		page.locator( `tr.plugin-update-tr[data-plugin="${ PLUGIN }"]` )
	).toContainText( `View version ${ version } details` );
	await page.context().close();
} );
