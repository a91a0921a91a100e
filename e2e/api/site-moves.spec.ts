/**
 * Moves and clones (issue 44; docs/api-decisions.md, "Moves and clones"). A site moved to a new address, or copied
 * with its database (production → staging), carries the SDK's stored key and install fingerprint. The owner says
 * what the copy is; the server enforces it:
 * - a plain activation from another address carrying a fingerprint another of the licence's sites holds is refused
 *   (409 site_change_unanswered), so a copy neither takes a slot nor frees the original's without an answer;
 * - `site_change: "copy"` activates without a slot on a staging host only; `site_change: "new"` takes a slot;
 * - POST /licenses/move moves the activation (same row, same slot), within `site_moves_per_month`, counted under
 *   the licence row's lock; the seller's moves (admin API, WP-CLI) are not counted.
 * Every test is written from the seat of a customer trying to get more sites than they bought.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Settings } from '../../src/api/types';
import { expectError } from '../fixtures/envelope';
import { race } from '../fixtures/race';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';
const ADMIN = `${ API }/admin`;
const tag = () => randomUUID().slice( 0, 8 );
const fingerprint = ( seed: string ) =>
	createHash( 'sha256' ).update( seed ).digest( 'hex' );

let admin: Record< string, string >;
let shipped: Pick<
	Settings,
	'staging_hosts' | 'staging_hosts_enabled' | 'site_moves_per_month'
>;

const patchSettings = async (
	request: APIRequestContext,
	data: Record< string, unknown >
) => {
	const response = await request.patch( `${ ADMIN }/settings`, {
		headers: admin,
		data,
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	return ( await response.json() ) as Settings;
};

interface Moved {
	moved: boolean;
	activation_id: number;
	from_site_url: string;
	site_url: string;
	activation_count: number;
	activation_limit: number;
	is_staging: boolean;
	moves_left: number;
	lease?: string;
}

interface LoggedEvent {
	type: string;
	actor: { kind: string; label: string };
	payload: Record< string, unknown >;
}

/** A licence of a new product, with its client calls and what the seller sees of it. */
async function license( request: APIRequestContext, limit: number ) {
	const product = `moves-${ tag() }`;
	const { license_key, license_id } = await createLicense(
		request,
		{ slug: product },
		{ activation_limit: limit }
	);
	const call = (
		route: string,
		data: Record< string, unknown >,
		via: APIRequestContext = request
	) =>
		via.post( `${ API }/licenses/${ route }`, {
			data: { license_key, product_slug: product, ...data },
		} );
	const self = {
		product,
		license_key,
		license_id,
		call,
		activate: ( site: string, fp: string, extra = {} ) =>
			call( 'activate', {
				site_url: site,
				server_fingerprint: fp,
				...extra,
			} ),
		activated: async ( site: string, fp: string, extra = {} ) => {
			const response = await self.activate( site, fp, extra );
			expect( response.status(), await response.text() ).toBe( 200 );
			return response.json();
		},
		move: (
			from: string,
			to: string,
			extra: Record< string, unknown > = {},
			via: APIRequestContext = request
		) =>
			call(
				'move',
				{ from_site_url: from, site_url: to, ...extra },
				via
			),
		moved: async (
			from: string,
			to: string,
			extra = {}
		): Promise< Moved > => {
			const response = await self.move( from, to, extra );
			expect( response.status(), await response.text() ).toBe( 200 );
			return response.json();
		},
		/** Whether validate from this site says it is activated. */
		isActivated: async ( site: string ): Promise< boolean > => {
			const response = await call( 'validate', { site_url: site } );
			expect( response.status(), await response.text() ).toBe( 200 );
			return ( await response.json() ).already_activated;
		},
		sites: async (): Promise< Record< string, boolean > > => {
			const response = await request.get(
				`${ ADMIN }/licenses/${ license_id }/activations`,
				{ headers: admin }
			);
			expect( response.status() ).toBe( 200 );
			const rows: { site_url: string; is_staging: boolean }[] =
				await response.json();
			return Object.fromEntries(
				rows.map( ( row ) => [ row.site_url, row.is_staging ] )
			);
		},
		count: async (): Promise< number > =>
			(
				await (
					await request.get( `${ ADMIN }/licenses/${ license_id }`, {
						headers: admin,
					} )
				).json()
			).activation_count,
		events: async ( type: string ): Promise< LoggedEvent[] > => {
			const response = await request.get( `${ ADMIN }/events`, {
				headers: admin,
				params: {
					subject_type: 'license',
					subject_id: license_id,
					type,
					per_page: 100,
				},
			} );
			expect( response.status(), await response.text() ).toBe( 200 );
			return ( await response.json() ).data;
		},
	};
	return self;
}

