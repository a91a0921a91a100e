/**
 * Tools → Site Health (README "Site Health", plugin/src/Admin/SiteHealth.php): the three checks of GET /health
 * are direct Status tests whose actions open the panel's screens, a failing check reads as it should, and the
 * Info tab's "Licence Service" section shows versions, schema, row counts, jobs, the fast lane and the settings,
 * never the signing secret.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminClient } from '../fixtures/client';
import {
	applySuiteSettings,
	breakPackageDir,
	createLicense,
	readWrites,
	setSettings,
} from '../fixtures/test-helpers';
import { infoSection } from '../fixtures/site-health';

const SECRET = `whsec_sitehealth${ Date.now() }`;
const TESTS = {
	database: 'svc_licensing_database',
	file_storage: 'svc_licensing_file_storage',
	payment_webhook: 'svc_licensing_payment_webhook',
};

/** One direct test's result on the Status tab: its group, title, text and action links. */
async function statusOf( page: Page, test_id: string ) {
	const block = page.locator( `#health-check-accordion-block-${ test_id }` );
	await expect( block ).toBeAttached();
	return {
		group: await block.evaluate(
			( element ) =>
				element.closest( '[id^="health-check-issues-"]' )?.id ?? ''
		),
		title: (
			await page
				.locator(
					`[aria-controls="health-check-accordion-block-${ test_id }"] .title`
				)
				.textContent()
		)?.trim(),
		text: ( await block.textContent() )?.trim() ?? '',
		links: await block
			.locator( '.actions a' )
			.evaluateAll( ( anchors ) =>
				anchors.map( ( a ) => ( a as HTMLAnchorElement ).href )
			),
	};
}

