/**
 * Software License Manager's client protocol on the store's front URL (docs/moving-in.md, "The old clients"): off
 * until an import from SLM has run, which also brings SLM's verification secret; then slm_check, slm_activate and
 * slm_deactivate answer in SLM's shape (result, message, error_code with SLM's numbers, the licence's fields), with
 * our rules underneath. Fixture: SLM's tables from its public layouts (e2e/mu-plugins/svc-test-import.php),
 * imported with `wp svc import slm`.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import {
	buildFixture,
	dropFixture,
	freshBase,
	freshTag,
	holdSource,
	ourLicense,
	runImport,
} from '../fixtures/import';
import { fastLane } from '../fixtures/env';

const ADMIN = '/wp-json/svc/v1/admin';

interface SlmFixture {
	keys: Record< string, string >;
	domains: Record< string, string >;
}

test.describe.serial( 'SLM client protocol', () => {
	test.describe.configure( { timeout: 240_000 } );

	const base = freshBase();
	const tag = freshTag();
	const secret = `verification-${ tag }`;
	let product: { id: number; slug: string };
	let fixture: SlmFixture;

	/** An SLM client's call: a form POST (or a GET) to the store's front URL. */
	async function slm(
		request: APIRequestContext,
		fields: Record< string, string >,
		method: 'POST' | 'GET' = 'POST'
	) {
		const data = { secret_key: secret, ...fields };
		const response =
			method === 'POST'
				? await request.post( '/', { form: data } )
				: await request.get( '/', { params: data } );
		expect( response.status(), await response.text() ).toBe( 200 );
		// The fast lane answers while it is on (this pass of the suite), WordPress when it is off.
		expect(
			response.headers()[ 'x-svc-test-lane' ],
			'answered by the lane'
		).toBe( fastLane ? '1' : '0' );
		return response.json();
	}

	let giveBack: ( () => void ) | undefined;

	test.beforeAll( async ( { request } ) => {
		giveBack = await holdSource( 'slm' );
		const headers = await keyHeaders( request, 'admin' );
		let takenKey: string;
		( { product, key: takenKey } = await ourLicense(
			request,
			headers,
			`SLM Proto ${ tag }`,
			tag
		) );
		fixture = await buildFixture( request, {
			source: 'slm',
			base,
			tag,
			product: product.slug,
			taken_key: takenKey,
		} );
	} );

	test.afterAll( async ( { request } ) => {
		await dropFixture( request, 'slm' );
		giveBack?.();
	} );

	test( 'off until an import has run, then on with the imported secret', async ( {
		request,
	} ) => {
		// Never set, as on a site before its first import: only that import turns the switch on.
		await setSettings( request, { slm_protocol: null } );
		const before = await request.post( '/', {
			form: {
				slm_action: 'slm_check',
				secret_key: secret,
				license_key: fixture.keys[ 1 ],
			},
		} );
		expect( before.headers()[ 'content-type' ] ).toContain( 'text/html' );

		const run = await runImport( 'slm', [ `--product=${ product.slug }` ] );
		expect( run.code, run.stderr ).toBe( 0 );
		expect(
			await slm( request, {
				slm_action: 'slm_check',
				license_key: fixture.keys[ 1 ],
			} )
		).toMatchObject( { result: 'success', status: 'active' } );
		expect(
			await slm( request, {
				slm_action: 'slm_check',
				license_key: fixture.keys[ 1 ],
				secret_key: `creation-${ tag }`,
			} )
		).toEqual( {
			result: 'error',
			message: 'Verification API secret key is invalid',
			error_code: 90,
		} );
	} );

	test( 'slm_check: the licence fields, whatever the status', async ( {
		request,
	} ) => {
		const one = await slm(
			request,
			{ slm_action: 'slm_check', license_key: fixture.keys[ 1 ] },
			'GET'
		);
		expect( one ).toMatchObject( {
			result: 'success',
			message: 'License key details retrieved.',
			status: 'active',
			license_key: fixture.keys[ 1 ],
			email: `one-${ tag }@example.com`,
			max_allowed_domains: 2,
			product_ref: product.slug,
		} );
		expect( one.date_expiry ).toMatch( /^\d{4}-\d\d-\d\d$/ );
		expect(
			one.registered_domains.map(
				( d: { registered_domain: string } ) => d.registered_domain
			)
		).toEqual(
			expect.arrayContaining( [
				expect.stringContaining( `slm-one-${ tag }.example` ),
				expect.stringContaining( `slm-two-${ tag }.example` ),
			] )
		);
		// Licence 2: SLM's pending key with no expiry and no limit.
		expect(
			await slm( request, {
				slm_action: 'slm_check',
				license_key: fixture.keys[ 2 ],
			} )
		).toMatchObject( {
			status: 'active',
			max_allowed_domains: 0,
			date_expiry: '0000-00-00',
			registered_domains: [],
		} );
		expect(
			await slm( request, {
				slm_action: 'slm_check',
				license_key: fixture.keys[ 3 ],
			} )
		).toMatchObject( { result: 'success', status: 'blocked' } );
		expect(
			await slm( request, {
				slm_action: 'slm_check',
				license_key: fixture.keys[ 4 ],
			} )
		).toMatchObject( { result: 'success', status: 'expired' } );
		expect(
			await slm( request, {
				slm_action: 'slm_check',
				license_key: `SLM-unknown-${ tag }`,
			} )
		).toEqual( {
			result: 'error',
			message: 'Invalid license key',
			error_code: 60,
		} );
	} );

	test( 'slm_activate and slm_deactivate: each outcome', async ( {
		request,
	} ) => {
		const call = ( action: string, fields: Record< string, string > ) =>
			slm( request, { slm_action: action, ...fields } );
		const domain = `slm-new-${ tag }.example`;

		// Licence 1: both of its 2 domains are taken.
		expect(
			await call( 'slm_activate', {
				license_key: fixture.keys[ 1 ],
				registered_domain: domain,
			} )
		).toEqual( {
			result: 'error',
			message: 'Reached maximum allowable domains',
			error_code: 50,
		} );
		expect(
			await call( 'slm_activate', {
				license_key: fixture.keys[ 1 ],
				registered_domain: `slm-one-${ tag }.example`,
			} )
		).toEqual( {
			result: 'error',
			message: `License key already in use on slm-one-${ tag }.example`,
			error_code: 40,
		} );
		// Licence 2: unlimited.
		expect(
			await call( 'slm_activate', {
				license_key: fixture.keys[ 2 ],
				registered_domain: domain,
			} )
		).toEqual( { result: 'success', message: 'License key activated' } );
		expect(
			await call( 'slm_activate', {
				license_key: fixture.keys[ 2 ],
				registered_domain: domain,
			} )
		).toMatchObject( { result: 'error', error_code: 40 } );
		expect(
			( await call( 'slm_check', { license_key: fixture.keys[ 2 ] } ) )
				.registered_domains
		).toHaveLength( 1 );
		expect(
			await call( 'slm_deactivate', {
				license_key: fixture.keys[ 2 ],
				registered_domain: domain,
			} )
		).toEqual( {
			result: 'success',
			message: 'The license key has been deactivated for this domain',
		} );
		expect(
			await call( 'slm_deactivate', {
				license_key: fixture.keys[ 2 ],
				registered_domain: domain,
			} )
		).toEqual( {
			result: 'error',
			message: 'The license key on this domain is already inactive',
			error_code: 80,
		} );
		expect(
			await call( 'slm_activate', { license_key: fixture.keys[ 2 ] } )
		).toEqual( {
			result: 'error',
			message: 'Registered domain information is missing',
			error_code: 70,
		} );
		expect(
			await call( 'slm_activate', {
				license_key: fixture.keys[ 3 ],
				registered_domain: domain,
			} )
		).toMatchObject( { result: 'error', error_code: 20 } );
		expect(
			await call( 'slm_activate', {
				license_key: fixture.keys[ 4 ],
				registered_domain: domain,
			} )
		).toMatchObject( { result: 'error', error_code: 30 } );
		expect(
			await call( 'slm_activate', {
				license_key: `SLM-unknown-${ tag }`,
				registered_domain: domain,
			} )
		).toMatchObject( { result: 'error', error_code: 60 } );
	} );
	test( "a shipped client's slm_deactivate of its own domain is never refused by the monthly release allowance", async ( {
		request,
	} ) => {
		const domain = `slm-own-${ tag }.example`;
		expect(
			await slm( request, {
				slm_action: 'slm_activate',
				license_key: fixture.keys[ 2 ],
				registered_domain: domain,
			} )
		).toEqual( { result: 'success', message: 'License key activated' } );
		// No self-serve releases at all this month: SLM's client deactivates its own domain all the same.
		await setSettings( request, { portal_releases_per_month: 0 } );
		try {
			expect(
				await slm( request, {
					slm_action: 'slm_deactivate',
					license_key: fixture.keys[ 2 ],
					registered_domain: domain,
				} )
			).toEqual( {
				result: 'success',
				message: 'The license key has been deactivated for this domain',
			} );
		} finally {
			await setSettings( request, { portal_releases_per_month: 3 } );
		}
	} );

	test( "slm_create_new is answered in SLM's error shape, and creates nothing", async ( {
		request,
	} ) => {
		const answer = await slm( request, {
			slm_action: 'slm_create_new',
			first_name: 'New',
			last_name: 'Customer',
			email: `slm-create-${ tag }@example.com`,
			max_allowed_domains: '2',
		} );
		expect( answer ).toEqual( {
			result: 'error',
			message: expect.stringContaining(
				'no longer creates licence keys'
			),
			error_code: 10,
		} );
		const found = await (
			await request.get( `${ ADMIN }/licenses`, {
				headers: await keyHeaders( request, 'admin' ),
				params: { search: `slm-create-${ tag }@example.com` },
			} )
		).json();
		expect( found.total ).toBe( 0 );
	} );
} );
