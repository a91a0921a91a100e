/**
 * The fast lane's must-use loader over its life (README "Fast lane", plugin/src/Lane/Loader.php): Site Health
 * says whether the lane is active; a loader written for another plugin version stands aside until an
 * administrator's admin page rewrites it, and nothing else rewrites it (no admin-ajax or admin-post request without
 * a login, no subscriber, no AJAX call); a loader calling a lane entry this plugin does not have stands aside
 * instead of failing; a read-only must-use folder leaves the normal route answering, and Site Health says why; with
 * DISALLOW_FILE_MODS the plugin writes no loader, removes or ignores the one it wrote, and Site Health says why; a
 * real plugin upgrade through the Plugins screen (on the copy site, whose plugin is a copy) rewrites the loader.
 * Deactivation and uninstall removing it are asserted in e2e/api/lifecycle.spec.ts and uninstall.spec.ts.
 *
 * Each test switches the lane on itself, so the file means the same in the suite's lane-off run, and puts the
 * suite's settings back when done.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	test,
	request as requestFactory,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import {
	applyCopySuiteSettings,
	copyHelper,
	copyLaneLoader,
	openCopySite,
} from '../fixtures/copy-site';
import { baseURL, copySite, repoRoot } from '../fixtures/env';
import {
	SUITE_SETTINGS,
	applySuiteSettings,
	createLicense,
	createUserWithCaps,
	disallowFileModsHeaders,
	laneLoader,
	setSettings,
	writeLaneLoader,
} from '../fixtures/test-helpers';
import { logIn } from '../fixtures/sign-in';
import { makeZip } from '../fixtures/zip';

const PANEL = '#health-check-accordion-block-svc_licensing_fast_lane';
const PLUGIN_ROW = 'tr[data-plugin="svc-licensing/svc-licensing.php"]';

type Body = { license_key: string; product_slug: string; site_url: string };

/**
 * A client without cookies. The admin project's requests carry the admin's login cookies (its storageState,
 * which request.newContext inherits as well), and the lane rightly steps aside for a WordPress cookie; a client
 * site calls without them. Headers, when given, go with every request.
 */
const client = ( url: string, extraHTTPHeaders?: Record< string, string > ) =>
	requestFactory.newContext( {
		baseURL: url,
		storageState: { cookies: [], origins: [] },
		extraHTTPHeaders,
	} );

/** Who answered a validate: the lane, or WordPress (the answer is the same, and correct, either way). */
async function answeredBy(
	request: APIRequestContext,
	body: Body
): Promise< 'lane' | 'wordpress' > {
	const answer = await request.post( '/wp-json/svc/v1/licenses/validate', {
		data: body,
	} );
	expect( answer.status() ).toBe( 200 );
	expect( ( await answer.json() ).valid ).toBe( true );
	return answer.headers()[ 'x-svc-test-lane' ] === '1' ? 'lane' : 'wordpress';
}

/** The lane's Site Health result (a direct test, run when the screen loads): its group, title and text. */
async function siteHealth( page: Page ) {
	await page.goto( '/wp-admin/site-health.php' );
	const panel = page.locator( PANEL );
	await expect( panel ).toBeAttached();
	// The screen then runs core's async tests through admin-ajax (which leaves the loader alone): let them
	// finish, so none is still running when the next step changes the site.
	await page.waitForLoadState( 'networkidle' );
	return {
		group: await panel.evaluate(
			( element ) =>
				element.closest( '[id^="health-check-issues-"]' )?.id ?? ''
		),
		title: (
			await page
				.locator( `[aria-controls="${ PANEL.slice( 1 ) }"] .title` )
				.textContent()
		)?.trim(),
		text: ( await panel.textContent() )?.trim() ?? '',
	};
}

const ACTIVE = {
	group: 'health-check-issues-good',
	title: 'The Licence Service fast lane is active',
	text: expect.stringContaining( 'The fast lane is active' ),
};

/** The site's owner forbade file changes: nothing to fix, so a good result, saying why the lane is off. */
const FILE_MODS_DISALLOWED = {
	group: 'health-check-issues-good',
	title: 'The Licence Service fast lane is not active',
	text: expect.stringContaining(
		'The fast lane is off because this site sets DISALLOW_FILE_MODS'
	),
};

/** A licence activated on one site, to validate. */
async function activated(
	request: APIRequestContext,
	license_key: string,
	slug: string
): Promise< Body > {
	const body = {
		license_key,
		product_slug: slug,
		site_url: 'https://loader.example',
	};
	const activation = await request.post(
		'/wp-json/svc/v1/licenses/activate',
		{ data: body }
	);
	expect( activation.status() ).toBe( 200 );
	return body;
}