test.describe( 'moves and clones', () => {
	test.beforeAll( async ( { request } ) => {
		admin = await keyHeaders( request, 'admin' );
		const settings: Settings = await (
			await request.get( `${ ADMIN }/settings`, { headers: admin } )
		).json();
		shipped = {
			staging_hosts: settings.staging_hosts,
			staging_hosts_enabled: settings.staging_hosts_enabled,
			site_moves_per_month: settings.site_moves_per_month,
		};
	} );

	test.afterEach( async ( { request } ) => {
		await patchSettings( request, shipped );
	} );

	test( 'a clone’s plain activation with the original’s fingerprint is refused until the owner answers; nothing is written', async ( {
		request,
	} ) => {
		const l = await license( request, 3 );
		const t = tag();
		const fp = fingerprint( `original-${ t }` );
		await l.activated( `https://shop-${ t }.example.com`, fp );

		const refused = await expectError(
			await l.activate( `https://clone-${ t }.example.com`, fp ),
			409,
			'site_change_unanswered'
		);
		expect( refused.data ).toMatchObject( {
			activated_site: `shop-${ t }.example.com`,
		} );
		expect( refused.message ).toContain( `shop-${ t }.example.com` );
		expect( await l.count() ).toBe( 1 );
		expect( await l.sites() ).toEqual( {
			[ `shop-${ t }.example.com` ]: false,
		} );
		expect( await l.events( 'license.activated' ) ).toHaveLength( 1 );

		// The same site under http→https and www. is the same site: no question.
		expect(
			await l.activated( `http://www.shop-${ t }.example.com/`, fp )
		).toMatchObject( { activation_count: 1 } );
		// Another install (another fingerprint) at another address is an ordinary new site.
		expect(
			await l.activated(
				`https://other-${ t }.example.com`,
				fingerprint( `other-${ t }` )
			)
		).toMatchObject( { activation_count: 2 } );
		// Another licence holding the same fingerprint does not make this a copy of it.
		const m = await license( request, 1 );
		await m.activated( `https://clone-${ t }.example.com`, fp );
	} );

	test( 'site_change "new" takes a slot within the limit and is refused at it; any other value is invalid', async ( {
		request,
	} ) => {
		const l = await license( request, 2 );
		const t = tag();
		const fp = fingerprint( `new-${ t }` );
		await l.activated( `https://a-${ t }.example.com`, fp );
		expect(
			await l.activated( `https://b-${ t }.example.com`, fp, {
				site_change: 'new',
			} )
		).toMatchObject( { activation_count: 2, is_staging: false } );
		const full = await expectError(
			await l.activate( `https://c-${ t }.example.com`, fp, {
				site_change: 'new',
			} ),
			403,
			'activation_limit_reached'
		);
		expect( full.data ).toMatchObject( {
			activation_limit: 2,
			activation_count: 2,
		} );
		await expectError(
			await l.activate( `https://c-${ t }.example.com`, fp, {
				site_change: 'moved',
			} ),
			400,
			'invalid_params'
		);
		expect( await l.count() ).toBe( 2 );
		const activated = await l.events( 'license.activated' );
		expect(
			activated.map( ( e ) => e.payload.site_change ?? null ).sort()
		).toEqual( [ 'new', null ] );
	} );

	test( 'site_change "copy" uses no slot on a staging host; on any other host it is refused and nothing is written', async ( {
		request,
	} ) => {
		await patchSettings( request, {
			staging_hosts_enabled: true,
			staging_hosts: [ 'staging.*', '*.test' ],
		} );
		const l = await license( request, 1 );
		const t = tag();
		const fp = fingerprint( `copy-${ t }` );
		await l.activated( `https://shop-${ t }.example.com`, fp );

		const refused = await expectError(
			await l.activate( `https://copy-${ t }.example.com`, fp, {
				site_change: 'copy',
			} ),
			409,
			'not_a_staging_site'
		);
		expect( refused.message ).toMatch( /staging/i );
		expect( await l.sites() ).toEqual( {
			[ `shop-${ t }.example.com` ]: false,
		} );

		expect(
			await l.activated( `https://staging.shop-${ t }.example.com`, fp, {
				site_change: 'copy',
			} )
		).toMatchObject( { activation_count: 1, is_staging: true } );
		expect( await l.count() ).toBe( 1 );
		expect( await l.sites() ).toEqual( {
			[ `shop-${ t }.example.com` ]: false,
			[ `staging.shop-${ t }.example.com` ]: true,
		} );
		// A staging copy's plain activation is still a question: the host alone does not answer it.
		await expectError(
			await l.activate( `https://shop-${ t }.test`, fp ),
			409,
			'site_change_unanswered'
		);
	} );

	test( 'a move keeps the slot: the old address no longer counts, the new one does, and the history names both', async ( {
		request,
	} ) => {
		const l = await license( request, 2 );
		const t = tag();
		const fp = fingerprint( `move-${ t }` );
		const before = await l.activated(
			`https://old-${ t }.example.com`,
			fp
		);
		await l.activated(
			`https://kept-${ t }.example.com`,
			fingerprint( `kept-${ t }` )
		);

		const moved = await l.moved(
			`https://old-${ t }.example.com`,
			`https://www.new-${ t }.example.com/`,
			{ server_fingerprint: fp }
		);
		expect( moved ).toEqual( {
			moved: true,
			activation_id: before.activation_id,
			from_site_url: `old-${ t }.example.com`,
			site_url: `new-${ t }.example.com`,
			activation_count: 2,
			activation_limit: 2,
			is_staging: false,
			moves_left: 2,
			lease: expect.stringMatching( /^[\w-]+\.[\w-]+$/ ),
		} );
		expect( await l.count() ).toBe( 2 );
		expect( await l.sites() ).toEqual( {
			[ `kept-${ t }.example.com` ]: false,
			[ `new-${ t }.example.com` ]: false,
		} );
		expect( await l.isActivated( `https://old-${ t }.example.com` ) ).toBe(
			false
		);
		expect( await l.isActivated( `https://new-${ t }.example.com` ) ).toBe(
			true
		);
		// The old address is free: activating it again takes no slot of the moved site's (the licence is full).
		await expectError(
			await l.activate(
				`https://old-${ t }.example.com`,
				fingerprint( `again-${ t }` )
			),
			403,
			'activation_limit_reached'
		);
		const history = await l.events( 'license.moved' );
		expect( history ).toHaveLength( 1 );
		expect( history[ 0 ].payload ).toEqual( {
			from_site_url: `old-${ t }.example.com`,
			site_url: `new-${ t }.example.com`,
			via: 'site',
		} );
		expect( history[ 0 ].actor.kind ).toBe( 'customer' );
	} );

	test( 'a move to or from a staging host gives or takes the slot', async ( {
		request,
	} ) => {
		await patchSettings( request, {
			staging_hosts_enabled: true,
			staging_hosts: [ '*.test' ],
		} );
		const l = await license( request, 1 );
		const t = tag();
		await l.activated(
			`https://live-${ t }.example.com`,
			fingerprint( t )
		);
		expect(
			await l.moved(
				`https://live-${ t }.example.com`,
				`https://live-${ t }.test`
			)
		).toMatchObject( { activation_count: 0, is_staging: true } );
		await l.activated(
			`https://other-${ t }.example.com`,
			fingerprint( `other-${ t }` )
		);
		// Back to a production host needs a free slot, which the licence no longer has: nothing moves.
		await expectError(
			await l.move(
				`https://live-${ t }.test`,
				`https://back-${ t }.example.com`
			),
			403,
			'activation_limit_reached'
		);
		expect( await l.sites() ).toEqual( {
			[ `live-${ t }.test` ]: true,
			[ `other-${ t }.example.com` ]: false,
		} );
		expect( await l.events( 'license.moved' ) ).toHaveLength( 1 );
	} );

	test( 'moves are limited per licence and month (site_moves_per_month); 0 leaves them to the seller', async ( {
		request,
	} ) => {
		const settings = await patchSettings( request, {
			site_moves_per_month: 1,
		} );
		expect( settings.site_moves_per_month ).toBe( 1 );
		const l = await license( request, 2 );
		const t = tag();
		await l.activated( `https://a-${ t }.example.com`, fingerprint( t ) );
		expect(
			await l.moved(
				`https://a-${ t }.example.com`,
				`https://b-${ t }.example.com`
			)
		).toMatchObject( { moves_left: 0 } );
		const refused = await expectError(
			await l.move(
				`https://b-${ t }.example.com`,
				`https://c-${ t }.example.com`
			),
			403,
			'site_move_limit'
		);
		const now = new Date();
		const next = new Date(
			Date.UTC( now.getUTCFullYear(), now.getUTCMonth() + 1, 1 )
		);
		expect( refused.data ).toEqual( {
			status: 403,
			moves_per_month: 1,
			resets: next.toISOString().replace( '.000Z', 'Z' ),
		} );
		expect( await l.sites() ).toEqual( {
			[ `b-${ t }.example.com` ]: false,
		} );

		// Another licence has its own allowance.
		const m = await license( request, 1 );
		await m.activated( `https://a-${ t }.example.com`, fingerprint( t ) );
		await m.moved(
			`https://a-${ t }.example.com`,
			`https://b-${ t }.example.com`
		);

		await patchSettings( request, { site_moves_per_month: 0 } );
		const none = await expectError(
			await m.move(
				`https://b-${ t }.example.com`,
				`https://c-${ t }.example.com`
			),
			403,
			'site_move_limit'
		);
		expect( none.message ).toMatch( /seller/ );
		await expectError(
			await request.patch( `${ ADMIN }/settings`, {
				headers: admin,
				data: { site_moves_per_month: 1001 },
			} ),
			400,
			'invalid_params'
		);
	} );

	test( 'parallel moves of one licence with one move a month left: exactly one moves', async ( {
		request,
	} ) => {
		await patchSettings( request, { site_moves_per_month: 1 } );
		const t = tag();
		await race( request, '6 moves, 1 a month', {
			setup: async () => {
				const l = await license( request, 6 );
				for ( let i = 0; i < 6; i++ ) {
					await l.activated(
						`https://from-${ i }-${ t }.example.com`,
						fingerprint( `${ i }-${ t }` )
					);
				}
				return l;
			},
			fire: ( fresh, l ) =>
				Array.from( { length: 6 }, ( _, i ) =>
					l.move(
						`https://from-${ i }-${ t }.example.com`,
						`https://to-${ i }-${ t }.example.com`,
						{},
						fresh
					)
				),
			check: async ( answers, l ) => {
				const codes = answers.map( ( a ) =>
					a.status === 200 ? 'ok' : a.json?.code
				);
				expect( codes.filter( ( c ) => c === 'ok' ) ).toHaveLength( 1 );
				expect(
					codes.filter( ( c ) => c === 'site_move_limit' )
				).toHaveLength( 5 );
				expect( await l.events( 'license.moved' ) ).toHaveLength( 1 );
				expect( await l.count() ).toBe( 6 );
				const sites = Object.keys( await l.sites() );
				expect(
					sites.filter( ( s ) => s.startsWith( 'to-' ) )
				).toHaveLength( 1 );
			},
		} );
	} );

	test( 'a move onto an address that has its own activation frees one slot', async ( {
		request,
	} ) => {
		const l = await license( request, 2 );
		const t = tag();
		await l.activated(
			`https://a-${ t }.example.com`,
			fingerprint( `a${ t }` )
		);
		const target = await l.activated(
			`https://b-${ t }.example.com`,
			fingerprint( `b${ t }` )
		);
		expect(
			await l.moved(
				`https://a-${ t }.example.com`,
				`https://b-${ t }.example.com`
			)
		).toMatchObject( {
			moved: true,
			activation_id: target.activation_id,
			activation_count: 1,
		} );
		expect( await l.count() ).toBe( 1 );
		expect( await l.sites() ).toEqual( {
			[ `b-${ t }.example.com` ]: false,
		} );
	} );

	test( 'a move needs an activated old address and a different new one; neither refusal counts', async ( {
		request,
	} ) => {
		await patchSettings( request, { site_moves_per_month: 1 } );
		const l = await license( request, 2 );
		const t = tag();
		await l.activated( `https://a-${ t }.example.com`, fingerprint( t ) );
		const missing = await expectError(
			await l.move(
				`https://nowhere-${ t }.example.com`,
				`https://b-${ t }.example.com`
			),
			404,
			'site_not_activated'
		);
		expect( missing.message ).toContain( `nowhere-${ t }.example.com` );
		const same = await expectError(
			await l.move(
				`http://a-${ t }.example.com`,
				`https://www.a-${ t }.example.com/`
			),
			400,
			'invalid_params'
		);
		expect( same.message ).toMatch( /same site/ );
		await expectError(
			await l.move( 'not a url', `https://b-${ t }.example.com` ),
			400,
			'invalid_params'
		);
		await expectError(
			await l.call( 'move', {
				site_url: `https://b-${ t }.example.com`,
			} ),
			400,
			'invalid_params'
		);
		expect( await l.events( 'license.moved' ) ).toHaveLength( 0 );
		// The month's one move is still there.
		expect(
			await l.moved(
				`https://a-${ t }.example.com`,
				`https://b-${ t }.example.com`
			)
		).toMatchObject( { moves_left: 0 } );
	} );

	test( 'a customer’s key cannot move another licence’s activation, nor a site of a licence that is not active', async ( {
		request,
	} ) => {
		const t = tag();
		const theirs = await license( request, 1 );
		await theirs.activated(
			`https://theirs-${ t }.example.com`,
			fingerprint( t )
		);
		const mine = await createLicense(
			request,
			{ slug: theirs.product },
			{ activation_limit: 1 }
		);
		const moveWith = ( key: string, product = theirs.product ) =>
			request.post( `${ API }/licenses/move`, {
				data: {
					license_key: key,
					product_slug: product,
					from_site_url: `https://theirs-${ t }.example.com`,
					site_url: `https://mine-${ t }.example.com`,
				},
			} );
		await expectError(
			await moveWith( mine.license_key ),
			404,
			'site_not_activated'
		);
		await expectError(
			await moveWith( 'AAAA-BBBB-CCCC-DDDD' ),
			404,
			'license_not_found'
		);
		expect( await theirs.sites() ).toEqual( {
			[ `theirs-${ t }.example.com` ]: false,
		} );
		expect(
			await theirs.isActivated( `https://theirs-${ t }.example.com` )
		).toBe( true );

		const expired = await createLicense(
			request,
			{ slug: theirs.product },
			{ activation_limit: 1, status: 'revoked' }
		);
		await expectError(
			await moveWith( expired.license_key ),
			403,
			'license_not_active'
		);
	} );
} );
