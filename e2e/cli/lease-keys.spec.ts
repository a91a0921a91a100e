/**
 * Rotating the lease key (docs/leases.md): `wp svc lease-key prepare` publishes a next key endorsed by the active
 * one (the endorsement verified here with Node's Ed25519), leases keep the old kid until `promote`, then carry the
 * new one while the old key stays published as retired; retiring it is refused while its leases may be valid.
 * The admin REST routes take the same steps through the same service, and each step writes an event.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	ed25519Verifies,
	publishedKeys,
	verifiedLease,
	type PublishedKey,
} from '../fixtures/lease';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import { cliLines, wp, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin/lease-keys';

async function leaseNow(
	request: APIRequestContext,
	call: Record< string, string >,
	keys: PublishedKey[]
) {
	const response = await request.post( '/wp-json/svc/v1/licenses/validate', {
		data: call,
	} );
	expect( response.status() ).toBe( 200 );
	const body = ( await response.json() ) as { lease: string };
	expect( response.headers()[ 'x-svc-lease' ] ).toBe( body.lease );
	return { ...verifiedLease( body.lease, keys ), raw: body.lease };
}

const endorsementVerifies = ( key: PublishedKey, by: PublishedKey ) =>
	ed25519Verifies(
		by.public_key,
		`svc-key.v1.${ key.kid }.${ key.public_key }`,
		key.endorsement ?? ''
	);

async function events( request: APIRequestContext, type: string ) {
	const response = await request.get( '/wp-json/svc/v1/admin/events', {
		headers: await keyHeaders( request ),
		params: { type },
	} );
	expect( response.status() ).toBe( 200 );
	return ( await response.json() ).data as {
		payload: Record< string, unknown >;
	}[];
}

test( 'a rotation: prepare publishes an endorsed next key, promote signs with it, the old key stays as retired', async ( {
	request,
} ) => {
	const slug = `rotate-${ randomUUID().slice( 0, 8 ) }`;
	const { license_key } = await createLicense( request, { slug } );
	const call = {
		license_key,
		product_slug: slug,
		site_url: 'https://rotation.example',
	};
	const before = await publishedKeys( request );
	const active = before.find( ( key ) => key.status === 'active' )!;
	expect( before.filter( ( key ) => key.status === 'next' ) ).toEqual( [] );
	expect( ( await leaseNow( request, call, before ) ).kid ).toBe(
		active.kid
	);

	const prepared = JSON.parse(
		await wpOk( [ 'svc', 'lease-key', 'prepare', '--format=json' ] )
	) as PublishedKey;
	expect( prepared ).toMatchObject( {
		status: 'next',
		alg: 'Ed25519',
		endorsed_by: active.kid,
	} );
	// A second prepare is refused while a next key waits.
	const again = await wp( [ 'svc', 'lease-key', 'prepare' ] );
	expect( again.code ).toBe( 1 );
	expect( cliLines( again.stderr ).join( '\n' ) ).toContain(
		`A next key (${ prepared.kid }) is already prepared`
	);

	const published = await publishedKeys( request );
	const next = published.find( ( key ) => key.kid === prepared.kid )!;
	expect( next ).toEqual( prepared );
	expect( endorsementVerifies( next, active ) ).toBe( true );
	// The endorsement is over this key: it does not vouch for another one.
	expect( endorsementVerifies( { ...next, kid: active.kid }, active ) ).toBe(
		false
	);
	// Published, not used: leases still carry the active kid.
	expect( ( await leaseNow( request, call, published ) ).kid ).toBe(
		active.kid
	);
	const listed = JSON.parse(
		await wpOk( [ 'svc', 'lease-key', 'list', '--format=json' ] )
	) as PublishedKey[];
	expect( listed.map( ( key ) => [ key.kid, key.status ] ) ).toEqual(
		expect.arrayContaining( [
			[ active.kid, 'active' ],
			[ prepared.kid, 'next' ],
		] )
	);

	const promoted = JSON.parse(
		await wpOk( [ 'svc', 'lease-key', 'promote', '--format=json' ] )
	) as PublishedKey;
	expect( promoted ).toMatchObject( { kid: prepared.kid, status: 'active' } );
	const after = await publishedKeys( request );
	expect( after[ 0 ] ).toMatchObject( {
		kid: prepared.kid,
		status: 'active',
	} );
	expect( after.find( ( key ) => key.kid === active.kid ) ).toMatchObject( {
		status: 'retired',
		public_key: active.public_key,
	} );
	const lease = await leaseNow( request, call, after );
	expect( lease.kid ).toBe( prepared.kid );
	// Signed by the new key only: the old key's public key does not verify it.
	const [ body, signature ] = lease.raw.split( '.' );
	expect(
		ed25519Verifies(
			active.public_key,
			`svc-lease.v1.${ body }`,
			signature
		)
	).toBe( false );

	// The old key signed leases that are still valid: retiring it is refused unless forced.
	const early = await wp( [ 'svc', 'lease-key', 'retire', active.kid ] );
	expect( early.code ).toBe( 1 );
	expect( cliLines( early.stderr ).join( '\n' ) ).toContain( 'valid until' );
	const activeRetire = await wp( [
		'svc',
		'lease-key',
		'retire',
		prepared.kid,
	] );
	expect( activeRetire.code ).toBe( 1 );

	expect(
		( await events( request, 'lease_key.prepared' ) )[ 0 ].payload
	).toEqual( { kid: prepared.kid } );
	expect(
		( await events( request, 'lease_key.promoted' ) )[ 0 ].payload
	).toEqual( { kid: prepared.kid, retired: active.kid } );
} );

test( 'the admin REST routes rotate through the same service and need the admin permission', async ( {
	request,
} ) => {
	const headers = await keyHeaders( request );
	const anonymous = await request.get( ADMIN );
	expect( anonymous.status() ).toBe( 401 );

	const overview = await request.get( ADMIN, { headers } );
	expect( overview.status() ).toBe( 200 );
	const state = await overview.json();
	expect( state ).toMatchObject( { state: 'ok', lease_lifetime_days: 14 } );
	const active = ( state.keys as PublishedKey[] ).find(
		( key ) => key.status === 'active'
	)!;

	const created = await request.post( ADMIN, { headers } );
	expect( created.status() ).toBe( 201 );
	const next = ( await created.json() ) as PublishedKey;
	expect( next ).toMatchObject( { status: 'next', endorsed_by: active.kid } );
	expect( endorsementVerifies( next, active ) ).toBe( true );

	// An abandoned rotation: the next key is retired (taken off the list) at once.
	const removed = await request.delete( `${ ADMIN }/${ next.kid }`, {
		headers,
	} );
	expect( removed.status() ).toBe( 204 );
	expect(
		( await publishedKeys( request ) ).map( ( key ) => key.kid )
	).not.toContain( next.kid );
	const noNext = await request.post( `${ ADMIN }/promote`, { headers } );
	expect( noNext.status() ).toBe( 409 );
	expect( ( await noNext.json() ).data ).toMatchObject( {
		reason: 'no_next',
	} );
	const unknown = await request.delete( `${ ADMIN }/0123456789abcdef`, {
		headers,
	} );
	expect( unknown.status() ).toBe( 409 );
	expect(
		( await events( request, 'lease_key.retired' ) )[ 0 ].payload
	).toEqual( { kid: next.kid, was: 'next', forced: false } );
} );
