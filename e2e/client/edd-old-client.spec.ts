/**
 * Issue 30's "Done when" for the old EDD clients: a seller's plugin that shipped EDD SL's updater (the Old EDD Client
 * sample, e2e/client/plugins/old-edd-client, written from EDD's public protocol) keeps updating after the move-in.
 * The service imports an EDD SL store (fixture tables from EDD's public layouts, e2e/mu-plugins/svc-test-import.php)
 * whose download's current file is the plugin's next version; on the client site the plugin's licence screen
 * activates the carried-over key with EDD's activate_license and checks it with check_license; its updater's
 * get_version answer feeds core's update data, and core's own upgrader installs the package, byte for byte the one
 * the service published. Once the licence has expired on the service, check_license says so and get_version offers
 * the version without a package, as EDD does.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Browser,
	type Page,
} from '@playwright/test';
import {
	applySuiteSettings,
	keyHeaders,
	setSettings,
	setUpdateClock,
	SUITE_SETTINGS,
} from '../fixtures/test-helpers';
import {
	buildFixture,
	dropFixture,
	freshBase,
	freshTag,
	holdSource,
	readImportMap,
	runImport,
} from '../fixtures/import';
import {
	autoUpdateResults,
	clearAutoUpdateResults,
	clearUpdateMinute,
	clientAdmin,
	installedVersion,
	runUpdateCron,
	setWordPressOrg,
	turnAutoUpdatesOff,
	updateThroughCore,
} from '../fixtures/client-site';
import {
	makeAutoUpdateDue,
	putPluginFiles,
	removePluginFiles,
	setPluginActive,
	updateData,
} from '../fixtures/client-updates';
import {
	ageOldEddClient,
	OLD_EDD_CLIENT,
	OLD_EDD_CLIENT_SCREEN,
	oldEddClientCache,
	oldEddClientDownloads,
	oldEddClientPackage,
	setOldEddClientItem,
} from '../fixtures/client-edd';

const ADMIN = '/wp-json/svc/v1/admin';

test.describe.configure( { mode: 'serial', timeout: 120_000 } );

const next = oldEddClientPackage( '2.1.0' );
const base = freshBase();
const tag = freshTag();
let key = '';
let sha256 = '';
let licenseId = 0;
let productId = 0;
let itemId = '';
let itemName = '';
/** Other licences of the store (the fixture's), by number, for neighbours' calls. */
let otherKeys: Record< string, string > = {};
let giveBack: ( () => void ) | undefined;

/** Presses one of the licence screen's buttons and answers the screen's status line once it has reloaded. */
async function press( page: Page, button: string ) {
	await page.goto( OLD_EDD_CLIENT_SCREEN );
	await page.getByLabel( 'License Key' ).fill( key );
	await Promise.all( [
		page.waitForURL( `**${ OLD_EDD_CLIENT_SCREEN }` ),
		page.getByRole( 'button', { name: button } ).click(),
	] );
	return page.locator( '#old-edd-client-status' );
}

/**
 * The site back at 2.0.0 (as a restored backup would be), then the licence screen's Check License, which must
 * answer `status`, and core's update offer for the plugin after a forced check on the Updates screen, which offers
 * 2.1.0. Answers the admin page (the caller closes it) and the offer.
 */
async function checkAtOldVersion(
	browser: Browser,
	request: APIRequestContext,
	status: string
) {
	await putPluginFiles(
		request,
		'old-edd-client',
		oldEddClientPackage( '2.0.0' )
	);
	const page = await clientAdmin( browser );
	await expect( await press( page, 'Check License' ) ).toHaveText(
		`License status: ${ status }`
	);
	// Core's Updates screen asks again after a minute only; that minute passes.
	await clearUpdateMinute( request );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'You have version 2.0.0 installed. Update to 2.1.0.'
	);
	const data = await updateData( request );
	return {
		page,
		offer: data.plugins ? data.plugins.response[ OLD_EDD_CLIENT ] : null,
	};
}

