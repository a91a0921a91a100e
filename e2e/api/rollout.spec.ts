/**
 * Release channels, pins, the rollout schedule, pause/resume and rollback (docs/rollouts.md), through the admin
 * API and GET /svc/v1/updates/check. Runs with the fast lane on and off (the api project). The schedule is seen
 * advancing by moving the update check's clock for one request (e2e/mu-plugins/svc-test-rollout.php).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { applySuiteSettings, keyHeaders } from '../fixtures/test-helpers';
import { testToken } from '../fixtures/env';
import { makeZip } from '../fixtures/zip';

const ADMIN = '/wp-json/svc/v1/admin';
const DAY = 86400;
type Headers = Record< string, string >;

interface Release {
	id: number;
	version: string;
	channel: string;
	is_current: boolean;
	rollout_plan: { percentage: number; at: string }[] | null;
	rollout_step: number | null;
	rollout_percentage: number;
	paused_at: string | null;
	pause_reason: string;
	withdrawn_at: string | null;
}

const iso = ( unix: number ) =>
	new Date( unix * 1000 ).toISOString().replace( /\.\d{3}Z$/, 'Z' );
const nowUnix = () => Math.floor( Date.now() / 1000 );

async function newProduct( request: APIRequestContext, channels?: string ) {
	const headers = await keyHeaders( request );
	const response = await request.post( `${ ADMIN }/products`, {
		headers,
		data: {
			name: `Rollout ${ randomUUID().slice( 0, 8 ) }`,
			...( channels ? { channels } : {} ),
		},
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	return { headers, product: await response.json() };
}

async function upload(
	request: APIRequestContext,
	headers: Headers,
	productId: number,
	version: string,
	fields: Record< string, string > = {}
): Promise< Release > {
	const response = await request.post(
		`${ ADMIN }/products/${ productId }/releases`,
		{
			headers,
			multipart: {
				version,
				...fields,
				package: {
					name: `plugin-${ version }.zip`,
					mimeType: 'application/zip',
					buffer: makeZip( {
						'plugin/plugin.php': `<?php // ${ version }`,
					} ),
				},
			},
		}
	);
	expect( response.status(), await response.text() ).toBe( 201 );
	return response.json();
}

async function newLicense(
	request: APIRequestContext,
	headers: Headers,
	productId: number,
	fields: Record< string, unknown > = {}
): Promise< { id: number; license_key: string } > {
	const response = await request.post( `${ ADMIN }/licenses`, {
		headers,
		data: {
			product_id: productId,
			customer_email: 'rollout@example.com',
			...fields,
		},
	} );
	expect( response.status(), await response.text() ).toBe( 201 );
	return response.json();
}

/** The update check's answer for a licence and site (optionally on a clock moved ahead). */
async function offer(
	request: APIRequestContext,
	query: {
		product_slug: string;
		license_key: string;
		current_version: string;
		site_url?: string;
	},
	clockAhead = 0
) {
	const response = await request.get( '/wp-json/svc/v1/updates/check', {
		params: { site_url: 'https://rollout.example.com', ...query },
		headers: clockAhead
			? {
					'X-Svc-Test-Token': testToken,
					'X-Svc-Test-Update-Clock': String( clockAhead ),
				}
			: {},
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

async function post(
	request: APIRequestContext,
	headers: Headers,
	path: string,
	data: Record< string, unknown > = {}
) {
	const response = await request.post( `${ ADMIN }${ path }`, {
		headers,
		data,
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

test.describe( 'release channels and rollouts', () => {
	test.beforeEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	test( 'a beta licence is offered the beta release, a stable one is not, and stable stays current', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		expect( product.channels ).toEqual( [ 'stable', 'beta' ] );
		await upload( request, headers, product.id, '1.0.0' );
		const beta = await upload(
			request,
			headers,
			product.id,
			'1.1.0-beta.1',
			{
				channel: 'beta',
			}
		);
		expect( beta ).toMatchObject( {
			channel: 'beta',
			is_current: false,
			withdrawn_at: null,
		} );
		const current = await (
			await request.get( `${ ADMIN }/products/${ product.id }`, {
				headers,
			} )
		).json();
		expect( current.current_version ).toBe( '1.0.0' );

		const stable = await newLicense( request, headers, product.id );
		const tester = await newLicense( request, headers, product.id, {
			channel: 'beta',
		} );
		const query = { product_slug: product.slug, current_version: '1.0.0' };
		expect(
			await offer( request, {
				...query,
				license_key: stable.license_key,
			} )
		).toEqual( {} );
		expect(
			await offer( request, {
				...query,
				license_key: tester.license_key,
			} )
		).toMatchObject( {
			new_version: '1.1.0-beta.1',
			channel: 'beta',
			rollout: { percentage: 100, in_rollout: true },
		} );
		const older = await offer( request, {
			...query,
			current_version: '0.9.0',
			license_key: stable.license_key,
		} );
		expect( older ).toMatchObject( {
			new_version: '1.0.0',
			channel: 'stable',
		} );
		expect( older.rollback ).toBeUndefined();

		// A channel the product does not list is refused, on the licence and on the release.
		const refused = await request.put(
			`${ ADMIN }/licenses/${ stable.id }`,
			{ headers, data: { channel: 'nightly' } }
		);
		await expectError( refused, 400, 'invalid_params' );
		const refusedRelease = await request.put(
			`${ ADMIN }/releases/${ beta.id }`,
			{ headers, data: { channel: 'nightly' } }
		);
		await expectError( refusedRelease, 400, 'invalid_params' );
	} );

	test( "the site's channel beats the licence's, chosen by the site or set by the seller", async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		await upload( request, headers, product.id, '1.0.0' );
		await upload( request, headers, product.id, '1.1.0-beta.1', {
			channel: 'beta',
		} );
		const license = await newLicense( request, headers, product.id, {
			channel: 'beta',
		} );
		const site = 'https://chooser.example.com';
		const call = {
			license_key: license.license_key,
			product_slug: product.slug,
			site_url: site,
		};
		const query = { ...call, current_version: '1.0.0' };

		// Not activated yet: the site may not choose.
		await expectError(
			await request.post( '/wp-json/svc/v1/licenses/channel', {
				data: { ...call, channel: 'stable' },
			} ),
			403,
			'site_not_activated'
		);
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{ data: call }
		);
		expect( activated.status(), await activated.text() ).toBe( 200 );
		expect( await offer( request, query ) ).toMatchObject( {
			new_version: '1.1.0-beta.1',
		} );

		const chosen = await request.post( '/wp-json/svc/v1/licenses/channel', {
			data: { ...call, channel: 'stable' },
		} );
		expect( chosen.status(), await chosen.text() ).toBe( 200 );
		expect( await chosen.json() ).toEqual( {
			channel: 'stable',
			channels: [ 'stable', 'beta' ],
		} );
		expect( await offer( request, query ) ).toEqual( {} );
		await expectError(
			await request.post( '/wp-json/svc/v1/licenses/channel', {
				data: { ...call, channel: 'nightly' },
			} ),
			400,
			'invalid_params'
		);

		// The seller sets the site back to beta through the admin API.
		const sites = await (
			await request.get(
				`${ ADMIN }/licenses/${ license.id }/activations`,
				{
					headers,
				}
			)
		).json();
		expect( sites[ 0 ] ).toMatchObject( { channel: 'stable' } );
		const set = await request.put(
			`${ ADMIN }/licenses/${ license.id }/activations/${ sites[ 0 ].id }`,
			{ headers, data: { channel: 'beta' } }
		);
		expect( set.status(), await set.text() ).toBe( 200 );
		expect( await set.json() ).toMatchObject( { channel: 'beta' } );
		expect( await offer( request, query ) ).toMatchObject( {
			new_version: '1.1.0-beta.1',
			channel: 'beta',
		} );
	} );

	test( 'a pin caps the offer; the site pin beats the licence pin', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		for ( const version of [ '1.0.0', '1.1.0', '1.2.0' ] ) {
			await upload( request, headers, product.id, version );
		}
		const license = await newLicense( request, headers, product.id );
		const pinned = await request.put(
			`${ ADMIN }/licenses/${ license.id }`,
			{
				headers,
				data: { pinned_version: '1.1.0' },
			}
		);
		expect( pinned.status(), await pinned.text() ).toBe( 200 );
		expect( await pinned.json() ).toMatchObject( {
			pinned_version: '1.1.0',
		} );
		const site = 'https://pinned.example.com';
		const call = {
			license_key: license.license_key,
			product_slug: product.slug,
			site_url: site,
		};
		expect(
			await offer( request, { ...call, current_version: '1.0.0' } )
		).toMatchObject( { new_version: '1.1.0' } );
		expect(
			await offer( request, { ...call, current_version: '1.1.0' } )
		).toEqual( {} );

		await request.post( '/wp-json/svc/v1/licenses/activate', {
			data: call,
		} );
		const [ activation ] = await (
			await request.get(
				`${ ADMIN }/licenses/${ license.id }/activations`,
				{
					headers,
				}
			)
		).json();
		const sitePin = await request.put(
			`${ ADMIN }/licenses/${ license.id }/activations/${ activation.id }`,
			{ headers, data: { pinned_version: '1.2.0' } }
		);
		expect( sitePin.status(), await sitePin.text() ).toBe( 200 );
		expect(
			await offer( request, { ...call, current_version: '1.1.0' } )
		).toMatchObject( { new_version: '1.2.0' } );
		await expectError(
			await request.put( `${ ADMIN }/licenses/${ license.id }`, {
				headers,
				data: { pinned_version: 'soon' },
			} ),
			400,
			'invalid_params'
		);
		// An empty pin clears it.
		const cleared = await request.put(
			`${ ADMIN }/licenses/${ license.id }`,
			{
				headers,
				data: { pinned_version: '' },
			}
		);
		expect( await cleared.json() ).toMatchObject( {
			pinned_version: null,
		} );
	} );

	test( 'the schedule advances with the clock, a pause freezes it, a resume lets it run on', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		await upload( request, headers, product.id, '1.0.0' );
		const start = nowUnix() - 3600;
		const plan = [
			{ percentage: 0, at: iso( start ) },
			{ percentage: 30, at: iso( start + DAY ) },
			{ percentage: 100, at: iso( start + 2 * DAY ) },
		];
		const release = await upload( request, headers, product.id, '2.0.0', {
			rollout_plan: JSON.stringify( plan ),
		} );
		expect( release ).toMatchObject( {
			rollout_plan: plan,
			rollout_step: 0,
			rollout_percentage: 0,
			paused_at: null,
		} );
		const license = await newLicense( request, headers, product.id );
		const query = {
			product_slug: product.slug,
			license_key: license.license_key,
			current_version: '1.0.0',
		};
		const now = await offer( request, query );
		expect( now ).toMatchObject( {
			new_version: '2.0.0',
			rollout: { percentage: 0, in_rollout: false },
		} );
		expect( now.package ).toBeUndefined();
		expect(
			( await offer( request, query, DAY ) ).rollout.percentage
		).toBe( 30 );
		const done = await offer( request, query, 2 * DAY );
		expect( done.rollout ).toEqual( { percentage: 100, in_rollout: true } );
		expect( done.package ).toContain( '/downloads/' );

		// Paused now (before the 30 % step): the clock moving on changes nothing.
		const paused = await post(
			request,
			headers,
			`/releases/${ release.id }/pause`,
			{ reason: 'Tickets about the new editor' }
		);
		expect( paused ).toMatchObject( {
			pause_reason: 'Tickets about the new editor',
			rollout_percentage: 0,
		} );
		expect( paused.paused_at ).not.toBeNull();
		expect(
			( await offer( request, query, 3 * DAY ) ).rollout.percentage
		).toBe( 0 );
		// Pausing again keeps the first reason.
		expect(
			await post( request, headers, `/releases/${ release.id }/pause`, {
				reason: 'again',
			} )
		).toMatchObject( { pause_reason: 'Tickets about the new editor' } );

		const resumed = await post(
			request,
			headers,
			`/releases/${ release.id }/resume`
		);
		expect( resumed ).toMatchObject( {
			paused_at: null,
			pause_reason: '',
		} );
		expect(
			( await offer( request, query, 3 * DAY ) ).rollout.percentage
		).toBe( 100 );

		const types = (
			await (
				await request.get( `${ ADMIN }/events`, {
					headers,
					params: {
						subject_type: 'release',
						subject_id: release.id,
						per_page: 100,
					},
				} )
			).json()
		).data.map( ( event: { type: string } ) => event.type );
		expect( types ).toEqual(
			expect.arrayContaining( [ 'release.paused', 'release.resumed' ] )
		);
		expect(
			types.filter( ( type: string ) => type === 'release.paused' )
		).toHaveLength( 1 );

		// A broken schedule is refused with the rule it breaks.
		const falling = await request.put(
			`${ ADMIN }/releases/${ release.id }`,
			{
				headers,
				data: {
					rollout_plan: [
						{ percentage: 50, at: iso( start ) },
						{ percentage: 20, at: iso( start + DAY ) },
					],
				},
			}
		);
		const body = await expectError( falling, 400, 'invalid_params' );
		expect( JSON.stringify( body ) ).toContain( 'must not lower' );
	} );

	test( 'a rollback withdraws the release and offers the previous one with rollback: true', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const first = await upload( request, headers, product.id, '1.0.0' );
		await expectError(
			await request.post( `${ ADMIN }/releases/${ first.id }/rollback`, {
				headers,
			} ),
			409,
			'release_not_rollable'
		);
		const bad = await upload( request, headers, product.id, '1.1.0' );
		const license = await newLicense( request, headers, product.id );
		const query = {
			product_slug: product.slug,
			license_key: license.license_key,
		};
		expect(
			await offer( request, { ...query, current_version: '1.1.0' } )
		).toEqual( {} );

		const rolled = await post(
			request,
			headers,
			`/releases/${ bad.id }/rollback`
		);
		expect( rolled.release.withdrawn_at ).not.toBeNull();
		expect( rolled.restored ).toMatchObject( {
			version: '1.0.0',
			is_current: true,
		} );
		const back = await offer( request, {
			...query,
			current_version: '1.1.0',
		} );
		expect( back ).toMatchObject( {
			new_version: '1.0.0',
			rollback: true,
			channel: 'stable',
			rollout: { percentage: 100, in_rollout: true },
		} );
		expect( back.package ).toContain( '/downloads/' );
		expect(
			await offer( request, { ...query, current_version: '1.0.0' } )
		).toEqual( {} );
		// A site that never ran the withdrawn version is not taken down.
		expect(
			await offer( request, { ...query, current_version: '1.0.5' } )
		).toEqual( {} );

		await expectError(
			await request.post( `${ ADMIN }/releases/${ bad.id }/rollback`, {
				headers,
			} ),
			409,
			'release_not_rollable'
		);
		const logged = (
			await (
				await request.get( `${ ADMIN }/events`, {
					headers,
					params: {
						type: 'release.rolled_back',
						product_id: product.id,
					},
				} )
			).json()
		).data;
		expect( logged ).toHaveLength( 1 );
		expect( logged[ 0 ].payload ).toMatchObject( {
			version: '1.1.0',
			restored_version: '1.0.0',
		} );

		// Publishing the withdrawn release again makes it current and offered again.
		await post( request, headers, `/releases/${ bad.id }/publish` );
		expect(
			await offer( request, { ...query, current_version: '1.0.0' } )
		).toMatchObject( { new_version: '1.1.0' } );
	} );
} );
