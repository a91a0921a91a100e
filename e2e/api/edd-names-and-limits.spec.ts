/**
 * EDD SL's protocol as its shipped clients use it (issue 41): item_name matched as EDD SL matches it (decoded with
 * urldecode(), then compared as titles: case, accents, spaces and punctuation do not count), for every action; and
 * the old protocols' limits counted per licence and site, so hundreds of customer sites behind one address (a host's
 * NAT, an agency's server) each checking once never meet a 429, which EDD's updater takes for the store being down
 * for an hour. Calls without a known key are still counted per address (docs/api-decisions.md, "The old clients'
 * limits").
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { oldProtocolCall } from '../fixtures/old-protocol';
import { holdSource } from '../fixtures/import';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
	setSettings,
	SUITE_SETTINGS,
} from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';

/** An EDD client's call, its body form-encoded as WordPress' HTTP API sends it; answers status and JSON. */
/** Runs the calls `width` at a time, in order; answers their results. */
async function inBatches< T >(
	calls: ( () => Promise< T > )[],
	width = 20
): Promise< T[] > {
	const results: T[] = [];
	for ( let i = 0; i < calls.length; i += width ) {
		results.push(
			...( await Promise.all(
				calls.slice( i, i + width ).map( ( call ) => call() )
			) )
		);
	}
	return results;
}

test.describe
	.serial( 'EDD SL: names and limits as its shipped clients meet them', () => {
	test.describe.configure( { timeout: 240_000 } );
	let giveBack: ( () => void ) | undefined;

	test.beforeAll( async ( { request } ) => {
		giveBack = await holdSource( 'edd-sl' );
		await setSettings( request, { edd_sl_protocol: true } );
	} );

	test.afterAll( async ( { request } ) => {
		await setSettings( request, {
			edd_sl_protocol: null,
			portal_releases_per_month: null,
		} );
		await applySuiteSettings( request );
		giveBack?.();
	} );

	test( 'item_name is found as EDD SL finds it: +, %20, accents and case, for every action', async ( {
		request,
	} ) => {
		const tag = randomUUID().slice( 0, 8 );
		const name = `Café Ünïcode Pro ${ tag }`;
		const headers = await keyHeaders( request, 'admin' );
		const made = await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name, slug: `cafe-names-${ tag }` },
		} );
		expect( made.status(), await made.text() ).toBe( 201 );
		const product = await made.json();
		const release = await request.post(
			`${ ADMIN }/products/${ product.id }/releases`,
			{
				headers,
				data: {
					version: '2.0.0',
					package_url: `https://downloads.example.com/${ tag }.zip`,
					package_sha256: 'd'.repeat( 64 ),
					publish: true,
				},
			}
		);
		expect( release.status(), await release.text() ).toBe( 201 );
		const license = await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: {
				product_id: product.id,
				customer_email: `names-${ tag }@example.com`,
				activation_limit: 10,
			},
		} );
		expect( license.status(), await license.text() ).toBe( 201 );
		const key = ( await license.json() ).license_key as string;
		// A licence sold here releases its sites within the monthly allowance on the old protocols too (issue 40);
		// this test releases five, one per spelling.
		await setSettings( request, { portal_releases_per_month: 10 } );

		const spellings = {
			'urlencode()': encodeURIComponent( name ).replace( /%20/g, '+' ),
			'rawurlencode()': encodeURIComponent( name ),
			'as is': name,
			'other case': name.toUpperCase(),
			'no accents': `Cafe Unicode Pro ${ tag }`,
		};
		for ( const [ how, sent ] of Object.entries( spellings ) ) {
			const url = `https://names-${ how.replace( /\W/g, '' ) }-${ tag }.example`;
			const call = ( action: string ) =>
				oldProtocolCall( request, {
					edd_action: action,
					license: key,
					item_name: sent,
					url,
					version: '1.0.0',
				} );
			expect(
				( await call( 'activate_license' ) ).json,
				`activate_license, ${ how }`
			).toMatchObject( { success: true, license: 'valid' } );
			expect(
				( await call( 'check_license' ) ).json,
				`check_license, ${ how }`
			).toMatchObject( { success: true, license: 'valid' } );
			const version = ( await call( 'get_version' ) ).json;
			expect( version, `get_version, ${ how }` ).toMatchObject( {
				new_version: '2.0.0',
				name,
			} );
			expect( version.package ).toContain( '/downloads/' );
			expect(
				( await call( 'deactivate_license' ) ).json,
				`deactivate_license, ${ how }`
			).toMatchObject( { success: true, license: 'deactivated' } );
		}
		// Another product's name is still another product.
		expect(
			(
				await oldProtocolCall( request, {
					edd_action: 'check_license',
					license: key,
					item_name: `Cafe Unicode Pro ${ tag }x`,
					url: `https://names-other-${ tag }.example`,
				} )
			).json
		).toMatchObject( { license: 'item_name_mismatch' } );
	} );

	test( '200 sites behind one address, each checking once as EDD’s updater does, get no 429; unknown keys still do', async ( {
		request,
	} ) => {
		const slug = `shared-nat-${ randomUUID().slice( 0, 8 ) }`;
		// 20 customers with 10 sites each (an agency's server, a host's NAT): 200 sites, one address.
		const made = await createLicense(
			request,
			{ slug, current_version: '2.0.0' },
			{ count: 20, activation_limit: 10 }
		);
		const item = (
			await (
				await request.get( `${ ADMIN }/products/${ made.product_id }`, {
					headers: await keyHeaders( request, 'admin' ),
				} )
			).json()
		).name as string;
		// The shipped defaults: 60 a minute per address for each route (the suite runs with higher limits).
		await setSettings( request, {
			rate_limits: {
				...SUITE_SETTINGS.rate_limits,
				validate: 60,
				updates_check: 60,
			},
		} );
		const sites = made.licenses.flatMap( ( license, l ) =>
			Array.from( { length: 10 }, ( _, s ) => ( {
				key: license.license_key,
				url: `https://customer-${ l }-site-${ s }-${ slug }.example`,
			} ) )
		);
		expect( sites ).toHaveLength( 200 );
		const answers = await inBatches(
			sites.flatMap( ( site ) =>
				[ 'get_version', 'check_license' ].map(
					( action ) => () =>
						oldProtocolCall( request, {
							edd_action: action,
							license: site.key,
							item_name: item,
							url: site.url,
							version: '1.0.0',
						} )
				)
			)
		);
		expect( answers.filter( ( answer ) => answer.status !== 200 ) ).toEqual(
			[]
		);
		// Garbage and unknown keys are counted per address: beyond 60 in a minute they are refused (130, so one minute holds over 60 even when the burst spans two).
		const garbage = await inBatches(
			Array.from(
				{ length: 130 },
				( _, i ) => () =>
					oldProtocolCall( request, {
						edd_action: 'get_version',
						license: `not-a-key-${ i }`,
						item_name: item,
						url: `https://garbage-${ i }-${ slug }.example`,
					} )
			)
		);
		expect(
			garbage.filter( ( answer ) => answer.status === 429 ).length
		).toBeGreaterThan( 0 );
	} );
} );
