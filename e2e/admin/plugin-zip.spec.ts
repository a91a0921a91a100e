/**
 * The zip of `npm run plugin-zip` installs as a site owner installs it: on the copy site (its plugin is a copy, so
 * deleting it cannot reach the checkout), the plugin is deleted through the Plugins screen, the zip is uploaded
 * through Plugins -> Add New -> Upload Plugin in Chromium, activated, and the service answers its health check.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import {
	copyLeftovers,
	openCopySite,
	restoreCopyPlugin,
	type CopySite,
} from '../fixtures/copy-site';
import { repoRoot } from '../fixtures/env';
import {
	BUSY_WAIT,
	PLUGIN_ROW,
	deleteThroughPluginsScreen,
} from '../fixtures/plugins-screen';

test.describe.configure( { mode: 'serial', timeout: 6 * BUSY_WAIT } );

let site: CopySite;
let zip: { file: string; version: string };

/** `npm run plugin-zip`, written into this run's output folder rather than dist/. */
function buildZip( outDir: string ) {
	const run = spawnSync(
		process.execPath,
		[ '--import', 'tsx', 'tools/release/plugin-zip.ts', outDir ],
		{ cwd: repoRoot, encoding: 'utf8' }
	);
	expect( run.status, run.stderr ).toBe( 0 );
	const match = run.stdout.match( /(svc-licensing-([0-9.]+)\.zip): / );
	expect( match, run.stdout ).not.toBeNull();
	return {
		file: path.join( outDir, path.basename( match?.[ 1 ] ?? '' ) ),
		version: match?.[ 2 ] ?? '',
	};
}

test.beforeAll( async ( {}, testInfo ) => {
	zip = buildZip( testInfo.outputPath( 'dist' ) );
	site = await openCopySite();
	await restoreCopyPlugin( site.request );
} );

// The copy site gets back its usual copy of the checkout's plugin, for the specs after this one.
test.afterAll( async () => {
	if ( site === undefined ) {
		return;
	}
	if ( ( await copyLeftovers( site.request ) ).plugin_installed ) {
		await deleteThroughPluginsScreen( site.page );
	}
	await restoreCopyPlugin( site.request );
	await site.close();
} );

test( 'the plugin zip uploads through Plugins > Add New, activates, and the service answers health', async () => {
	const { page, request } = site;
	await deleteThroughPluginsScreen( page );
	expect( ( await copyLeftovers( request ) ).plugin_installed ).toBe( false );

	await page.goto( '/wp-admin/plugin-install.php' );
	await page.getByRole( 'button', { name: 'Upload Plugin' } ).click();
	await page.locator( '#pluginzip' ).setInputFiles( zip.file );
	await page.getByRole( 'button', { name: 'Install Now' } ).click();
	await expect(
		page.getByText( 'Plugin installed successfully.' )
	).toBeVisible( { timeout: BUSY_WAIT } );
	await page.getByRole( 'link', { name: 'Activate Plugin' } ).click();
	await expect( page.locator( '#message' ) ).toContainText( 'activated', {
		timeout: BUSY_WAIT,
	} );
	await expect(
		page.locator( PLUGIN_ROW ).locator( '.plugin-version-author-uri' )
	).toContainText( `Version ${ zip.version }` );

	const health = await request.get( '/wp-json/svc/v1/health' );
	expect( health.status(), await health.text() ).toBe( 200 );
	expect( ( await health.json() ).version ).toBe( zip.version );
} );
