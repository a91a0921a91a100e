/**
 * `wp svc product` and `wp svc license`: each command in each of its formats, run with the real `wp` against the
 * test site, its effect checked over HTTP (the admin API, /licenses/validate and the event log), its failures
 * with exit code 1 and the REST API's own words.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { keyHeaders } from '../fixtures/test-helpers';
import { cliLines, parseCsv, wp, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';
const KEY = /^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/;
const unique = ( prefix: string ) =>
	`${ prefix }-${ randomUUID().slice( 0, 8 ) }`;

const validate = async (
	request: APIRequestContext,
	key: string,
	slug: string
): Promise< { valid: boolean; status?: string } > =>
	(
		await request.post( '/wp-json/svc/v1/licenses/validate', {
			data: {
				license_key: key,
				product_slug: slug,
				site_url: 'example.com',
			},
		} )
	).json();

test.describe( 'wp svc product and license', () => {
	// Each `wp` boots WordPress (about a second on a busy machine); the specs run dozens.
	test.describe.configure( { timeout: 180_000 } );

	test( 'product create, get and list in every format', async ( {
		request,
	} ) => {
		const slug = unique( 'cli-prod' );
		const id = (
			await wpOk( [
				'svc',
				'product',
				'create',
				`--name=CLI ${ slug }`,
				`--slug=${ slug }`,
				'--current_version=2.1.0',
				'--porcelain',
			] )
		).trim();
		expect( id ).toMatch( /^\d+$/ );
		const headers = await keyHeaders( request, 'admin' );
		const overHttp = await (
			await request.get( `${ ADMIN }/products/${ id }`, { headers } )
		).json();
		expect( overHttp ).toMatchObject( {
			slug,
			current_version: '2.1.0',
		} );

		const json = JSON.parse(
			await wpOk( [ 'svc', 'product', 'get', slug, '--format=json' ] )
		);
		expect( json ).toMatchObject( {
			id: Number( id ),
			slug,
			current_version: '2.1.0',
			is_active: true,
		} );
		expect(
			(
				await wpOk( [ 'svc', 'product', 'get', id, '--field=slug' ] )
			).trim()
		).toBe( slug );
		expect(
			(
				await wpOk( [ 'svc', 'product', 'get', id, '--format=ids' ] )
			).trim()
		).toBe( id );
		expect(
			await wpOk( [ 'svc', 'product', 'get', id, '--format=yaml' ] )
		).toContain( `slug: ${ slug }` );
		expect(
			await wpOk( [ 'svc', 'product', 'get', id, '--format=table' ] )
		).toMatch( new RegExp( `slug\\s+${ slug }` ) );

		const ids = (
			await wpOk( [ 'svc', 'product', 'list', '--format=ids' ] )
		)
			.trim()
			.split( ' ' );
		expect( ids ).toContain( id );
		const count = Number(
			(
				await wpOk( [ 'svc', 'product', 'list', '--format=count' ] )
			).trim()
		);
		expect( count ).toBe( ids.length );
		const csv = parseCsv(
			await wpOk( [
				'svc',
				'product',
				'list',
				'--format=csv',
				'--fields=id,slug',
			] )
		);
		expect( csv ).toContainEqual( { id, slug } );
		const listed = JSON.parse(
			await wpOk( [ 'svc', 'product', 'list', '--format=json' ] )
		);
		expect( listed.map( ( p: { id: number } ) => p.id ) ).toContain(
			Number( id )
		);
		expect(
			await wpOk( [ 'svc', 'product', 'list', '--format=table' ] )
		).toContain( slug );

		const taken = await wp( [
			'svc',
			'product',
			'create',
			'--name=Again',
			`--slug=${ slug }`,
		] );
		expect( taken.code ).toBe( 1 );
		const rest = await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: 'Again', slug },
		} );
		expect( rest.status() ).toBe( 409 );
		expect( cliLines( taken.stderr ) ).toEqual( [
			`Error: ${ ( await rest.json() ).message }`,
		] );
	} );

	test( 'license create, get, list, update, rotate, extend and cancel; the key works over HTTP', async ( {
		request,
	} ) => {
		const slug = unique( 'cli-lic' );
		await wpOk( [
			'svc',
			'product',
			'create',
			`--name=${ slug }`,
			`--slug=${ slug }`,
		] );
		const headers = await keyHeaders( request, 'admin' );

		const created = JSON.parse(
			await wpOk( [
				'svc',
				'license',
				'create',
				`--product=${ slug }`,
				'--customer_email= Ada@Example.com ',
				'--customer_name=Ada Byron',
				'--activation_limit=3',
				'--expires=2031-01-01',
				'--format=json',
				'--user=admin',
			] )
		);
		expect( created.license_key ).toMatch( KEY );
		expect( created ).toMatchObject( {
			customer_email: 'ada@example.com',
			customer_name: 'Ada Byron',
			status: 'active',
			activation_limit: 3,
			expires: '2031-01-01T00:00:00Z',
			license_key_masked: `XXXX-XXXX-XXXX-${ created.license_key.slice( -4 ) }`,
		} );
		expect(
			await validate( request, created.license_key, slug )
		).toMatchObject( {
			valid: true,
		} );
		// The REST API sees the licence the command made, and the event names the --user.
		const overHttp = await (
			await request.get( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
			} )
		).json();
		expect( overHttp ).toMatchObject( {
			id: created.id,
			customer_email: 'ada@example.com',
			activation_limit: 3,
		} );
		const events = await (
			await request.get(
				`${ ADMIN }/events?subject_type=license&subject_id=${ created.id }`,
				{ headers }
			)
		).json();
		expect( events.data ).toHaveLength( 1 );
		expect( events.data[ 0 ] ).toMatchObject( {
			type: 'license.created',
			actor: { kind: 'user' },
		} );
		expect( events.data[ 0 ].actor.label ).toMatch( /^\d+:admin$/ );

		const porcelain = (
			await wpOk( [
				'svc',
				'license',
				'create',
				`--product=${ slug }`,
				'--customer_email=bob@example.com',
				'--porcelain',
			] )
		).trim();
		expect( porcelain ).toMatch( KEY );

		// get in every format.
		const id = String( created.id );
		const got = JSON.parse(
			await wpOk( [ 'svc', 'license', 'get', id, '--format=json' ] )
		);
		expect( got ).not.toHaveProperty( 'license_key' );
		// One presenter: the command's JSON is the admin API's licence, field by field.
		const gotOverHttp = await (
			await request.get( `${ ADMIN }/licenses/${ id }`, { headers } )
		).json();
		expect( got ).toEqual( gotOverHttp );
		expect( Object.keys( got ) ).toEqual(
			expect.arrayContaining( [ 'tier', 'trial_ends', 'product_name' ] )
		);
		expect( got.license_key_masked ).toBe( created.license_key_masked );
		expect(
			(
				await wpOk( [ 'svc', 'license', 'get', id, '--format=ids' ] )
			).trim()
		).toBe( id );
		expect(
			await wpOk( [ 'svc', 'license', 'get', id, '--format=yaml' ] )
		).toContain( 'customer_email: ada@example.com' );
		expect(
			await wpOk( [ 'svc', 'license', 'get', id, '--format=table' ] )
		).toMatch( /customer_name\s+Ada Byron/ );
		expect(
			parseCsv(
				await wpOk( [ 'svc', 'license', 'get', id, '--format=csv' ] )
			)
		).toContainEqual( { Field: 'status', Value: 'active' } );
		expect(
			(
				await wpOk( [
					'svc',
					'license',
					'get',
					id,
					'--field=customer_email',
				] )
			).trim()
		).toBe( 'ada@example.com' );

		// list in every format, filtered to this product.
		const list = ( format: string, ...more: string[] ) =>
			wpOk( [
				'svc',
				'license',
				'list',
				`--product=${ slug }`,
				`--format=${ format }`,
				...more,
			] );
		const listed = JSON.parse( await list( 'json' ) );
		expect( listed ).toHaveLength( 2 );
		expect( ( await list( 'count' ) ).trim() ).toBe( '2' );
		expect( ( await list( 'ids' ) ).trim().split( ' ' ).sort() ).toEqual(
			listed.map( ( l: { id: number } ) => String( l.id ) ).sort()
		);
		expect(
			parseCsv( await list( 'csv', '--fields=id,customer_email' ) )
		).toContainEqual( { id, customer_email: 'ada@example.com' } );
		expect( await list( 'yaml' ) ).toContain(
			'customer_email: bob@example.com'
		);
		expect( await list( 'table' ) ).toContain( 'ada@example.com' );
		expect(
			JSON.parse( await list( 'json', '--search=bob@example.com' ) )
		).toHaveLength( 1 );
		expect( ( await list( 'count', '--status=suspended' ) ).trim() ).toBe(
			'0'
		);

		// update: only the given fields change.
		const updated = JSON.parse(
			await wpOk( [
				'svc',
				'license',
				'update',
				id,
				'--status=suspended',
				'--format=json',
			] )
		);
		expect( updated ).toMatchObject( {
			status: 'suspended',
			customer_name: 'Ada Byron',
			activation_limit: 3,
		} );
		expect(
			(
				await (
					await request.get( `${ ADMIN }/licenses/${ id }`, {
						headers,
					} )
				).json()
			).status
		).toBe( 'suspended' );
		await wpOk( [ 'svc', 'license', 'update', id, '--status=active' ] );

		// rotate: the new key works over HTTP, the old one no longer does.
		const rotated = JSON.parse(
			await wpOk( [ 'svc', 'license', 'rotate', id, '--format=json' ] )
		);
		expect( rotated.new_license_key ).toMatch( KEY );
		expect( rotated.previous_key_prefix ).toBe(
			created.license_key.slice( 0, 4 )
		);
		expect(
			( await validate( request, rotated.new_license_key, slug ) ).valid
		).toBe( true );
		const old = await request.post( '/wp-json/svc/v1/licenses/validate', {
			data: {
				license_key: created.license_key,
				product_slug: slug,
				site_url: 'example.com',
			},
		} );
		expect( old.status() ).toBe( 404 );
		expect( ( await old.json() ).code ).toBe( 'license_not_found' );

		// extend: later expiry, license.renewed by the wp-cli system actor (no --user).
		const extended = JSON.parse(
			await wpOk( [
				'svc',
				'license',
				'extend',
				id,
				'--to=2032-06-30',
				'--format=json',
			] )
		);
		expect( extended.expires ).toBe( '2032-06-30T00:00:00Z' );
		const byDays = JSON.parse(
			await wpOk( [
				'svc',
				'license',
				'extend',
				id,
				'--days=10',
				'--format=json',
			] )
		);
		expect( byDays.expires ).toBe( '2032-07-10T00:00:00Z' );
		const renewed = await (
			await request.get(
				`${ ADMIN }/events?subject_type=license&subject_id=${ id }&type=license.renewed`,
				{ headers }
			)
		).json();
		expect( renewed.total ).toBe( 2 );
		expect( renewed.data[ 0 ].actor ).toEqual( {
			kind: 'system',
			label: 'wp-cli',
		} );
		const earlier = await wp( [
			'svc',
			'license',
			'extend',
			id,
			'--to=2030-01-01',
		] );
		expect( earlier.code ).toBe( 1 );
		expect( cliLines( earlier.stderr ) ).toEqual( [
			'Error: The new expiry must be later than the current one.',
		] );

		// cancel.
		const cancelled = await wp( [ 'svc', 'license', 'cancel', id ] );
		expect( cancelled.code ).toBe( 0 );
		expect(
			cliLines( cancelled.stderr ).concat( cancelled.stdout.trim() )
		).toContain( `Success: Cancelled licence ${ id }.` );
		expect(
			(
				await (
					await request.get( `${ ADMIN }/licenses/${ id }`, {
						headers,
					} )
				).json()
			).status
		).toBe( 'cancelled' );
	} );

	test( 'product update and delete, license delete: the same Core calls and words as REST', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const slug = unique( 'cli-upd' );
		const created = JSON.parse(
			await wpOk( [
				'svc',
				'product',
				'create',
				`--name=${ slug }`,
				`--slug=${ slug }`,
				'--format=json',
			] )
		);
		const renamed = `${ slug }-b`;
		const updated = JSON.parse(
			await wpOk( [
				'svc',
				'product',
				'update',
				slug,
				'--name=Renamed',
				`--slug=${ renamed }`,
				'--homepage_url=https://shop.example/p',
				'--is_active=false',
				'--format=json',
			] )
		);
		const overHttp = await (
			await request.get( `${ ADMIN }/products/${ created.id }`, {
				headers,
			} )
		).json();
		// One presenter: the command's JSON is the admin API's product, field by field.
		expect( updated ).toEqual( overHttp );
		expect( overHttp ).toMatchObject( {
			name: 'Renamed',
			slug: renamed,
			homepage_url: 'https://shop.example/p',
			is_active: false,
		} );
		expect(
			await wpOk( [
				'svc',
				'product',
				'update',
				String( created.id ),
				'--is_active=true',
				'--format=yaml',
			] )
		).toContain( 'is_active: true' );
		expect(
			(
				await wpOk( [
					'svc',
					'product',
					'update',
					renamed,
					'--name=Again',
					'--format=ids',
				] )
			).trim()
		).toBe( String( created.id ) );
		expect(
			parseCsv(
				await wpOk( [
					'svc',
					'product',
					'update',
					renamed,
					'--name=Again',
					'--format=csv',
				] )
			)
		).toContainEqual( { Field: 'name', Value: 'Again' } );
		expect(
			await wpOk( [
				'svc',
				'product',
				'update',
				renamed,
				'--name=Again',
				'--format=table',
			] )
		).toMatch( /name\s+Again/ );

		// The same schema refuses the same values, with REST's words for the field.
		const badUrl = await wp( [
			'svc',
			'product',
			'update',
			renamed,
			'--homepage_url=not a url',
		] );
		const restBadUrl = await request.put(
			`${ ADMIN }/products/${ created.id }`,
			{
				headers,
				data: { homepage_url: 'not a url' },
			}
		);
		expect( restBadUrl.status() ).toBe( 400 );
		expect( badUrl.code ).toBe( 1 );
		expect( cliLines( badUrl.stderr ) ).toEqual( [
			`Error: ${ ( await restBadUrl.json() ).data.params.homepage_url }`,
		] );
		const badActive = await wp( [
			'svc',
			'product',
			'update',
			renamed,
			'--is_active=perhaps',
		] );
		expect( badActive.code ).toBe( 1 );
		expect( cliLines( badActive.stderr ) ).toEqual( [
			'Error: is_active is not of type boolean.',
		] );

		// A licence holds the product back, with REST's words; deleted, it no longer does.
		const license = JSON.parse(
			await wpOk( [
				'svc',
				'license',
				'create',
				`--product=${ renamed }`,
				'--customer_email=del@example.com',
				'--format=json',
			] )
		);
		const held = await wp( [ 'svc', 'product', 'delete', renamed ] );
		const restHeld = await request.delete(
			`${ ADMIN }/products/${ created.id }`,
			{
				headers,
			}
		);
		expect( restHeld.status() ).toBe( 409 );
		expect( held.code ).toBe( 1 );
		expect( cliLines( held.stderr ) ).toEqual( [
			`Error: ${ ( await restHeld.json() ).message }`,
		] );

		const gone = await wp( [
			'svc',
			'license',
			'delete',
			String( license.id ),
		] );
		expect( gone.code ).toBe( 0 );
		expect( cliLines( gone.stdout ) ).toEqual( [
			`Success: Deleted licence ${ license.id }.`,
		] );
		expect(
			(
				await request.get( `${ ADMIN }/licenses/${ license.id }`, {
					headers,
				} )
			).status()
		).toBe( 404 );
		const deletedEvents = await (
			await request.get(
				`${ ADMIN }/events?subject_type=license&subject_id=${ license.id }&type=license.deleted`,
				{ headers }
			)
		).json();
		expect( deletedEvents.total ).toBe( 1 );
		// Without --user, the actor is WP-CLI's system actor.
		expect( deletedEvents.data[ 0 ].actor ).toMatchObject( {
			kind: 'system',
			label: 'wp-cli',
		} );
		const again = await wp( [
			'svc',
			'license',
			'delete',
			String( license.id ),
		] );
		expect( again.code ).toBe( 1 );

		const productGone = await wp( [ 'svc', 'product', 'delete', renamed ] );
		expect( productGone.code ).toBe( 0 );
		expect( cliLines( productGone.stdout ) ).toEqual( [
			`Success: Deleted product ${ created.id }.`,
		] );
		expect(
			(
				await request.get( `${ ADMIN }/products/${ created.id }`, {
					headers,
				} )
			).status()
		).toBe( 404 );
	} );

	test( "failures exit 1 with the REST API's own message", async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers,
				data: { name: unique( 'cli-err' ) },
			} )
		).json();

		const missing = await wp( [ 'svc', 'license', 'get', '999999999' ] );
		const restMissing = await request.get(
			`${ ADMIN }/licenses/999999999`,
			{
				headers,
			}
		);
		expect( restMissing.status() ).toBe( 404 );
		expect( missing.code ).toBe( 1 );
		expect( missing.stdout ).toBe( '' );
		expect( cliLines( missing.stderr ) ).toEqual( [
			`Error: ${ ( await restMissing.json() ).message }`,
		] );

		const badEmail = await wp( [
			'svc',
			'license',
			'create',
			`--product=${ product.id }`,
			'--customer_email=not-an-email',
		] );
		const restBadEmail = await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: { product_id: product.id, customer_email: 'not-an-email' },
		} );
		expect( restBadEmail.status() ).toBe( 400 );
		expect( badEmail.code ).toBe( 1 );
		expect( cliLines( badEmail.stderr ) ).toEqual( [
			`Error: ${ ( await restBadEmail.json() ).message }`,
		] );

		const badStatus = await wp( [
			'svc',
			'license',
			'list',
			'--status=paused',
		] );
		expect( badStatus.code ).toBe( 1 );
		expect( cliLines( badStatus.stderr ) ).toEqual( [
			'Error: status must be one of active, expired, suspended, revoked, trial, cancelled.',
		] );
		// Nothing was written by the refused create.
		const none = await (
			await request.get(
				`${ ADMIN }/licenses?product_id=${ product.id }`,
				{
					headers,
				}
			)
		).json();
		expect( none.total ).toBe( 0 );
	} );
} );
