/**
 * What a signed-in customer does with a licence in the customer portal (/svc/v1/portal, docs/api-decisions.md):
 * release a site, download the current release, rotate the key. Shared setup: ../fixtures/portal-api.
 */
import { expect, test } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';
import {
	API,
	PORTAL,
	seedCustomer,
	sha256,
	type PortalLicense,
} from '../fixtures/portal';
import {
	licenses,
	portalSpecHooks,
	signedIn,
	validate,
} from '../fixtures/portal-api';

test.describe( 'customer portal: licences', () => {
	portalSpecHooks();

	test( "a site is released: the licence's activation_count drops and the history records the customer", async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { context, csrf } = await signedIn( request, customer.email );
		const pro = ( await licenses( context ) ).find(
			( license ) => license.id === customer.withRelease.id
		) as PortalLicense;
		const site = pro.activations[ 0 ];

		const released = await context.post(
			`${ PORTAL }/licenses/${ pro.id }/activations/${ site.id }/deactivate`,
			{ headers: { 'X-Svc-Portal-Csrf': csrf } }
		);
		expect( released.status(), await released.text() ).toBe( 200 );
		const after = ( await released.json() ) as PortalLicense;
		expect( after.activation_count ).toBe( 1 );
		expect( after.self_serve_releases_left ).toBe( 2 );
		expect( after.activations.map( ( a ) => a.id ) ).not.toContain(
			site.id
		);

		// The service sees it: the admin API and the public validate answer.
		const admin = await keyHeaders( request );
		const stored = await (
			await request.get( `${ API }/admin/licenses/${ pro.id }`, {
				headers: admin,
			} )
		).json();
		expect( stored.activation_count ).toBe( 1 );
		const validated = await (
			await validate(
				request,
				customer.withRelease.key,
				customer.withRelease.productSlug
			)
		).json();
		expect( validated.activation_count ).toBe( 1 );
		const events = await (
			await request.get(
				`${ API }/admin/events?subject_type=license&subject_id=${ pro.id }&type=license.deactivated`,
				{ headers: admin }
			)
		).json();
		const rows = events.data as {
			actor: { kind: string; label: string };
		}[];
		expect( rows ).toHaveLength( 1 );
		expect( rows[ 0 ].actor ).toMatchObject( {
			kind: 'customer',
			label: customer.email,
		} );

		// An activation of another licence, or one already released, is the same 404.
		for ( const path of [
			`${ pro.id }/activations/${ site.id }`,
			`${ customer.plain.id }/activations/${ pro.activations[ 1 ].id }`,
		] ) {
			await expectError(
				await context.post(
					`${ PORTAL }/licenses/${ path }/deactivate`,
					{
						headers: { 'X-Svc-Portal-Csrf': csrf },
					}
				),
				404,
				'license_not_found'
			);
		}
	} );

	test( 'the download link serves the current release, whose bytes hash to its package_hash', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { context, csrf } = await signedIn( request, customer.email );
		const asked = Date.now();
		const answer = await context.post(
			`${ PORTAL }/licenses/${ customer.withRelease.id }/download`,
			{ headers: { 'X-Svc-Portal-Csrf': csrf } }
		);
		expect( answer.status(), await answer.text() ).toBe( 200 );
		const body = await answer.json();
		expect( Object.keys( body ).sort() ).toEqual( [
			'expires',
			'url',
			'version',
		] );
		expect( body.version ).toBe( '2.1.0' );
		expect( Date.parse( body.expires ) ).toBeGreaterThan( asked );
		const file = await request.get( body.url );
		expect( file.status() ).toBe( 200 );
		expect( `sha256:${ sha256( await file.body() ) }` ).toBe(
			customer.packageHash
		);

		// A product without a release has nothing to download.
		await expectError(
			await context.post(
				`${ PORTAL }/licenses/${ customer.plain.id }/download`,
				{
					headers: { 'X-Svc-Portal-Csrf': csrf },
				}
			),
			404,
			'not_found'
		);
	} );

	test( 'rotation answers a new key once: the old key fails validation, the new one passes', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const { key, productSlug, id } = customer.withRelease;
		expect( ( await validate( request, key, productSlug ) ).status() ).toBe(
			200
		);
		const { context, csrf } = await signedIn( request, customer.email );
		const rotated = await context.post(
			`${ PORTAL }/licenses/${ id }/rotate`,
			{
				headers: { 'X-Svc-Portal-Csrf': csrf },
			}
		);
		expect( rotated.status(), await rotated.text() ).toBe( 200 );
		const body = await rotated.json();
		expect( Object.keys( body ) ).toEqual( [ 'license_key' ] );
		expect( body.license_key ).not.toBe( key );
		expect( body.license_key ).toMatch(
			/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/
		);
		expect(
			( await validate( request, key, productSlug ) ).status()
		).not.toBe( 200 );
		const fresh = await validate( request, body.license_key, productSlug );
		expect( fresh.status() ).toBe( 200 );
		expect( ( await fresh.json() ).valid ).toBe( true );
		const listed = ( await licenses( context ) ).find(
			( license ) => license.id === id
		) as PortalLicense;
		expect( listed.key_masked ).toBe(
			`XXXX-XXXX-XXXX-${ body.license_key.slice( -4 ) }`
		);
	} );
} );
