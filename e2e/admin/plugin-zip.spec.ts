/**
 * The zip of `npm run plugin-zip` installs as a site owner installs it: on the copy site (its plugin is a copy, so
 * deleting it cannot reach the checkout), the plugin is deleted through the Plugins screen, the zip is uploaded
 * through Plugins -> Add New -> Upload Plugin in Chromium, activated, and the service answers its health check.
 */
import { expect, test } from '@playwright/test';
import {
	copyLeftovers,
	openCopySite,
	restoreCopyPlugin,
	type CopySite,
} from '../fixtures/copy-site';
import {
	BUSY_WAIT,
	deleteThroughPluginsScreen,
} from '../fixtures/plugins-screen';
import {
	buildZip,
	uploadAndActivate,
	type PluginZip,
} from '../fixtures/plugin-upload';

test.describe.configure( { mode: 'serial', timeout: 6 * BUSY_WAIT } );

let site: CopySite;
let zip: PluginZip;

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

	await uploadAndActivate( page, zip );

	const health = await request.get( '/wp-json/svc/v1/health' );
	expect( health.status(), await health.text() ).toBe( 200 );
	expect( ( await health.json() ).version ).toBe( zip.version );
} );
