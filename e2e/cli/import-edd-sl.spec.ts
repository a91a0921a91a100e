/**
 * `wp svc import edd-sl`: EDD Software Licensing 3.6's tables (built on the test site from EDD's public layouts,
 * e2e/mu-plugins/svc-test-import.php) move in. The dry run names every refused row and writes nothing; the import
 * brings products with their package, tiers, licences with their old keys and activations, and the old keys then
 * validate, activate and download over /svc/v1; a re-import after a week on the old plugin brings only the new
 * licence and the changed expiry, releases here the sites released there (a slot comes free; a site activated here
 * stays) and carries a regenerated key (the old key stops working); a fault midway keeps the batches written before
 * it (the catalogue) and rolls back the one it met, and running it again brings the rest.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import {
	armImportFault,
	buildFixture,
	changeFixture,
	dropFixture,
	freshBase,
	fixtureIds,
	freshTag,
	holdSource,
	ourLicense,
	readImportMap,
	refusals,
	runImport,
	totals,
	type Report,
} from '../fixtures/import';
import { cliLines, wp } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';
const sha256 = ( bytes: Buffer ) =>
	createHash( 'sha256' ).update( bytes ).digest( 'hex' );

interface EddFixture {
	downloads: Record< 'pro' | 'lite' | 'bundle' | 'ebook', number >;
	slugs: Record< 'pro' | 'lite' | 'bundle', string >;
	keys: Record< string, string >;
	sites: Record< string, string >;
	sha256: string;
}

const post = (
	request: APIRequestContext,
	route: string,
	data: Record< string, unknown >
) => request.post( `/wp-json/svc/v1/licenses/${ route }`, { data } );

/** What the fixture's rows must come to: every refused row with its reason (see the fixture's comments). */
const refusedRows = ( base: number ) =>
	[
		`licence ${ base + 8 } no_email`,
		`licence ${ base + 9 } key_twice`,
		`licence ${ base + 10 } unknown_product`,
		`licence ${ base + 11 } key_taken`,
		`activation ${ base + 5 } no_licence`,
	].sort();

const firstArrival = {
	products: { new: 3, changed: 0, unchanged: 0 },
	releases: { new: 2, changed: 0, unchanged: 0 },
	prices: { new: 2, changed: 0, unchanged: 0 },
	licences: { new: 8, changed: 0, unchanged: 0 },
	'bundle links': { new: 2, changed: 0, unchanged: 0 },
	activations: { new: 3, changed: 0, unchanged: 0 },
};