test.describe( 'Site Health', () => {
	test.afterEach( async ( { request } ) => {
		await breakPackageDir( request, false );
		await setSettings( request, { webhook_signing_secret: '' } );
		await applySuiteSettings( request );
	} );

	test( 'the three health checks are Status tests; all good with a signing secret set', async ( {
		page,
		request,
	} ) => {
		await setSettings( request, { webhook_signing_secret: SECRET } );
		await page.goto( '/wp-admin/site-health.php' );
		expect( await statusOf( page, TESTS.database ) ).toMatchObject( {
			group: 'health-check-issues-good',
			title: 'The licence service database answers and its schema is current',
		} );
		expect( await statusOf( page, TESTS.file_storage ) ).toMatchObject( {
			group: 'health-check-issues-good',
			title: 'The licence service can store release packages',
		} );
		const webhook = await statusOf( page, TESTS.payment_webhook );
		expect( webhook ).toMatchObject( {
			group: 'health-check-issues-good',
			title: 'Payment webhooks are verified',
		} );
		expect( webhook.links ).toContainEqual(
			expect.stringContaining( 'admin.php?page=svc-licensing-webhooks' )
		);
	} );

	test( 'a Status test names where the rate-limit counters live (issue 42)', async ( {
		page,
		request,
	} ) => {
		const { store } = await readWrites( request, 'site-health-store' );
		const named: Record< string, string > = {
			database: 'the database',
			apcu: "APCu (this web server's shared memory)",
			redis: 'Redis',
			'object-cache': 'the persistent object cache',
		};
		await page.goto( '/wp-admin/site-health.php' );
		expect(
			await statusOf( page, 'svc_licensing_counters' )
		).toMatchObject( {
			group: 'health-check-issues-good',
			title: `Rate-limit counters are kept in ${ named[ store ] }`,
			text: expect.stringContaining(
				'APCu is shared by one web server only'
			),
		} );
	} );

	test( 'a Status test says the database keeps the licence counts (issue 43)', async ( {
		page,
	} ) => {
		await page.goto( '/wp-admin/site-health.php' );
		expect( await statusOf( page, 'svc_licensing_counts' ) ).toMatchObject(
			{
				group: 'health-check-issues-good',
				title: 'Licence counts are kept by the database',
				text: expect.stringContaining(
					'the database keeps with triggers'
				),
			}
		);
	} );

	test( "no signing secret is recommended, and its action opens the panel's Settings screen", async ( {
		page,
		request,
	} ) => {
		await setSettings( request, { webhook_signing_secret: '' } );
		await page.goto( '/wp-admin/site-health.php' );
		const webhook = await statusOf( page, TESTS.payment_webhook );
		expect( webhook ).toMatchObject( {
			group: 'health-check-issues-recommended',
			title: 'Payment webhooks cannot be verified',
			text: expect.stringContaining(
				'No webhook signing secret is configured.'
			),
		} );
		const settings = webhook.links.find( ( href ) =>
			href.includes( 'page=svc-licensing-settings' )
		);
		expect( settings ).toBeDefined();
		await page.goto( settings as string );
		await expect( page.getByTestId( 'svc-secret-state' ) ).toHaveText(
			'No signing secret is set: every delivery is refused.'
		);
	} );

	test( 'an unwritable package folder is critical', async ( {
		page,
		request,
	} ) => {
		await breakPackageDir( request, true );
		await page.goto( '/wp-admin/site-health.php' );
		expect( await statusOf( page, TESTS.file_storage ) ).toMatchObject( {
			group: 'health-check-issues-critical',
			title: 'The licence service cannot store release packages',
			text: expect.stringContaining(
				'The package folder is not writable.'
			),
		} );
		expect( ( await statusOf( page, TESTS.database ) ).group ).toBe(
			'health-check-issues-good'
		);

		await breakPackageDir( request, false );
		await page.goto( '/wp-admin/site-health.php' );
		expect( ( await statusOf( page, TESTS.file_storage ) ).group ).toBe(
			'health-check-issues-good'
		);
	} );

	test( 'the Info tab has a Licence Service section with versions, counts, jobs and settings, and no secret', async ( {
		page,
		request,
	} ) => {
		await createLicense( request, { slug: `health-${ Date.now() }` } );
		await setSettings( request, { webhook_signing_secret: SECRET } );
		const stats = await ( await adminClient( request ) ).stats();
		const health = await (
			await request.get( '/wp-json/svc/v1/health' )
		).json();

		const info = await infoSection( page );
		expect( info[ 'Plugin version' ] ).toBe( health.version );
		expect( info[ 'Client SDK version shipped' ] ).toMatch(
			/^\d+\.\d+\.\d+/
		);
		expect( info[ 'Schema version' ] ).toMatch( /^\d+ \(current\)$/ );
		expect( info[ 'Rows: licences' ] ).toBe(
			String( stats.licenses.total )
		);
		expect( info[ 'Rows: products' ] ).toBe(
			String( stats.products.total )
		);
		for ( const table of [
			'activations',
			'releases',
			'payment webhook events',
			'API keys',
			'licence events',
			'outbound webhook endpoints',
			'outbound webhook deliveries',
			'outbound webhook attempts',
			'portal sign-in links',
		] ) {
			expect( info[ `Rows: ${ table }` ] ).toMatch( /^\d+$/ );
		}
		for ( const job of [
			'licence expiry',
			'payment webhook retries',
			'outbound webhooks',
		] ) {
			expect( info[ `Next run: ${ job }` ] ).toMatch(
				/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \((in \d+ (min|h)|due now|overdue by \d+ (min|h|days))\)$/
			);
		}
		expect( info[ 'WP-Cron disabled (DISABLE_WP_CRON)' ] ).toMatch(
			/^(Yes|No)$/
		);
		expect( info[ 'Fast lane' ] ).toMatch(
			/^(on|off|stale|unwritable|multisite)$/
		);
		expect( info.currency ).toBe( 'USD' );
		expect( info.webhook_signing_secret_set ).toBe( 'Yes' );

		// Neither the page nor the copy for support holds the secret; the private field is not copied.
		expect( await page.content() ).not.toContain( SECRET );
		expect( await page.locator( 'body' ).innerText() ).not.toContain(
			'whsec_'
		);
		const copied =
			( await page
				.locator( '.site-health-copy-buttons button' )
				.first()
				.getAttribute( 'data-clipboard-text' ) ) ?? '';
		expect( copied ).toContain( '### svc-licensing ###' );
		expect( copied ).toContain(
			'setting_webhook_signing_secret_set: true'
		);
		expect( copied ).not.toContain( SECRET );
		expect( copied ).not.toContain( 'trusted_proxies' );
	} );
} );
