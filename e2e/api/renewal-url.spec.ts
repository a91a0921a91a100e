/**
 * The validate answer's renewal_url (docs/api-decisions.md): the site's renewal page with {product} replaced by
 * the product's slug, else the product's homepage, else null; never the licence key. The setting is refused with
 * a readable 400 unless it is an http(s) address. The fast lane answers the same.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import { withoutLease } from '../fixtures/lease';

// WordPress' test cookie makes the fast lane step aside, so the full route answers (lane-parity.spec.ts).
const FULL_ROUTE = { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' };

const putSettings = async (
	request: APIRequestContext,
	values: Record< string, unknown >
) =>
	request.put( '/wp-json/svc/v1/admin/settings', {
		headers: await keyHeaders( request ),
		data: values,
	} );

async function validate(
	request: APIRequestContext,
	body: Record< string, string >,
	headers: Record< string, string > = {}
) {
	const response = await request.post( '/wp-json/svc/v1/licenses/validate', {
		data: body,
		headers,
	} );
	expect( response.status() ).toBe( 200 );
	return response.json();
}

async function license( request: APIRequestContext, homepage?: string ) {
	const slug = `renew-${ randomUUID().slice( 0, 8 ) }`;
	const { license_key, license_id, product_id } = await createLicense(
		request,
		{ slug },
		{ expires: '2030-01-01T00:00:00Z' }
	);
	if ( homepage !== undefined ) {
		const response = await request.put(
			`/wp-json/svc/v1/admin/products/${ product_id }`,
			{
				headers: await keyHeaders( request ),
				data: { homepage_url: homepage },
			}
		);
		expect( response.status() ).toBe( 200 );
	}
	return {
		slug,
		id: license_id,
		body: {
			license_key,
			product_slug: slug,
			site_url: 'https://renewal.example',
		},
	};
}

test.describe( 'renewal_url in the validate answer', () => {
	test.afterEach( async ( { request } ) => {
		expect(
			( await putSettings( request, { renewal_page: '' } ) ).status()
		).toBe( 200 );
	} );

	test( 'without a renewal page: the product homepage, or null', async ( {
		request,
	} ) => {
		const withHomepage = await license(
			request,
			'https://acme.example/widgets'
		);
		expect(
			( await validate( request, withHomepage.body ) ).renewal_url
		).toBe( 'https://acme.example/widgets' );
		const without = await license( request );
		const answer = await validate( request, without.body );
		expect( answer ).toHaveProperty( 'renewal_url', null );
	} );

	test( 'the renewal page names the product, never the key, and the fast lane and the full route agree', async ( {
		request,
	} ) => {
		const saved = await putSettings( request, {
			renewal_page: ' https://shop.example/renew/{product}/?from=notice ',
		} );
		expect( saved.status() ).toBe( 200 );
		expect( ( await saved.json() ).renewal_page ).toBe(
			'https://shop.example/renew/{product}/?from=notice'
		);
		const { slug, body } = await license(
			request,
			'https://acme.example/widgets'
		);
		const answer = await validate( request, body );
		expect( answer.renewal_url ).toBe(
			`https://shop.example/renew/${ slug }/?from=notice`
		);
		expect( JSON.stringify( answer ) ).not.toContain( body.license_key );
		expect(
			withoutLease( await validate( request, body, FULL_ROUTE ) )
		).toEqual( withoutLease( answer ) );

		// An expired licence is told where to renew too.
		const expired = await license( request );
		const put = await request.put(
			`/wp-json/svc/v1/admin/licenses/${ expired.id }`,
			{
				headers: await keyHeaders( request ),
				data: { expires: '2020-01-01T00:00:00Z' },
			}
		);
		expect( put.status() ).toBe( 200 );
		const answerExpired = await validate( request, expired.body );
		expect( answerExpired ).toMatchObject( {
			valid: false,
			status: 'expired',
			renewal_url: `https://shop.example/renew/${ expired.slug }/?from=notice`,
		} );
	} );

	test( 'a renewal page that is not an http(s) address is refused in words, and nothing changes', async ( {
		request,
	} ) => {
		expect(
			(
				await putSettings( request, {
					renewal_page: 'https://shop.example/',
				} )
			).status()
		).toBe( 200 );
		for ( const bad of [
			'shop.example/renew',
			'javascript:alert(1)',
			'ftp://shop.example/',
			'https://shop example/',
		] ) {
			const refused = await putSettings( request, { renewal_page: bad } );
			const error = await expectError( refused, 400, 'invalid_params' );
			expect( error.message ).toContain(
				'The renewal page must be an address starting with https:// or http://'
			);
			expect( error.data.params ).toEqual( {
				renewal_page: 'Not an http(s) address.',
			} );
		}
		const after = await (
			await request.get( '/wp-json/svc/v1/admin/settings', {
				headers: await keyHeaders( request ),
			} )
		).json();
		expect( after.renewal_page ).toBe( 'https://shop.example/' );
	} );
} );
