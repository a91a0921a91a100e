/**
 * The event log: each licence, product, release, API key and settings action writes one row in its own transaction (a failed action writes none), and
 * GET /admin/events lists them with filters, pagination and the API key's product scope; erase redacts them.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	armCrash,
	createApiKey,
	readApiKey,
	runLicenseExpiryJob,
	scanPersonalData,
} from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';
const ADMIN = `${ API }/admin`;

interface LoggedEvent {
	id: number;
	type: string;
	subject: { type: string; id: number };
	actor: { kind: string; label: string };
	product_id: number | null;
	payload: Record< string, unknown >;
	created_at: string;
}

interface EventPage {
	data: LoggedEvent[];
	total: number;
	page: number;
	per_page: number;
	total_pages: number;
}

/** An admin API key, with its prefix as the log names it. */
async function adminKey( request: APIRequestContext ) {
	const created = await createApiKey( request, { permissions: 'admin' } );
	const { key_prefix: prefix } = await readApiKey( request, created.id );
	return { headers: { 'X-Service-Key': created.api_key }, prefix };
}

async function product(
	request: APIRequestContext,
	headers: Record< string, string >
) {
	const response = await request.post( `${ ADMIN }/products`, {
		headers,
		data: { name: `Events ${ randomUUID().slice( 0, 8 ) }` },
	} );
	expect( response.status() ).toBe( 201 );
	return ( await response.json() ) as { id: number; slug: string };
}

async function license(
	request: APIRequestContext,
	headers: Record< string, string >,
	productId: number,
	fields: Record< string, unknown > = {}
) {
	const response = await request.post( `${ ADMIN }/licenses`, {
		headers,
		data: {
			product_id: productId,
			customer_email: `events-${ randomUUID().slice( 0, 8 ) }@example.com`,
			customer_name: 'Eve Events',
			...fields,
		},
	} );
	expect( response.status() ).toBe( 201 );
	return ( await response.json() ) as {
		id: number;
		license_key: string;
		customer_email: string;
	};
}

/** A release with an external package, published at once or left a draft. */
async function addRelease(
	request: APIRequestContext,
	headers: Record< string, string >,
	productId: number,
	version: string,
	publish: boolean
) {
	const response = await request.post(
		`${ ADMIN }/products/${ productId }/releases`,
		{
			headers,
			data: {
				version,
				publish,
				package_url: `https://cdn.example.com/${ version }.zip`,
				package_sha256: 'b'.repeat( 64 ),
			},
		}
	);
	expect( response.status(), await response.text() ).toBe( 201 );
	return ( await response.json() ) as { id: number };
}

