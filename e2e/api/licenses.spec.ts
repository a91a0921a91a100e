/**
 * POST /svc/v1/licenses/validate, /activate and /deactivate, as client sites call them.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { race } from '../fixtures/race';
import { expectError } from '../fixtures/envelope';
import { createLicense, setSettings } from '../fixtures/test-helpers';
import { withoutLease } from '../fixtures/lease';

const slug = () => `plugin-${ randomUUID().slice( 0, 8 ) }`;
const post = (
	request: APIRequestContext,
	route: string,
	data: Record< string, unknown >
) => request.post( `/wp-json/svc/v1/licenses/${ route }`, { data } );

test.describe( 'licence validation and activation', () => {
	test( 'validate answers every field of the spec', async ( { request } ) => {
		const product = slug();
		const { license_key } = await createLicense(
			request,
			{ slug: product, current_version: '2.3.1' },
			{
				activation_limit: 3,
				expires: '2030-05-01T00:00:00Z',
				tier: { label: 'Agency', features: [ 'support', 'updates' ] },
			}
		);
		const response = await post( request, 'validate', {
			license_key,
			product_slug: product,
			site_url: 'https://shop.example.com',
		} );
		expect( response.status() ).toBe( 200 );
		expect( await response.json() ).toEqual( {
			valid: true,
			status: 'active',
			expires: '2030-05-01T00:00:00Z',
			activation_limit: 3,
			activation_count: 0,
			already_activated: false,
			product_version: '2.3.1',
			is_trial: false,
			trial_ends: null,
			tier: { label: 'Agency', features: [ 'support', 'updates' ] },
			renewal_url: null,
			is_staging: false,
			// The signed lease (docs/leases.md; leases.spec.ts verifies it).
			lease: expect.stringMatching( /^[\w-]+\.[\w-]+$/ ),
		} );
	} );

	test( 'the key is accepted in lower case and with spaces; a lifetime licence has expires null and no tier', async ( {
		request,
	} ) => {
		const product = slug();
		const { license_key } = await createLicense( request, {
			slug: product,
		} );
		const body = await (
			await post( request, 'validate', {
				license_key: ` ${ license_key.toLowerCase() } `,
				product_slug: product,
				site_url: 'example.com',
			} )
		).json();
		expect( body.valid ).toBe( true );
		expect( body.expires ).toBeNull();
		expect( body.tier ).toBeNull();
	} );

	test( 'a licence past its expiry validates as expired, and cannot activate', async ( {
		request,
	} ) => {
		const product = slug();
		const { license_key } = await createLicense(
			request,
			{ slug: product },
			{ expires: '2020-01-01T00:00:00Z' }
		);
		const body = await (
			await post( request, 'validate', {
				license_key,
				product_slug: product,
				site_url: 'example.com',
			} )
		).json();
		expect( body ).toMatchObject( {
			valid: false,
			status: 'expired',
			expires: '2020-01-01T00:00:00Z',
		} );
		const refused = await expectError(
			await post( request, 'activate', {
				license_key,
				product_slug: product,
				site_url: 'example.com',
			} ),
			403,
			'license_not_active'
		);
		expect( refused.data.license_status ).toBe( 'expired' );
	} );

	for ( const status of [ 'suspended', 'revoked', 'cancelled' ] ) {
		test( `a ${ status } licence is not valid and cannot activate`, async ( {
			request,
		} ) => {
			const product = slug();
			const { license_key } = await createLicense(
				request,
				{ slug: product },
				{ status }
			);
			const body = await (
				await post( request, 'validate', {
					license_key,
					product_slug: product,
					site_url: 'example.com',
				} )
			).json();
			expect( body ).toMatchObject( { valid: false, status } );
			await expectError(
				await post( request, 'activate', {
					license_key,
					product_slug: product,
					site_url: 'example.com',
				} ),
				403,
				'license_not_active'
			);
		} );
	}

	test( 'errors: malformed key, unknown key, unknown or inactive product, missing or bad parameters', async ( {
		request,
	} ) => {
		const product = slug();
		const { license_key } = await createLicense( request, {
			slug: product,
		} );
		const site = 'example.com';
		for ( const route of [ 'validate', 'activate', 'deactivate' ] ) {
			await expectError(
				await post( request, route, {
					license_key: 'ABCD-EFGH-JKMN-PQ20',
					product_slug: product,
					site_url: site,
				} ),
				400,
				'invalid_license_key'
			);
			await expectError(
				await post( request, route, {
					license_key: 'not a key',
					product_slug: product,
					site_url: site,
				} ),
				400,
				'invalid_license_key'
			);
			await expectError(
				await post( request, route, {
					license_key: 'ABCD-EFGH-JKMN-PQ23',
					product_slug: product,
					site_url: site,
				} ),
				404,
				'license_not_found'
			);
			await expectError(
				await post( request, route, {
					license_key,
					product_slug: 'no-such-product',
					site_url: site,
				} ),
				404,
				'product_not_found'
			);
			const missing = await expectError(
				await post( request, route, {
					license_key,
					product_slug: product,
				} ),
				400,
				'invalid_params'
			);
			expect( missing.data.params ).toEqual( [ 'site_url' ] );
			const badSite = await expectError(
				await post( request, route, {
					license_key,
					product_slug: product,
					site_url: 'ftp://example.com',
				} ),
				400,
				'invalid_params'
			);
			expect( Object.keys( badSite.data.params as object ) ).toEqual( [
				'site_url',
			] );
		}
		await expectError(
			await post( request, 'validate', {
				license_key,
				product_slug: product,
				site_url: site,
				server_fingerprint: 'xyz',
			} ),
			400,
			'invalid_params'
		);
		// A key of another product is not found for this one.
		const other = await createLicense( request, { slug: slug() } );
		await expectError(
			await post( request, 'validate', {
				license_key: other.license_key,
				product_slug: product,
				site_url: site,
			} ),
			404,
			'license_not_found'
		);
		// An inactive product is not offered.
		const hidden = slug();
		const inactive = await createLicense( request, {
			slug: hidden,
			is_active: false,
		} );
		await expectError(
			await post( request, 'validate', {
				license_key: inactive.license_key,
				product_slug: hidden,
				site_url: site,
			} ),
			404,
			'product_not_found'
		);
	} );

	test( 'activating the same site again returns the same activation and uses no slot; deactivate frees it', async ( {
		request,
	} ) => {
		const product = slug();
		const { license_key } = await createLicense(
			request,
			{ slug: product },
			{ activation_limit: 2 }
		);
		// The site's own fingerprint: its deactivate frees itself, never counted against the monthly allowance.
		const fingerprint = 'c'.repeat( 64 );
		const first = await post( request, 'activate', {
			license_key,
			product_slug: product,
			site_url: 'https://www.Example.com/',
			server_fingerprint: fingerprint,
		} );
		expect( first.status() ).toBe( 200 );
		const a = await first.json();
		expect( a ).toMatchObject( {
			activated: true,
			site_url: 'example.com',
			activation_count: 1,
			activation_limit: 2,
		} );
		expect( a.activated_at ).toMatch( /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );
		expect( Number.isInteger( a.activation_id ) ).toBe( true );

		const again = await (
			await post( request, 'activate', {
				license_key,
				product_slug: product,
				site_url: 'http://example.com',
				server_fingerprint: fingerprint,
			} )
		).json();
		expect( withoutLease( again ) ).toEqual( withoutLease( a ) );

		const validated = await (
			await post( request, 'validate', {
				license_key,
				product_slug: product,
				site_url: 'example.com/',
			} )
		).json();
		expect( validated ).toMatchObject( {
			valid: true,
			already_activated: true,
			activation_count: 1,
		} );
		const elsewhere = await (
			await post( request, 'validate', {
				license_key,
				product_slug: product,
				site_url: 'example.com/blog',
			} )
		).json();
		expect( elsewhere.already_activated ).toBe( false );

		const off = await post( request, 'deactivate', {
			license_key,
			product_slug: product,
			site_url: 'EXAMPLE.com',
			server_fingerprint: fingerprint,
		} );
		expect( off.status() ).toBe( 200 );
		expect( await off.json() ).toEqual( {
			deactivated: true,
			site_url: 'example.com',
			activation_count: 0,
			activation_limit: 2,
		} );
		const twice = await (
			await post( request, 'deactivate', {
				license_key,
				product_slug: product,
				site_url: 'example.com',
			} )
		).json();
		expect( twice ).toEqual( {
			deactivated: false,
			site_url: 'example.com',
			activation_count: 0,
			activation_limit: 2,
		} );
	} );

	test( 'at the limit: 403 activation_limit_reached with the limit and count', async ( {
		request,
	} ) => {
		const product = slug();
		const { license_key } = await createLicense(
			request,
			{ slug: product },
			{ activation_limit: 1 }
		);
		expect(
			(
				await post( request, 'activate', {
					license_key,
					product_slug: product,
					site_url: 'one.example.com',
				} )
			).status()
		).toBe( 200 );
		const body = await expectError(
			await post( request, 'activate', {
				license_key,
				product_slug: product,
				site_url: 'two.example.com',
			} ),
			403,
			'activation_limit_reached'
		);
		expect( body.data ).toEqual( {
			status: 403,
			activation_limit: 1,
			activation_count: 1,
		} );
	} );

	test( '60 parallel activations of distinct sites on a limit of 3 give exactly 3 activations', async ( {
		request,
	} ) => {
		await race( request, '60 activations, limit 3', {
			setup: async () => {
				const product = slug();
				const { license_key } = await createLicense(
					request,
					{ slug: product },
					{ activation_limit: 3 }
				);
				return { product, license_key };
			},
			fire: ( fresh, { product, license_key } ) =>
				Array.from( { length: 60 }, ( _, i ) =>
					post( fresh, 'activate', {
						license_key,
						product_slug: product,
						site_url: `https://site-${ i }.example.com`,
					} )
				),
			check: async ( answers, { product, license_key } ) => {
				const codes = answers.map( ( a ) =>
					a.status === 200 ? 'ok' : a.json?.code
				);
				expect( codes.filter( ( c ) => c === 'ok' ) ).toHaveLength( 3 );
				expect(
					codes.filter( ( c ) => c === 'activation_limit_reached' )
				).toHaveLength( 57 );
				const after = await (
					await post( request, 'validate', {
						license_key,
						product_slug: product,
						site_url: 'site-0.example.com',
					} )
				).json();
				expect( after.activation_count ).toBe( 3 );
			},
		} );
	} );

	test( '20 parallel activations of one site use one slot', async ( {
		request,
	} ) => {
		await race( request, '20 activations of one site', {
			setup: async () => {
				const product = slug();
				const { license_key } = await createLicense(
					request,
					{ slug: product },
					{ activation_limit: 5 }
				);
				return { product, license_key };
			},
			fire: ( fresh, { product, license_key } ) =>
				Array.from( { length: 20 }, () =>
					post( fresh, 'activate', {
						license_key,
						product_slug: product,
						site_url: 'same.example.com',
					} )
				),
			check: async ( answers, { product, license_key } ) => {
				expect( answers.map( ( a ) => a.status ) ).toEqual(
					Array( 20 ).fill( 200 )
				);
				expect(
					new Set( answers.map( ( a ) => a.json.activation_id ) ).size
				).toBe( 1 );
				const after = await (
					await post( request, 'validate', {
						license_key,
						product_slug: product,
						site_url: 'same.example.com',
					} )
				).json();
				expect( after.activation_count ).toBe( 1 );
			},
		} );
	} );

	test( 'with fingerprinting on, another server fingerprint for the same site validates as invalid', async ( {
		request,
	} ) => {
		const product = slug();
		const { license_key } = await createLicense(
			request,
			{ slug: product },
			{ activation_limit: 2 }
		);
		const mine = 'a'.repeat( 64 );
		const theirs = 'b'.repeat( 64 );
		await post( request, 'activate', {
			license_key,
			product_slug: product,
			site_url: 'fp.example.com',
			server_fingerprint: mine,
		} );
		await setSettings( request, { fingerprinting: true } );
		try {
			const same = await (
				await post( request, 'validate', {
					license_key,
					product_slug: product,
					site_url: 'fp.example.com',
					server_fingerprint: mine.toUpperCase(),
				} )
			).json();
			expect( same.valid ).toBe( true );
			const other = await (
				await post( request, 'validate', {
					license_key,
					product_slug: product,
					site_url: 'fp.example.com',
					server_fingerprint: theirs,
				} )
			).json();
			expect( other ).toMatchObject( {
				valid: false,
				status: 'active',
				already_activated: true,
			} );
			const none = await (
				await post( request, 'validate', {
					license_key,
					product_slug: product,
					site_url: 'fp.example.com',
				} )
			).json();
			expect( none.valid ).toBe( false );
		} finally {
			await setSettings( request, { fingerprinting: false } );
		}
		const off = await (
			await post( request, 'validate', {
				license_key,
				product_slug: product,
				site_url: 'fp.example.com',
				server_fingerprint: theirs,
			} )
		).json();
		expect( off.valid ).toBe( true );
	} );
} );
