/**
 * Staging hosts: a site whose host matches one of the seller's patterns (settings) activates without using a
 * slot. The server decides from the site URL alone. The suite runs with the rule switched off (SUITE_SETTINGS);
 * each test here sets its own patterns through the admin settings endpoint and the suite's state comes back after.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Activation, Settings } from '../../src/api/types';
import { expectError } from '../fixtures/envelope';
import { race } from '../fixtures/race';
import {
	SUITE_SETTINGS,
	createLicense,
	keyHeaders,
} from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';
const slug = () => `staging-${ randomUUID().slice( 0, 8 ) }`;

let admin: Record< string, string >;
let shipped: Pick< Settings, 'staging_hosts' | 'staging_hosts_enabled' >;

const putSettings = ( request: APIRequestContext, data: unknown ) =>
	request.put( `${ ADMIN }/settings`, { headers: admin, data } );

async function useStagingHosts(
	request: APIRequestContext,
	enabled: boolean,
	patterns: string[]
): Promise< Settings > {
	const response = await putSettings( request, {
		staging_hosts_enabled: enabled,
		staging_hosts: patterns,
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

/** A licence of a new product, and calls on its client routes and admin routes. */
async function license( request: APIRequestContext, limit: number ) {
	const product = slug();
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: product },
		{ activation_limit: limit }
	);
	const client = (
		route: string,
		site: string,
		extra = {},
		via: APIRequestContext = request
	) =>
		via.post( `/wp-json/svc/v1/licenses/${ route }`, {
			data: {
				license_key,
				product_slug: product,
				site_url: site,
				// Each site's own fingerprint: a deactivate frees the site itself, never counted against the
				// monthly allowance of releases by the key alone (which the portal spec changes while this runs).
				server_fingerprint: createHash( 'sha256' )
					.update( site )
					.digest( 'hex' ),
				...extra,
			},
		} );
	return {
		client,
		activate: async ( site: string, extra = {} ) => {
			const response = await client( 'activate', site, extra );
			expect( response.status(), await response.text() ).toBe( 200 );
			return response.json();
		},
		sites: async (): Promise< Activation[] > =>
			(
				await request.get(
					`${ ADMIN }/licenses/${ license_id }/activations`,
					{
						headers: admin,
					}
				)
			).json(),
		adminCount: async (): Promise< number > =>
			(
				await (
					await request.get( `${ ADMIN }/licenses/${ license_id }`, {
						headers: admin,
					} )
				).json()
			).activation_count,
	};
}

const staging = ( sites: Activation[] ) =>
	Object.fromEntries( sites.map( ( s ) => [ s.site_url, s.is_staging ] ) );

