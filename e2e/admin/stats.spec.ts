/**
 * The Stats screen (issue 16): Recharts is a chunk of its own that only this screen fetches (the first screen's
 * script stays small, and the chunk loads from the plugin's build folder under WordPress), every chart carries
 * its numbers as text, and a chart with nothing to show says so.
 */
import { randomUUID } from 'node:crypto';
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
	type Response,
} from '@playwright/test';
import { adminClient } from '../fixtures/client';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import { setSettings } from '../fixtures/test-helpers';
import { openScreen, saveScreenshot } from './screens';

const SECRET = `whsec_stats${ randomUUID().slice( 0, 8 ) }`;

test.afterEach( async ( { request } ) => {
	await setSettings( request, { webhook_signing_secret: '' } );
} );

/** Today's figures for every chart: a sale paid through Stripe (revenue, a licence) and a site activated. */
async function seedToday( request: APIRequestContext ) {
	await setSettings( request, { webhook_signing_secret: SECRET } );
	const client = await adminClient( request );
	const product = await client.createProduct( {
		name: unique( 'Stats' ),
	} );
	const price = unique( 'price_stats' );
	await client.createPrice( {
		processor_price_id: price,
		product_id: product.id,
	} );
	const paid = event(
		'invoice.paid',
		invoice(
			{
				invoice: unique( 'in' ),
				subscription: unique( 'sub' ),
				price,
				email: `stats-${ randomUUID().slice( 0, 6 ) }@example.com`,
				amount: 4900,
				periodEnd: nowSeconds() + 30 * 86400,
			},
			'classic'
		)
	);
	// 200: processed at once, the price being mapped.
	expect( ( await deliver( request, paid, SECRET ) ).status() ).toBe( 200 );
	const license = await client.createLicense( {
		product_id: product.id,
		customer_email: `stats-${ randomUUID().slice( 0, 6 ) }@example.com`,
	} );
	const activated = await request.post( '/wp-json/svc/v1/licenses/activate', {
		data: {
			license_key: license.license_key,
			product_slug: product.slug,
			site_url: `stats-${ randomUUID().slice( 0, 6 ) }.example.com`,
		},
	} );
	expect( activated.status() ).toBe( 200 );
	return client;
}

const BUILD = /\/wp-content\/plugins\/[^/]+\/build\/([^?]+)/;

/** The panel's scripts a page fetches from the plugin's build folder: file => body. */
function collectBuildScripts( page: Page ): Map< string, Promise< string > > {
	const scripts = new Map< string, Promise< string > >();
	page.on( 'response', ( response: Response ) => {
		const file = response.url().match( BUILD )?.[ 1 ];
		if ( file && response.request().resourceType() === 'script' ) {
			expect( response.status(), response.url() ).toBe( 200 );
			scripts.set( file, response.text() );
		}
	} );
	return scripts;
}

test( 'stats show the statistics object as cards and draw three charts', async ( {
	page,
	request,
} ) => {
	const stats = await ( await seedToday( request ) ).stats();
	await openScreen( page, 'stats' );
	await expect( page.getByTestId( 'svc-card-licenses' ) ).toContainText(
		String( stats.licenses.total )
	);
	await expect( page.getByTestId( 'svc-card-active' ) ).toContainText(
		String( stats.licenses.active )
	);
	for ( const chart of [
		'svc-chart-status',
		'svc-chart-activations',
		'svc-chart-revenue',
	] ) {
		await expect(
			page.getByTestId( chart ).locator( 'svg.recharts-surface' )
		).toBeVisible();
	}
	await expect(
		page
			.getByTestId( 'svc-chart-status' )
			.locator( '.recharts-bar-rectangle' )
	).toHaveCount( 6 ); // active, trial, expired, suspended, cancelled, revoked
	await expect( page.getByTestId( 'svc-check-database' ) ).toHaveText(
		'Database: Pass'
	);
} );

