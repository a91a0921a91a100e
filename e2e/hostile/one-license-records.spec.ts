/**
 * Hostile, from the seat of a paying customer with one licence key and curl: other customers' records and data
 * (issue 40, findings 5 and 6). An update check's decision belongs to a licence and a site (docs/explain.md): a
 * check with my key and another customer's site URL adds my own row and never rewrites theirs; invented sites add
 * at most one row per licence and never count as offers of the release. Deleting a licence and erasing its
 * customer take its health reports and update decisions (site URLs, WordPress and PHP versions) with it, and the
 * personal-data export shows them before.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { testToken } from '../fixtures/env';
import {
	afterResponsePending,
	applySuiteSettings,
	keyHeaders,
	postOk,
	scanPersonalData,
} from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';
const ADMIN = `${ API }/admin`;

type Headers = Record< string, string >;

interface Decision {
	product_id: number;
	site_url: string;
	license_id: number;
	activation_id: number | null;
	checked_at: string;
	answer: string;
	offered_version: string | null;
	wp_version: string | null;
	php_version: string | null;
	summary: string;
}

interface Shop {
	headers: Headers;
	slug: string;
	productId: number;
	releaseId: number;
}

/** A product with a published 2.0.0 for every licence (no rollout). */
async function openShop( request: APIRequestContext ): Promise< Shop > {
	const headers = await keyHeaders( request, 'admin' );
	const tag = randomUUID().slice( 0, 8 );
	const product = await postOk( request, `${ ADMIN }/products`, headers, {
		name: `Hostile records ${ tag }`,
	} );
	const release = await postOk(
		request,
		`${ ADMIN }/products/${ product.id }/releases`,
		headers,
		{
			version: '2.0.0',
			package_url: `https://downloads.example.com/${ tag }-2.0.0.zip`,
			package_sha256: 'b'.repeat( 64 ),
			publish: true,
		}
	);
	return {
		headers,
		slug: product.slug,
		productId: product.id,
		releaseId: release.id,
	};
}

async function buyLicense(
	request: APIRequestContext,
	shop: Shop,
	email = `buyer-${ randomUUID().slice( 0, 8 ) }@example.com`
) {
	return ( await postOk( request, `${ ADMIN }/licenses`, shop.headers, {
		product_id: shop.productId,
		customer_email: email,
		activation_limit: 1,
	} ) ) as { id: number; license_key: string };
}

