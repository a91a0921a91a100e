/**
 * Export from the test site and restore into the copy site (an empty service): old keys validate and activate
 * there and a package downloads with the same SHA-256. A changed byte, a truncated file and another format
 * version are refused with nothing written; so is a restore into a site that holds data, and an API key.
 */
import fs from 'node:fs';
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { publishedKeys, verifiedLease } from '../fixtures/lease';
import {
	copyHelper,
	applyCopySuiteSettings,
	copyKeyHeaders,
	openCopySite,
	type CopySite,
} from '../fixtures/copy-site';
import {
	SUITE_SETTINGS,
	applySuiteSettings,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import { holdSource } from '../fixtures/import';
import { reseal, seedService, sha256 } from '../fixtures/seed';
import { openScreen, saveScreenshot } from './screens';

const API = '/wp-json/svc/v1';

test.describe.configure( { mode: 'serial' } );

let copy: CopySite;

/** Gives the old SLM protocol's switch and counts back to the specs that take turns on them. */
let giveBackSlm = () => {};

test.beforeAll( async () => {
	giveBackSlm = await holdSource( 'slm' );
	copy = await openCopySite();
	await applyCopySuiteSettings( copy.request, SUITE_SETTINGS );
} );

test.afterAll( async () => {
	await copy.close();
	giveBackSlm();
} );

/** One answered call of an old Software License Manager client, which the service counts per day. */
async function oldClientCall( request: APIRequestContext ) {
	await setSettings( request, { slm_protocol: true } );
	try {
		const answer = await request.post( '/', {
			form: {
				slm_action: 'slm_check',
				secret_key: 'not-the-secret',
				license_key: 'SLM-moved',
			},
		} );
		expect( answer.status() ).toBe( 200 );
		expect( await answer.json() ).toMatchObject( { error_code: 90 } );
	} finally {
		await setSettings( request, { slm_protocol: null } );
		await applySuiteSettings( request );
	}
}

/** Headers of the signed-in admin of a page's site (cookie + REST nonce). */
async function cookieHeaders( page: Page ) {
	const nonce = await (
		await page.request.get( '/wp-admin/admin-ajax.php?action=rest-nonce' )
	).text();
	expect( nonce ).toMatch( /^[0-9a-f]{10}$/ );
	return { 'X-WP-Nonce': nonce };
}

async function seed( request: APIRequestContext ) {
	const seeded = await seedService(
		request,
		await keyHeaders( request, 'admin' ),
		'Moved',
		1
	);
	const [ license ] = seeded.licenses;
	return {
		...seeded,
		slug: seeded.product.slug,
		key: license.key,
		site: license.site,
		email: license.email,
	};
}

const restore = (
	page: Page,
	headers: Record< string, string >,
	file: Buffer
) =>
	page.request.post( `${ API }/admin/backup/restore`, {
		headers,
		multipart: {
			file: {
				name: 'service.svcexport',
				mimeType: 'application/octet-stream',
				buffer: file,
			},
		},
	} );

test( 'export from one site, restore into an empty one: keys, activations and downloads work there', async ( {
	page,
	request,
} ) => {
	const seeded = await seed( request );
	// Old clients' answered calls are counted per day (Site Health shows them): the counts travel too.
	await oldClientCall( request );
	// The lease keys travel in the export (docs/leases.md): client sites keep trusting the restored service.
	const leaseKeys = await publishedKeys( request );

	// The routes are for a signed-in administrator only, never an API key.
	const key = await keyHeaders( request, 'admin' );
	await expectError(
		await request.get( `${ API }/admin/backup`, { headers: key } ),
		403,
		'forbidden'
	);

	// Download through the panel.
	await openScreen( page, 'settings' );
	const card = page.locator( '.svc-backup' );
	await expect( card ).toContainText( 'the secret that checks every key' );
	await expect( card ).toContainText( 'Store it like a password' );
	await saveScreenshot( page, 'settings-backup' );
	const [ download ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		card.getByRole( 'button', { name: 'Download export file' } ).click(),
	] );
	expect( download.suggestedFilename() ).toMatch(
		/^svc-licensing-localhost-\d{8}-\d{6}\.svcexport$/
	);
	const file = fs.readFileSync( ( await download.path() ) as string );
	const lines = file.toString( 'utf8' ).trimEnd().split( '\n' );
	expect( JSON.parse( lines[ 0 ] ) ).toMatchObject( {
		format: 'svc-licensing-export',
		version: 1,
	} );
	expect( JSON.parse( lines[ lines.length - 1 ] ).t ).toBe( 'end' );
	expect( file.toString( 'utf8' ) ).not.toContain( seeded.key );
	// Every table of the export has its rows there, those keyed by something else than an id too.
	const tables = new Set(
		lines
			.map( ( line ) => JSON.parse( line ) )
			.filter( ( record ) => record.t === 'row' )
			.map( ( record ) => record.table )
	);
	expect( tables ).toContain( 'svc_protocol_requests' );

	const copyHeaders = await cookieHeaders( copy.page );
	const empty = await (
		await copy.page.request.get( `${ API }/admin/backup`, {
			headers: copyHeaders,
		} )
	).json();
	expect( empty.can_restore ).toBe( true );

	// Refused before anything is written.
	const text = file.toString( 'utf8' );
	const changed = Buffer.from(
		// One byte: the first letter of the customer's email in the licence row.
		text.replace(
			seeded.email,
			seeded.email[ 0 ].toUpperCase() + seeded.email.slice( 1 )
		)
	);
	expect( changed.length ).toBe( file.length );
	const refusals: [ string, Buffer, string ][] = [
		[ 'one byte changed', changed, 'checksum_mismatch' ],
		[
			'truncated',
			file.subarray( 0, Math.floor( file.length / 2 ) ),
			'truncated',
		],
		[
			'another format version',
			Buffer.from( text.replace( '"version":1', '"version":2' ) ),
			'unsupported_version',
		],
		// Forged, with a valid checksum (anyone can compute one): never reaches SQL or the disk.
		[
			'a column this plugin never exports',
			reseal( text, ( record ) => {
				if ( record.table === 'svc_products' ) {
					const row = record.row as Record< string, unknown >;
					row[ 'name`) SELECT user_pass FROM wp_users#' ] = 'x';
				}
			} ),
			'forged',
		],
		[
			'a package named shell.php',
			reseal( text, ( record ) => {
				if ( record.t === 'file' ) {
					record.name = 'shell.php';
				}
			} ),
			'forged',
		],
	];
	for ( const [ what, body, reason ] of refusals ) {
		const refused = await expectError(
			await restore( copy.page, copyHeaders, body ),
			400,
			'invalid_export'
		);
		expect( ( refused.data as { reason?: string } ).reason, what ).toBe(
			reason
		);
		const after = await (
			await copy.page.request.get( `${ API }/admin/backup`, {
				headers: copyHeaders,
			} )
		).json();
		expect( after.counts, `${ what }: nothing written` ).toEqual( {
			licenses: 0,
			products: 0,
			release_files: 0,
		} );
		expect( after.can_restore, what ).toBe( true );
	}
	const restored = await restore( copy.page, copyHeaders, file );
	expect( restored.status(), await restored.text() ).toBe( 200 );
	const summary = await restored.json();
	expect( summary.files ).toBeGreaterThanOrEqual( 1 );
	expect( summary.tables.svc_protocol_requests ).toBeGreaterThanOrEqual( 1 );
	// The count summaries are not in the export (docs/scale.md): the restored rows rebuilt them, so the copy's
	// summaries equal its rows.
	const counted = await copyHelper(
		copy.request,
		'GET',
		`/counts?product_id=${ seeded.product.id }`
	);
	expect( counted.kept ).toBe( true );
	expect( counted.rows.length ).toBeGreaterThan( 0 );
	expect( counted.summary ).toEqual( counted.rows );
	expect( counted.daily_summary ).toEqual( counted.daily_rows );
	expect( counted.wrong_domains ).toBe( 0 );

	// The old key works on the new site: validate (its activation came along), activate another site, update.
	const there = copy.request;
	const validated = await there.post( `${ API }/licenses/validate`, {
		data: {
			license_key: seeded.key,
			product_slug: seeded.slug,
			site_url: seeded.site,
		},
	} );
	expect( validated.status() ).toBe( 200 );
	const validatedBody = await validated.json();
	expect( validatedBody ).toMatchObject( {
		valid: true,
		activation_count: 1,
	} );
	expect( await publishedKeys( there ) ).toEqual( leaseKeys );
	expect( verifiedLease( validatedBody.lease, leaseKeys ).kid ).toBe(
		leaseKeys[ 0 ].kid
	);
	const activated = await there.post( `${ API }/licenses/activate`, {
		data: {
			license_key: seeded.key,
			product_slug: seeded.slug,
			site_url: `second-${ seeded.site }`,
		},
	} );
	expect( activated.status() ).toBe( 200 );
	const offer = await (
		await there.get( `${ API }/updates/check`, {
			params: {
				license_key: seeded.key,
				product_slug: seeded.slug,
				site_url: seeded.site,
				current_version: '1.0.0',
			},
		} )
	).json();
	expect( offer.package_hash ).toBe( `sha256:${ seeded.zipSha }` );
	const bytes = await ( await there.get( offer.package ) ).body();
	expect( sha256( bytes ) ).toBe( seeded.zipSha );

	// An API key can neither read the export link nor restore (checked before anything else).
	const copyKey = await copyKeyHeaders( copy.request );
	await expectError(
		await copy.request.get( `${ API }/admin/backup`, { headers: copyKey } ),
		403,
		'forbidden'
	);
	await expectError(
		await copy.request.post( `${ API }/admin/backup/restore`, {
			headers: copyKey,
		} ),
		403,
		'forbidden'
	);

	// A second restore would mix two databases.
	const again = await expectError(
		await restore( copy.page, copyHeaders, file ),
		409,
		'restore_target_not_empty'
	);
	expect( again.message ).toContain( 'already holds licensing data' );
} );
