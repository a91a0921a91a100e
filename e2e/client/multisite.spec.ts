/**
 * The client SDK on a multisite network (issue 29), on the multisite client site (a subdirectory network: the main
 * site, /one/ and /two/). A network-activated plugin has one licence screen, in Network Admin, its key and licence
 * kept network-wide and its update offered and installed there; the service counts one slot for the network unless
 * the seller's product says each site counts; a plugin active on one site only has its update shown to the network
 * administrator, who installs it after the SDK checked the package.
 */
import { expect, test } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import { samplePackage, uploadRelease } from '../fixtures/client-site';
import {
	activateOnScreen,
	activationsOf,
	multisiteSite,
	networkActivate,
	networkAdmin,
	networkInstalledVersion,
	setActiveOnSite,
	setMultisiteActivation,
	updateInNetworkAdmin,
} from '../fixtures/client-multisite';

const WIDGETS = 'acme-widgets/acme-widgets.php';
const GADGETS = 'acme-gadgets/acme-gadgets.php';
const NETWORK_SCREEN =
	'/wp-admin/network/plugins.php?page=svc-licence-acme-widgets';
const GADGETS_SCREEN = '/wp-admin/admin.php?page=svc-licence-acme-gadgets';
/** The network's main address as the service keeps a site's (host and port, no scheme). */
const NETWORK_HOST = multisiteSite.baseURL.replace( /^https?:\/\//, '' );

test.describe.configure( { mode: 'serial' } );

test( 'a network-activated plugin: one licence screen in Network Admin, one slot, its update offered and installed network-wide', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 180_000 );
	const { license_key, license_id, product_id } = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	await setMultisiteActivation( request, product_id, 'network' );
	await uploadRelease(
		request,
		product_id,
		'1.0.5',
		samplePackage( 'plugins', 'acme-widgets', '1.0.5' )
	);
	const page = await networkAdmin( browser );
	await networkActivate( page, 'Acme Widgets' );

	// The one screen: Network Admin → Plugins → Acme Widgets licence, linked from the network's plugin row.
	await page.goto( '/wp-admin/network/plugins.php' );
	await page
		.locator( `tr[data-plugin="${ WIDGETS }"]` )
		.getByRole( 'link', { name: 'Licence of Acme Widgets' } )
		.click();
	await expect( page ).toHaveURL(
		new RegExp( NETWORK_SCREEN.replace( /[?.]/g, '\\$&' ) )
	);
	await expect(
		page.getByRole( 'heading', { name: 'Acme Widgets licence' } )
	).toBeVisible();
	await activateOnScreen( page, NETWORK_SCREEN, license_key );
	const table = page.locator( '.form-table' );
	await expect( table ).toContainText( '1 of 3' );
	await expect( table ).toContainText( 'One site for the whole network' );

	// No per-site screen on the main site or a subsite: the network's key is the one key.
	for ( const site of [ '', '/one' ] ) {
		const response = await page.goto(
			`${ site }/wp-admin/plugins.php?page=svc-licence-acme-widgets`
		);
		expect( response?.status(), `${ site }/wp-admin/plugins.php` ).toBe(
			403
		);
	}

	// The service holds one activation, for the network's address.
	expect(
		( await activationsOf( request, license_id ) ).map(
			( activation ) => activation.site_url
		)
	).toEqual( [ NETWORK_HOST ] );

	await page.goto( '/wp-admin/network/update-core.php?force-check=1' );
	const updates = page.locator( '#update-plugins-table' );
	await expect( updates ).toContainText( 'Acme Widgets' );
	await expect( updates ).toContainText(
		'You have version 1.0.0 installed. Update to 1.0.5.'
	);
	await updateInNetworkAdmin( page, WIDGETS );
	expect( await networkInstalledVersion( request, WIDGETS ) ).toBe( '1.0.5' );

	// Every site runs the installed version: a subsite's Plugins screen and the network's list it at 1.0.5.
	for ( const screen of [
		'/one/wp-admin/plugins.php?plugin_status=all',
		'/wp-admin/network/plugins.php',
	] ) {
		await page.goto( screen );
		await expect(
			page.locator( `tr[data-plugin="${ WIDGETS }"]` )
		).toContainText( 'Version 1.0.5' );
	}

	await page.goto( NETWORK_SCREEN );
	await page
		.getByRole( 'button', { name: 'Deactivate on this network' } )
		.click();
	await expect( page.getByLabel( 'Licence key' ) ).toBeEditable();
	expect( await activationsOf( request, license_id ) ).toEqual( [] );
	await page.context().close();
} );

for ( const [ rule, slots, words ] of [
	[ 'network', 1, 'One site for the whole network' ],
	[ 'site', 2, 'Each site of the network counts as one site' ],
] as const ) {
	test( `a plugin active on two sites of the network takes ${ slots } slot(s) when its product counts per ${ rule }`, async ( {
		browser,
		request,
	} ) => {
		test.setTimeout( 180_000 );
		const { license_key, license_id, product_id } = await createLicense(
			request,
			{ slug: 'acme-gadgets', current_version: '1.0.0' },
			{ activation_limit: 5 }
		);
		await setMultisiteActivation( request, product_id, rule );
		const page = await networkAdmin( browser );
		for ( const site of [ '/one', '/two' ] ) {
			await setActiveOnSite( page, site, 'Acme Gadgets', true );
			await activateOnScreen(
				page,
				`${ site }${ GADGETS_SCREEN }`,
				license_key
			);
			await expect( page.locator( '.form-table' ) ).toContainText(
				words
			);
		}
		await page.goto( `/two${ GADGETS_SCREEN }` );
		await expect( page.locator( '.form-table' ) ).toContainText(
			`${ slots } of 5`
		);
		const sites = ( await activationsOf( request, license_id ) )
			.map( ( activation ) => activation.site_url )
			.sort();
		expect( sites ).toEqual(
			'network' === rule
				? [ NETWORK_HOST ]
				: [ `${ NETWORK_HOST }/one`, `${ NETWORK_HOST }/two` ]
		);
		await page.context().close();
	} );
}

test( 'a plugin active on one site only: its update is shown to the network administrator, who installs it', async ( {
	browser,
	request,
} ) => {
	test.setTimeout( 180_000 );
	const { license_key, product_id } = await createLicense(
		request,
		{ slug: 'acme-gadgets', current_version: '1.0.0' },
		{ activation_limit: 5 }
	);
	await uploadRelease(
		request,
		product_id,
		'1.0.6',
		samplePackage( 'plugins', 'acme-gadgets', '1.0.6' )
	);
	const page = await networkAdmin( browser );
	// Network Admin serves it through the SDK copy it loads: the network-active Acme Widgets bundles one.
	await networkActivate( page, 'Acme Widgets' );
	await setActiveOnSite( page, '/two', 'Acme Gadgets', false );
	await setActiveOnSite( page, '/one', 'Acme Gadgets', true );
	await activateOnScreen( page, `/one${ GADGETS_SCREEN }`, license_key );

	// Network Admin loads only network-active plugins (and the main site's): Acme Gadgets is not loaded there.
	await page.goto( '/wp-admin/network/update-core.php?force-check=1' );
	const updates = page.locator( '#update-plugins-table' );
	await expect( updates ).toContainText( 'Acme Gadgets' );
	await expect( updates ).toContainText(
		'You have version 1.0.0 installed. Update to 1.0.6.'
	);
	await updateInNetworkAdmin( page, GADGETS );
	expect( await networkInstalledVersion( request, GADGETS ) ).toBe( '1.0.6' );
	await page.context().close();
} );