test.describe.serial( 'wp svc import edd-sl', () => {
	// Each `wp` boots WordPress; the import itself copies packages and writes every licence with its event.
	test.describe.configure( { timeout: 240_000 } );

	const zip = makeZip( {
		'acme-pro/acme-pro.php': `<?php\n/* Plugin Name: Acme Pro ${ randomUUID() } */\n`,
	} );
	const base = freshBase();
	const tag = freshTag();
	let headers: Record< string, string >;
	let takenKey: string;
	let fixture: EddFixture;

	let giveBack: ( () => void ) | undefined;

	test.beforeAll( async ( { request } ) => {
		giveBack = await holdSource( 'edd-sl' );
		headers = await keyHeaders( request, 'admin' );
		// A licence of ours whose key the old system also holds (licence 11): refused, never merged.
		( { key: takenKey } = await ourLicense(
			request,
			headers,
			`Ours ${ tag }`,
			tag
		) );
		fixture = await buildFixture( request, {
			source: 'edd-sl',
			base,
			tag,
			package: zip.toString( 'base64' ),
			taken_key: takenKey,
		} );
		expect( fixture.sha256 ).toBe( sha256( zip ) );
	} );

	test.afterAll( async ( { request } ) => {
		await armImportFault( request, null );
		await dropFixture( request, 'edd-sl' );
		giveBack?.();
	} );

	test( 'the dry run names every refused row with its reason and writes nothing', async ( {
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		// Other specs' imports on this site stay in the map; the dry run adds nothing to it.
		const mapBefore = await readImportMap( request, 'edd-sl' );

		const table = await wp( [ 'svc', 'import', 'edd-sl', '--dry-run' ] );
		expect( table.code, table.stderr ).toBe( 0 );
		const lines = cliLines( table.stderr );
		expect( lines ).toEqual(
			expect.arrayContaining( [
				`Warning: Refused licence ${ base + 8 }: It has no customer email.`,
				`Warning: Refused licence ${ base + 9 }: Its key is the same as licence ${ base + 1 }'s, which was imported.`,
				`Warning: Refused licence ${ base + 10 }: Its product "${ fixture.downloads.ebook }" is not a product here (and was not imported).`,
				`Warning: Refused licence ${ base + 11 }: Its key is the key of a licence here that was not imported from this source.`,
				`Warning: Refused activation ${ base + 5 }: Its licence ${ base + 8 } was not imported.`,
				`Warning: Refused release ${ fixture.downloads.lite }: The download has no file, so no release was made; its licences are imported.`,
			] )
		);
		expect( table.stdout ).toContain(
			'Success: Dry run: 8 new and 0 changed licences would arrive, 6 rows would be refused. Nothing was written.'
		);
		expect( table.stdout ).toMatch( /Licences: 12 of 12 read/ );

		const json = await runImport( 'edd-sl', [ '--dry-run' ] );
		expect( json.code, json.stderr ).toBe( 0 );
		const report = json.report as Report;
		expect( report ).toMatchObject( {
			source: 'edd-sl',
			dry_run: true,
			written: false,
			arrived: firstArrival,
		} );
		expect( refusals( report ) ).toEqual(
			[
				...refusedRows( base ),
				`release ${ fixture.downloads.lite } no_package`,
			].sort()
		);

		expect( await totals( request, headers, tag ) ).toEqual( before );
		expect( await readImportMap( request, 'edd-sl' ) ).toEqual( mapBefore );
	} );

	test( 'the import: old keys validate, activate and download; local sites take no slot; bundles keep their parent', async ( {
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		const run = await runImport( 'edd-sl' );
		expect( run.code, run.stderr ).toBe( 0 );
		const report = run.report as Report;
		expect( report ).toMatchObject( {
			dry_run: false,
			written: true,
			arrived: firstArrival,
		} );
		expect( refusals( report ) ).toEqual(
			[
				...refusedRows( base ),
				`release ${ fixture.downloads.lite } no_package`,
			].sort()
		);
		const after = await totals( request, headers, tag );
		expect( after.licences ).toBe( before.licences + 8 );
		expect( after.products ).toBe( before.products + 3 );

		const pro = fixture.slugs.pro;
		const key = ( n: number ) => fixture.keys[ String( n ) ];
		// Licence 1: Personal price (1 site), its site still active; the key typed as EDD stored it (lower case).
		expect(
			await (
				await post( request, 'validate', {
					license_key: key( 1 ),
					product_slug: pro,
					site_url: fixture.sites[ '1' ],
				} )
			).json()
		).toMatchObject( {
			valid: true,
			status: 'active',
			activation_limit: 1,
			activation_count: 1,
			already_activated: true,
			tier: { label: `Acme Pro ${ tag }: Personal`, features: [] },
			is_staging: false,
		} );
		// Licence 12 has a limit of its own; licence 2 expired; licence 3 was disabled (suspended, lifetime).
		expect(
			await (
				await post( request, 'validate', {
					license_key: key( 12 ),
					product_slug: pro,
					site_url: 'example.com',
				} )
			).json()
		).toMatchObject( { valid: true, activation_limit: 3 } );
		expect(
			await (
				await post( request, 'validate', {
					license_key: key( 2 ),
					product_slug: pro,
					site_url: 'example.com',
				} )
			).json()
		).toMatchObject( { valid: false, status: 'expired' } );
		expect(
			await (
				await post( request, 'validate', {
					license_key: key( 3 ),
					product_slug: fixture.slugs.lite,
					site_url: 'example.com',
				} )
			).json()
		).toMatchObject( { valid: false, status: 'suspended', expires: null } );

		// Licence 4: the download's limit (2); its local site (is_local) is a staging activation and takes no slot.
		expect(
			await (
				await post( request, 'validate', {
					license_key: key( 4 ),
					product_slug: pro,
					site_url: fixture.sites[ '2' ],
				} )
			).json()
		).toMatchObject( {
			valid: true,
			expires: null,
			activation_limit: 2,
			activation_count: 1,
			already_activated: true,
			is_staging: true,
		} );
		const third = await post( request, 'activate', {
			license_key: key( 4 ),
			product_slug: pro,
			site_url: `third-${ tag }.example`,
		} );
		expect( third.status(), await third.text() ).toBe( 200 );
		expect( await third.json() ).toMatchObject( { activation_count: 2 } );
		const fourth = await post( request, 'activate', {
			license_key: key( 4 ),
			product_slug: pro,
			site_url: `fourth-${ tag }.example`,
		} );
		expect( fourth.status() ).toBe( 403 );
		expect( ( await fourth.json() ).code ).toBe(
			'activation_limit_reached'
		);

		// The bundle's licences point at its licence here; the map holds every imported row.
		const map = await readImportMap( request, 'edd-sl' );
		const parent = map.licence[ String( base + 5 ) ].new_id;
		expect( map.licence[ String( base + 6 ) ].parent_id ).toBe( parent );
		expect( map.licence[ String( base + 7 ) ].parent_id ).toBe( parent );
		expect( map.licence[ String( base + 1 ) ].parent_id ).toBeNull();
		expect( fixtureIds( map.licence, base ) ).toEqual(
			[ 1, 2, 3, 4, 5, 6, 7, 12 ]
				.map( ( n ) => String( base + n ) )
				.sort()
		);
		for ( const download of [ 'pro', 'lite', 'bundle' ] as const ) {
			expect(
				map.product[ fixture.downloads[ download ] ]
			).toBeDefined();
		}
		expect( map.product[ fixture.downloads.ebook ] ).toBeUndefined();
		expect( fixtureIds( map.activation, base ) ).toEqual(
			[ 1, 2, 3 ].map( ( n ) => String( base + n ) ).sort()
		);
		// The admin list finds a licence by its old key.
		const found = await (
			await request.get(
				`${ ADMIN }/licenses?search=${ encodeURIComponent( key( 1 ) ) }`,
				{ headers }
			)
		).json();
		expect( found.data.map( ( row: { id: number } ) => row.id ) ).toEqual( [
			map.licence[ String( base + 1 ) ].new_id,
		] );

		// The current version's package arrived with its SHA-256 and downloads byte for byte.
		const offer = await request.get( '/wp-json/svc/v1/updates/check', {
			params: {
				product_slug: pro,
				license_key: key( 1 ),
				current_version: '1.0.0',
				site_url: fixture.sites[ '1' ],
			},
		} );
		expect( offer.status(), await offer.text() ).toBe( 200 );
		const answer = await offer.json();
		expect( answer ).toMatchObject( {
			new_version: '2.1.0',
			package_hash: `sha256:${ sha256( zip ) }`,
		} );
		expect( answer.sections.changelog ).toContain( 'Imported from EDD.' );
		const download = await request.get( answer.package );
		expect( download.status() ).toBe( 200 );
		expect( ( await download.body() ).equals( zip ) ).toBe( true );
	} );

	test( 'a re-import brings only the new licence and the changed expiry, releases the released sites and carries a changed key', async ( {
		request,
	} ) => {
		const change = await changeFixture( request, {
			source: 'edd-sl',
			base,
			tag,
			download: fixture.downloads.pro,
		} );
		const before = await totals( request, headers, tag );
		const run = await runImport( 'edd-sl' );
		expect( run.code, run.stderr ).toBe( 0 );
		const report = run.report as Report;
		expect( report.arrived ).toEqual( {
			products: { new: 0, changed: 0, unchanged: 3 },
			releases: { new: 0, changed: 0, unchanged: 2 },
			prices: { new: 0, changed: 0, unchanged: 2 },
			licences: { new: 1, changed: 1, unchanged: 7 },
			keys: { new: 1, changed: 1, unchanged: 7 },
			'bundle links': { new: 0, changed: 0, unchanged: 2 },
			// Sites 2 (its row deleted) and 3 (activated = 0) were released in EDD; site 1 is still in use there.
			activations: { new: 0, changed: 0, unchanged: 1, released: 2 },
		} );
		expect( refusals( report ) ).toEqual(
			[
				...refusedRows( base ),
				`release ${ fixture.downloads.lite } no_package`,
			].sort()
		);
		const after = await totals( request, headers, tag );
		expect( after.licences ).toBe( before.licences + 1 );
		expect( after.products ).toBe( before.products );
		// One license.created, one license.updated, one license.rotated and two license.deactivated: nothing else.
		expect( after.events ).toBe( before.events + 5 );

		expect(
			await (
				await post( request, 'validate', {
					license_key: change.key,
					product_slug: fixture.slugs.pro,
					site_url: 'example.com',
				} )
			).json()
		).toMatchObject( { valid: true, activation_limit: 1 } );
		expect(
			await (
				await post( request, 'validate', {
					license_key: fixture.keys[ '1' ],
					product_slug: fixture.slugs.pro,
					site_url: fixture.sites[ '1' ],
				} )
			).json()
		).toMatchObject( { valid: true, expires: change.expires } );

		// Licence 12's key was regenerated in EDD: the old key is unknown here, the new one is the licence.
		const old12 = await post( request, 'validate', {
			license_key: fixture.keys[ '12' ],
			product_slug: fixture.slugs.pro,
			site_url: 'example.com',
		} );
		expect( old12.status() ).toBe( 404 );
		expect( ( await old12.json() ).code ).toBe( 'license_not_found' );
		expect(
			await (
				await post( request, 'validate', {
					license_key: change.rekeyed,
					product_slug: fixture.slugs.pro,
					site_url: 'example.com',
				} )
			).json()
		).toMatchObject( { valid: true, activation_limit: 3 } );

		// Licence 4 (limit 2) was full with site 3 and the site activated here; site 3's slot is free now, the
		// site activated here stays, and a new site takes the free slot.
		const key4 = fixture.keys[ '4' ];
		for ( const [ site, active ] of [
			[ fixture.sites[ '2' ], false ],
			[ fixture.sites[ '3' ], false ],
			[ `third-${ tag }.example`, true ],
		] as const ) {
			expect(
				await (
					await post( request, 'validate', {
						license_key: key4,
						product_slug: fixture.slugs.pro,
						site_url: site,
					} )
				).json()
			).toMatchObject( {
				valid: true,
				activation_count: 1,
				already_activated: active,
			} );
		}
		const fourth = await post( request, 'activate', {
			license_key: key4,
			product_slug: fixture.slugs.pro,
			site_url: `fourth-${ tag }.example`,
		} );
		expect( fourth.status(), await fourth.text() ).toBe( 200 );
		expect( await fourth.json() ).toMatchObject( { activation_count: 2 } );

		// Run again with nothing changed: nothing is released or re-keyed twice.
		const again = await runImport( 'edd-sl' );
		expect( again.code, again.stderr ).toBe( 0 );
		expect( ( again.report as Report ).arrived ).toMatchObject( {
			keys: { new: 0, changed: 0, unchanged: 9 },
			activations: { new: 0, changed: 0, unchanged: 1, released: 0 },
		} );
	} );

	test( 'a fault midway keeps the batches before it and rolls back its own; a second run brings the rest', async ( {
		request,
	} ) => {
		const faultBase = freshBase();
		const faultTag = freshTag();
		const other = await buildFixture( request, {
			source: 'edd-sl',
			base: faultBase,
			tag: faultTag,
			package: zip.toString( 'base64' ),
			taken_key: takenKey,
		} );
		const before = await totals( request, headers, faultTag );
		const mapBefore = await readImportMap( request, 'edd-sl' );
		await armImportFault( request, 3 );
		const run = await runImport( 'edd-sl' );
		expect( run.code ).toBe( 1 );
		expect( cliLines( run.stderr ).at( -1 ) ).toBe(
			`Error: The import stopped: test fault before licence ${ faultBase + 4 } of edd-sl. The batches it wrote before the fault are kept; run it again to bring the rest (what arrived is found unchanged).`
		);
		// The catalogue is a batch of its own, written before the licences: its products arrived with their map rows.
		const map = await readImportMap( request, 'edd-sl' );
		const after = await totals( request, headers, faultTag );
		expect( before.products ).toBe( 0 );
		expect( after.products ).toBe( 3 );
		expect( Object.keys( map.product ?? {} ).length ).toBe(
			Object.keys( mapBefore.product ?? {} ).length + 3
		);
		// The licences' batch met the fault and was rolled back whole: no licence, key, event or map row of it.
		expect( after.licences ).toBe( 0 );
		expect( fixtureIds( map.licence ?? {}, faultBase ) ).toEqual( [] );
		expect( fixtureIds( map.key ?? {}, faultBase ) ).toEqual( [] );
		const product = await request.get( '/wp-json/svc/v1/updates/check', {
			params: {
				product_slug: other.slugs.pro,
				license_key: other.keys[ '1' ],
				current_version: '1.0.0',
				site_url: 'example.com',
			},
		} );
		expect( ( await product.json() ).code ).not.toBe( 'product_not_found' );

		// Without the fault the same run goes through.
		await armImportFault( request, null );
		const again = await runImport( 'edd-sl' );
		expect( again.code, again.stderr ).toBe( 0 );
		expect( ( again.report as Report ).arrived ).toMatchObject( {
			products: { new: 0, changed: 0, unchanged: 3 },
			licences: { new: 8, changed: 0 },
		} );
		expect( ( await totals( request, headers, faultTag ) ).licences ).toBe(
			8
		);
	} );
} );
