/**
 * Hostile, from the seat of a paying customer with one licence key and curl: the health-gated rollout
 * (docs/rollouts-gate.md). One licence must not pause a release it was sold, nor keep other customers' real
 * failures from counting, nor learn which drafts exist. Real failures from activated sites on several licences
 * still pause the release, and a Resume gives the seller a clean count.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	applySuiteSettings,
	keyHeaders,
	postOk,
} from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';
const ADMIN = `${ API }/admin`;

type Headers = Record< string, string >;

interface Release {
	id: number;
	version: string;
	channel: string;
	reports: { installed: number; failed: number };
	paused_at: string | null;
	pause_reason: string;
}

interface Shop {
	headers: Headers;
	slug: string;
	productId: number;
	release: Release;
}

/** A product with channels stable and beta, and a published stable 2.0.0 whose gate judges after 5 reports. */
async function openShop( request: APIRequestContext ): Promise< Shop > {
	const headers = await keyHeaders( request, 'admin' );
	const tag = randomUUID().slice( 0, 8 );
	const product = await postOk( request, `${ ADMIN }/products`, headers, {
		name: `Hostile gate ${ tag }`,
		channels: 'stable,beta',
	} );
	const release = ( await postOk(
		request,
		`${ ADMIN }/products/${ product.id }/releases`,
		headers,
		{
			version: '2.0.0',
			package_url: `https://downloads.example.com/${ tag }-2.0.0.zip`,
			package_sha256: 'a'.repeat( 64 ),
			publish: true,
		}
	) ) as Release;
	const gated = await request.patch( `${ ADMIN }/releases/${ release.id }`, {
		headers,
		data: { gate_threshold: 10, gate_min_reports: 5 },
	} );
	expect( gated.status(), await gated.text() ).toBe( 200 );
	return {
		headers,
		slug: product.slug,
		productId: product.id,
		release: await gated.json(),
	};
}

