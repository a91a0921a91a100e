/**
 * Per-IP rate limits with the spec's defaults and headers.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	LOCAL_PROXIES,
	awaitRoomInMinute,
	useShippedLimits,
	randomIp,
} from '../fixtures/rate-window';
import {
	applySuiteSettings,
	createLicense,
	setSettings,
} from '../fixtures/test-helpers';

test.describe( 'rate limits', () => {
	let product: string;
	let key: string;

	test.beforeEach( async ( { request } ) => {
		product = `rl-${ randomUUID().slice( 0, 8 ) }`;
		key = ( await createLicense( request, { slug: product } ) ).license_key;
	} );

	test.afterEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	const validate = ( request: APIRequestContext, ip?: string ) =>
		request.post( '/wp-json/svc/v1/licenses/validate', {
			headers: ip ? { 'X-Forwarded-For': ip } : {},
			data: {
				license_key: key,
				product_slug: product,
				site_url: 'example.com',
			},
		} );

	test( 'the 31st validate call from one IP within a minute is a 429 with correct headers', async ( {
		request,
	} ) => {
		await useShippedLimits( request, LOCAL_PROXIES );
		const ip = randomIp();
		for ( let i = 1; i <= 30; i++ ) {
			const response = await validate( request, ip );
			expect( response.status(), `call ${ i }` ).toBe( 200 );
			expect( response.headers()[ 'x-ratelimit-limit' ] ).toBe( '30' );
			expect( response.headers()[ 'x-ratelimit-remaining' ] ).toBe(
				String( 30 - i )
			);
			expect( response.headers()[ 'retry-after' ] ).toBeUndefined();
		}
		const refused = await validate( request, ip );
		const body = await expectError( refused, 429, 'rate_limit_exceeded' );
		expect( body.message ).toContain( '30 per minute' );
		expect( refused.headers()[ 'x-ratelimit-limit' ] ).toBe( '30' );
		expect( refused.headers()[ 'x-ratelimit-remaining' ] ).toBe( '0' );
		const retryAfter = Number( refused.headers()[ 'retry-after' ] );
		expect( retryAfter ).toBeGreaterThanOrEqual( 1 );
		expect( retryAfter ).toBeLessThanOrEqual( 60 );
		expect( body.data.retry_after ).toBe( retryAfter );

		// Malformed requests count too, and another client is not affected.
		await expectError(
			await request.post( '/wp-json/svc/v1/licenses/validate', {
				headers: { 'X-Forwarded-For': ip },
				data: {},
			} ),
			429,
			'rate_limit_exceeded'
		);
		const other = await validate( request, randomIp() );
		expect( other.status() ).toBe( 200 );
		expect( other.headers()[ 'x-ratelimit-remaining' ] ).toBe( '29' );
	} );

	test( 'activate, deactivate and trials have their own default limits and 429s', async ( {
		request,
	} ) => {
		await useShippedLimits( request, LOCAL_PROXIES );
		const ip = randomIp();
		const routes: Array< [ string, number, Record< string, unknown > ] > = [
			[
				'licenses/activate',
				10,
				{
					license_key: key,
					product_slug: product,
					site_url: 'a.example.com',
				},
			],
			[
				'licenses/deactivate',
				10,
				{
					license_key: key,
					product_slug: product,
					site_url: 'a.example.com',
				},
			],
			[
				'trials/request',
				5,
				{ product_slug: product, email: 'x@example.com' },
			],
		];
		for ( const [ route, limit, data ] of routes ) {
			const send = () =>
				request.post( `/wp-json/svc/v1/${ route }`, {
					headers: { 'X-Forwarded-For': ip },
					data,
				} );
			for ( let i = 1; i <= limit; i++ ) {
				const response = await send();
				expect( response.status(), `${ route } call ${ i }` ).not.toBe(
					429
				);
				expect( response.headers()[ 'x-ratelimit-limit' ], route ).toBe(
					String( limit )
				);
				expect(
					response.headers()[ 'x-ratelimit-remaining' ],
					route
				).toBe( String( limit - i ) );
			}
			const refused = await send();
			await expectError( refused, 429, 'rate_limit_exceeded' );
			expect(
				Number( refused.headers()[ 'retry-after' ] )
			).toBeGreaterThanOrEqual( 1 );
		}
	} );

	test( 'X-Forwarded-For from an untrusted peer is ignored, so it cannot buy a fresh bucket', async ( {
		request,
	} ) => {
		await useShippedLimits( request, [] );
		const first = Number(
			( await validate( request, randomIp() ) ).headers()[
				'x-ratelimit-remaining'
			]
		);
		const second = Number(
			( await validate( request, randomIp() ) ).headers()[
				'x-ratelimit-remaining'
			]
		);
		expect( second ).toBe( first - 1 );
	} );

	test( 'a limit changed in settings applies at once', async ( {
		request,
	} ) => {
		await setSettings( request, {
			rate_limits: { validate: 2 },
			trusted_proxies: LOCAL_PROXIES,
		} );
		await awaitRoomInMinute();
		const ip = randomIp();
		expect( ( await validate( request, ip ) ).status() ).toBe( 200 );
		expect( ( await validate( request, ip ) ).status() ).toBe( 200 );
		const third = await validate( request, ip );
		expect( third.status() ).toBe( 429 );
		expect( third.headers()[ 'x-ratelimit-limit' ] ).toBe( '2' );
	} );
} );