test.beforeAll( async ( { request } ) => {
	test.setTimeout( 180_000 );
	giveBack = await holdSource( 'edd-sl' );
	// The store: EDD SL's tables, with "Acme Pro" at 2.1 (imported as 2.1.0) whose current file is the plugin at 2.1.0.
	const fixture = await buildFixture( request, {
		source: 'edd-sl',
		base,
		tag,
		package: next.toString( 'base64' ),
		taken_key: '',
	} );
	sha256 = fixture.sha256;
	itemName = `Acme Pro ${ tag }`;
	itemId = String( fixture.downloads.pro );
	// Licence 12 of the fixture: active, Acme Pro, its own limit of 3 sites, none used, a year left.
	key = fixture.keys[ 12 ];
	otherKeys = Object.fromEntries(
		Object.entries( fixture.keys as Record< string, string > ).filter(
			( [ number ] ) => number !== '12'
		)
	);
	// As on a site before its first import, whose written import turns EDD's protocol on.
	await setSettings( request, { edd_sl_protocol: null } );
	const run = await runImport( 'edd-sl' );
	expect( run.code, run.stderr ).toBe( 0 );
	const map = await readImportMap( request, 'edd-sl' );
	licenseId = map.licence[ String( base + 12 ) ].new_id;
	productId = map.product[ String( fixture.downloads.pro ) ].new_id;

	// The customer's site: the plugin at 2.0.0, naming the EDD download it was sold as.
	await setWordPressOrg( request, 'answer' );
	await putPluginFiles(
		request,
		'old-edd-client',
		oldEddClientPackage( '2.0.0' )
	);
	await setPluginActive( request, OLD_EDD_CLIENT, true );
	await setOldEddClientItem( request, {
		item_id: itemId,
		item_name: itemName,
		forget: true,
	} );
} );

test.afterAll( async ( { request } ) => {
	await setPluginActive( request, OLD_EDD_CLIENT, false );
	await removePluginFiles( request, 'old-edd-client' );
	await setWordPressOrg( request, '' );
	await dropFixture( request, 'edd-sl' );
	giveBack?.();
} );

test( 'the old client activates the carried-over key, and check_license answers valid for this site', async ( {
	browser,
} ) => {
	const page = await clientAdmin( browser );
	// Before the site is activated, EDD's word for a good key on another site.
	await expect( await press( page, 'Check License' ) ).toHaveText(
		'License status: site_inactive'
	);
	await expect( await press( page, 'Activate License' ) ).toHaveText(
		'License status: valid'
	);
	await expect( await press( page, 'Check License' ) ).toHaveText(
		'License status: valid'
	);
	await expect( page.locator( '#old-edd-client-answer' ) ).toContainText(
		'"license_limit":3,"site_count":1,"activations_left":2'
	);
	await page.context().close();
} );

test( 'get_version feeds core’s update data, and core’s upgrader installs the package the service published', async ( {
	browser,
	request,
} ) => {
	await clearUpdateMinute( request );
	const page = await clientAdmin( browser );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	const updates = page.locator( '#update-plugins-table' );
	await expect( updates ).toContainText( 'Old EDD Client' );
	await expect( updates ).toContainText(
		'You have version 2.0.0 installed. Update to 2.1.0.'
	);
	const data = await updateData( request );
	expect( data.plugins ).not.toBe( false );
	const offer = data.plugins ? data.plugins.response[ OLD_EDD_CLIENT ] : null;
	expect( offer ).toMatchObject( { new_version: '2.1.0' } );
	expect( offer?.package ).toContain( '/downloads/' );

	// "View details": the changelog through the plugin's plugins_api answer (EDD's serialised sections).
	await page.goto( '/wp-admin/plugins.php' );
	const notice = page.locator(
		`tr.plugin-update-tr[data-plugin="${ OLD_EDD_CLIENT }"]`
	);
	await expect( notice ).toContainText(
		'There is a new version of Old EDD Client available.'
	);
	await notice
		.getByRole( 'link', {
			name: /View Old EDD Client version 2\.1\.0 details/,
		} )
		.click();
	await expect(
		page.frameLocator( '#TB_iframeContent' ).locator( '#section-changelog' )
	).toContainText( 'Imported from EDD.' );
	await page.keyboard.press( 'Escape' );

	const log = await updateThroughCore( page, 'plugins', OLD_EDD_CLIENT );
	await expect( log ).toContainText( 'Old EDD Client updated successfully.' );
	expect(
		await installedVersion( request, { plugin: OLD_EDD_CLIENT } )
	).toBe( '2.1.0' );
	// The file core downloaded is the package the service published, by its SHA-256.
	const releases: { version: string; package: { hash: string } }[] = await (
		await request.get( `${ ADMIN }/products/${ productId }/releases`, {
			headers: await keyHeaders( request ),
		} )
	).json();
	expect(
		releases.find( ( release ) => release.version === '2.1.0' )?.package
			.hash
	).toBe( `sha256:${ sha256 }` );
	const downloads = await oldEddClientDownloads( request );
	expect( downloads.map( ( d ) => [ d.status, d.sha256 ] ) ).toEqual( [
		[ 200, sha256 ],
	] );
	await page.context().close();
} );