async function buyLicense(
	request: APIRequestContext,
	shop: Shop,
	limit = 1,
	extra: Record< string, unknown > = {}
) {
	const license = await postOk(
		request,
		`${ ADMIN }/licenses`,
		shop.headers,
		{
			product_id: shop.productId,
			customer_email: `buyer-${ randomUUID().slice( 0, 8 ) }@example.com`,
			activation_limit: limit,
			...extra,
		}
	);
	return license.license_key as string;
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

function report(
	request: APIRequestContext,
	shop: Shop,
	key: string,
	site: string,
	outcome: 'installed' | 'failed',
	version = '2.0.0'
) {
	return request.post( `${ API }/updates/report`, {
		data: {
			license_key: key,
			product_slug: shop.slug,
			site_url: site,
			version,
			outcome,
			...( outcome === 'failed'
				? { error_code: 'download_failed' }
				: {} ),
		},
	} );
}

async function readRelease(
	request: APIRequestContext,
	shop: Shop,
	id = shop.release.id
): Promise< Release > {
	const response = await request.get( `${ ADMIN }/releases/${ id }`, {
		headers: shop.headers,
	} );
	expect( response.status() ).toBe( 200 );
	return ( await response.json() ) as Release;
}

/** Five licences, each activated on its own site: five real customers. */
async function realCustomers(
	request: APIRequestContext,
	shop: Shop,
	count: number
) {
	const customers: { key: string; site: string }[] = [];
	for ( let i = 0; i < count; i++ ) {
		const key = await buyLicense( request, shop );
		const site = `https://real-${ i }-${ randomUUID().slice( 0, 6 ) }.example.com`;
		await activate( request, shop, key, site );
		customers.push( { key, site } );
	}
	return customers;
}

test.beforeEach( async ( { request } ) => {
	await applySuiteSettings( request );
} );

test.describe( 'one licence and the rollout gate', () => {
	test( 'failed reports from invented sites of a licence activated nowhere are refused and pause nothing', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const key = await buyLicense( request, shop, 1 );
		for ( let i = 0; i < 5; i++ ) {
			const response = await report(
				request,
				shop,
				key,
				`https://invented-${ i }.example.net`,
				'failed'
			);
			await expectError( response, 403, 'site_not_activated' );
		}
		const release = await readRelease( request, shop );
		expect( release.paused_at, release.pause_reason ).toBeNull();
		expect( release.reports ).toEqual( { installed: 0, failed: 0 } );
	} );

	test( 'one licence is one vote, however many of its sites report a failure', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const key = await buyLicense( request, shop, 5 );
		for ( let i = 0; i < 5; i++ ) {
			const site = `https://mine-${ i }.example.net`;
			await activate( request, shop, key, site );
			const response = await report( request, shop, key, site, 'failed' );
			expect( response.status(), await response.text() ).toBe( 200 );
		}
		const release = await readRelease( request, shop );
		expect( release.paused_at, release.pause_reason ).toBeNull();
		expect( release.reports ).toEqual( { installed: 0, failed: 1 } );
	} );

	test( 'real failures from activated sites on several licences still pause it; after Resume only new reports decide', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const customers = await realCustomers( request, shop, 6 );
		for ( const { key, site } of customers.slice( 0, 5 ) ) {
			expect(
				( await report( request, shop, key, site, 'failed' ) ).status()
			).toBe( 200 );
		}
		const paused = await readRelease( request, shop );
		expect( paused.paused_at ).not.toBeNull();
		expect( paused.pause_reason ).toContain( '5 of 5' );

		const resumed = await request.post(
			`${ ADMIN }/releases/${ shop.release.id }/resume`,
			{
				headers: shop.headers,
			}
		);
		expect( resumed.status(), await resumed.text() ).toBe( 200 );
		expect( ( await readRelease( request, shop ) ).reports ).toEqual( {
			installed: 0,
			failed: 0,
		} );

		// One more failure after the Resume: one report of the new count, under the gate's minimum.
		const sixth = customers[ 5 ];
		expect(
			(
				await report( request, shop, sixth.key, sixth.site, 'failed' )
			).status()
		).toBe( 200 );
		const after = await readRelease( request, shop );
		expect( after.paused_at, after.pause_reason ).toBeNull();
		expect( after.reports ).toEqual( { installed: 0, failed: 1 } );

		// The sites that failed before the Resume retry the update and fail again: they count in the new round.
		for ( const { key, site } of customers.slice( 0, 4 ) ) {
			const again = await report( request, shop, key, site, 'failed' );
			expect( await again.json() ).toEqual( { recorded: true } );
		}
		expect(
			( await readRelease( request, shop ) ).paused_at
		).not.toBeNull();
	} );

	test( "an 'installed' report for another customer's site does not silence their real failure", async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const [ victim ] = await realCustomers( request, shop, 1 );
		const attacker = await buyLicense( request, shop, 1 );
		const pre = await report(
			request,
			shop,
			attacker,
			victim.site,
			'installed'
		);
		await expectError( pre, 403, 'site_not_activated' );
		// Even with the victim's address activated on the attacker's own licence, the report is the attacker's.
		await activate( request, shop, attacker, victim.site );
		expect(
			await (
				await report(
					request,
					shop,
					attacker,
					victim.site,
					'installed'
				)
			).json()
		).toEqual( {
			recorded: true,
		} );
		const real = await report(
			request,
			shop,
			victim.key,
			victim.site,
			'failed'
		);
		expect( await real.json() ).toEqual( { recorded: true } );
		expect( ( await readRelease( request, shop ) ).reports ).toEqual( {
			installed: 1,
			failed: 1,
		} );
	} );

	test( 'a draft, a release on a channel the licence does not follow, or an unusable licence: nothing is learned or counted', async ( {
		request,
	} ) => {
		const shop = await openShop( request );
		const [ customer ] = await realCustomers( request, shop, 1 );
		const draft = ( await postOk(
			request,
			`${ ADMIN }/products/${ shop.productId }/releases`,
			shop.headers,
			{
				version: '3.0.0',
				package_url: 'https://downloads.example.com/draft-3.0.0.zip',
				package_sha256: 'b'.repeat( 64 ),
				publish: false,
			}
		) ) as Release;
		const beta = ( await postOk(
			request,
			`${ ADMIN }/products/${ shop.productId }/releases`,
			shop.headers,
			{
				version: '2.1.0-beta.1',
				package_url: 'https://downloads.example.com/beta-2.1.0.zip',
				package_sha256: 'c'.repeat( 64 ),
				channel: 'beta',
				publish: true,
			}
		) ) as Release;

		const unknown = await expectError(
			await report(
				request,
				shop,
				customer.key,
				customer.site,
				'failed',
				'9.9.9'
			),
			404,
			'not_found'
		);
		const ofDraft = await expectError(
			await report(
				request,
				shop,
				customer.key,
				customer.site,
				'failed',
				draft.version
			),
			404,
			'not_found'
		);
		expect( ofDraft.message ).toBe( unknown.message );
		const ofBeta = await expectError(
			await report(
				request,
				shop,
				customer.key,
				customer.site,
				'failed',
				beta.version
			),
			404,
			'not_found'
		);
		expect( ofBeta.message ).toBe( unknown.message );
		expect(
			( await readRelease( request, shop, beta.id ) ).reports
		).toEqual( { installed: 0, failed: 0 } );

		const expiredKey = await buyLicense( request, shop, 1 );
		const site = `https://lapsed-${ randomUUID().slice( 0, 6 ) }.example.com`;
		await activate( request, shop, expiredKey, site );
		const lapsed = await request.get( `${ ADMIN }/licenses`, {
			headers: shop.headers,
			params: { product_id: shop.productId, search: expiredKey },
		} );
		const [ row ] = ( await lapsed.json() ).data as { id: number }[];
		const revoked = await request.patch(
			`${ ADMIN }/licenses/${ row.id }`,
			{
				headers: shop.headers,
				data: { status: 'revoked' },
			}
		);
		expect( revoked.status(), await revoked.text() ).toBe( 200 );
		await expectError(
			await report( request, shop, expiredKey, site, 'failed' ),
			403,
			'license_not_active'
		);
		expect( ( await readRelease( request, shop ) ).reports ).toEqual( {
			installed: 0,
			failed: 0,
		} );
	} );
} );
