/**
 * GET /admin/stats: counts by effective status, activations, revenue placeholder; scoped keys see their product.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { awaitRoomInMinute } from '../fixtures/rate-window';
import {
	SUITE_SETTINGS,
	applySuiteSettings,
	setSettings,
	keyHeaders,
} from '../fixtures/test-helpers';

const SUITE_LIMITS = SUITE_SETTINGS.rate_limits;

const ADMIN = '/wp-json/svc/v1/admin';

test( 'statistics of one product through a key scoped to it', async ( {
	request,
} ) => {
	const admin = await keyHeaders( request, 'admin' );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers: admin,
			data: { name: `stats-${ randomUUID().slice( 0, 8 ) }` },
		} )
	).json();
	const license = async ( data: Record< string, unknown > ) =>
		(
			await request.post( `${ ADMIN }/licenses`, {
				headers: admin,
				data: {
					product_id: product.id,
					customer_email: 's@example.com',
					...data,
				},
			} )
		).json();
	const activate = ( key: string, site: string ) =>
		request.post( '/wp-json/svc/v1/licenses/activate', {
			data: {
				license_key: key,
				product_slug: product.slug,
				site_url: site,
			},
		} );

	const active = await license( { activation_limit: 3 } );
	await activate( active.license_key, 'a.example.com' );
	await activate( active.license_key, 'b.example.com' );
	const suspendedLater = await license( {} );
	await activate( suspendedLater.license_key, 'c.example.com' );
	await request.put( `${ ADMIN }/licenses/${ suspendedLater.id }`, {
		headers: admin,
		data: { status: 'suspended' },
	} );
	await license( { expires: '2020-01-01T00:00:00Z' } );
	await license( { status: 'cancelled' } );
	await license( { status: 'trial', expires: '2099-01-01T00:00:00Z' } );
	await license( { status: 'revoked' } );
	await license( {} );

	const scoped = await keyHeaders( request, 'read', product.id );
	const response = await request.get( `${ ADMIN }/stats`, {
		headers: scoped,
	} );
	expect( response.status() ).toBe( 200 );
	expect( await response.json() ).toEqual( {
		products: { total: 1, active: 1 },
		licenses: {
			total: 7,
			active: 2,
			expired: 1,
			suspended: 1,
			cancelled: 1,
			trial: 1,
		},
		activations: { total: 3, active: 2 },
		revenue: { period: '30d', total: 0, currency: 'USD' },
	} );

	const all = await (
		await request.get( `${ ADMIN }/stats`, { headers: admin } )
	).json();
	expect( all.products.total ).toBeGreaterThanOrEqual( 1 );
	expect( all.licenses.total ).toBeGreaterThanOrEqual( 7 );
	await expectError(
		await request.get( `${ ADMIN }/stats` ),
		401,
		'unauthorized'
	);
} );

test( 'the admin limit counts per API key, with the rate-limit headers', async ( {
	request,
} ) => {
	await setSettings( request, {
		rate_limits: { ...SUITE_LIMITS, admin: 3 },
	} );
	try {
		const one = await keyHeaders( request, 'read' );
		const two = await keyHeaders( request, 'read' );
		// The limit counts in fixed minutes; a minute ending between two calls reset the count once in CI.
		await awaitRoomInMinute();
		for ( let i = 1; i <= 3; i++ ) {
			const ok = await request.get( `${ ADMIN }/stats`, {
				headers: one,
			} );
			expect( ok.status() ).toBe( 200 );
			expect( ok.headers()[ 'x-ratelimit-limit' ] ).toBe( '3' );
			expect( ok.headers()[ 'x-ratelimit-remaining' ] ).toBe(
				String( 3 - i )
			);
		}
		const refused = await request.get( `${ ADMIN }/stats`, {
			headers: one,
		} );
		await expectError( refused, 429, 'rate_limit_exceeded' );
		expect(
			Number( refused.headers()[ 'retry-after' ] )
		).toBeGreaterThanOrEqual( 1 );
		expect(
			(
				await request.get( `${ ADMIN }/stats`, { headers: two } )
			).status()
		).toBe( 200 );
	} finally {
		await applySuiteSettings( request );
	}
} );