test( 'the first screen fetches no chart code; the Stats screen fetches the charts chunk from the build folder', async ( {
	page,
} ) => {
	const scripts = collectBuildScripts( page );
	await openScreen( page, 'licenses' );
	await page.waitForLoadState( 'networkidle' );
	expect( [ ...scripts.keys() ] ).toContain( 'index.js' );
	for ( const [ file, body ] of scripts ) {
		expect( await body, `${ file } holds Recharts` ).not.toContain(
			'recharts-surface'
		);
	}

	scripts.clear();
	await openScreen( page, 'stats' );
	await expect(
		page.getByTestId( 'svc-chart-status' ).locator( 'svg.recharts-surface' )
	).toBeVisible();
	const chunks = [ ...scripts.keys() ].filter(
		( file ) => file !== 'index.js'
	);
	expect( chunks.length ).toBeGreaterThan( 0 );
	const bodies = await Promise.all(
		chunks.map( ( file ) => scripts.get( file ) )
	);
	expect(
		bodies.some( ( body ) => body?.includes( 'recharts-surface' ) )
	).toBe( true );
} );

test( 'each chart has its numbers as text: a caption with the totals and a table for screen readers', async ( {
	page,
	request,
} ) => {
	const client = await seedToday( request );
	const stats = await client.stats();
	await openScreen( page, 'stats' );

	const statusFigure = page.getByRole( 'figure', {
		name: 'Licences by status',
	} );
	await expect( statusFigure ).toContainText(
		`${ stats.licenses.total } licences: ${ stats.licenses.active } Active`
	);
	const statusTable = page.getByRole( 'table', {
		name: 'Licences by status',
	} );
	await expect(
		statusTable.getByRole( 'row', { name: 'Active' } )
	).toHaveText( `Active${ stats.licenses.active }` );
	await expect(
		statusTable.getByRole( 'row', { name: 'Cancelled' } )
	).toHaveText( `Cancelled${ stats.licenses.cancelled }` );

	// The daily tables have a row per day of the 30-day window.
	await expect(
		page
			.getByRole( 'table', { name: 'Activations per day (30 days)' } )
			.locator( 'tbody tr' )
	).toHaveCount( 30 );
	await expect(
		page.getByRole( 'figure', { name: 'Activations per day (30 days)' } )
	).toContainText( /activations? in the last 30 days; the most on / );
	await expect(
		page.getByRole( 'figure', { name: 'Revenue per day (30 days)' } )
	).toContainText(
		/\$[\d,.]+ in the last 30 days; the most on .+ \(\$[\d,.]+\)\./
	);
	await saveScreenshot( page, 'stats' );
} );

test( 'a chart with no data shows a plain message instead of an empty drawing', async ( {
	page,
} ) => {
	// A site whose last 30 days had neither activations nor revenue: the daily series is all zeros.
	await page.route(
		( url ) =>
			decodeURIComponent( url.href ).includes( '/admin/stats/daily' ),
		async ( route ) => {
			const response = await route.fetch();
			const body = ( await response.json() ) as {
				currency: string;
				days: Array< Record< string, number | string > >;
			};
			await route.fulfill( {
				response,
				json: {
					...body,
					days: body.days.map( ( day ) => ( {
						...day,
						revenue: 0,
						licenses: 0,
						activations: 0,
					} ) ),
				},
			} );
		}
	);
	await openScreen( page, 'stats' );
	await expect(
		page.getByRole( 'figure', { name: 'Activations per day (30 days)' } )
	).toHaveText( 'No activations in the last 30 days.' );
	await expect(
		page.getByRole( 'figure', { name: 'Revenue per day (30 days)' } )
	).toHaveText( 'No revenue in the last 30 days.' );
	await expect( page.getByTestId( 'svc-chart-activations' ) ).toHaveCount(
		0
	);
	await expect( page.getByTestId( 'svc-chart-revenue' ) ).toHaveCount( 0 );
	await saveScreenshot( page, 'stats-empty' );
} );