async function activate(
	request: APIRequestContext,
	shop: Shop,
	key: string,
	site: string
) {
	const response = await request.post( `${ API }/licenses/activate`, {
		data: { license_key: key, product_slug: shop.slug, site_url: site },
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
}

async function check(
	request: APIRequestContext,
	shop: Shop,
	key: string,
	site: string,
	versions: Record< string, string > = {}
) {
	const response = await request.get( `${ API }/updates/check`, {
		params: {
			product_slug: shop.slug,
			license_key: key,
			site_url: site,
			current_version: '1.0.0',
			...versions,
		},
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
}

/** The decisions are written after the answer has left: wait until no request has that work pending. */
const settled = ( request: APIRequestContext ) =>
	expect.poll( () => afterResponsePending( request ) ).toEqual( {} );

async function explain(
	request: APIRequestContext,
	shop: Shop,
	params: Record< string, string >
): Promise< Decision[] > {
	await settled( request );
	const answer = await request.get( `${ ADMIN }/explain`, {
		headers: shop.headers,
		params,
	} );
	expect( answer.status(), await answer.text() ).toBe( 200 );
	return ( await answer.json() ).decisions;
}

async function offered( request: APIRequestContext, shop: Shop ) {
	await settled( request );
	const release = await request.get(
		`${ ADMIN }/releases/${ shop.releaseId }`,
		{
			headers: shop.headers,
		}
	);
	expect( release.status() ).toBe( 200 );
	return ( await release.json() ).offered as number;
}

const host = ( site: string ) => new URL( site ).host;

test.describe( 'one licence, other customers’ records', () => {
	test.beforeEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	test( 'an update check with my key and another customer’s site leaves their decision as it was', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const tag = randomUUID().slice( 0, 8 );
		const theirSite = `https://their-${ tag }.example.com`;
		const theirs = await buyLicense( request, shop );
		await activate( request, shop, theirs.license_key, theirSite );
		await check( request, shop, theirs.license_key, theirSite, {
			wp_version: '6.5.2',
			php_version: '8.2.12',
		} );
		const [ before ] = await explain( request, shop, { site: theirSite } );
		expect( before ).toMatchObject( {
			license_id: theirs.id,
			activation_id: expect.any( Number ),
			answer: 'offered',
			php_version: '8.2.12',
		} );

		// My own licence, their site URL, another PHP: the seller must still read their licence and activation.
		const mine = await buyLicense( request, shop );
		await check( request, shop, mine.license_key, theirSite, {
			wp_version: '6.1',
			php_version: '7.4.33',
		} );
		const after = await explain( request, shop, { site: theirSite } );
		expect(
			after.find( ( d ) => d.license_id === theirs.id ),
			'their decision, read by site'
		).toEqual( before );
		const byLicense = await explain( request, shop, {
			license_id: String( theirs.id ),
		} );
		expect( byLicense ).toEqual( [ before ] );
		// My check is mine: a row of my licence, with no activation.
		expect( after.find( ( d ) => d.license_id === mine.id ) ).toMatchObject(
			{
				activation_id: null,
				php_version: '7.4.33',
			}
		);
	} );

	test( 'invented sites add at most one row for the licence and no offer of the release', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const tag = randomUUID().slice( 0, 8 );
		const mine = await buyLicense( request, shop );
		const realSite = `https://real-${ tag }.example.com`;
		await activate( request, shop, mine.license_key, realSite );
		await check( request, shop, mine.license_key, realSite );
		expect(
			await explain( request, shop, { license_id: String( mine.id ) } )
		).toHaveLength( 1 );
		const offeredBefore = await offered( request, shop );
		expect( offeredBefore ).toBe( 1 );

		for ( let i = 0; i < 20; i += 4 ) {
			await Promise.all(
				[ 0, 1, 2, 3 ].map( ( j ) =>
					check(
						request,
						shop,
						mine.license_key,
						`https://invented-${ i + j }-${ tag }.example.com`
					)
				)
			);
		}
		const rows = await explain( request, shop, {
			license_id: String( mine.id ),
		} );
		expect(
			rows.length,
			rows.map( ( d ) => d.site_url ).join( ', ' )
		).toBeLessThanOrEqual( 2 );
		// The activated site's row is still there.
		expect( rows.map( ( d ) => d.site_url ) ).toContain( host( realSite ) );
		expect( await offered( request, shop ) ).toBe( offeredBefore );
	} );

	/** Two licences of one customer, each activated on its site, checked and reported; one also checked from a spare site. */
	async function customerWithRecords(
		request: APIRequestContext,
		shop: Shop
	) {
		const tag = randomUUID().slice( 0, 8 );
		const email = `records-${ tag }@example.com`;
		const sites = [
			`https://one-${ tag }.example.com`,
			`https://two-${ tag }.example.com`,
		];
		const unactivated = `https://spare-${ tag }.example.com`;
		const licenses = [];
		for ( const site of sites ) {
			const license = await buyLicense( request, shop, email );
			await activate( request, shop, license.license_key, site );
			await check( request, shop, license.license_key, site, {
				wp_version: '6.5.2',
				php_version: '8.2.12',
			} );
			const reported = await request.post( `${ API }/updates/report`, {
				data: {
					license_key: license.license_key,
					product_slug: shop.slug,
					site_url: site,
					version: '2.0.0',
					outcome: 'installed',
				},
			} );
			expect( reported.status(), await reported.text() ).toBe( 200 );
			licenses.push( license );
		}
		await check( request, shop, licenses[ 0 ].license_key, unactivated );
		await settled( request );
		for ( const site of [ ...sites, unactivated ] ) {
			expect(
				( await scanPersonalData( request, host( site ) ) )
					.svc_update_decisions,
				site
			).toBe( 1 );
		}
		for ( const site of sites ) {
			expect(
				( await scanPersonalData( request, host( site ) ) )
					.svc_release_reports,
				site
			).toBe( 1 );
		}
		return { email, sites, unactivated, licenses };
	}

	test( 'the personal-data export shows a customer’s health reports and update decisions', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const { email, sites, unactivated } = await customerWithRecords(
			request,
			shop
		);
		// Through the admin route and through WordPress' exporter.
		const exported = await postOk(
			request,
			`${ ADMIN }/privacy/export`,
			shop.headers,
			{ email }
		);
		expect(
			( exported.export.update_decisions ?? [] )
				.map( ( d: { site_url: string } ) => d.site_url )
				.sort(),
			JSON.stringify( Object.keys( exported.export ) )
		).toEqual( [ ...sites, unactivated ].map( host ).sort() );
		expect( exported.export.update_decisions[ 0 ] ).toMatchObject( {
			product: expect.any( String ),
			license_id: expect.any( Number ),
			checked_at: expect.any( String ),
			wp_version: expect.anything(),
		} );
		expect(
			( exported.export.release_reports ?? [] )
				.map( ( r: { site_url: string } ) => r.site_url )
				.sort()
		).toEqual( sites.map( host ).sort() );
		expect( exported.export.total_records ).toBe( 2 + 3 + 2 );
		const core = await (
			await request.post( '/wp-json/svc-test/v1/core-privacy', {
				headers: { 'X-Svc-Test-Token': testToken },
				data: { action: 'export', email },
			} )
		).json();
		const values = JSON.stringify( core.data );
		for ( const site of [ ...sites, unactivated ] ) {
			expect( values, 'WordPress’ export' ).toContain( host( site ) );
		}
	} );

	test( 'deleting a licence takes its health reports and update decisions and redacts its events, and erasing the customer the rest', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const { email, sites, unactivated, licenses } =
			await customerWithRecords( request, shop );
		const deleted = await request.delete(
			`${ ADMIN }/licenses/${ licenses[ 0 ].id }`,
			{ params: { force: 'true' }, headers: shop.headers }
		);
		expect( deleted.status(), await deleted.text() ).toBeLessThan( 300 );
		for ( const site of [ sites[ 0 ], unactivated ] ) {
			const found = await scanPersonalData( request, host( site ) );
			expect(
				found,
				`${ site } after the licence was deleted`
			).toMatchObject( {
				svc_update_decisions: 0,
				svc_release_reports: 0,
				// The log keeps the licence's events (the audit trail), with the customer's sites and email
				// redacted: a later erase by email no longer finds them.
				svc_events: 0,
			} );
		}
		// The other licence's are still there, and the erase by email takes them.
		expect(
			await scanPersonalData( request, host( sites[ 1 ] ) )
		).toMatchObject( {
			svc_update_decisions: 1,
			svc_release_reports: 1,
		} );
		await postOk( request, `${ ADMIN }/privacy/erase`, shop.headers, {
			email,
		} );
		const found = await scanPersonalData( request, host( sites[ 1 ] ) );
		expect( found, `${ sites[ 1 ] } after the erase` ).toMatchObject( {
			svc_update_decisions: 0,
			svc_release_reports: 0,
		} );
	} );
} );