test( 'a copy that names its download by name alone is found: EDD’s item_id=0 and the licence screen’s encoded name', async ( {
	browser,
	request,
} ) => {
	// No item_id in the seller's copy: the updater sends EDD's `false` (item_id=0), the licence screen the name
	// rawurlencoded (so encoded twice on the wire), as EDD's sample plugin does.
	await setOldEddClientItem( request, { item_id: '', item_name: itemName } );
	const { page, offer } = await checkAtOldVersion(
		browser,
		request,
		'valid'
	);
	expect( offer?.package ).toContain( '/downloads/' );
	await page.context().close();
} );

test( 'a copy that sends item_name through urlencode() and no item_id is found, as EDD SL finds it', async ( {
	browser,
	request,
} ) => {
	// EDD's older sample plugin: "Acme Pro <tag>" goes out as "Acme+Pro+<tag>" (issue 41), on the licence screen's
	// calls and the updater's.
	await setOldEddClientItem( request, {
		item_id: '',
		item_name: itemName,
		item_name_encoding: 'urlencode',
	} );
	const { page, offer } = await checkAtOldVersion(
		browser,
		request,
		'valid'
	);
	expect( offer?.package ).toContain( '/downloads/' );
	await page.context().close();
} );

/** The site at 2.0.0 with nothing kept by its updater, then a check from the Updates screen: the link it kept. */
async function checkThenKeep( browser: Browser, request: APIRequestContext ) {
	await putPluginFiles(
		request,
		'old-edd-client',
		oldEddClientPackage( '2.0.0' )
	);
	await setOldEddClientItem( request, {
		item_id: itemId,
		item_name: itemName,
	} );
	await clearUpdateMinute( request );
	const page = await clientAdmin( browser );
	await page.goto( '/wp-admin/update-core.php?force-check=1' );
	await expect( page.locator( '#update-plugins-table' ) ).toContainText(
		'You have version 2.0.0 installed. Update to 2.1.0.'
	);
	const kept = await oldEddClientCache( request );
	expect( kept ).toMatchObject( { cached: true } );
	expect( kept.package ).toContain( '/downloads/' );
	return { page, link: String( kept.package ) };
}

/** Two hours pass for the site's updater (its kept answer) and for the store (its update clock). */
async function twoHoursLater( request: APIRequestContext ) {
	await ageOldEddClient( request, 2 * 3600 );
	await setUpdateClock( request, 2 * 3600 );
}

test( '“Update now” two hours after the check installs: the link EDD’s updater kept still works', async ( {
	browser,
	request,
} ) => {
	const { page, link } = await checkThenKeep( browser, request );
	await twoHoursLater( request );
	try {
		// "Check again" asks the store nothing: the updater answers from what it kept, with the same link.
		await clearUpdateMinute( request );
		await page.goto( '/wp-admin/update-core.php?force-check=1' );
		const data = await updateData( request );
		expect(
			data.plugins
				? data.plugins.response[ OLD_EDD_CLIENT ]?.package
				: null
		).toBe( link );
		const log = await updateThroughCore( page, 'plugins', OLD_EDD_CLIENT );
		await expect( log ).toContainText(
			'Old EDD Client updated successfully.'
		);
		expect(
			await installedVersion( request, { plugin: OLD_EDD_CLIENT } )
		).toBe( '2.1.0' );
	} finally {
		await setUpdateClock( request, 0 );
		await page.context().close();
	}
} );

