/**
 * `wp svc import slm`: Software License Manager's tables (built on the test site from SLM's public layout,
 * e2e/mu-plugins/svc-test-import.php) move in. SLM has no products: a licence names one of ours in product_ref, or
 * --product gives it. The dry run names every refused row and writes nothing; after the import the old keys
 * validate and activate over /svc/v1 within their domain limits; a re-import brings only the new licence and the
 * changed expiry, releases here the domain deleted there (its slot comes free; a site activated here stays) and
 * carries an edited key (the old key stops working); a fault midway rolls back the batch it met.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { keyHeaders } from '../fixtures/test-helpers';
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
import { cliLines } from './wp';

interface SlmFixture {
	keys: Record< string, string >;
	domains: Record< string, string >;
}

const post = (
	request: APIRequestContext,
	route: string,
	data: Record< string, unknown >
) => request.post( `/wp-json/svc/v1/licenses/${ route }`, { data } );

const refusedRows = ( base: number ) =>
	[
		`licence ${ base + 5 } no_email`,
		`licence ${ base + 6 } key_twice`,
		`licence ${ base + 7 } unknown_product`,
		`licence ${ base + 8 } key_taken`,
		`activation ${ base + 3 } no_licence`,
	].sort();

const none = { new: 0, changed: 0, unchanged: 0 };

test.describe.serial( 'wp svc import slm', () => {
	test.describe.configure( { timeout: 240_000 } );

	const base = freshBase();
	const tag = freshTag();
	let headers: Record< string, string >;
	let product: { id: number; slug: string };
	let takenKey: string;
	let fixture: SlmFixture;

	let giveBack: ( () => void ) | undefined;

	test.beforeAll( async ( { request } ) => {
		giveBack = await holdSource( 'slm' );
		headers = await keyHeaders( request, 'admin' );
		( { product, key: takenKey } = await ourLicense(
			request,
			headers,
			`SLM Pro ${ tag }`,
			tag
		) );
		fixture = await buildFixture( request, {
			source: 'slm',
			base,
			tag,
			product: product.slug,
			taken_key: takenKey,
		} );
	} );

	test.afterAll( async ( { request } ) => {
		await armImportFault( request, null );
		await dropFixture( request, 'slm' );
		giveBack?.();
	} );

	test( 'the dry run names every refused row with its reason and writes nothing', async ( {
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		// Other specs' imports on this site stay in the map; the dry run adds nothing to it.
		const mapBefore = await readImportMap( request, 'slm' );
		// Without --product the licence whose product_ref is empty has no product either.
		const bare = await runImport( 'slm', [ '--dry-run' ] );
		expect( bare.code, bare.stderr ).toBe( 0 );
		expect( refusals( bare.report as Report ) ).toEqual(
			[
				...refusedRows( base ),
				`licence ${ base + 2 } unknown_product`,
			].sort()
		);
		const run = await runImport( 'slm', [
			'--dry-run',
			`--product=${ product.slug }`,
		] );
		expect( run.code, run.stderr ).toBe( 0 );
		const report = run.report as Report;
		expect( report ).toMatchObject( {
			source: 'slm',
			dry_run: true,
			written: false,
			arrived: {
				products: none,
				licences: { new: 4, changed: 0, unchanged: 0 },
				activations: { new: 2, changed: 0, unchanged: 0 },
			},
			secrets: [ 'lic_creation_secret', 'lic_verification_secret' ],
		} );
		expect( refusals( report ) ).toEqual( refusedRows( base ) );
		expect(
			report.refused.find( ( row ) => row.old_id === String( base + 7 ) )
				?.message
		).toBe(
			`Its product "no-such-product-${ tag }" is not a product here (and was not imported).`
		);
		expect( await totals( request, headers, tag ) ).toEqual( before );
		expect( await readImportMap( request, 'slm' ) ).toEqual( mapBefore );
	} );

	test( 'the import: old keys validate and activate within their domain limits', async ( {
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		const run = await runImport( 'slm', [ `--product=${ product.slug }` ] );
		expect( run.code, run.stderr ).toBe( 0 );
		expect( ( run.report as Report ).arrived.licences ).toEqual( {
			new: 4,
			changed: 0,
			unchanged: 0,
		} );
		expect( refusals( run.report as Report ) ).toEqual(
			refusedRows( base )
		);
		expect( ( await totals( request, headers, tag ) ).licences ).toBe(
			before.licences + 4
		);

		const key = ( n: number ) => fixture.keys[ String( n ) ];
		const one = await (
			await post( request, 'validate', {
				license_key: key( 1 ),
				product_slug: product.slug,
				site_url: fixture.domains[ '1' ],
			} )
		).json();
		expect( one ).toMatchObject( {
			valid: true,
			status: 'active',
			activation_limit: 2,
			activation_count: 2,
			already_activated: true,
		} );
		expect( one.expires ).toMatch( /T23:59:59Z$/ );
		const third = await post( request, 'activate', {
			license_key: key( 1 ),
			product_slug: product.slug,
			site_url: `slm-three-${ tag }.example`,
		} );
		expect( third.status() ).toBe( 403 );
		expect( ( await third.json() ).code ).toBe(
			'activation_limit_reached'
		);

		// Pending with no expiry and 0 domains (unlimited), product from --product: usable and activates.
		const pending = await post( request, 'activate', {
			license_key: key( 2 ),
			product_slug: product.slug,
			site_url: `slm-pending-${ tag }.example`,
		} );
		expect( pending.status(), await pending.text() ).toBe( 200 );
		expect( await pending.json() ).toMatchObject( {
			activation_count: 1,
			activation_limit: 1000000,
		} );
		expect(
			await (
				await post( request, 'validate', {
					license_key: key( 2 ),
					product_slug: product.slug,
					site_url: `slm-pending-${ tag }.example`,
				} )
			).json()
		).toMatchObject( { valid: true, status: 'active', expires: null } );
		for ( const [ n, status ] of [
			[ 3, 'suspended' ],
			[ 4, 'expired' ],
		] as const ) {
			expect(
				await (
					await post( request, 'validate', {
						license_key: key( n ),
						product_slug: product.slug,
						site_url: 'example.com',
					} )
				).json()
			).toMatchObject( { valid: false, status } );
		}
		const map = await readImportMap( request, 'slm' );
		expect( fixtureIds( map.licence, base ) ).toEqual(
			[ 1, 2, 3, 4 ].map( ( n ) => String( base + n ) ).sort()
		);
		expect( fixtureIds( map.activation, base ) ).toEqual(
			[ 1, 2 ].map( ( n ) => String( base + n ) ).sort()
		);
	} );

	test( 'a re-import brings only the new licence and the changed expiry, releases the released domain and carries the edited key', async ( {
		request,
	} ) => {
		const change = await changeFixture( request, {
			source: 'slm',
			base,
			tag,
			product: product.slug,
		} );
		const before = await totals( request, headers, tag );
		const run = await runImport( 'slm', [ `--product=${ product.slug }` ] );
		expect( run.code, run.stderr ).toBe( 0 );
		expect( ( run.report as Report ).arrived ).toMatchObject( {
			licences: { new: 1, changed: 1, unchanged: 3 },
			keys: { new: 1, changed: 1, unchanged: 3 },
			// Domain 2 was deleted in SLM: released here; domain 1 is still registered there.
			activations: { new: 0, changed: 0, unchanged: 1, released: 1 },
		} );
		expect( refusals( run.report as Report ) ).toEqual(
			refusedRows( base )
		);
		const after = await totals( request, headers, tag );
		expect( after.licences ).toBe( before.licences + 1 );
		// One license.created, one license.updated, one license.rotated and one license.deactivated.
		expect( after.events ).toBe( before.events + 4 );
		expect(
			await (
				await post( request, 'validate', {
					license_key: change.key,
					product_slug: product.slug,
					site_url: 'example.com',
				} )
			).json()
		).toMatchObject( { valid: true } );
		// Licence 1's key was edited in SLM: its new key is the licence, with the changed expiry; the old key is
		// unknown here (licence 6, which shares it in SLM, stays refused).
		expect(
			await (
				await post( request, 'validate', {
					license_key: change.rekeyed,
					product_slug: product.slug,
					site_url: fixture.domains[ '1' ],
				} )
			).json()
		).toMatchObject( {
			valid: true,
			expires: change.expires,
			activation_count: 1,
			already_activated: true,
		} );
		const old = await post( request, 'validate', {
			license_key: fixture.keys[ '1' ],
			product_slug: product.slug,
			site_url: fixture.domains[ '1' ],
		} );
		expect( old.status() ).toBe( 404 );
		expect( ( await old.json() ).code ).toBe( 'license_not_found' );
		// Its limit of 2 was full; domain 2's slot is free now and a new site takes it.
		const third = await post( request, 'activate', {
			license_key: change.rekeyed,
			product_slug: product.slug,
			site_url: `slm-three-${ tag }.example`,
		} );
		expect( third.status(), await third.text() ).toBe( 200 );
		expect( await third.json() ).toMatchObject( { activation_count: 2 } );
		// The site activated here after the import (licence 2) stays.
		expect(
			await (
				await post( request, 'validate', {
					license_key: fixture.keys[ '2' ],
					product_slug: product.slug,
					site_url: `slm-pending-${ tag }.example`,
				} )
			).json()
		).toMatchObject( { activation_count: 1, already_activated: true } );
	} );

	test( 'a fault midway rolls back the batch it met (SLM brings no catalogue, so nothing is kept)', async ( {
		request,
	} ) => {
		const faultBase = freshBase();
		await buildFixture( request, {
			source: 'slm',
			base: faultBase,
			tag: freshTag(),
			product: product.slug,
			taken_key: takenKey,
		} );
		const before = await totals( request, headers, tag );
		const mapBefore = await readImportMap( request, 'slm' );
		await armImportFault( request, 1 );
		const run = await runImport( 'slm', [ `--product=${ product.slug }` ] );
		expect( run.code ).toBe( 1 );
		expect( cliLines( run.stderr ).at( -1 ) ).toBe(
			`Error: The import stopped: test fault before licence ${ faultBase + 2 } of slm. The batches it wrote before the fault are kept; run it again to bring the rest (what arrived is found unchanged).`
		);
		expect( await totals( request, headers, tag ) ).toEqual( before );
		expect( await readImportMap( request, 'slm' ) ).toEqual( mapBefore );
	} );
} );