test.describe( 'the fast lane loader on the test site', () => {
	test.describe.configure( { mode: 'serial' } );
	let body: Body;
	let calls: APIRequestContext;

	test.beforeAll( async ( { request } ) => {
		calls = await client( baseURL );
		const slug = `loader-${ Date.now() }`;
		const { license_key } = await createLicense( request, { slug } );
		body = await activated( calls, license_key, slug );
	} );
	test.afterAll( async ( { request } ) => {
		await laneLoader( request, 'unlock' );
		await applySuiteSettings( request );
		await calls.dispose();
	} );

	test( 'Site Health says whether the lane is active; switched off, the loader goes and WordPress answers', async ( {
		request,
		page,
	} ) => {
		await setSettings( request, { fast_lane: true } );
		const on = await laneLoader( request );
		expect( on.loader ).toBe( true );
		expect( on.loader_version ).toBe( on.plugin_version );
		expect( await answeredBy( calls, body ) ).toBe( 'lane' );
		expect( await siteHealth( page ) ).toEqual( ACTIVE );

		await setSettings( request, { fast_lane: false } );
		expect( ( await laneLoader( request ) ).loader ).toBe( false );
		expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );
		expect( await siteHealth( page ) ).toEqual( {
			group: 'health-check-issues-good',
			title: 'The Licence Service fast lane is not active',
			text: expect.stringContaining(
				'The fast lane is switched off in the Licence Service settings.'
			),
		} );
	} );

	test( 'a loader written for another plugin version stands aside until the next admin page rewrites it', async ( {
		request,
		page,
	} ) => {
		await setSettings( request, { fast_lane: true } );
		const stale = await laneLoader( request, 'stale' );
		expect( stale.loader_version ).toBe( '0.0.1-stale' );
		expect( stale.plugin_version ).not.toBe( '0.0.1-stale' );
		// REST requests do not rewrite it: WordPress keeps answering, never the old loader's lane.
		expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );
		expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );

		await page.goto( '/wp-admin/' );
		const rewritten = await laneLoader( request );
		expect( rewritten.loader_version ).toBe( rewritten.plugin_version );
		expect( await answeredBy( calls, body ) ).toBe( 'lane' );
	} );

	test( 'with the must-use folder read-only, WordPress answers and Site Health says why', async ( {
		request,
		page,
	} ) => {
		await setSettings( request, { fast_lane: true } );
		try {
			// Never written (say, switched on while the folder was read-only).
			await laneLoader( request, 'remove' );
			expect(
				( await laneLoader( request, 'lock' ) ).folder_writable
			).toBe( false );
			const unwritable = await siteHealth( page );
			expect( unwritable ).toEqual( {
				group: 'health-check-issues-recommended',
				title: 'The Licence Service fast lane is not active',
				text: expect.stringMatching(
					/The fast lane is switched on but its loader could not be written to \S*mu-plugins\. Licence checks take the normal REST route/
				),
			} );
			// The admin page tried, and could not.
			expect( ( await laneLoader( request ) ).loader ).toBe( false );
			expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );

			// Written once, then left from another version while the folder is read-only.
			await laneLoader( request, 'unlock' );
			await page.goto( '/wp-admin/' );
			expect( ( await laneLoader( request ) ).loader ).toBe( true );
			await laneLoader( request, 'stale' );
			await laneLoader( request, 'lock' );
			expect( await siteHealth( page ) ).toEqual( {
				group: 'health-check-issues-recommended',
				title: 'The Licence Service fast lane is not active',
				text: expect.stringContaining(
					'The fast lane loader is from another version of the plugin, so it stands aside'
				),
			} );
			expect( ( await laneLoader( request ) ).loader_version ).toBe(
				'0.0.1-stale'
			);
			expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );
		} finally {
			await laneLoader( request, 'unlock' );
		}
		expect( await siteHealth( page ) ).toEqual( ACTIVE );
		expect( await answeredBy( calls, body ) ).toBe( 'lane' );
	} );

	test( 'only an administrator’s admin page rewrites the loader: not admin-ajax or admin-post without a login, not a subscriber, not an AJAX call', async ( {
		request,
		page,
		browser,
	} ) => {
		await setSettings( request, { fast_lane: true } );
		const visitor = await client( baseURL );
		const login = `lane-${ randomUUID().slice( 0, 8 ) }`;
		const password = `pw-${ randomUUID() }`;
		await createUserWithCaps( request, { login, password, caps: [] } );
		const subscriber = await browser.newContext( {
			baseURL,
			storageState: { cookies: [], origins: [] },
		} );
		try {
			// A stale loader, then none at all: both are what an admin page would rewrite.
			for ( const change of [ 'stale', 'remove' ] as const ) {
				await writeLaneLoader( request );
				const before = await laneLoader( request, change );
				const requests = {
					'admin-ajax.php without a login': () =>
						visitor.get(
							'/wp-admin/admin-ajax.php?action=nopriv_anything'
						),
					'admin-post.php without a login': () =>
						visitor.post( '/wp-admin/admin-post.php', {
							form: { action: 'anything' },
						} ),
					// This context carries the administrator's login cookies.
					'the administrator’s AJAX call': () =>
						request.get(
							'/wp-admin/admin-ajax.php?action=anything'
						),
				};
				for ( const [ name, send ] of Object.entries( requests ) ) {
					// admin_init ran: WordPress answered with its own 400 for an action nobody handles.
					expect( ( await send() ).status(), name ).toBe( 400 );
					expect( await laneLoader( request ), name ).toEqual(
						before
					);
				}
				expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );
			}
			// A signed-in subscriber's admin page (wp-login.php sends them to their profile).
			const subscriberPage = await subscriber.newPage();
			await logIn( subscriberPage, login, password );
			await subscriberPage.goto( '/wp-admin/profile.php' );
			await expect(
				subscriberPage.locator( '#your-profile' )
			).toBeVisible();
			expect( ( await laneLoader( request ) ).loader ).toBe( false );

			await page.goto( '/wp-admin/' );
			const rewritten = await laneLoader( request );
			expect( rewritten.loader ).toBe( true );
			expect( rewritten.loader_version ).toBe( rewritten.plugin_version );
			expect( await answeredBy( calls, body ) ).toBe( 'lane' );
		} finally {
			await visitor.dispose();
			await subscriber.close();
		}
	} );

	test( 'a loader calling a lane entry this plugin does not have, or the unversioned entry of old, stands aside until an admin page rewrites it', async ( {
		request,
		page,
	} ) => {
		await setSettings( request, { fast_lane: true } );
		// other_api: as a later plugin version's loader, whose entry takes other arguments. legacy: as the plugin
		// wrote it before the entry was versioned (for this very version: only the entry sends it aside).
		for ( const change of [ 'other_api', 'legacy' ] as const ) {
			await writeLaneLoader( request );
			const changed = await laneLoader( request, change );
			expect( changed.loader_version ).toBe( changed.plugin_version );
			// Neither a fatal error nor the lane: WordPress answers.
			expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );
			expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );

			await page.goto( '/wp-admin/' );
			expect( await answeredBy( calls, body ) ).toBe( 'lane' );
		}
	} );

	test( 'with DISALLOW_FILE_MODS the plugin writes no loader, removes the one it wrote or leaves it standing aside, and Site Health says why', async ( {
		request,
		page,
	} ) => {
		// Each request of this test that carries these runs as on a site whose wp-config.php sets the constant.
		const disallowed = disallowFileModsHeaders();
		const owner = await requestFactory.newContext( {
			baseURL,
			extraHTTPHeaders: disallowed,
		} );
		const disallowedCalls = await client( baseURL, disallowed );
		try {
			// Written before the site set the constant.
			await setSettings( request, { fast_lane: true } );
			await writeLaneLoader( request );
			expect( await answeredBy( calls, body ) ).toBe( 'lane' );
			// Under the constant it stands aside at once, before anything removes it.
			expect( await answeredBy( disallowedCalls, body ) ).toBe(
				'wordpress'
			);

			// The administrator's admin page removes it, and Site Health says why the lane is off.
			await page.setExtraHTTPHeaders( disallowed );
			expect( await siteHealth( page ) ).toEqual( FILE_MODS_DISALLOWED );
			expect( ( await laneLoader( request ) ).loader ).toBe( false );

			// Switched off and on again, and another admin page: still nothing written.
			await setSettings( owner, { fast_lane: false } );
			await setSettings( owner, { fast_lane: true } );
			await page.goto( '/wp-admin/' );
			expect( ( await laneLoader( request ) ).loader ).toBe( false );
			expect( await answeredBy( disallowedCalls, body ) ).toBe(
				'wordpress'
			);

			// One it cannot remove (the must-use folder read-only) stays, and stands aside.
			await writeLaneLoader( request );
			expect(
				( await laneLoader( request, 'lock' ) ).folder_writable
			).toBe( false );
			expect( await siteHealth( page ) ).toEqual( FILE_MODS_DISALLOWED );
			expect( ( await laneLoader( request ) ).loader ).toBe( true );
			expect( await answeredBy( disallowedCalls, body ) ).toBe(
				'wordpress'
			);
			// The same file answers a request without the constant: it is the constant that sends it aside.
			expect( await answeredBy( calls, body ) ).toBe( 'lane' );
		} finally {
			await laneLoader( request, 'unlock' );
			await owner.dispose();
			await disallowedCalls.dispose();
		}
		// Without the constant, the next admin page writes it again.
		await page.setExtraHTTPHeaders( {} );
		await laneLoader( request, 'remove' );
		expect( await siteHealth( page ) ).toEqual( ACTIVE );
		expect( await answeredBy( calls, body ) ).toBe( 'lane' );
	} );
} );

