/**
 * Admin API keys: create (full key once), list without secrets, revoke with immediate effect; permission matrix.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { makeCallers, type CallerName } from '../fixtures/callers';
import { expectError } from '../fixtures/envelope';
import { createApiKey, keyHeaders } from '../fixtures/test-helpers';

const KEYS = '/wp-json/svc/v1/admin/api-keys';

test.describe( 'admin API keys', () => {
	test( 'create answers the key once; the list shows prefix, "never used", and no secret; revoke is immediate', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const label = `CI deploy ${ randomUUID().slice( 0, 6 ) }`;
		const created = await request.post( KEYS, {
			headers,
			data: { label, permissions: 'read' },
		} );
		expect( created.status() ).toBe( 201 );
		const key = await created.json();
		expect( Object.keys( key ).sort() ).toEqual( [
			'api_key',
			'created_at',
			'id',
			'key_prefix',
			'label',
			'permissions',
			'product_id',
		] );
		expect( key ).toMatchObject( {
			label,
			permissions: 'read',
			product_id: null,
			key_prefix: key.api_key.slice( 0, 8 ),
		} );

		const listText = await (
			await request.get( KEYS, { headers } )
		).text();
		expect( listText ).not.toContain( key.api_key );
		const listed = JSON.parse( listText ).find(
			( k: { id: number } ) => k.id === key.id
		);
		expect( listed ).toEqual( {
			id: key.id,
			label,
			key_prefix: key.key_prefix,
			permissions: 'read',
			product_id: null,
			last_used_at: null,
			is_active: 1,
			created_at: key.created_at,
		} );

		// The new key works, and records its use.
		expect(
			(
				await request.get( '/wp-json/svc/v1/admin/products', {
					headers: { 'X-Service-Key': key.api_key },
				} )
			).status()
		).toBe( 200 );
		const used = (
			await ( await request.get( KEYS, { headers } ) ).json()
		).find( ( k: { id: number } ) => k.id === key.id );
		expect( used.last_used_at ).toMatch(
			/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
		);

		const revoked = await request.delete( `${ KEYS }/${ key.id }`, {
			headers,
		} );
		expect( await revoked.json() ).toEqual( { deleted: true, id: key.id } );
		await expectError(
			await request.get( '/wp-json/svc/v1/admin/products', {
				headers: { 'X-Service-Key': key.api_key },
			} ),
			401,
			'unauthorized'
		);
		const active = await ( await request.get( KEYS, { headers } ) ).json();
		expect( active.map( ( k: { id: number } ) => k.id ) ).not.toContain(
			key.id
		);
		const all = await (
			await request.get( `${ KEYS }?include_revoked=true`, { headers } )
		).json();
		expect(
			all.find( ( k: { id: number } ) => k.id === key.id ).is_active
		).toBe( 0 );
		await expectError(
			await request.delete( `${ KEYS }/${ key.id }`, { headers } ),
			404,
			'not_found'
		);
	} );

	test( 'bad input is 400 naming the field', async ( { request } ) => {
		const headers = await keyHeaders( request, 'admin' );
		for ( const [ data, field ] of [
			[ { permissions: 'read' }, 'label' ],
			[ { label: 'x' }, 'permissions' ],
			[ { label: 'x', permissions: 'root' }, 'permissions' ],
			[
				{ label: 'x', permissions: 'read', product_id: 999999 },
				'product_id',
			],
		] as Array< [ Record< string, unknown >, string ] > ) {
			const body = await expectError(
				await request.post( KEYS, { headers, data } ),
				400,
				'invalid_params'
			);
			const params = body.data.params as
				string[] | Record< string, string >;
			expect(
				Array.isArray( params ) ? params : Object.keys( params )
			).toContain( field );
		}
	} );

	test( 'permission matrix: admin only', async ( { request } ) => {
		const setup = await keyHeaders( request, 'admin' );
		const other = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers: setup,
				data: { name: `other-${ randomUUID().slice( 0, 6 ) }` },
			} )
		).json();
		const callers = await makeCallers( request, other.id );
		// list, create (unscoped), revoke (an unscoped key)
		const expected: Record< CallerName, number[] > = {
			none: [ 401, 401, 401 ],
			'read key': [ 403, 403, 403 ],
			'write key': [ 403, 403, 403 ],
			'admin key': [ 200, 201, 200 ],
			'key of another product': [ 200, 403, 403 ],
			'revoked key': [ 401, 401, 401 ],
			'cookie without nonce': [ 401, 401, 401 ],
			'cookie with nonce': [ 200, 201, 200 ],
			'subscriber cookie with nonce': [ 403, 403, 403 ],
		};
		for ( const caller of callers ) {
			const victim = await createApiKey( request, {
				permissions: 'read',
			} );
			const call = ( method: string, path: string, data?: unknown ) =>
				caller.context.fetch( `${ KEYS }${ path }`, {
					method,
					headers: caller.headers,
					data,
				} );
			const statuses = [
				( await call( 'GET', '' ) ).status(),
				(
					await call( 'POST', '', {
						label: 'matrix',
						permissions: 'read',
					} )
				).status(),
				( await call( 'DELETE', `/${ victim.id }` ) ).status(),
			];
			expect( statuses, caller.name ).toEqual( expected[ caller.name ] );
		}
	} );
} );