test( 'an automatic update in a WP-Cron run two hours after the check installs from the kept link', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 180_000 );
	const { page } = await checkThenKeep( browser, request );
	await page.context().close();
	await twoHoursLater( request );
	try {
		await clearAutoUpdateResults( request );
		await makeAutoUpdateDue( request, OLD_EDD_CLIENT );
		await runUpdateCron( request );
		expect(
			( await autoUpdateResults( request ) )
				.filter( ( entry ) => entry.item === OLD_EDD_CLIENT )
				.map( ( entry ) => entry.result )
		).toEqual( [ true ] );
		expect(
			await installedVersion( request, { plugin: OLD_EDD_CLIENT } )
		).toBe( '2.1.0' );
	} finally {
		await setUpdateClock( request, 0 );
		await turnAutoUpdatesOff( request );
	}
} );

test( 'a burst from the site’s own address (other sites of a shared host) gets no 429, so the updater never goes quiet for an hour', async ( {
	browser,
	request,
} ) => {
	// The shipped defaults: 60 update checks a minute per address (the suite runs with higher limits).
	await setSettings( request, {
		rate_limits: { ...SUITE_SETTINGS.rate_limits, updates_check: 60 },
	} );
	try {
		// 60 other customer sites behind the same address (the test runner and the client site share the loopback),
		// each checking once with its licence, as EDD's class does.
		const others = Object.values( otherKeys );
		const answers = await Promise.all(
			Array.from( { length: 60 }, ( _, i ) =>
				request.post( '/', {
					form: {
						edd_action: 'get_version',
						license: others[ i % others.length ],
						item_id: itemId,
						url: `https://neighbour-${ i }-${ tag }.example`,
						version: '2.0.0',
					},
				} )
			)
		);
		expect( answers.map( ( answer ) => answer.status() ) ).toEqual(
			Array( 60 ).fill( 200 )
		);
		const { page } = await checkThenKeep( browser, request );
		await page.context().close();
		expect( ( await oldEddClientCache( request ) ).failed_until_in ).toBe(
			null
		);
	} finally {
		await applySuiteSettings( request );
	}
} );

test( 'once the licence has expired on the service, the link kept before gives no file, check_license says expired and get_version offers no package', async ( {
	browser,
	request,
} ) => {
	// A link the updater kept from a check before the licence expired.
	const kept = await checkThenKeep( browser, request );
	const moved = await request.put( `${ ADMIN }/licenses/${ licenseId }`, {
		headers: await keyHeaders( request ),
		data: {
			expires: new Date( Date.now() - 86_400_000 )
				.toISOString()
				.replace( /\.\d+Z$/, 'Z' ),
		},
	} );
	expect( moved.status(), await moved.text() ).toBe( 200 );
	// Our rules decide when the file is fetched: the kept link gives no file.
	const log = await updateThroughCore( kept.page, 'plugins', OLD_EDD_CLIENT );
	await expect( log ).toContainText( 'Download failed.' );
	expect(
		await installedVersion( request, { plugin: OLD_EDD_CLIENT } )
	).toBe( '2.0.0' );
	await kept.page.context().close();
	await setOldEddClientItem( request, {
		item_id: itemId,
		item_name: itemName,
	} );
	const { page, offer } = await checkAtOldVersion(
		browser,
		request,
		'expired'
	);
	expect( offer ).toMatchObject( { new_version: '2.1.0', package: '' } );
	await page.goto( '/wp-admin/plugins.php' );
	await expect(
		page.locator( `tr.plugin-update-tr[data-plugin="${ OLD_EDD_CLIENT }"]` )
	).toContainText( 'Automatic update is unavailable for this plugin.' );
	await page.context().close();
} );
