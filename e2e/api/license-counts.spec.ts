/**
 * Issue 43: the summaries the licence list's totals and the stats read (svc_license_counts, svc_daily_counts) are
 * kept by the database itself. After each kind of change a customer or an admin makes (a new licence, sites
 * activated, a staging site, a status change, a deactivation, the expiry job, an erasure, a deletion) they equal the
 * same figures counted from the rows, and email_domain follows the email. The test helper reads both in one
 * snapshot (e2e/mu-plugins/svc-test-counts.php); every database × lane pass runs this spec.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { testToken } from '../fixtures/env';
import { keyHeaders } from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';

async function counts( request: APIRequestContext, product: number ) {
	const response = await request.get( '/wp-json/svc-test/v1/counts', {
		headers: { 'X-Svc-Test-Token': testToken },
		params: { product_id: String( product ) },
	} );
	expect( response.status() ).toBe( 200 );
	return response.json();
}

async function expectKept(
	request: APIRequestContext,
	product: number,
	after: string
) {
	const found = await counts( request, product );
	expect( found.kept, 'the triggers are in place' ).toBe( true );
	expect(
		found.summary,
		`licences and sites per status after ${ after }`
	).toEqual( found.rows );
	expect( found.daily_summary, `per day after ${ after }` ).toEqual(
		found.daily_rows
	);
	expect( found.wrong_domains, `email_domain after ${ after }` ).toBe( 0 );
	return found;
}

test( 'the count summaries equal the rows after every kind of change', async ( {
	request,
} ) => {
	const admin = await keyHeaders( request, 'admin' );
	const tag = randomUUID().slice( 0, 8 );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers: admin,
			data: { name: `counts-${ tag }` },
		} )
	).json();
	const create = async ( data: Record< string, unknown > ) => {
		const response = await request.post( `${ ADMIN }/licenses`, {
			headers: admin,
			data: { product_id: product.id, ...data },
		} );
		expect( response.status() ).toBe( 201 );
		return response.json();
	};
	const site = async ( route: string, key: string, url: string ) => {
		const response = await request.post(
			`/wp-json/svc/v1/licenses/${ route }`,
			{
				data: {
					license_key: key,
					product_slug: product.slug,
					site_url: url,
				},
			}
		);
		expect( response.status(), `${ route } ${ url }` ).toBe( 200 );
	};

	const first = await create( {
		customer_email: `first-${ tag }@One.Example`,
		activation_limit: 3,
	} );
	const second = await create( {
		customer_email: `second-${ tag }@two.example`,
	} );
	const lapsing = await create( {
		customer_email: `lapsing-${ tag }@two.example`,
		expires: '2099-01-01T00:00:00Z',
	} );
	let found = await expectKept( request, product.id, 'three new licences' );
	expect( found.rows ).toEqual( [ [ 'active', 3, 0 ] ] );

	await site( 'activate', first.license_key, `a-${ tag }.example` );
	await site( 'activate', first.license_key, `b-${ tag }.example` );
	await site( 'activate', first.license_key, `staging.c-${ tag }.example` );
	await site( 'activate', second.license_key, `d-${ tag }.example` );
	await site( 'activate', lapsing.license_key, `e-${ tag }.example` );
	await expectKept( request, product.id, 'activations, one of them staging' );

	await site( 'deactivate', first.license_key, `b-${ tag }.example` );
	await expectKept( request, product.id, 'a deactivation' );

	const suspended = await request.put( `${ ADMIN }/licenses/${ second.id }`, {
		headers: admin,
		data: {
			status: 'suspended',
			customer_email: `moved-${ tag }@three.example`,
		},
	} );
	expect( suspended.status() ).toBe( 200 );
	found = await expectKept(
		request,
		product.id,
		'a suspension and a new email'
	);
	expect( found.rows ).toContainEqual( [ 'suspended', 1, 1 ] );

	// Past its expiry: the expiry job stores the status, and the summary follows.
	const past = await request.put( `${ ADMIN }/licenses/${ lapsing.id }`, {
		headers: admin,
		data: { expires: '2020-01-01T00:00:00Z' },
	} );
	expect( past.status() ).toBe( 200 );
	const job = await request.post( '/wp-json/svc-test/v1/counts/expire', {
		headers: { 'X-Svc-Test-Token': testToken },
	} );
	expect( job.status() ).toBe( 200 );
	found = await expectKept( request, product.id, 'the expiry job' );
	expect( found.rows ).toContainEqual( [ 'expired', 1, 1 ] );

	const erased = await request.post( `${ ADMIN }/privacy/erase`, {
		headers: admin,
		data: { email: `moved-${ tag }@three.example` },
	} );
	expect( erased.status() ).toBe( 200 );
	await expectKept( request, product.id, 'an erasure' );

	const deleted = await request.delete(
		`${ ADMIN }/licenses/${ first.id }?force=true`,
		{
			headers: admin,
		}
	);
	expect( deleted.status() ).toBe( 200 );
	found = await expectKept( request, product.id, 'a deletion' );
	expect( found.rows ).not.toContainEqual(
		expect.arrayContaining( [ 'active' ] )
	);

	// The list's total and the status views read the summary: they agree with the rows.
	const list = await (
		await request.get( `${ ADMIN }/licenses?product_id=${ product.id }`, {
			headers: admin,
		} )
	).json();
	expect( list.total ).toBe( 2 );
	expect( list.total_exact ).toBe( true );
	const views = await (
		await request.get(
			`${ ADMIN }/licenses/status-counts?product_id=${ product.id }`,
			{
				headers: admin,
			}
		)
	).json();
	expect( views.statuses ).toMatchObject( {
		active: 0,
		suspended: 1,
		expired: 1,
	} );
} );

test( 'a bulk insert holds the per-row upkeep on its own connection only, and a fault inside it leaves no hold behind', async ( {
	request,
} ) => {
	const admin = await keyHeaders( request, 'admin' );
	const tag = randomUUID().slice( 0, 8 );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers: admin,
			data: { name: `held-${ tag }` },
		} )
	).json();
	const held = ( fault: boolean ) =>
		request.post( '/wp-json/svc-test/v1/counts/held', {
			headers: { 'X-Svc-Test-Token': testToken },
			data: { product_id: product.id, seconds: 1, fault },
		} );
	const create = async () => {
		const response = await request.post( `${ ADMIN }/licenses`, {
			headers: admin,
			data: {
				product_id: product.id,
				customer_email: `c-${ tag }@x.example`,
			},
		} );
		expect( response.status() ).toBe( 201 );
	};

	// While one request holds the upkeep for its batch, a licence another request creates is counted by its trigger.
	const holding = held( false );
	await new Promise( ( resolve ) => setTimeout( resolve, 300 ) );
	await create();
	const done = await holding;
	expect( done.status() ).toBe( 200 );
	expect( await done.json() ).toEqual( { marker_rows: 0, variable: null } );
	let found = await expectKept(
		request,
		product.id,
		'a held batch beside a licence created elsewhere'
	);
	expect( found.rows ).toEqual( [ [ 'active', 3, 0 ] ] );

	// A fault inside the held insert rolls it back; the same connection's next licence is counted again.
	const faulted = await held( true );
	expect( faulted.status() ).toBe( 200 );
	expect( await faulted.json() ).toEqual( {
		marker_rows: 0,
		variable: null,
	} );
	found = await expectKept(
		request,
		product.id,
		'a fault inside a held batch'
	);
	expect( found.rows ).toEqual( [ [ 'active', 4, 0 ] ] );
} );
