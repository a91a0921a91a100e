/**
 * Signed leases (docs/leases.md): validate, activate and the update check (single and batch) carry a lease, in
 * the body and in the X-Svc-Lease header, that verifies with a key of GET /svc/v1/keys (checked here with Node's
 * own Ed25519) and states the licence, product, site and the server's own judgement. Each answer is asked twice:
 * as it is (the fast lane answers when it is on) and with WordPress' test cookie, which sends it down the full
 * route; the api project runs with the lane on and off.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { fastLane } from '../fixtures/env';
import {
	ed25519Verifies,
	publishedKeys,
	siteFingerprint,
	verifiedLease,
	type PublishedKey,
} from '../fixtures/lease';
import {
	createLicense,
	keyHeaders,
	readWrites,
} from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const FULL_ROUTE = { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' };
const ROUTES = [
	{ name: 'as sent', headers: {} as Record< string, string > },
	{ name: 'full route', headers: FULL_ROUTE },
];
const DAY = 86400;

const now = () => Math.floor( Date.now() / 1000 );

async function product( request: APIRequestContext, version = '1.0.0' ) {
	const slug = `lease-${ randomUUID().slice( 0, 8 ) }`;
	const made = await createLicense(
		request,
		{ slug, current_version: version },
		{
			activation_limit: 3,
			expires: '2031-03-04T05:06:07Z',
			tier: { label: 'Agency', features: [ 'support' ] },
		}
	);
	return { slug, ...made };
}

/** Body and header of one answer; the lease in both must be the same string. */
async function leaseOf(
	response: Awaited< ReturnType< APIRequestContext[ 'get' ] > >
) {
	expect( response.status() ).toBe( 200 );

	const body: any = await response.json();
	const header = response.headers()[ 'x-svc-lease' ];
	return { body, header };
}