/** The plugin as a release zip (svc-licensing/…), at another version when given. */
function pluginZip( version?: string ): Buffer {
	const root = path.join( repoRoot, 'plugin' );
	const files: Record< string, string | Buffer > = {};
	for ( const entry of fs.readdirSync( root, {
		recursive: true,
		withFileTypes: true,
	} ) ) {
		if ( entry.isFile() ) {
			const full = path.join( entry.parentPath, entry.name );
			files[ `svc-licensing/${ path.relative( root, full ) }` ] =
				fs.readFileSync( full );
		}
	}
	if ( version !== undefined ) {
		files[ 'svc-licensing/src/version.php' ] = String(
			files[ 'svc-licensing/src/version.php' ]
		).replace( /return '[^']+';/, `return '${ version }';` );
		files[ 'svc-licensing/svc-licensing.php' ] = String(
			files[ 'svc-licensing/svc-licensing.php' ]
		).replace( /^( \* Version:\s+)\S+$/m, `$1${ version }` );
	}
	return makeZip( files );
}

/** Plugins > Add New > Upload Plugin, then "Replace current with uploaded". */
async function uploadReplacing( page: Page, zip: Buffer ) {
	await page.goto( '/wp-admin/plugin-install.php?tab=upload' );
	await page.locator( '#pluginzip' ).setInputFiles( {
		name: 'svc-licensing.zip',
		mimeType: 'application/zip',
		buffer: zip,
	} );
	await page.getByRole( 'button', { name: 'Install Now' } ).click();
	await page
		.getByRole( 'link', { name: 'Replace current with uploaded' } )
		.click();
	// "updated" for a higher version, "downgraded" for a lower one.
	await expect(
		page.getByText( /^Plugin (updated|downgraded) successfully\.$/ )
	).toBeVisible();
}