async function events(
	request: APIRequestContext,
	headers: Record< string, string >,
	query: Record< string, string | number >
): Promise< EventPage > {
	const response = await request.get( `${ ADMIN }/events`, {
		headers,
		params: query,
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

const historyOf = (
	request: APIRequestContext,
	headers: Record< string, string >,
	id: number
) =>
	events( request, headers, {
		subject_type: 'license',
		subject_id: id,
		per_page: 100,
	} );

test.describe( 'event log', () => {
	test( 'each licence action writes one event naming its actor, with no full key in any payload', async ( {
		request,
	} ) => {
		const { headers, prefix } = await adminKey( request );
		const { id: productId, slug } = await product( request, headers );
		const created = await license( request, headers, productId, {
			activation_limit: 2,
		} );
		const site = `https://events-${ randomUUID().slice( 0, 8 ) }.example.com`;
		// The site's own fingerprint: its deactivate frees itself, never counted against the monthly allowance of
		// releases (which the portal spec changes while this runs).
		const call = {
			license_key: created.license_key,
			product_slug: slug,
			site_url: site,
			server_fingerprint: 'e'.repeat( 64 ),
		};

		expect(
			(
				await request.put( `${ ADMIN }/licenses/${ created.id }`, {
					headers,
					data: { activation_limit: 3 },
				} )
			).status()
		).toBe( 200 );
		const activated = await request.post( `${ API }/licenses/activate`, {
			data: call,
		} );
		expect( activated.status() ).toBe( 200 );
		const siteUrl = ( await activated.json() ).site_url as string;
		// Already active: nothing changes, nothing is written.
		expect(
			(
				await request.post( `${ API }/licenses/activate`, {
					data: call,
				} )
			).status()
		).toBe( 200 );
		expect(
			(
				await request.post( `${ API }/licenses/deactivate`, {
					data: call,
				} )
			).status()
		).toBe( 200 );
		const rotated = await request.post(
			`${ ADMIN }/licenses/${ created.id }/rotate-key`,
			{ headers }
		);
		expect( rotated.status() ).toBe( 200 );
		const newKey = ( await rotated.json() ).new_license_key as string;
		expect(
			(
				await request.delete( `${ ADMIN }/licenses/${ created.id }`, {
					headers,
				} )
			).status()
		).toBe( 200 );

		const history = await historyOf( request, headers, created.id );
		expect( history.data.map( ( e ) => e.type ) ).toEqual( [
			'license.cancelled',
			'license.rotated',
			'license.deactivated',
			'license.activated',
			'license.updated',
			'license.created',
		] );
		expect( history.total ).toBe( 6 );
		const byType = Object.fromEntries(
			history.data.map( ( e ) => [ e.type, e ] )
		);
		const admin = { kind: 'api_key', label: prefix };
		const customer = { kind: 'customer', label: siteUrl };
		expect( byType[ 'license.created' ] ).toMatchObject( {
			subject: { type: 'license', id: created.id },
			actor: admin,
			product_id: productId,
			payload: {
				key: `XXXX-XXXX-XXXX-${ created.license_key.slice( -4 ) }`,
				status: 'active',
				activation_limit: 2,
				customer_email: created.customer_email,
			},
		} );
		expect( byType[ 'license.created' ].created_at ).toMatch(
			/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
		);
		expect( byType[ 'license.updated' ] ).toMatchObject( {
			actor: admin,
			payload: { changes: { activation_limit: 3 } },
		} );
		expect( byType[ 'license.activated' ] ).toMatchObject( {
			actor: customer,
			payload: { site_url: siteUrl, is_staging: false },
		} );
		expect( byType[ 'license.deactivated' ] ).toMatchObject( {
			actor: customer,
			payload: { site_url: siteUrl },
		} );
		expect( byType[ 'license.rotated' ] ).toMatchObject( {
			actor: admin,
			payload: {
				previous_key: `XXXX-XXXX-XXXX-${ created.license_key.slice( -4 ) }`,
				key: `XXXX-XXXX-XXXX-${ newKey.slice( -4 ) }`,
			},
		} );
		expect( byType[ 'license.cancelled' ] ).toMatchObject( {
			actor: admin,
			payload: { activations_removed: 0 },
		} );
		const text = JSON.stringify( history );
		for ( const key of [ created.license_key, newKey ] ) {
			expect( text ).not.toContain( key );
		}
		expect( text ).not.toContain( 'key_hash' );

		// Deleting for good is the last event; the licence's history outlives it.
		expect(
			(
				await request.delete(
					`${ ADMIN }/licenses/${ created.id }?force=true`,
					{
						headers,
					}
				)
			).status()
		).toBe( 200 );
		const after = await historyOf( request, headers, created.id );
		expect( after.data[ 0 ] ).toMatchObject( {
			type: 'license.deleted',
			actor: admin,
			product_id: productId,
		} );
		expect( after.total ).toBe( 7 );
	} );

	test( 'an action that fails writes no event: a refused activation, and a cancel cut short inside its transaction', async ( {
		request,
	} ) => {
		const { headers } = await adminKey( request );
		const { id: productId, slug } = await product( request, headers );
		const created = await license( request, headers, productId, {
			activation_limit: 1,
		} );
		const activate = ( site: string ) =>
			request.post( `${ API }/licenses/activate`, {
				data: {
					license_key: created.license_key,
					product_slug: slug,
					site_url: site,
				},
			} );
		expect(
			( await activate( 'https://first.example.com' ) ).status()
		).toBe( 200 );
		await expectError(
			await activate( 'https://second.example.com' ),
			403,
			'activation_limit_reached'
		);
		expect(
			( await historyOf( request, headers, created.id ) ).data.map(
				( e ) => e.type
			)
		).toEqual( [ 'license.activated', 'license.created' ] );

		// The process ends at the event's INSERT, after the activations were removed and the status changed:
		// the whole cancel rolls back.
		await armCrash( request, 'svc_events (type, subject_type' );
		const cut = await request.delete(
			`${ ADMIN }/licenses/${ created.id }`,
			{
				headers,
			}
		);
		// The process exits mid-request: no licence comes back (the status line depends on the server).
		expect( await cut.text() ).not.toContain( '"status"' );
		await armCrash( request, '' );
		const still = await (
			await request.get( `${ ADMIN }/licenses/${ created.id }`, {
				headers,
			} )
		).json();
		expect( still ).toMatchObject( {
			status: 'active',
			activation_count: 1,
		} );
		expect(
			( await historyOf( request, headers, created.id ) ).total
		).toBe( 2 );
	} );

	test( "a trial records its licence as created by the customer's email; a refused repeat records nothing", async ( {
		request,
	} ) => {
		const { headers } = await adminKey( request );
		const { id: productId, slug } = await product( request, headers );
		expect(
			(
				await request.put( `${ ADMIN }/products/${ productId }`, {
					headers,
					data: { trial_enabled: true, trial_days: 7 },
				} )
			).status()
		).toBe( 200 );
		const email = `trial-${ randomUUID().slice( 0, 8 ) }@example.com`;
		// With a write key the answer carries the key (a visitor's does not), so the event's key can be compared.
		const ask = () =>
			request.post( `${ API }/trials/request`, {
				headers,
				data: { product_slug: slug, email, name: 'Tia Trial' },
			} );
		const trial = await ask();
		expect( trial.status() ).toBe( 201 );
		const key = ( await trial.json() ).license_key as string;
		await expectError( await ask(), 409, 'trial_already_used' );
		const logged = await events( request, headers, {
			actor_kind: 'customer',
			actor: email,
		} );
		expect( logged.total ).toBe( 1 );
		expect( logged.data[ 0 ] ).toMatchObject( {
			type: 'license.created',
			product_id: productId,
			payload: {
				key: `XXXX-XXXX-XXXX-${ key.slice( -4 ) }`,
				status: 'trial',
				customer_email: email,
			},
		} );
	} );

	test( "creating and revoking an API key each write one event with the key's prefix, never the key", async ( {
		request,
	} ) => {
		const { headers, prefix } = await adminKey( request );
		const { id: productId } = await product( request, headers );
		const made = await request.post( `${ ADMIN }/api-keys`, {
			headers,
			data: {
				label: 'Events CI',
				permissions: 'read',
				product_id: productId,
			},
		} );
		expect( made.status() ).toBe( 201 );
		const key = await made.json();
		expect(
			(
				await request.delete( `${ ADMIN }/api-keys/${ key.id }`, {
					headers,
				} )
			).status()
		).toBe( 200 );
		// A second revoke is a 404 and writes nothing.
		await expectError(
			await request.delete( `${ ADMIN }/api-keys/${ key.id }`, {
				headers,
			} ),
			404,
			'not_found'
		);
		const history = await events( request, headers, {
			subject_type: 'api_key',
			subject_id: key.id,
		} );
		const expected = {
			subject: { type: 'api_key', id: key.id },
			actor: { kind: 'api_key', label: prefix },
			product_id: productId,
			payload: {
				key_prefix: key.key_prefix,
				label: 'Events CI',
				permissions: 'read',
			},
		};
		expect( history.data ).toEqual( [
			expect.objectContaining( { type: 'api_key.revoked', ...expected } ),
			expect.objectContaining( { type: 'api_key.created', ...expected } ),
		] );
		expect( JSON.stringify( history ) ).not.toContain( key.api_key );
	} );

	test( 'the expiry job records each licence it expires, as the system', async ( {
		request,
	} ) => {
		const { headers } = await adminKey( request );
		const { id: productId } = await product( request, headers );
		const due = await license( request, headers, productId, {
			expires: '2020-01-01T00:00:00Z',
		} );
		const later = await license( request, headers, productId, {
			expires: '2099-01-01T00:00:00Z',
		} );
		await runLicenseExpiryJob( request, Math.floor( Date.now() / 1000 ) );
		const expired = await historyOf( request, headers, due.id );
		expect( expired.data[ 0 ] ).toMatchObject( {
			type: 'license.expired',
			actor: { kind: 'system', label: 'expiry' },
			product_id: productId,
		} );
		expect(
			( await historyOf( request, headers, later.id ) ).data.map(
				( e ) => e.type
			)
		).toEqual( [ 'license.created' ] );
		// A second run finds nothing left to expire and writes nothing.
		await runLicenseExpiryJob( request, Math.floor( Date.now() / 1000 ) );
		expect( ( await historyOf( request, headers, due.id ) ).total ).toBe(
			2
		);
	} );

	test( 'the list filters by type, actor and time, pages in the licence list envelope, and answers readable 400s', async ( {
		request,
	} ) => {
		const { headers, prefix } = await adminKey( request );
		const { id: productId } = await product( request, headers );
		const ids: number[] = [];
		for ( let i = 0; i < 3; i++ ) {
			ids.push( ( await license( request, headers, productId ) ).id );
		}
		await request.post( `${ ADMIN }/licenses/${ ids[ 0 ] }/rotate-key`, {
			headers,
		} );

		// The key also created the product: its licence events are the ones counted here.
		const mine = {
			actor_kind: 'api_key',
			actor: prefix,
			subject_type: 'license',
		};
		const all = await events( request, headers, mine );
		expect( all.total ).toBe( 4 );
		expect( all.data.map( ( e ) => e.subject.id ) ).toEqual( [
			ids[ 0 ],
			ids[ 2 ],
			ids[ 1 ],
			ids[ 0 ],
		] );
		expect(
			(
				await events( request, headers, {
					...mine,
					type: 'license.rotated',
				} )
			).data.map( ( e ) => e.subject.id )
		).toEqual( [ ids[ 0 ] ] );

		const second = await events( request, headers, {
			...mine,
			per_page: 3,
			page: 2,
		} );
		expect( second ).toMatchObject( {
			total: 4,
			page: 2,
			per_page: 3,
			total_pages: 2,
		} );
		expect( second.data.map( ( e ) => e.id ) ).toEqual( [
			all.data[ 3 ].id,
		] );

		expect(
			(
				await events( request, headers, {
					...mine,
					since: '2099-01-01T00:00:00Z',
				} )
			).total
		).toBe( 0 );
		expect(
			(
				await events( request, headers, {
					...mine,
					until: '2000-01-01T00:00:00Z',
				} )
			).total
		).toBe( 0 );
		expect(
			(
				await events( request, headers, {
					...mine,
					since: '2000-01-01T00:00:00Z',
					until: '2099-01-01T00:00:00Z',
				} )
			).total
		).toBe( 4 );

		const bad = async (
			params: Record< string, string >,
			field: string
		) => {
			const body = await expectError(
				await request.get( `${ ADMIN }/events`, { headers, params } ),
				400,
				'invalid_params'
			);
			expect( body.message ).toContain( field );
		};
		await bad( { type: 'license.exploded' }, 'type' );
		await bad( { subject_id: '5' }, 'subject_type' );
		await bad( { since: 'yesterday' }, 'since' );
		await bad( { actor_kind: 'robot' }, 'actor_kind' );
		await expectError(
			await request.get( `${ ADMIN }/events` ),
			401,
			'unauthorized'
		);
	} );

	test( "a product-scoped key sees only its product's events", async ( {
		request,
	} ) => {
		const { headers } = await adminKey( request );
		const mine = await product( request, headers );
		const other = await product( request, headers );
		const inside = await license( request, headers, mine.id );
		const outside = await license( request, headers, other.id );
		const scoped = await createApiKey( request, {
			permissions: 'read',
			product_id: mine.id,
		} );
		const scopedHeaders = { 'X-Service-Key': scoped.api_key };

		expect(
			( await historyOf( request, scopedHeaders, inside.id ) ).total
		).toBe( 1 );
		expect(
			( await historyOf( request, scopedHeaders, outside.id ) ).total
		).toBe( 0 );
		const everything = await events( request, scopedHeaders, {
			per_page: 100,
		} );
		expect(
			everything.data.every( ( e ) => e.product_id === mine.id )
		).toBe( true );
		await expectError(
			await request.get( `${ ADMIN }/events`, {
				headers: scopedHeaders,
				params: { product_id: other.id },
			} ),
			403,
			'product_out_of_scope'
		);
	} );

	test( 'product, release and settings changes each write one event, and a refused change writes none', async ( {
		request,
	} ) => {
		const { headers, prefix } = await adminKey( request );
		const made = await product( request, headers );
		const other = await product( request, headers );
		const actor = { kind: 'api_key', label: prefix };
		const of = async ( subjectType: string, id: number ) =>
			(
				await events( request, headers, {
					subject_type: subjectType,
					subject_id: id,
					per_page: 100,
				} )
			).data;

		// Products: created, updated with only what changed; a taken slug and an empty change write nothing.
		const renamed = await request.put( `${ ADMIN }/products/${ made.id }`, {
			headers,
			data: {
				name: 'Events Renamed',
				homepage_url: 'https://shop.example/p',
			},
		} );
		expect( renamed.status() ).toBe( 200 );
		// The same values again (as a form that sends every field does): nothing moved, no event.
		expect(
			(
				await request.put( `${ ADMIN }/products/${ made.id }`, {
					headers,
					data: {
						name: 'Events Renamed',
						slug: made.slug,
						homepage_url: 'https://shop.example/p',
					},
				} )
			).status()
		).toBe( 200 );
		await expectError(
			await request.put( `${ ADMIN }/products/${ made.id }`, {
				headers,
				data: { slug: other.slug },
			} ),
			409,
			'product_slug_exists'
		);
		expect(
			( await of( 'product', made.id ) ).map( ( e ) => [
				e.type,
				e.product_id,
				e.actor,
				e.payload,
			] )
		).toEqual( [
			[
				'product.updated',
				made.id,
				actor,
				{
					changes: {
						name: 'Events Renamed',
						homepage_url: 'https://shop.example/p',
					},
				},
			],
			[
				'product.created',
				made.id,
				actor,
				{ slug: made.slug, name: expect.stringMatching( /^Events / ) },
			],
		] );

		// Releases: created (and published at once), a later one published, a rollback, an edit, a delete.
		const release = ( version: string, publish: boolean ) =>
			addRelease( request, headers, made.id, version, publish );
		const first = await release( '1.0.0', true );
		const second = await release( '1.1.0', false );
		const publish = ( id: number ) =>
			request.post( `${ ADMIN }/releases/${ id }/publish`, { headers } );
		expect( ( await publish( second.id ) ).status() ).toBe( 200 );
		expect( ( await publish( first.id ) ).status() ).toBe( 200 );
		expect(
			(
				await request.put( `${ ADMIN }/releases/${ second.id }`, {
					headers,
					data: { rollout: 40 },
				} )
			).status()
		).toBe( 200 );
		// The same rollout again: no event.
		expect(
			(
				await request.put( `${ ADMIN }/releases/${ second.id }`, {
					headers,
					data: { rollout: 40 },
				} )
			).status()
		).toBe( 200 );
		// The current release cannot be deleted: no event.
		await expectError(
			await request.delete( `${ ADMIN }/releases/${ first.id }`, {
				headers,
			} ),
			409,
			'release_is_current'
		);
		expect(
			(
				await request.delete( `${ ADMIN }/releases/${ second.id }`, {
					headers,
				} )
			).status()
		).toBe( 200 );
		const shown = ( list: LoggedEvent[] ) =>
			list.map( ( e ) => [ e.type, e.product_id, e.payload ] );
		expect( shown( await of( 'release', first.id ) ) ).toEqual( [
			[
				'release.published',
				made.id,
				{ version: '1.0.0', previous_version: '1.1.0', rollback: true },
			],
			[
				'release.published',
				made.id,
				{ version: '1.0.0', previous_version: null, rollback: false },
			],
			[ 'release.created', made.id, { version: '1.0.0' } ],
		] );
		expect( shown( await of( 'release', second.id ) ) ).toEqual( [
			[ 'release.deleted', made.id, { version: '1.1.0' } ],
			[
				'release.updated',
				made.id,
				{ version: '1.1.0', changes: { rollout: 40 } },
			],
			[
				'release.published',
				made.id,
				{
					version: '1.1.0',
					previous_version: '1.0.0',
					rollback: false,
				},
			],
			[ 'release.created', made.id, { version: '1.1.0' } ],
		] );

		// Deleting the product (its releases go with it) is one product event.
		expect(
			(
				await request.delete( `${ ADMIN }/products/${ made.id }`, {
					headers,
				} )
			).status()
		).toBe( 200 );
		expect( shown( await of( 'product', made.id ) )[ 0 ] ).toEqual( [
			'product.deleted',
			made.id,
			{ slug: made.slug },
		] );
	} );

	test( 'a publish cut short at its event leaves the current version and the draft as they were', async ( {
		request,
	} ) => {
		const { headers } = await adminKey( request );
		const made = await product( request, headers );
		const release = ( version: string, publish: boolean ) =>
			addRelease( request, headers, made.id, version, publish );
		await release( '1.0.0', true );
		const draft = await release( '1.1.0', false );

		// The process ends at the event's INSERT, after both UPDATEs of the publish ran: both roll back.
		await armCrash( request, 'svc_events` (`type`' );
		const cut = await request.post(
			`${ ADMIN }/releases/${ draft.id }/publish`,
			{ headers }
		);
		expect( await cut.text() ).not.toContain( '"is_current"' );
		await armCrash( request, '' );
		expect(
			await (
				await request.get( `${ ADMIN }/products/${ made.id }`, {
					headers,
				} )
			).json()
		).toMatchObject( { current_version: '1.0.0' } );
		expect(
			await (
				await request.get( `${ ADMIN }/releases/${ draft.id }`, {
					headers,
				} )
			).json()
		).toMatchObject( { status: 'draft', is_current: false } );
		expect(
			(
				await events( request, headers, {
					subject_type: 'release',
					subject_id: draft.id,
				} )
			).data.map( ( e ) => e.type )
		).toEqual( [ 'release.created' ] );
	} );

	test( 'a settings change records what changed, never the signing secret; a refused one records nothing', async ( {
		request,
	} ) => {
		const { headers, prefix } = await adminKey( request );
		const settings = async () =>
			(
				await events( request, headers, {
					subject_type: 'settings',
					per_page: 100,
				} )
			).data;
		const before = ( await settings() ).length;
		const secret = `whsec_${ randomUUID().replaceAll( '-', '' ) }`;
		const previous = await (
			await request.get( `${ ADMIN }/settings`, { headers } )
		).json();
		const put = ( data: Record< string, unknown > ) =>
			request.put( `${ ADMIN }/settings`, { headers, data } );
		try {
			expect(
				(
					await put( {
						renewal_page: 'https://shop.example/renew/',
						webhook_signing_secret: secret,
					} )
				).status()
			).toBe( 200 );
			// The same values again, and the fast lane as it is: nothing moved, no event.
			expect(
				(
					await put( {
						renewal_page: 'https://shop.example/renew/',
						webhook_signing_secret: secret,
						fast_lane: previous.fast_lane,
					} )
				).status()
			).toBe( 200 );
			await expectError(
				await put( { renewal_page: 'ftp://shop.example/' } ),
				400,
				'invalid_params'
			);
			const logged = await settings();
			expect( logged.length ).toBe( before + 1 );
			expect( logged[ 0 ] ).toMatchObject( {
				type: 'settings.updated',
				subject: { type: 'settings', id: 0 },
				actor: { kind: 'api_key', label: prefix },
				product_id: null,
				payload: {
					changes: {
						renewal_page: 'https://shop.example/renew/',
						webhook_signing_secret: '(changed)',
					},
				},
			} );
			expect( JSON.stringify( logged ) ).not.toContain( secret );
		} finally {
			await put( {
				renewal_page: previous.renewal_page,
				...( previous.webhook_signing_secret_set
					? {}
					: { webhook_signing_secret: '' } ),
			} );
		}
	} );

	test( "privacy erase redacts the customer's email, name and sites in the events, and leaves other customers' alone", async ( {
		request,
	} ) => {
		const { headers } = await adminKey( request );
		const { id: productId, slug } = await product( request, headers );
		const id = randomUUID().slice( 0, 8 );
		const person = await license( request, headers, productId, {
			customer_name: `Erin ${ id }`,
		} );
		const bystander = await license( request, headers, productId );
		const site = `https://erase-${ id }.example.com`;
		expect(
			(
				await request.post( `${ API }/licenses/activate`, {
					data: {
						license_key: person.license_key,
						product_slug: slug,
						site_url: site,
					},
				} )
			).status()
		).toBe( 200 );
		const before = await scanPersonalData( request, person.customer_email );
		expect( before.svc_events ).toBe( 1 );
		expect(
			( await scanPersonalData( request, `erase-${ id }.example.com` ) )
				.svc_events
		).toBe( 1 );

		const erased = await request.post( `${ ADMIN }/privacy/erase`, {
			headers,
			data: { email: person.customer_email },
		} );
		expect( erased.status() ).toBe( 200 );
		expect( ( await erased.json() ).records_affected ).toMatchObject( {
			licenses: 1,
			events: 2,
		} );
		for ( const needle of [
			person.customer_email,
			`Erin ${ id }`,
			`erase-${ id }.example.com`,
		] ) {
			expect(
				( await scanPersonalData( request, needle ) ).svc_events,
				needle
			).toBe( 0 );
		}
		const history = await historyOf( request, headers, person.id );
		expect( history.data.map( ( e ) => e.type ) ).toEqual( [
			'license.activated',
			'license.created',
		] );
		expect( history.data[ 0 ] ).toMatchObject( {
			actor: { kind: 'customer', label: '[erased]' },
			payload: { site_url: '[erased]' },
		} );
		expect( history.data[ 1 ].payload ).toMatchObject( {
			customer_email: '[erased]',
			customer_name: '[erased]',
			status: 'active',
		} );
		expect(
			( await scanPersonalData( request, bystander.customer_email ) )
				.svc_events
		).toBe( 1 );
	} );
} );
