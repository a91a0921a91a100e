/**
 * Per-IP rate limits against a client with an ordinary IPv6 network: a /64 holds 2^64 addresses, so a limit counted
 * per address is no limit. Twelve addresses of one /64, through a trusted proxy, share one bucket; the next /64 is
 * another client; an IPv4-mapped IPv6 address counts as its IPv4 address. Both the lane and WordPress count alike.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { LOCAL_PROXIES, awaitRoomInMinute } from '../fixtures/rate-window';
import {
	SUITE_SETTINGS,
	applySuiteSettings,
	createLicense,
	setSettings,
} from '../fixtures/test-helpers';

const LIMIT = 5;

test.describe( 'hostile: IPv6 addresses of one network against per-IP limits', () => {
	let license: { license_key: string; slug: string };

	test.beforeAll( async ( { request } ) => {
		const slug = `ipv6-${ randomInt( 1e9 ) }`;
		const { license_key } = await createLicense( request, { slug } );
		license = { license_key, slug };
	} );

	test.beforeEach( async ( { request } ) => {
		await setSettings( request, {
			rate_limits: { ...SUITE_SETTINGS.rate_limits, validate: LIMIT },
			trusted_proxies: LOCAL_PROXIES,
		} );
		await awaitRoomInMinute();
	} );

	test.afterAll( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	const validate = ( request: APIRequestContext, ip: string ) =>
		request.post( '/wp-json/svc/v1/licenses/validate', {
			headers: { 'X-Forwarded-For': ip },
			data: {
				license_key: license.license_key,
				product_slug: license.slug,
				site_url: 'ipv6.example.com',
			},
		} );

	test( '12 addresses of one /64 through a trusted proxy share one bucket; the next /64 is another client', async ( {
		request,
	} ) => {
		// A /64 of the documentation range of its own for this run.
		const net = `2001:db8:${ randomInt( 0xffff ).toString( 16 ) }:${ randomInt(
			0xffff
		).toString( 16 ) }`;
		const statuses: number[] = [];
		for ( let i = 1; i <= 12; i++ ) {
			const response = await validate(
				request,
				`${ net }:${ randomInt( 0xffff ).toString( 16 ) }::${ i.toString( 16 ) }`
			);
			statuses.push( response.status() );
			if ( response.status() === 429 ) {
				await expectError( response, 429, 'rate_limit_exceeded' );
			}
		}
		expect( statuses ).toEqual( [
			...Array( LIMIT ).fill( 200 ),
			...Array( 12 - LIMIT ).fill( 429 ),
		] );
		// Another /64 is another client.
		expect(
			(
				await validate(
					request,
					`${ net.replace( /:[0-9a-f]+$/, ':ffff' ) }::1`
				)
			).status()
		).toBe( 200 );
	} );

	test( 'an IPv4-mapped IPv6 address counts as its IPv4 address', async ( {
		request,
	} ) => {
		const ipv4 = `198.51.100.${ randomInt( 1, 254 ) }`;
		const statuses: number[] = [];
		for ( let i = 0; i < LIMIT + 1; i++ ) {
			const response = await validate(
				request,
				i % 2 === 0 ? ipv4 : `::ffff:${ ipv4 }`
			);
			statuses.push( response.status() );
		}
		expect( statuses ).toEqual( [ ...Array( LIMIT ).fill( 200 ), 429 ] );
	} );
} );
