/**
 * EDD Software Licensing's client protocol on the store's front URL (docs/moving-in.md, "The old clients"): off
 * until an import from EDD SL has run; then each edd_action (activate_license, deactivate_license, check_license,
 * get_version; by POST and GET; item_id through the import map, or item_name) answers in EDD's fields and words,
 * with our rules underneath: the activation limit held by the database (60 parallel activations on a limit of 3
 * give 3), the signed download route for the package. Fixture: EDD SL 3.6's tables built from its public layouts
 * (e2e/mu-plugins/svc-test-import.php), imported with `wp svc import edd-sl`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { oldProtocolJson } from '../fixtures/old-protocol';
import {
	applySuiteSettings,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import {
	awaitRoomInMinute,
	LOCAL_PROXIES,
	randomIp,
} from '../fixtures/rate-window';
import { makeZip } from '../fixtures/zip';
import {
	buildFixture,
	dropFixture,
	freshBase,
	freshTag,
	holdSource,
	ourLicense,
	runImport,
} from '../fixtures/import';
import { race } from '../fixtures/race';
import { fastLane } from '../fixtures/env';

interface EddFixture {
	downloads: Record< 'pro' | 'lite' | 'bundle' | 'ebook', number >;
	keys: Record< string, string >;
	sites: Record< string, string >;
	sha256: string;
}

/** An EDD SL client's call: a form POST (or a GET) to the store's front URL. */
async function edd(
	request: APIRequestContext,
	fields: Record< string, string >,
	method: 'POST' | 'GET' = 'POST'
) {
	const response =
		method === 'POST'
			? await request.post( '/', { form: fields } )
			: await request.get( '/', { params: fields } );
	return response;
}