test.describe( 'leases', () => {
	let keys: PublishedKey[];

	test.beforeAll( async ( { request } ) => {
		keys = await publishedKeys( request );
	} );

	test( 'GET /keys publishes one active Ed25519 key, cacheable, its kid derived from the key', async ( {
		request,
	} ) => {
		const response = await request.get( '/wp-json/svc/v1/keys' );
		expect( response.status() ).toBe( 200 );
		expect( response.headers()[ 'cache-control' ] ).toContain( 'public' );
		const active = keys.filter( ( key ) => key.status === 'active' );
		expect( active ).toHaveLength( 1 );
		expect( keys[ 0 ] ).toEqual( active[ 0 ] );
		expect( active[ 0 ] ).toMatchObject( { alg: 'Ed25519' } );
		expect(
			Buffer.from( active[ 0 ].public_key, 'base64url' )
		).toHaveLength( 32 );
		expect( active[ 0 ].created_at ).toMatch(
			/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
		);
		const { createHash } = await import( 'node:crypto' );
		expect( active[ 0 ].kid ).toBe(
			createHash( 'sha256' )
				.update( Buffer.from( active[ 0 ].public_key, 'base64url' ) )
				.digest( 'hex' )
				.slice( 0, 16 )
		);
	} );

	for ( const route of ROUTES ) {
		test( `validate, activate and the update check carry a verified lease (${ route.name })`, async ( {
			request,
		} ) => {
			const license = await product( request, '2.0.0' );
			const site = 'https://WWW.Lease-Shop.example/store/';
			const call = {
				license_key: license.license_key,
				product_slug: license.slug,
				site_url: site,
			};
			const facts = {
				v: 1,
				kid: keys[ 0 ].kid,
				license_id: license.license_id,
				product: license.slug,
				site: siteFingerprint( 'lease-shop.example/store' ),
				status: 'active',
				valid: true,
				expires: '2031-03-04T05:06:07Z',
				tier: 'Agency',
			};

			const before = now();
			const validated = await leaseOf(
				await request.post( '/wp-json/svc/v1/licenses/validate', {
					data: call,
					headers: route.headers,
				} )
			);
			const after = now();
			expect( validated.header ).toBe( validated.body.lease );
			const first = verifiedLease( validated.body.lease, keys );
			// Validate says valid for any site of a usable licence (the spec); its lease says valid only for a site
			// activated on it (issue 40: "licensed on this site").
			expect( validated.body ).toMatchObject( {
				valid: true,
				already_activated: false,
			} );
			expect( first ).toMatchObject( {
				...facts,
				valid: false,
				activated: false,
			} );
			expect( first.issued_at ).toBeGreaterThanOrEqual( before - 1 );
			expect( first.issued_at ).toBeLessThanOrEqual( after + 1 );
			expect( first.lease_expires - first.issued_at ).toBe( 14 * DAY );

			const activated = await leaseOf(
				await request.post( '/wp-json/svc/v1/licenses/activate', {
					data: call,
					headers: route.headers,
				} )
			);
			expect( activated.header ).toBe( activated.body.lease );
			expect( verifiedLease( activated.body.lease, keys ) ).toMatchObject(
				{
					...facts,
					activated: true,
				}
			);

			// The site runs the newest version: the answer stays {}, the lease travels in the header.
			const current = await request.get(
				'/wp-json/svc/v1/updates/check',
				{
					params: { ...call, current_version: '2.0.0' },
					headers: route.headers,
				}
			);
			expect( current.status() ).toBe( 200 );
			expect( await current.json() ).toEqual( {} );
			expect(
				verifiedLease( current.headers()[ 'x-svc-lease' ], keys )
			).toMatchObject( { ...facts, activated: true } );

			// An offer carries it in the body too.
			const offered = await request.post(
				`/wp-json/svc/v1/admin/products/${ license.product_id }/releases`,
				{
					headers: await keyHeaders( request ),
					multipart: {
						version: '2.1.0',
						package: {
							name: 'lease.zip',
							mimeType: 'application/zip',
							buffer: makeZip( {
								'lease/lease.php': '<?php // 2.1.0',
							} ),
						},
					},
				}
			);
			expect( offered.status(), await offered.text() ).toBe( 201 );
			const offer = await leaseOf(
				await request.get( '/wp-json/svc/v1/updates/check', {
					params: { ...call, current_version: '2.0.0' },
					headers: route.headers,
				} )
			);
			expect( offer.body.new_version ).toBe( '2.1.0' );
			expect( offer.header ).toBe( offer.body.lease );
			expect( verifiedLease( offer.body.lease, keys ) ).toMatchObject( {
				...facts,
				activated: true,
			} );

			// The batch: a lease on each answered item (beside the body, and in an offer's body), none on a refusal.
			const batch = await request.post( '/wp-json/svc/v1/updates/check', {
				data: {
					site_url: site,
					items: [
						{ ...call, current_version: '2.0.0' },
						{ ...call, current_version: '2.1.0' },
						{
							license_key: 'AAAA-BBBB-CCCC-DDDD',
							product_slug: license.slug,
							current_version: '1.0.0',
						},
					],
				},
				headers: route.headers,
			} );
			expect( batch.status() ).toBe( 200 );
			const [ offerItem, currentItem, refused ] = ( await batch.json() )
				.items;
			expect( offerItem.body.lease ).toBe( offerItem.lease );
			expect( verifiedLease( offerItem.lease, keys ) ).toMatchObject( {
				...facts,
				activated: true,
			} );
			expect( currentItem.body ).toEqual( {} );
			expect( verifiedLease( currentItem.lease, keys ) ).toMatchObject(
				facts
			);
			expect( refused.status ).toBe( 404 );
			expect( refused ).not.toHaveProperty( 'lease' );
		} );
	}

	test( 'the fast lane and the full route answer leases for the same licence the same way', async ( {
		request,
	} ) => {
		const license = await product( request );
		const call = {
			license_key: license.license_key,
			product_slug: license.slug,
			site_url: 'https://parity-lease.example',
		};
		const lane = await request.post( '/wp-json/svc/v1/licenses/validate', {
			data: call,
		} );
		const full = await request.post( '/wp-json/svc/v1/licenses/validate', {
			data: call,
			headers: FULL_ROUTE,
		} );
		expect( lane.headers()[ 'x-svc-test-lane' ] ).toBe(
			fastLane ? '1' : '0'
		);
		expect( full.headers()[ 'x-svc-test-lane' ] ).toBe( '0' );
		const laneLease = verifiedLease( ( await lane.json() ).lease, keys );
		const fullLease = verifiedLease( ( await full.json() ).lease, keys );
		const { issued_at: a, lease_expires: b, ...laneFacts } = laneLease;
		const { issued_at: c, lease_expires: d, ...fullFacts } = fullLease;
		expect( laneFacts ).toEqual( fullFacts );
		expect( b - a ).toBe( d - c );
	} );

	test( "a suspended licence's lease says valid false; a changed byte breaks the signature", async ( {
		request,
	} ) => {
		const license = await product( request );
		const suspended = await request.put(
			`/wp-json/svc/v1/admin/licenses/${ license.license_id }`,
			{
				headers: await keyHeaders( request ),
				data: { status: 'suspended' },
			}
		);
		expect( suspended.status() ).toBe( 200 );
		for ( const route of ROUTES ) {
			const answer = await leaseOf(
				await request.post( '/wp-json/svc/v1/licenses/validate', {
					data: {
						license_key: license.license_key,
						product_slug: license.slug,
						site_url: 'suspended.example',
					},
					headers: route.headers,
				} )
			);
			expect( answer.body.valid ).toBe( false );
			expect( answer.header ).toBe( answer.body.lease );
			const payload = verifiedLease( answer.body.lease, keys );
			expect( payload ).toMatchObject( {
				license_id: license.license_id,
				status: 'suspended',
				valid: false,
				site: siteFingerprint( 'suspended.example' ),
			} );
			// The same payload claiming valid: true no longer verifies.
			const [ , signature ] = answer.body.lease.split( '.' );
			const forged = Buffer.from(
				JSON.stringify( { ...payload, valid: true, status: 'active' } )
			).toString( 'base64url' );
			const active = keys.find( ( key ) => key.kid === payload.kid )!;
			expect(
				ed25519Verifies(
					active.public_key,
					`svc-lease.v1.${ forged }`,
					signature
				)
			).toBe( false );
		}
	} );

	test( "every answer is signed afresh, whatever store keeps the counters: its issued_at is the server's now (issue 42)", async ( {
		request,
	} ) => {
		const license = await product( request );
		const body = {
			license_key: license.license_key,
			product_slug: license.slug,
			site_url: 'afresh.example',
		};
		expect(
			(
				await request.post( '/wp-json/svc/v1/licenses/activate', {
					data: body,
				} )
			).status()
		).toBe( 200 );
		const validate = async () =>
			verifiedLease(
				(
					await leaseOf(
						await request.post(
							'/wp-json/svc/v1/licenses/validate',
							{ data: body }
						)
					)
				).body.lease,
				keys
			);
		const first = await validate();
		// A second later, the same facts: a lease of the later time, never the one kept from before.
		await new Promise( ( resolve ) => setTimeout( resolve, 1100 ) );
		const again = await validate();
		const { store } = await readWrites( request, 'lease-afresh' );
		expect(
			again.issued_at,
			`counters in ${ store }: the second lease is signed at its own time`
		).toBeGreaterThan( first.issued_at );
		expect( again ).toMatchObject( { valid: true, activated: true } );
		expect( again.lease_expires - again.issued_at ).toBe(
			first.lease_expires - first.issued_at
		);
	} );

	test( 'the lease lifetime is a setting', async ( { request } ) => {
		const headers = await keyHeaders( request );
		const set = await request.put( '/wp-json/svc/v1/admin/settings', {
			headers,
			data: { lease_lifetime_days: 3 },
		} );
		expect( set.status() ).toBe( 200 );
		try {
			const license = await product( request );
			for ( const route of ROUTES ) {
				const answer = await leaseOf(
					await request.post( '/wp-json/svc/v1/licenses/validate', {
						data: {
							license_key: license.license_key,
							product_slug: license.slug,
							site_url: 'lifetime.example',
						},
						headers: route.headers,
					} )
				);
				const payload = verifiedLease( answer.body.lease, keys );
				expect( payload.lease_expires - payload.issued_at ).toBe(
					3 * DAY
				);
			}
			const refused = await request.put(
				'/wp-json/svc/v1/admin/settings',
				{ headers, data: { lease_lifetime_days: 0 } }
			);
			expect( refused.status() ).toBe( 400 );
		} finally {
			const reset = await request.put( '/wp-json/svc/v1/admin/settings', {
				headers,
				data: { lease_lifetime_days: 14 },
			} );
			expect( reset.status() ).toBe( 200 );
		}
	} );
} );