test.describe( 'staging hosts', () => {
	test.beforeAll( async ( { request } ) => {
		admin = await keyHeaders( request, 'admin' );
		const settings: Settings = await (
			await request.get( `${ ADMIN }/settings`, { headers: admin } )
		).json();
		shipped = {
			staging_hosts: settings.staging_hosts,
			staging_hosts_enabled: settings.staging_hosts_enabled,
		};
	} );

	test.afterEach( async ( { request } ) => {
		expect( ( await putSettings( request, shipped ) ).status() ).toBe(
			200
		);
	} );

	test( 'the suite runs with the rule off and the shipped default patterns', () => {
		expect( SUITE_SETTINGS.staging_hosts_enabled ).toBe( false );
		expect( shipped.staging_hosts_enabled ).toBe( false );
		expect( shipped.staging_hosts ).toEqual(
			expect.arrayContaining( [
				'localhost',
				'*.local',
				'*.test',
				'staging.*',
			] )
		);
	} );

	test( 'a staging host activates at the limit without using a slot; a production host still gets activation_limit_reached', async ( {
		request,
	} ) => {
		await useStagingHosts( request, true, [ '*.test', 'staging.*' ] );
		const l = await license( request, 1 );
		expect( await l.activate( 'https://shop.example.com' ) ).toMatchObject(
			{
				activation_count: 1,
				is_staging: false,
			}
		);

		// The answers say so, so a client can tell its owner why the site uses no slot.
		expect( await l.activate( 'https://shop.test/blog' ) ).toMatchObject( {
			activated: true,
			site_url: 'shop.test/blog',
			activation_count: 1,
			activation_limit: 1,
			is_staging: true,
		} );
		expect(
			( await l.activate( 'http://staging.shop.example.com' ) )
				.activation_count
		).toBe( 1 );
		const refused = await expectError(
			await l.client( 'activate', 'https://other.example.com' ),
			403,
			'activation_limit_reached'
		);
		expect( refused.data ).toEqual( {
			status: 403,
			activation_limit: 1,
			activation_count: 1,
		} );

		const validated = await (
			await l.client( 'validate', 'shop.test/blog' )
		).json();
		expect( validated ).toMatchObject( {
			valid: true,
			already_activated: true,
			activation_count: 1,
			activation_limit: 1,
			is_staging: true,
		} );
		expect( staging( await l.sites() ) ).toEqual( {
			'shop.example.com': false,
			'shop.test/blog': true,
			'staging.shop.example.com': true,
		} );
		expect( await l.adminCount() ).toBe( 1 );

		// Deactivating a staging site frees nothing; deactivating the production site frees its slot.
		expect(
			await ( await l.client( 'deactivate', 'shop.test/blog' ) ).json()
		).toEqual( {
			deactivated: true,
			site_url: 'shop.test/blog',
			activation_count: 1,
			activation_limit: 1,
		} );
		expect(
			(
				await (
					await l.client( 'deactivate', 'shop.example.com' )
				).json()
			).activation_count
		).toBe( 0 );
		expect(
			( await l.activate( 'https://other.example.com' ) ).activation_count
		).toBe( 1 );
	} );

	test( 'the client cannot make a site staging: nothing it sends but the URL counts', async ( {
		request,
	} ) => {
		await useStagingHosts( request, true, [ '*.test' ] );
		const l = await license( request, 1 );
		await l.activate( 'https://shop.example.com', {
			is_staging: true,
			staging: true,
			environment: 'staging',
		} );
		await expectError(
			await l.client( 'activate', 'https://two.example.com', {
				is_staging: true,
			} ),
			403,
			'activation_limit_reached'
		);
		// Look-alikes of a pattern are production sites.
		await expectError(
			await l.client( 'activate', 'https://shop.test.example.com' ),
			403,
			'activation_limit_reached'
		);
		expect( staging( await l.sites() ) ).toEqual( {
			'shop.example.com': false,
		} );
	} );

	test( 'with the rule switched off, a staging host uses a slot', async ( {
		request,
	} ) => {
		await useStagingHosts( request, false, [ '*.test' ] );
		const l = await license( request, 1 );
		expect(
			( await l.activate( 'https://shop.test' ) ).activation_count
		).toBe( 1 );
		await expectError(
			await l.client( 'activate', 'https://other.test' ),
			403,
			'activation_limit_reached'
		);
		expect( staging( await l.sites() ) ).toEqual( { 'shop.test': false } );

		// Switched on later, the site keeps the slot it took; a new staging site takes none.
		await useStagingHosts( request, true, [ '*.test' ] );
		expect(
			( await l.activate( 'https://other.test' ) ).activation_count
		).toBe( 1 );
		expect( staging( await l.sites() ) ).toEqual( {
			'shop.test': false,
			'other.test': true,
		} );
	} );

	test( 'patterns edited through the settings endpoint take effect, tidied', async ( {
		request,
	} ) => {
		const saved = await useStagingHosts( request, true, [
			' QA.Acme.com ',
			'qa.acme.com',
			'',
			'*.wpengine.com',
		] );
		expect( saved.staging_hosts ).toEqual( [
			'qa.acme.com',
			'*.wpengine.com',
		] );
		expect( saved.staging_hosts_enabled ).toBe( true );
		const read: Settings = await (
			await request.get( `${ ADMIN }/settings`, { headers: admin } )
		).json();
		expect( read.staging_hosts ).toEqual( saved.staging_hosts );

		const l = await license( request, 1 );
		await l.activate( 'https://qa.acme.com' );
		await l.activate( 'https://acme.wpengine.com' );
		// No longer in the list: a .test host is a production site now.
		expect(
			( await l.activate( 'https://shop.test' ) ).activation_count
		).toBe( 1 );
		expect( staging( await l.sites() ) ).toEqual( {
			'qa.acme.com': true,
			'acme.wpengine.com': true,
			'shop.test': false,
		} );

		// Only what is sent changes: the switch alone keeps the patterns.
		const off = await putSettings( request, {
			staging_hosts_enabled: false,
		} );
		expect( ( await off.json() ).staging_hosts ).toEqual(
			saved.staging_hosts
		);
	} );

	test( 'bad patterns are refused with a readable 400 and nothing changes', async ( {
		request,
	} ) => {
		await useStagingHosts( request, true, [ 'qa.acme.com' ] );
		for ( const bad of [ '*', 'https://shop.test', 'shop test', '*.*' ] ) {
			const body = await expectError(
				await putSettings( request, {
					staging_hosts: [ 'ok.example.com', bad ],
					staging_hosts_enabled: false,
				} ),
				400,
				'invalid_params'
			);
			expect( body.message ).toContain( `"${ bad }"` );
			expect( body.message ).toMatch( /host name/ );
			expect( Object.keys( body.data.params as object ) ).toEqual( [
				'staging_hosts',
			] );
		}
		await expectError(
			await putSettings( request, { staging_hosts: [ 42 ] } ),
			400,
			'invalid_params'
		);
		await expectError(
			await putSettings( request, {
				staging_hosts: Array.from(
					{ length: 101 },
					( _, i ) => `h${ i }.test`
				),
			} ),
			400,
			'invalid_params'
		);
		const read: Settings = await (
			await request.get( `${ ADMIN }/settings`, { headers: admin } )
		).json();
		expect( read.staging_hosts ).toEqual( [ 'qa.acme.com' ] );
		expect( read.staging_hosts_enabled ).toBe( true );
	} );

	test( 'parallel activations: staging sites are never blocked at the limit, production sites get exactly the limit', async ( {
		request,
	} ) => {
		await useStagingHosts( request, true, [ '*.test' ] );
		// Every third site is a staging site, so the two kinds arrive mixed.
		const sites = Array.from( { length: 60 }, ( _, i ) =>
			i % 3 === 2
				? `https://site-${ i }.test`
				: `https://site-${ i }.example.com`
		);
		await race( request, '60 activations, 20 of them staging, limit 2', {
			setup: () => license( request, 2 ),
			fire: ( fresh, l ) =>
				sites.map( ( site ) =>
					l.client( 'activate', site, {}, fresh )
				),
			check: async ( answers, l ) => {
				const outcome = answers.map( ( a, i ) => [
					sites[ i ].endsWith( '.test' ) ? 'staging' : 'production',
					a.status === 200 ? 'ok' : a.json?.code,
				] );
				const count = ( kind: string, code: string ) =>
					outcome.filter( ( [ k, c ] ) => k === kind && c === code )
						.length;
				expect( count( 'staging', 'ok' ) ).toBe( 20 );
				expect( count( 'production', 'ok' ) ).toBe( 2 );
				expect(
					count( 'production', 'activation_limit_reached' )
				).toBe( 38 );
				expect( await l.adminCount() ).toBe( 2 );
				const listed = await l.sites();
				expect( listed.filter( ( s ) => s.is_staging ) ).toHaveLength(
					20
				);
				expect( listed.filter( ( s ) => ! s.is_staging ) ).toHaveLength(
					2
				);
			},
		} );
	} );

	test( 'statistics count the sites that use a slot', async ( {
		request,
	} ) => {
		await useStagingHosts( request, true, [ '*.test' ] );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers: admin,
				data: { name: slug() },
			} )
		).json();
		const created = await (
			await request.post( `${ ADMIN }/licenses`, {
				headers: admin,
				data: {
					product_id: product.id,
					customer_email: 's@example.com',
					activation_limit: 3,
				},
			} )
		).json();
		for ( const site of [ 'a.example.com', 'a.test', 'b.test' ] ) {
			await request.post( '/wp-json/svc/v1/licenses/activate', {
				data: {
					license_key: created.license_key,
					product_slug: product.slug,
					site_url: site,
				},
			} );
		}
		const stats = await (
			await request.get( `${ ADMIN }/stats`, {
				headers: await keyHeaders( request, 'read', product.id ),
			} )
		).json();
		expect( stats.activations ).toEqual( { total: 1, active: 1 } );
	} );
} );
