/**
 * Admin licences: create (full key once), get (masked), update, search, pagination envelope, rotation,
 * cancel and force delete, activations; and the permission matrix of every licence route.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { makeCallers, type CallerName } from '../fixtures/callers';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';

const unique = ( prefix: string ) =>
	`${ prefix }-${ randomUUID().slice( 0, 8 ) }`;
const ADMIN = '/wp-json/svc/v1/admin';

async function setup( request: APIRequestContext ) {
	const headers = await keyHeaders( request, 'admin' );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: unique( 'Lic' ), current_version: '3.0.0' },
		} )
	).json();
	const create = async ( data: Record< string, unknown > = {} ) => {
		const response = await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: {
				product_id: product.id,
				customer_email: `${ unique( 'c' ) }@example.com`,
				...data,
			},
		} );
		expect( response.status(), JSON.stringify( data ) ).toBe( 201 );
		return response.json();
	};
	const validate = ( key: string, site = 'example.com' ) =>
		request.post( '/wp-json/svc/v1/licenses/validate', {
			data: {
				license_key: key,
				product_slug: product.slug,
				site_url: site,
			},
		} );
	return { headers, product, create, validate };
}

test.describe( 'admin licences', () => {
	test( 'create answers the full key once; get and list show it masked only', async ( {
		request,
	} ) => {
		const { headers, product, create, validate } = await setup( request );
		const created = await create( {
			customer_name: 'Ada Byron',
			customer_email: ' Ada@Example.com ',
			activation_limit: 3,
			expires: '2031-01-01T00:00:00Z',
		} );
		expect( created ).toMatchObject( {
			product_id: product.id,
			product_name: product.name,
			customer_name: 'Ada Byron',
			customer_email: 'ada@example.com',
			status: 'active',
			activation_limit: 3,
			activation_count: 0,
			expires: '2031-01-01T00:00:00Z',
			is_trial: false,
			trial_ends: null,
			tier: null,
		} );
		expect( created.license_key ).toMatch(
			/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/
		);
		expect( created.license_key_masked ).toBe(
			`XXXX-XXXX-XXXX-${ created.license_key.slice( -4 ) }`
		);
		expect(
			( await ( await validate( created.license_key ) ).json() ).valid
		).toBe( true );

		const fetched = await (
			await request.get( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
			} )
		).json();
		const { license_key: fullKey, ...rest } = created;
		expect( fetched ).toEqual( rest );
		const listed = await (
			await request.get(
				`${ ADMIN }/licenses?product_id=${ product.id }`,
				{ headers }
			)
		).text();
		expect( listed ).not.toContain( fullKey );
		expect( listed ).toContain( created.license_key_masked );
	} );

	test( 'lifetime by default, limit from the body or 1; bad input is 400 naming the field and writes nothing', async ( {
		request,
	} ) => {
		const { headers, product, create } = await setup( request );
		const plain = await create();
		expect( plain ).toMatchObject( {
			expires: null,
			activation_limit: 1,
			status: 'active',
		} );
		const cases: Array< [ Record< string, unknown >, string ] > = [
			[
				{ product_id: product.id, customer_email: 'not-an-email' },
				'customer_email',
			],
			[ { product_id: product.id }, 'customer_email' ],
			[ { customer_email: 'a@example.com' }, 'product_id' ],
			[
				{ product_id: 999999, customer_email: 'a@example.com' },
				'product_id',
			],
			[
				{
					product_id: product.id,
					customer_email: 'a@example.com',
					status: 'frozen',
				},
				'status',
			],
			[
				{
					product_id: product.id,
					customer_email: 'a@example.com',
					expires: 'next tuesday',
				},
				'expires',
			],
			[
				{
					product_id: product.id,
					customer_email: 'a@example.com',
					tier_id: 999999,
				},
				'tier_id',
			],
			[
				{
					product_id: product.id,
					customer_email: 'a@example.com',
					activation_limit: 0,
				},
				'activation_limit',
			],
		];
		const before = (
			await (
				await request.get(
					`${ ADMIN }/licenses?product_id=${ product.id }`,
					{ headers }
				)
			).json()
		).total;
		for ( const [ data, field ] of cases ) {
			const body = await expectError(
				await request.post( `${ ADMIN }/licenses`, { headers, data } ),
				400,
				'invalid_params'
			);
			const params = body.data.params as
				string[] | Record< string, string >;
			expect(
				Array.isArray( params ) ? params : Object.keys( params ),
				JSON.stringify( data )
			).toContain( field );
		}
		const after = (
			await (
				await request.get(
					`${ ADMIN }/licenses?product_id=${ product.id }`,
					{ headers }
				)
			).json()
		).total;
		expect( after ).toBe( before );
	} );

	test( 'update changes only the given fields and answers the whole licence', async ( {
		request,
	} ) => {
		const { headers, create, validate } = await setup( request );
		const created = await create( {
			customer_name: 'Before',
			activation_limit: 2,
		} );
		const { license_key: key, ...view } = created;
		const updated = await (
			await request.put( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
				data: { status: 'suspended', expires: '2032-02-02T02:02:02Z' },
			} )
		).json();
		expect( updated ).toEqual( {
			...view,
			status: 'suspended',
			expires: '2032-02-02T02:02:02Z',
		} );
		expect( await ( await validate( key ) ).json() ).toMatchObject( {
			valid: false,
			status: 'suspended',
		} );
		const lifetime = await (
			await request.put( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
				data: { expires: null, status: 'active' },
			} )
		).json();
		expect( lifetime ).toMatchObject( { expires: null, status: 'active' } );
		await expectError(
			await request.put( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
				data: { status: 'frozen' },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.get( `${ ADMIN }/licenses/999999`, { headers } ),
			404,
			'not_found'
		);
	} );

	test( 'pagination: 45 licences are 3 pages of 20 in the envelope', async ( {
		request,
	} ) => {
		const { headers, product, create } = await setup( request );
		for ( let i = 0; i < 45; i++ ) {
			await create();
		}
		const seen = new Set< number >();
		for ( let page = 1; page <= 3; page++ ) {
			const body = await (
				await request.get(
					`${ ADMIN }/licenses?product_id=${ product.id }&page=${ page }`,
					{ headers }
				)
			).json();
			expect( body ).toMatchObject( {
				total: 45,
				page,
				per_page: 20,
				total_pages: 3,
			} );
			expect( body.data ).toHaveLength( page < 3 ? 20 : 5 );
			body.data.forEach( ( l: { id: number } ) => seen.add( l.id ) );
		}
		expect( seen.size ).toBe( 45 );
		const big = await (
			await request.get(
				`${ ADMIN }/licenses?product_id=${ product.id }&per_page=100`,
				{ headers }
			)
		).json();
		expect( big ).toMatchObject( {
			total: 45,
			per_page: 100,
			total_pages: 1,
		} );
		await expectError(
			await request.get( `${ ADMIN }/licenses?per_page=101`, {
				headers,
			} ),
			400,
			'invalid_params'
		);
	} );

	test( 'search by key prefix, suffix, full key, customer name and email; filter by status', async ( {
		request,
	} ) => {
		const { headers, product, create } = await setup( request );
		const name = unique( 'Grace' );
		const target = await create( {
			customer_name: `${ name } Hopper`,
			customer_email: `${ name.toLowerCase() }@navy.example`,
		} );
		await create( { customer_name: 'Somebody Else' } );
		const revoked = await create( { status: 'revoked' } );
		const cancelled = await create( { status: 'cancelled' } );
		const ids = async ( query: string ) =>
			(
				await (
					await request.get(
						`${ ADMIN }/licenses?product_id=${ product.id }&${ query }`,
						{ headers }
					)
				).json()
			).data.map( ( l: { id: number } ) => l.id );
		const key: string = target.license_key;
		for ( const search of [
			key.slice( 0, 4 ),
			key.slice( -4 ),
			key.slice( -4 ).toLowerCase(),
			key,
			name,
			`${ name.toLowerCase() }@navy`,
		] ) {
			expect(
				await ids( `search=${ encodeURIComponent( search ) }` ),
				search
			).toContain( target.id );
		}
		expect( await ids( `search=${ encodeURIComponent( name ) }` ) ).toEqual(
			[ target.id ]
		);
		expect( await ids( 'status=revoked' ) ).toEqual( [ revoked.id ] );
		expect( await ids( 'status=cancelled' ) ).toEqual( [ cancelled.id ] );
	} );

	test( 'sorted and searched lists page without gaps or overlaps', async ( {
		request,
	} ) => {
		const { headers, product, create } = await setup( request );
		const tag = unique( 'pager' ).toLowerCase();
		const made: Array< { id: number; customer_email: string } > = [];
		for ( const letter of [ 'd', 'b', 'e', 'a', 'c' ] ) {
			made.push(
				await create( {
					customer_email: `${ letter }-${ tag }@example.com`,
				} )
			);
		}
		await create( { customer_name: 'Not in the search' } );
		const list = async ( query: string ) =>
			(
				await request.get(
					`${ ADMIN }/licenses?product_id=${ product.id }&per_page=2&${ query }`,
					{ headers }
				)
			).json();
		const walk = async ( query: string ) => {
			const ids: number[] = [];
			for ( let page = 1; page <= 3; page++ ) {
				const body = await list( `${ query }&page=${ page }` );
				expect( body.total, `${ query } page ${ page }` ).toBe( 5 );
				ids.push( ...body.data.map( ( l: { id: number } ) => l.id ) );
			}
			return ids;
		};
		const search = `search=${ encodeURIComponent( tag ) }`;
		const byEmail = [ ...made ]
			.sort( ( x, y ) =>
				x.customer_email.localeCompare( y.customer_email )
			)
			.map( ( l ) => l.id );
		expect(
			await walk( `${ search }&orderby=customer_email&order=asc` )
		).toEqual( byEmail );
		expect(
			await walk( `${ search }&orderby=customer_email&order=desc` )
		).toEqual( [ ...byEmail ].reverse() );
		const newest = made.map( ( l ) => l.id ).reverse();
		expect( await walk( search ) ).toEqual( newest );
		expect( await walk( `${ search }&orderby=product_name` ) ).toEqual(
			newest
		);
		const past = await list( `${ search }&page=4` );
		expect( past ).toMatchObject( { data: [], total: 5, page: 4 } );
	} );

	test( 'a keyset cursor walks every order without gaps or overlaps, lifetime licences included; a foreign or forged cursor is refused', async ( {
		request,
	} ) => {
		const { headers, product, create } = await setup( request );
		const tag = unique( 'cursor' ).toLowerCase();
		const expiries = [
			'2031-01-01T00:00:00Z',
			null,
			'2030-06-01T00:00:00Z',
			null,
			'2031-01-01T00:00:00Z',
		];
		for ( const [ i, expires ] of expiries.entries() ) {
			await create( {
				customer_email: `${ 'cabde'[ i ] }-${ tag }@example.com`,
				...( expires ? { expires } : {} ),
			} );
		}
		const get = ( query: string ) =>
			request.get(
				`${ ADMIN }/licenses?product_id=${ product.id }&per_page=2&${ query }`,
				{ headers }
			);
		const byPages = async ( order: string ) => {
			const ids: number[] = [];
			for ( let page = 1; page <= 3; page++ ) {
				const body = await (
					await get( `${ order }&page=${ page }` )
				).json();
				ids.push( ...body.data.map( ( l: { id: number } ) => l.id ) );
			}
			return ids;
		};
		const byCursor = async ( order: string ) => {
			const ids: number[] = [];
			let body = await ( await get( order ) ).json();
			ids.push( ...body.data.map( ( l: { id: number } ) => l.id ) );
			for ( let hop = 0; body.next_cursor && hop < 5; hop++ ) {
				body = await (
					await get(
						`${ order }&cursor=${ encodeURIComponent( body.next_cursor ) }`
					)
				).json();
				ids.push( ...body.data.map( ( l: { id: number } ) => l.id ) );
			}
			expect( body.next_cursor, `${ order }: the walk ends` ).toBeNull();
			return ids;
		};
		for ( const order of [
			'orderby=created_at&order=desc',
			'orderby=created_at&order=asc',
			'orderby=customer_email&order=asc',
			'orderby=expires&order=asc',
			'orderby=expires&order=desc',
			'orderby=activations&order=desc',
		] ) {
			const pages = await byPages( order );
			expect( new Set( pages ).size, order ).toBe( 5 );
			expect( await byCursor( order ), order ).toEqual( pages );
		}
		const first = await ( await get( 'orderby=expires&order=asc' ) ).json();
		expect( first ).toMatchObject( { total: 5, total_exact: true } );
		await expectError(
			await get(
				`orderby=customer_email&order=asc&cursor=${ encodeURIComponent( first.next_cursor ) }`
			),
			400,
			'invalid_params'
		);
		await expectError(
			await get( 'cursor=not-a-cursor' ),
			400,
			'invalid_params'
		);
	} );

	test( 'rotate: a new key, the old one dead at once', async ( {
		request,
	} ) => {
		const { headers, create, validate } = await setup( request );
		const created = await create();
		const rotated = await request.post(
			`${ ADMIN }/licenses/${ created.id }/rotate-key`,
			{ headers }
		);
		expect( rotated.status() ).toBe( 200 );
		const body = await rotated.json();
		expect( Object.keys( body ).sort() ).toEqual( [
			'id',
			'new_license_key',
			'previous_key_prefix',
			'rotated_at',
		] );
		expect( body.id ).toBe( created.id );
		expect( body.previous_key_prefix ).toBe(
			created.license_key.slice( 0, 4 )
		);
		expect( body.new_license_key ).not.toBe( created.license_key );
		await expectError(
			await validate( created.license_key ),
			404,
			'license_not_found'
		);
		expect(
			( await ( await validate( body.new_license_key ) ).json() ).valid
		).toBe( true );
		const view = await (
			await request.get( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
			} )
		).json();
		expect( view.license_key_masked ).toBe(
			`XXXX-XXXX-XXXX-${ body.new_license_key.slice( -4 ) }`
		);
	} );

	test( 'activations: listed, deactivated by an admin; delete cancels, force deletes', async ( {
		request,
	} ) => {
		const { headers, product, create, validate } = await setup( request );
		const created = await create( { activation_limit: 3 } );
		for ( const site of [ 'one.example.com', 'two.example.com' ] ) {
			await request.post( '/wp-json/svc/v1/licenses/activate', {
				data: {
					license_key: created.license_key,
					product_slug: product.slug,
					site_url: site,
				},
			} );
		}
		const activations = await (
			await request.get(
				`${ ADMIN }/licenses/${ created.id }/activations`,
				{ headers }
			)
		).json();
		expect(
			activations.map( ( a: { site_url: string } ) => a.site_url )
		).toEqual( [ 'one.example.com', 'two.example.com' ] );
		expect( Object.keys( activations[ 0 ] ).sort() ).toEqual( [
			'activated_at',
			'channel',
			'id',
			'is_staging',
			'last_checked',
			'pinned_version',
			'server_fingerprint',
			'site_url',
		] );

		const off = await request.delete(
			`${ ADMIN }/licenses/${ created.id }/activations/${ activations[ 0 ].id }`,
			{ headers }
		);
		expect( ( await off.json() ).deactivated ).toBe( true );
		expect(
			(
				await (
					await request.get( `${ ADMIN }/licenses/${ created.id }`, {
						headers,
					} )
				).json()
			).activation_count
		).toBe( 1 );

		const cancelled = await (
			await request.delete( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
			} )
		).json();
		expect( cancelled ).toMatchObject( {
			id: created.id,
			status: 'cancelled',
			activation_count: 0,
		} );
		expect(
			await (
				await request.get(
					`${ ADMIN }/licenses/${ created.id }/activations`,
					{ headers }
				)
			).json()
		).toEqual( [] );
		expect(
			await (
				await validate( created.license_key, 'two.example.com' )
			).json()
		).toMatchObject( {
			valid: false,
			status: 'cancelled',
			already_activated: false,
		} );

		const forced = await request.delete(
			`${ ADMIN }/licenses/${ created.id }?force=true`,
			{ headers }
		);
		expect( ( await forced.json() ).deleted ).toBe( true );
		await expectError(
			await request.get( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
			} ),
			404,
			'not_found'
		);
		await expectError(
			await validate( created.license_key ),
			404,
			'license_not_found'
		);
	} );

	test( 'permission matrix of every licence route', async ( { request } ) => {
		const {
			headers: setupHeaders,
			product,
			create,
		} = await setup( request );
		const other = await (
			await request.post( `${ ADMIN }/products`, {
				headers: setupHeaders,
				data: { name: unique( 'other' ) },
			} )
		).json();
		const callers = await makeCallers( request, other.id );
		// list, create, get, update, rotate, activations, deactivate a site, delete
		const expected: Record< CallerName, number[] > = {
			none: [ 401, 401, 401, 401, 401, 401, 401, 401 ],
			'read key': [ 200, 403, 200, 403, 403, 200, 403, 403 ],
			'write key': [ 200, 201, 200, 200, 200, 200, 200, 403 ],
			'admin key': [ 200, 201, 200, 200, 200, 200, 200, 200 ],
			'key of another product': [
				200, 403, 403, 403, 403, 403, 403, 403,
			],
			'revoked key': [ 401, 401, 401, 401, 401, 401, 401, 401 ],
			'cookie without nonce': [ 401, 401, 401, 401, 401, 401, 401, 401 ],
			'cookie with nonce': [ 200, 201, 200, 200, 200, 200, 200, 200 ],
			'subscriber cookie with nonce': [
				403, 403, 403, 403, 403, 403, 403, 403,
			],
		};
		const activationOf = async ( key: string ) => {
			const activated = await request.post(
				'/wp-json/svc/v1/licenses/activate',
				{
					data: {
						license_key: key,
						product_slug: product.slug,
						site_url: `${ randomUUID().slice( 0, 8 ) }.example.com`,
					},
				}
			);
			return ( await activated.json() ).activation_id as number;
		};
		for ( const caller of callers ) {
			const { id, license_key: key } = await create( {
				activation_limit: 2,
			} );
			// Activated before the calls: the rotate-key call retires this key.
			const activationId = await activationOf( key );
			const call = ( method: string, path: string, data?: unknown ) =>
				caller.context.fetch( `${ ADMIN }/licenses${ path }`, {
					method,
					headers: caller.headers,
					data,
				} );
			const responses = [
				await call( 'GET', '' ),
				await call( 'POST', '', {
					product_id: product.id,
					customer_email: 'matrix@example.com',
				} ),
				await call( 'GET', `/${ id }` ),
				await call( 'PUT', `/${ id }`, { customer_name: 'changed' } ),
				await call( 'POST', `/${ id }/rotate-key` ),
				await call( 'GET', `/${ id }/activations` ),
				await call(
					'DELETE',
					`/${ id }/activations/${ activationId }`
				),
				await call( 'DELETE', `/${ id }` ),
			];
			expect(
				responses.map( ( r ) => r.status() ),
				caller.name
			).toEqual( expected[ caller.name ] );
			if ( caller.name === 'key of another product' ) {
				const listed = await responses[ 0 ].json();
				expect( listed.total ).toBe( 0 );
				expect( ( await responses[ 2 ].json() ).code ).toBe(
					'product_out_of_scope'
				);
			}
		}
	} );
} );
