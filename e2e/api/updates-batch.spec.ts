/**
 * POST /svc/v1/updates/check: the batch form of the update check, one request per site for several products.
 * Each item is answered as GET /updates/check answers it (status and body), refusals in the error envelope,
 * so one bad item does not fail the others.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	LOCAL_PROXIES,
	useShippedLimits,
	randomIp,
} from '../fixtures/rate-window';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
} from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const CHECK = '/wp-json/svc/v1/updates/check';
const SITE = 'https://batch.example.com';

interface Item {
	product_slug: string;
	license_key: string;
	current_version: string;
}
interface ItemAnswer {
	product_slug: string;
	status: number;
	body: Record< string, unknown > & {
		package?: string;
		package_hash?: string;
		rollout?: { percentage: number; in_rollout: boolean };
		code?: string;
		message?: string;
		data?: { status: number };
	};
}

/** A product at 1.0.0 with `count` licences, and a release 1.1.0 uploaded at `rollout` %. */
async function productWithRelease(
	request: APIRequestContext,
	rollout = 100,
	count = 1
) {
	const slug = `batch-${ randomUUID().slice( 0, 8 ) }`;
	const fixture = await createLicense(
		request,
		{ slug, current_version: '1.0.0' },
		{ count }
	);
	const zip = makeZip( { [ `${ slug }/${ slug }.php` ]: '<?php // 1.1.0' } );
	const uploaded = await request.post(
		`/wp-json/svc/v1/admin/products/${ fixture.product_id }/releases`,
		{
			headers: await keyHeaders( request ),
			multipart: {
				version: '1.1.0',
				rollout: String( rollout ),
				package: {
					name: `${ slug }.zip`,
					mimeType: 'application/zip',
					buffer: zip,
				},
			},
		}
	);
	expect( uploaded.status(), await uploaded.text() ).toBe( 201 );
	return { slug, zip, ...fixture };
}

const batch = (
	request: APIRequestContext,
	items: unknown,
	extra: Record< string, unknown > = {},
	headers: Record< string, string > = {}
) =>
	request.post( CHECK, {
		data: { site_url: SITE, items, ...extra },
		headers,
	} );

async function answers(
	request: APIRequestContext,
	items: Item[]
): Promise< ItemAnswer[] > {
	const response = await batch( request, items );
	expect( response.status(), await response.text() ).toBe( 200 );
	const body = await response.json();
	expect( Object.keys( body ) ).toEqual( [ 'items' ] );
	return body.items;
}

/** The single check's status and body for the same item, with the signed token left out. */
async function single( request: APIRequestContext, item: Item ) {
	const response = await request.get( CHECK, {
		params: { site_url: SITE, ...item },
	} );
	return {
		status: response.status(),
		body: unsigned( await response.json() ),
	};
}

// The download token and the lease carry the time they were made, which may tick between two answers.
const unsigned = ( body: unknown ) =>
	JSON.parse(
		JSON.stringify( body )
			.replace( /token=[A-Za-z0-9._-]+/g, 'token=<signed>' )
			.replace( /"lease":"[\w-]+\.[\w-]+"/g, '"lease":"<signed>"' )
	);

