/**
 * The fast lane's must-use loader over its life (README "Fast lane", plugin/src/Lane/Loader.php): Site Health
 * says whether the lane is active; a loader written for another plugin version stands aside until an admin page
 * rewrites it; a read-only must-use folder leaves the normal route answering, and Site Health says why; a real
 * plugin upgrade through the Plugins screen (on the copy site, whose plugin is a copy) rewrites the loader.
 * Deactivation and uninstall removing it are asserted in e2e/api/lifecycle.spec.ts and uninstall.spec.ts.
 *
 * Each test switches the lane on itself, so the file means the same in the suite's lane-off run, and puts the
 * suite's settings back when done.
 */
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
	laneLoader,
	setSettings,
} from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const PANEL = '#health-check-accordion-block-svc_licensing_fast_lane';
const PLUGIN_ROW = 'tr[data-plugin="svc-licensing/svc-licensing.php"]';

type Body = { license_key: string; product_slug: string; site_url: string };

/**
 * A client without cookies. The admin project's requests carry the admin's login cookies (its storageState,
 * which request.newContext inherits as well), and the lane rightly steps aside for a WordPress cookie; a client
 * site calls without them.
 */
const client = ( url: string ) =>
	requestFactory.newContext( {
		baseURL: url,
		storageState: { cookies: [], origins: [] },
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
	// The screen then runs core's async tests and posts their results through admin-ajax, whose admin_init
	// syncs the loader from the settings it read when it began: a switch made while one is in flight would be
	// undone on disk until the next admin page (harmless, the lane reads the setting itself, but not what the
	// next step checks). Let them finish first.
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
