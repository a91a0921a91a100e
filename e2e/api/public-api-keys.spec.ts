/**
 * An API key on the public licence routes (decisions.md): a valid key lifts the per-IP limit and must respect
 * its product scope; a bad or revoked key is 401. Keys travel in headers only.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	applySuiteSettings,
	createApiKey,
	createLicense,
	readApiKey,
	revokeApiKey,
	setSettings,
} from '../fixtures/test-helpers';

test.describe( 'API keys on public routes', () => {
	let product: string;
	let productId: number;
	let licenseKey: string;

	test.beforeEach( async ( { request } ) => {
		product = `pk-${ randomUUID().slice( 0, 8 ) }`;
		const fixture = await createLicense( request, { slug: product } );
		productId = fixture.product_id;
		licenseKey = fixture.license_key;
		// The shipped limits, so that lifting them is visible.
		await setSettings( request, { rate_limits: { validate: 3 } } );
	} );

	test.afterEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	const validate = (
		request: APIRequestContext,
		headers: Record< string, string > = {},
		query = ''
	) =>
		request.post( `/wp-json/svc/v1/licenses/validate${ query }`, {
			headers,
			data: {
				license_key: licenseKey,
				product_slug: product,
				site_url: 'example.com',
			},
		} );

	test( 'a valid key lifts the per-IP limit, in X-Service-Key or as a Bearer token, and records its use', async ( {
		request,
	} ) => {
		const { id, api_key } = await createApiKey( request, {
			permissions: 'read',
		} );
		expect( ( await readApiKey( request, id ) ).last_used_at ).toBeNull();
		for ( let i = 0; i < 6; i++ ) {
			const headers: Record< string, string > =
				i % 2
					? { 'X-Service-Key': api_key }
					: { Authorization: `Bearer ${ api_key }` };
			const response = await validate( request, headers );
			expect( response.status(), `call ${ i + 1 }` ).toBe( 200 );
			expect( response.headers()[ 'x-ratelimit-limit' ] ).toBeUndefined();
		}
		const stored = await readApiKey( request, id );
		expect( stored.last_used_at ).not.toBeNull();
		expect( stored.key_prefix ).toBe( api_key.slice( 0, 8 ) );
	} );

	test( 'a key in the query string is ignored: the request counts per IP', async ( {
		request,
	} ) => {
		const { api_key } = await createApiKey( request );
		const response = await validate(
			request,
			{},
			`?api_key=${ api_key }&service_key=${ api_key }`
		);
		expect( response.headers()[ 'x-ratelimit-limit' ] ).toBe( '3' );
	} );

	test( 'an unknown, malformed or revoked key is 401 unauthorized', async ( {
		request,
	} ) => {
		await expectError(
			await validate( request, {
				'X-Service-Key': `svc_${ 'A'.repeat( 40 ) }`,
			} ),
			401,
			'unauthorized'
		);
		await expectError(
			await validate( request, { Authorization: 'Bearer nonsense' } ),
			401,
			'unauthorized'
		);
		const { id, api_key } = await createApiKey( request );
		expect(
			( await validate( request, { 'X-Service-Key': api_key } ) ).status()
		).toBe( 200 );
		await revokeApiKey( request, id );
		await expectError(
			await validate( request, { 'X-Service-Key': api_key } ),
			401,
			'unauthorized'
		);
	} );

	test( 'a product-scoped key works for its product and is 403 product_out_of_scope for another', async ( {
		request,
	} ) => {
		const own = await createApiKey( request, { product_id: productId } );
		expect(
			(
				await validate( request, { 'X-Service-Key': own.api_key } )
			).status()
		).toBe( 200 );
		const other = await createLicense( request, {
			slug: `pk-${ randomUUID().slice( 0, 8 ) }`,
		} );
		const foreign = await createApiKey( request, {
			product_id: other.product_id,
		} );
		await expectError(
			await validate( request, { 'X-Service-Key': foreign.api_key } ),
			403,
			'product_out_of_scope'
		);
		await expectError(
			await request.post( '/wp-json/svc/v1/trials/request', {
				headers: { 'X-Service-Key': foreign.api_key },
				data: { product_slug: product, email: 'scope@example.com' },
			} ),
			403,
			'product_out_of_scope'
		);
	} );

	test( 'an API key does not log anyone into WordPress', async ( {
		request,
	} ) => {
		const { api_key } = await createApiKey( request, {
			permissions: 'admin',
		} );
		const me = await request.get( '/wp-json/wp/v2/users/me', {
			headers: {
				'X-Service-Key': api_key,
				Authorization: `Bearer ${ api_key }`,
			},
		} );
		expect( me.status() ).toBe( 401 );
	} );
} );