test( 'a plugin upgrade through the Plugins screen rewrites the loader, and the lane answers again', async () => {
	test.setTimeout( 120_000 );
	const site = await openCopySite();
	const { request, page } = site;
	const calls = await client( copySite.baseURL );
	const original = ( await copyLaneLoader( request ) ).plugin_version;
	let restored;
	try {
		await applyCopySuiteSettings( request, {
			...SUITE_SETTINGS,
			fast_lane: true,
		} );
		const slug = `upgrade-${ Date.now() }`;
		const { license_key } = await copyHelper(
			request,
			'POST',
			'/fixtures/license',
			{ product: { slug }, license: {} }
		);
		const body = await activated( calls, license_key, slug );
		expect( await copyLaneLoader( request ) ).toMatchObject( {
			loader: true,
			loader_version: original,
		} );
		expect( await answeredBy( calls, body ) ).toBe( 'lane' );

		await uploadReplacing( page, pluginZip( '0.1.1-e2e' ) );
		// Upgraded; no admin page has loaded since, so the loader is still the old version's and stands aside.
		expect( await copyLaneLoader( request ) ).toMatchObject( {
			loader: true,
			loader_version: original,
			plugin_version: '0.1.1-e2e',
		} );
		expect( await answeredBy( calls, body ) ).toBe( 'wordpress' );
		await page.goto( '/wp-admin/plugins.php' );
		await expect(
			page
				.locator( PLUGIN_ROW )
				.getByRole( 'link', { name: /^Deactivate/ } )
		).toBeVisible();
		expect( await copyLaneLoader( request ) ).toMatchObject( {
			loader_version: '0.1.1-e2e',
			plugin_version: '0.1.1-e2e',
		} );
		expect( await answeredBy( calls, body ) ).toBe( 'lane' );
	} finally {
		// The checkout's version back, the same way.
		await uploadReplacing( page, pluginZip() );
		await page.goto( '/wp-admin/plugins.php' );
		restored = await copyLaneLoader( request );
		await applyCopySuiteSettings( request, SUITE_SETTINGS );
		await site.close();
		await calls.dispose();
	}
	expect( restored ).toMatchObject( {
		loader_version: original,
		plugin_version: original,
	} );
} );