test.describe.serial( 'EDD SL client protocol', () => {
	test.describe.configure( { timeout: 240_000 } );

	const zip = makeZip( {
		'acme-pro/acme-pro.php': `<?php\n/* Plugin Name: Acme Pro ${ randomUUID() } */\n`,
	} );
	const base = freshBase();
	const tag = freshTag();
	let fixture: EddFixture;
	let pro: string;
	let lite: string;
	const proName = `Acme Pro ${ tag }`;

	let giveBack: ( () => void ) | undefined;

	test.beforeAll( async ( { request } ) => {
		giveBack = await holdSource( 'edd-sl' );
		const headers = await keyHeaders( request, 'admin' );
		const { key: takenKey } = await ourLicense(
			request,
			headers,
			`Ours ${ tag }`,
			tag
		);
		fixture = await buildFixture( request, {
			source: 'edd-sl',
			base,
			tag,
			package: zip.toString( 'base64' ),
			taken_key: takenKey,
		} );
		pro = String( fixture.downloads.pro );
		lite = String( fixture.downloads.lite );
	} );

	test.afterAll( async ( { request } ) => {
		await dropFixture( request, 'edd-sl' );
		giveBack?.();
	} );

	test( 'off until an import has run, then on', async ( { request } ) => {
		// Never set, as on a site before its first import: only that import turns the switch on.
		await setSettings( request, { edd_sl_protocol: null } );
		const before = await edd( request, {
			edd_action: 'check_license',
			license: fixture.keys[ 1 ],
			item_id: pro,
			url: fixture.sites[ 1 ],
		} );
		// WordPress' own front page: no JSON answer of ours.
		expect( before.headers()[ 'content-type' ] ).toContain( 'text/html' );

		const dry = await runImport( 'edd-sl', [ '--dry-run' ] );
		expect( dry.code, dry.stderr ).toBe( 0 );
		const still = await edd( request, {
			edd_action: 'check_license',
			license: fixture.keys[ 1 ],
			item_id: pro,
			url: fixture.sites[ 1 ],
		} );
		expect( still.headers()[ 'content-type' ] ).toContain( 'text/html' );

		const run = await runImport( 'edd-sl' );
		expect( run.code, run.stderr ).toBe( 0 );
		expect(
			await oldProtocolJson( request, {
				edd_action: 'check_license',
				license: fixture.keys[ 1 ],
				item_id: pro,
				url: fixture.sites[ 1 ],
			} )
		).toMatchObject( { success: true, license: 'valid' } );
	} );

	test( 'check_license: each word EDD answers', async ( { request } ) => {
		const check = (
			fields: Record< string, string >,
			method: 'POST' | 'GET' = 'POST'
		) =>
			oldProtocolJson(
				request,
				{ edd_action: 'check_license', ...fields },
				method
			);

		// Licence 1: Personal price (1 site), active on customer-one, a year left.
		const valid = await check(
			{
				license: fixture.keys[ 1 ],
				item_id: pro,
				url: fixture.sites[ 1 ],
			},
			'GET'
		);
		expect( valid ).toMatchObject( {
			success: true,
			license: 'valid',
			item_id: pro,
			item_name: proName,
			license_limit: 1,
			site_count: 1,
			activations_left: 0,
			price_id: '1',
		} );
		expect( valid.expires ).toMatch( /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ );
		// The same by item_name, with the site sent with a scheme and a trailing slash.
		expect(
			await check( {
				license: fixture.keys[ 1 ],
				item_name: proName,
				url: `https://${ fixture.sites[ 1 ] }/`,
			} )
		).toMatchObject( { success: true, license: 'valid' } );
		// A usable licence on a site it is not active on.
		expect(
			await check( {
				license: fixture.keys[ 1 ],
				item_id: pro,
				url: `elsewhere-${ tag }.example`,
			} )
		).toMatchObject( { success: false, license: 'site_inactive' } );
		// Licence 4: EDD's "inactive" is usable here; no expiry is EDD's "lifetime".
		expect(
			await check( {
				license: fixture.keys[ 4 ],
				item_id: pro,
				url: fixture.sites[ 3 ],
			} )
		).toMatchObject( {
			success: true,
			license: 'valid',
			expires: 'lifetime',
			license_limit: 2,
			price_id: false,
		} );
		expect(
			await check( {
				license: fixture.keys[ 2 ],
				item_id: pro,
				url: fixture.sites[ 4 ],
			} )
		).toMatchObject( { success: false, license: 'expired' } );
		expect(
			await check( {
				license: fixture.keys[ 3 ],
				item_id: lite,
				url: `lite-${ tag }.example`,
			} )
		).toMatchObject( { success: false, license: 'disabled' } );
		expect(
			await check( {
				license: 'ffffffffffffffffffffffffffffffff',
				item_id: pro,
				url: fixture.sites[ 1 ],
			} )
		).toEqual( { success: false, license: 'invalid' } );
		expect(
			await check( {
				license: fixture.keys[ 1 ],
				item_id: String( fixture.downloads.ebook ),
				url: fixture.sites[ 1 ],
			} )
		).toEqual( { success: false, license: 'invalid_item_id' } );
		expect(
			await check( {
				license: fixture.keys[ 1 ],
				item_name: `Not ${ proName }`,
				url: fixture.sites[ 1 ],
			} )
		).toEqual( { success: false, license: 'item_name_mismatch' } );
	} );

	test( 'activate_license and deactivate_license: each outcome', async ( {
		request,
	} ) => {
		const call = (
			action: string,
			fields: Record< string, string >,
			method: 'POST' | 'GET' = 'POST'
		) =>
			oldProtocolJson(
				request,
				{ edd_action: action, ...fields },
				method
			);
		const site = `new-${ tag }.example`;

		// Licence 4 (limit 2, customer-two active, dev-box a local site that takes no slot).
		expect(
			await call( 'activate_license', {
				license: fixture.keys[ 4 ],
				item_id: pro,
				url: site,
			} )
		).toMatchObject( {
			success: true,
			license: 'valid',
			license_limit: 2,
			site_count: 2,
			activations_left: 0,
		} );
		// Again: the same site is already active, which EDD answers as valid too.
		expect(
			await call(
				'activate_license',
				{ license: fixture.keys[ 4 ], item_id: pro, url: site },
				'GET'
			)
		).toMatchObject( { success: true, license: 'valid', site_count: 2 } );
		expect(
			await call( 'activate_license', {
				license: fixture.keys[ 4 ],
				item_id: pro,
				url: `third-${ tag }.example`,
			} )
		).toMatchObject( {
			success: false,
			license: 'invalid',
			error: 'no_activations_left',
			site_count: 2,
			activations_left: 0,
		} );
		expect(
			await call( 'deactivate_license', {
				license: fixture.keys[ 4 ],
				item_id: pro,
				url: site,
			} )
		).toMatchObject( {
			success: true,
			license: 'deactivated',
			site_count: 1,
			activations_left: 1,
		} );
		expect(
			await call( 'deactivate_license', {
				license: fixture.keys[ 4 ],
				item_id: pro,
				url: site,
			} )
		).toMatchObject( { success: false, license: 'failed' } );

		for ( const [ key, item, error ] of [
			[ fixture.keys[ 2 ], pro, 'expired' ],
			[ fixture.keys[ 3 ], lite, 'disabled' ],
			[ 'ffffffffffffffffffffffffffffffff', pro, 'missing' ],
			[
				fixture.keys[ 1 ],
				String( fixture.downloads.ebook ),
				'invalid_item_id',
			],
		] ) {
			expect(
				await call( 'activate_license', {
					license: key,
					item_id: item,
					url: site,
				} ),
				error
			).toMatchObject( { success: false, license: 'invalid', error } );
		}
		expect(
			await call( 'deactivate_license', {
				license: 'ffffffffffffffffffffffffffffffff',
				item_id: pro,
				url: site,
			} )
		).toEqual( { success: false, license: 'failed' } );
	} );

	test( "a shipped client's deactivate_license of its own site is never refused by the monthly release allowance", async ( {
		request,
	} ) => {
		const site = `own-${ tag }.example`;
		const fields = { license: fixture.keys[ 4 ], item_id: pro, url: site };
		expect(
			await oldProtocolJson( request, {
				edd_action: 'activate_license',
				...fields,
			} )
		).toMatchObject( { success: true, license: 'valid' } );
		// No self-serve releases at all this month: EDD's updater, deactivated on its site, sends the key and the
		// site's URL, and that deactivation goes through all the same.
		await setSettings( request, { portal_releases_per_month: 0 } );
		try {
			expect(
				await oldProtocolJson( request, {
					edd_action: 'deactivate_license',
					...fields,
				} )
			).toMatchObject( { success: true, license: 'deactivated' } );
		} finally {
			await setSettings( request, { portal_releases_per_month: 3 } );
		}
	} );

	test( 'get_version: the current release, its package through the signed download route only for a usable licence', async ( {
		request,
	} ) => {
		const offer = await oldProtocolJson( request, {
			edd_action: 'get_version',
			license: fixture.keys[ 1 ],
			item_id: pro,
			version: '1.0',
			url: fixture.sites[ 1 ],
			beta: '0',
		} );
		expect( offer ).toMatchObject( {
			new_version: '2.1.0',
			stable_version: '2.1.0',
			name: proName,
		} );
		expect( offer.package ).toContain( '/wp-json/svc/v1/downloads/' );
		expect( offer.download_link ).toBe( offer.package );
		expect( offer.sections ).toContain( 'Imported from EDD.' );
		const download = await request.get( offer.package );
		expect( download.status() ).toBe( 200 );
		expect(
			createHash( 'sha256' )
				.update( await download.body() )
				.digest( 'hex' )
		).toBe( fixture.sha256 );

		const expired = await oldProtocolJson(
			request,
			{
				edd_action: 'get_version',
				license: fixture.keys[ 2 ],
				item_id: pro,
				version: '1.0',
				url: fixture.sites[ 4 ],
			},
			'GET'
		);
		expect( expired ).toMatchObject( {
			new_version: '2.1.0',
			package: '',
			download_link: '',
		} );
		expect(
			await oldProtocolJson( request, {
				edd_action: 'get_version',
				item_id: String( fixture.downloads.ebook ),
				version: '1.0',
			} )
		).toMatchObject( { new_version: false } );
	} );

	test( 'the fast lane and WordPress give the same answer; beta changes nothing', async ( {
		request,
	} ) => {
		// WordPress' test cookie makes the lane step aside, so WordPress answers at init.
		const FULL_ROUTE = {
			Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
		};
		const answer = async (
			form: Record< string, string >,
			headers: Record< string, string > = {}
		) => {
			const response = await request.post( '/', { form, headers } );
			return {
				status: response.status(),
				type: response.headers()[ 'content-type' ],
				lane: response.headers()[ 'x-svc-test-lane' ],
				// A download token carries its expiry, maybe a second later on the second request.
				body: ( await response.text() ).replace(
					/token=[A-Za-z0-9._%-]+/g,
					'token=<signed>'
				),
			};
		};
		const version = {
			edd_action: 'get_version',
			license: fixture.keys[ 1 ],
			item_id: pro,
			version: '1.0',
			url: fixture.sites[ 1 ],
		};
		const forms: Array< Record< string, string > > = [
			{
				edd_action: 'check_license',
				license: fixture.keys[ 1 ],
				item_id: pro,
				url: fixture.sites[ 1 ],
			},
			{
				edd_action: 'check_license',
				license: 'ffffffffffffffffffffffffffffffff',
				item_name: proName,
				url: fixture.sites[ 1 ],
			},
			{
				edd_action: 'activate_license',
				license: fixture.keys[ 1 ],
				item_id: pro,
				url: fixture.sites[ 1 ],
			},
			version,
		];
		for ( const form of forms ) {
			const lane = await answer( form );
			const full = await answer( form, FULL_ROUTE );
			expect( lane.lane, form.edd_action ).toBe( fastLane ? '1' : '0' );
			expect( full.lane, form.edd_action ).toBe( '0' );
			expect( lane.status, form.edd_action ).toBe( 200 );
			expect( { ...lane, lane: undefined }, form.edd_action ).toEqual( {
				...full,
				lane: undefined,
			} );
		}
		// No beta channel here: asking for betas answers the same stable release.
		const stable = await answer( version );
		const beta = await answer( { ...version, beta: '1' } );
		expect( JSON.parse( beta.body ) ).toMatchObject( {
			new_version: '2.1.0',
		} );
		expect( beta ).toEqual( stable );
	} );

	test( '60 parallel activate_license of distinct sites on a limit of 3 give exactly 3', async ( {
		request,
	} ) => {
		// Licence 12 has its own limit of 3 (EDD's _edd_sl_limit licence meta) and no site yet; a retry of the race
		// frees its sites first, as the seller's panel would.
		const key = fixture.keys[ 12 ];
		let round = 0;
		await race( request, 'EDD SL: 60 activations, limit 3', {
			setup: async () => {
				round++;
				return { prefix: `race-${ round }-${ tag }` };
			},
			fire: ( fresh, { prefix } ) =>
				Array.from( { length: 60 }, ( _, i ) =>
					fresh.post( '/', {
						form: {
							edd_action: 'activate_license',
							license: key,
							item_id: pro,
							url: `https://${ prefix }-${ i }.example`,
						},
					} )
				),
			check: async ( answers ) => {
				const words = answers.map( ( a ) =>
					a.json?.success === true
						? 'valid'
						: ( a.json?.error ?? `${ a.status }` )
				);
				if ( round === 1 ) {
					expect(
						words.filter( ( w ) => w === 'valid' )
					).toHaveLength( 3 );
					expect(
						words.filter( ( w ) => w === 'no_activations_left' )
					).toHaveLength( 57 );
				} else {
					// The first attempt's 3 sites hold every slot: none more.
					expect(
						words.filter( ( w ) => w === 'no_activations_left' )
					).toHaveLength( 60 );
				}
				const after = await oldProtocolJson( request, {
					edd_action: 'check_license',
					license: key,
					item_id: pro,
					url: `https://race-1-${ tag }-0.example`,
				} );
				expect( after.site_count ).toBe( 3 );
				expect( after.activations_left ).toBe( 0 );
			},
		} );
	} );

	test( 'each action counts against the limit of the matching REST route: per licence and site for a known key, per address otherwise', async ( {
		request,
	} ) => {
		await setSettings( request, {
			rate_limits: { validate: 3 },
			trusted_proxies: LOCAL_PROXIES,
		} );
		try {
			await awaitRoomInMinute();
			// A known key on one site: counted per licence and site, whatever address it comes from (issue 41).
			const site = `https://limit-${ randomUUID().slice( 0, 8 ) }.example`;
			const check = ( license: string ) =>
				request.post( '/', {
					headers: { 'X-Forwarded-For': randomIp() },
					form: {
						edd_action: 'check_license',
						license,
						item_id: pro,
						url: site,
					},
				} );
			for ( let i = 0; i < 3; i++ ) {
				expect( ( await check( fixture.keys[ 1 ] ) ).status() ).toBe(
					200
				);
			}
			const over = await check( fixture.keys[ 1 ] );
			expect( over.status() ).toBe( 429 );
			expect( over.headers()[ 'x-svc-test-lane' ] ).toBe(
				fastLane ? '1' : '0'
			);
			expect( await over.json() ).toMatchObject( {
				success: false,
				error: 'rate_limited',
			} );
			// An unknown key: counted per address, in the bucket our own validate route counts in.
			const headers = { 'X-Forwarded-For': randomIp() };
			const unknown = () =>
				request.post( '/', {
					headers,
					form: {
						edd_action: 'check_license',
						license: `unknown-${ randomUUID() }`,
						item_id: pro,
						url: site,
					},
				} );
			expect( ( await unknown() ).status() ).toBe( 200 );
			expect( ( await unknown() ).status() ).toBe( 200 );
			const rest = await request.post(
				'/wp-json/svc/v1/licenses/validate',
				{
					headers,
					data: {
						license_key: fixture.keys[ 1 ],
						product_slug: `acme-pro-${ tag }`,
						site_url: fixture.sites[ 1 ],
					},
				}
			);
			expect( rest.status() ).toBe( 200 );
			expect( ( await unknown() ).status() ).toBe( 429 );
		} finally {
			await applySuiteSettings( request );
		}
	} );
} );