test.describe( 'batch update check', () => {
	test.afterEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	test( 'each item is answered as the single check answers it, in order, and its package downloads with its hash', async ( {
		request,
	} ) => {
		const offered = await productWithRelease( request );
		const currentSlug = `batch-current-${ randomUUID().slice( 0, 8 ) }`;
		const current = await createLicense( request, {
			slug: currentSlug,
			current_version: '2.0.0',
		} );
		const items: Item[] = [
			{
				product_slug: offered.slug,
				license_key: offered.license_key,
				current_version: '1.0.0',
			},
			{
				product_slug: currentSlug,
				license_key: current.license_key,
				current_version: '2.0.0',
			},
		];

		const result = await answers( request, items );
		expect( result.map( ( item ) => item.product_slug ) ).toEqual(
			items.map( ( item ) => item.product_slug )
		);
		expect( result.map( ( item ) => Object.keys( item ).sort() ) ).toEqual(
			[
				[ 'body', 'lease', 'product_slug', 'status' ],
				[ 'body', 'lease', 'product_slug', 'status' ],
			]
		);
		for ( const [ index, item ] of items.entries() ) {
			expect( {
				status: result[ index ].status,
				body: unsigned( result[ index ].body ),
			} ).toEqual( await single( request, item ) );
		}
		expect( result[ 0 ].body.new_version ).toBe( '1.1.0' );
		expect( result[ 1 ].body ).toEqual( {} );

		// The batch's download link is signed like the single check's: it downloads the uploaded bytes.
		const download = await request.get(
			String( result[ 0 ].body.package )
		);
		expect( download.status() ).toBe( 200 );
		const bytes = await download.body();
		expect( bytes.equals( offered.zip ) ).toBe( true );
		expect( result[ 0 ].body.package_hash ).toBe(
			`sha256:${ createHash( 'sha256' ).update( bytes ).digest( 'hex' ) }`
		);
	} );

	test( 'a refused item is answered with its error envelope and the others are still answered', async ( {
		request,
	} ) => {
		const offered = await productWithRelease( request );
		const expired = await createLicense(
			request,
			{ slug: offered.slug },
			{ status: 'expired', expires: '2020-01-01T00:00:00Z' }
		);
		const good = {
			product_slug: offered.slug,
			license_key: offered.license_key,
			current_version: '1.0.0',
		};
		const items: Item[] = [
			{ ...good, product_slug: 'no-such-product-here' },
			{ ...good, license_key: 'not a key' },
			{ ...good, current_version: 'one' },
			good,
			{ ...good, license_key: 'AAAA-BBBB-CCCC-DDDD' },
			{ ...good, license_key: expired.license_key },
		];
		const result = await answers( request, items );
		const refusals = result.map( ( item ) => [
			item.status,
			item.body.code ?? null,
			item.body.data?.status ?? null,
		] );
		expect( refusals ).toEqual( [
			[ 404, 'product_not_found', 404 ],
			[ 400, 'invalid_license_key', 400 ],
			[ 400, 'invalid_params', 400 ],
			[ 200, null, null ],
			[ 404, 'license_not_found', 404 ],
			[ 403, 'license_not_active', 403 ],
		] );
		expect( result[ 3 ].body.new_version ).toBe( '1.1.0' );
		for ( const index of [ 0, 1, 2, 4, 5 ] ) {
			const body = result[ index ].body;
			expect( Object.keys( body ).sort() ).toEqual( [
				'code',
				'data',
				'message',
			] );
			expect( String( body.message ).length ).toBeGreaterThan( 10 );
			// The same envelope as the single check answers for that item.
			expect( { status: result[ index ].status, body } ).toEqual(
				await single( request, items[ index ] )
			);
		}
	} );

	test( 'at most 50 items: 50 are answered, 51 is a 400 that says the limit', async ( {
		request,
	} ) => {
		const offered = await productWithRelease( request );
		const item = {
			product_slug: offered.slug,
			license_key: offered.license_key,
			current_version: '1.0.0',
		};
		const fifty = await answers( request, Array( 50 ).fill( item ) );
		expect( fifty ).toHaveLength( 50 );
		expect( fifty.every( ( answer ) => 200 === answer.status ) ).toBe(
			true
		);

		const over = await expectError(
			await batch( request, Array( 51 ).fill( item ) ),
			400,
			'invalid_params'
		);
		expect( JSON.stringify( over ) ).toContain( 'at most 50' );
	} );

	test( 'malformed input is a 400 naming the field, never a partial answer', async ( {
		request,
	} ) => {
		const offered = await productWithRelease( request );
		const item = {
			product_slug: offered.slug,
			license_key: offered.license_key,
			current_version: '1.0.0',
		};
		const cases: [ string, unknown, string ][] = [
			[ 'no items', { site_url: SITE }, 'items' ],
			[ 'empty items', { site_url: SITE, items: [] }, 'items' ],
			[ 'items not a list', { site_url: SITE, items: 'x' }, 'items' ],
			[ 'no site_url', { items: [ item ] }, 'site_url' ],
			[
				'an item without its version',
				{
					site_url: SITE,
					items: [
						item,
						{
							product_slug: item.product_slug,
							license_key: item.license_key,
						},
					],
				},
				'current_version',
			],
			[
				'an item that is not an object',
				{ site_url: SITE, items: [ item, 'acme' ] },
				'items[1]',
			],
			[
				'a product slug too long',
				{
					site_url: SITE,
					items: [ { ...item, product_slug: 'x'.repeat( 101 ) } ],
				},
				'product_slug',
			],
		];
		for ( const [ name, data, field ] of cases ) {
			const response = await request.post( CHECK, { data } );
			const body = await expectError( response, 400, 'invalid_params' );
			expect( JSON.stringify( body ), name ).toContain( field );
		}
		const notJson = await request.post( CHECK, {
			data: '{"items":',
			headers: { 'Content-Type': 'application/json' },
		} );
		await expectError( notJson, 400, 'invalid_params' );
	} );

	test( 'the rollout bucket is decided per item, as the single check decides it', async ( {
		request,
	} ) => {
		const offered = await productWithRelease( request, 50, 40 );
		const items = offered.licenses.map( ( license ) => ( {
			product_slug: offered.slug,
			license_key: license.license_key,
			current_version: '1.0.0',
		} ) );
		const result = await answers( request, items );
		const inside = result.filter(
			( answer ) => answer.body.rollout?.in_rollout
		);
		// 40 licences at 50 %: both sides are met (the chance of all 40 on one side is 2 in a trillion).
		expect( inside.length ).toBeGreaterThan( 0 );
		expect( inside.length ).toBeLessThan( 40 );
		for ( const [ index, answer ] of result.entries() ) {
			expect( answer.status ).toBe( 200 );
			expect( answer.body.rollout?.percentage ).toBe( 50 );
			expect( 'package' in answer.body ).toBe(
				answer.body.rollout?.in_rollout
			);
			expect( unsigned( answer.body ) ).toEqual(
				( await single( request, items[ index ] ) ).body
			);
		}
	} );

	test( 'a batch counts each item against the update-check limit', async ( {
		request,
	} ) => {
		const offered = await productWithRelease( request );
		const item = {
			product_slug: offered.slug,
			license_key: offered.license_key,
			current_version: '1.0.0',
		};
		await useShippedLimits( request, LOCAL_PROXIES );
		const ip = { 'X-Forwarded-For': randomIp() };
		const first = await batch( request, Array( 50 ).fill( item ), {}, ip );
		expect( first.status() ).toBe( 200 );
		expect( first.headers()[ 'x-ratelimit-limit' ] ).toBe( '60' );
		expect( first.headers()[ 'x-ratelimit-remaining' ] ).toBe( '10' );
		const single1 = await request.get( CHECK, {
			params: { site_url: SITE, ...item },
			headers: ip,
		} );
		expect( single1.headers()[ 'x-ratelimit-remaining' ] ).toBe( '9' );
		// Ten more items would make 61 checks in the minute: refused as a whole.
		const over = await batch( request, Array( 10 ).fill( item ), {}, ip );
		const body = await expectError( over, 429, 'rate_limit_exceeded' );
		expect( Number( over.headers()[ 'retry-after' ] ) ).toBeGreaterThan(
			0
		);
		expect( body.message ).toContain( '60 per minute' );
	} );
} );
