/**
 * Issue 28 (low): a forged export restored into an empty site. The export is checked by a SHA-256 of its lines in
 * its last line, not signed: there is no secret, so anyone can edit a real export and compute the checksum again.
 * This spec forges files exactly as such an attacker would (an administrator of another site who hands the file
 * over, or anyone who can edit it on the way): it exports the test site, edits lines and reseals the end line.
 *
 * - Settings out of range, of the wrong type or refused by the rules of PATCH /admin/settings: the restore is
 *   refused with the error envelope naming the setting, and the copy site is left exactly as it was.
 * - A release changelog with a <script>, an onerror attribute and a javascript: link: restored through the same
 *   wp_kses_post() as the release API, so neither the releases API, the update check nor the panel hands it on.
 * - A setting name this version does not know is dropped, as PATCH /admin/settings drops unknown fields.
 * - A row the database refuses while writing (a licence twice): the restore writes in batches that each commit, so
 *   it takes out again what it wrote before (every table emptied, the options put back) and answers 500.
 *
 * The restore runs on the copy site (an empty service); the spec erases it again afterwards, for backup.spec.ts.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from '../fixtures/callers';
import {
	applyCopySuiteSettings,
	copyHelper,
	openCopySite,
	type CopySite,
} from '../fixtures/copy-site';
import { ADMIN } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import { reseal, seedService, sha256, type Seeded } from '../fixtures/seed';
import { SUITE_SETTINGS, keyHeaders } from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';
const SETTINGS_OPTION = 'svc_licensing_settings';
const FORGED_CHANGELOG =
	'<h3>Fixed</h3><p>Faster checks.</p>' +
	'<script>window.__svcForged = "script";</script>' +
	'<img src="x" onerror="window.__svcForged = \'onerror\'">' +
	'<a href="javascript:window.__svcForged = \'link\'">notes</a>';

test.describe.configure( { mode: 'serial' } );

let copy: CopySite;
let copyHeaders: Record< string, string >;
let seeded: Seeded;
let exported: string;

/** Empties the copy site's service (opted-in uninstall, activate again), as backup.spec.ts needs it. */
async function eraseCopy( request: APIRequestContext ) {
	for ( const action of [ 'deactivate', 'uninstall-opted-in', 'activate' ] ) {
		await copyHelper( request, 'POST', '/lifecycle', { action } );
	}
	await applyCopySuiteSettings( request, SUITE_SETTINGS );
}

/** The forged changelog on the seeded product's release, and the settings changed by `settings`. */
function forged(
	settings: ( stored: Record< string, unknown > ) => void
): Buffer {
	let changelogs = 0;
	let options = 0;
	const file = reseal( exported, ( record ) => {
		const row = record.row as Record< string, unknown > | undefined;
		if (
			record.table === 'svc_releases' &&
			Number( row?.product_id ) === seeded.product.id
		) {
			( row as Record< string, unknown > ).changelog = FORGED_CHANGELOG;
			changelogs++;
		}
		if ( record.table === 'options' && row?.name === SETTINGS_OPTION ) {
			const stored = JSON.parse( row.value as string );
			settings( stored );
			row.value = JSON.stringify( stored );
			options++;
		}
	} );
	// The forgery reached the seeded release and the settings option.
	expect( [ changelogs, options ] ).toEqual( [ 1, 1 ] );
	return file;
}

const restore = ( file: Buffer ) =>
	copy.page.request.post( `${ API }/admin/backup/restore`, {
		headers: copyHeaders,
		multipart: {
			file: {
				name: 'forged.svcexport',
				mimeType: 'application/octet-stream',
				buffer: file,
			},
		},
	} );

/** What a refused restore must leave as it was: counts, settings as the API shows them, the stored option. */
async function copyState() {
	const backup = await (
		await copy.page.request.get( `${ API }/admin/backup`, {
			headers: copyHeaders,
		} )
	).json();
	const settings = await (
		await copy.page.request.get( `${ API }/admin/settings`, {
			headers: copyHeaders,
		} )
	).json();
	// The helper merges nothing into the option and answers it as stored.
	const stored = await copyHelper( copy.request, 'POST', '/settings', {} );
	return {
		counts: backup.counts,
		can_restore: backup.can_restore,
		settings,
		stored,
	};
}

test.beforeAll( async ( { request } ) => {
	copy = await openCopySite();
	const nonce = await (
		await copy.page.request.get(
			'/wp-admin/admin-ajax.php?action=rest-nonce'
		)
	).text();
	copyHeaders = { 'X-WP-Nonce': nonce };
	await eraseCopy( copy.request );

	// A real export of the test site, holding a product of this spec with a release.
	seeded = await seedService(
		request,
		await keyHeaders( request, 'admin' ),
		'Forged',
		1
	);
	const admin = await signIn( ADMIN.user, ADMIN.password );
	try {
		const { export_url: url } = await (
			await admin.context.get( `${ API }/admin/backup`, {
				headers: { 'X-WP-Nonce': admin.nonce },
			} )
		).json();
		const file = await admin.context.get( url );
		expect( file.status() ).toBe( 200 );
		exported = ( await file.body() ).toString( 'utf8' );
	} finally {
		await admin.context.dispose();
	}
} );

test.afterAll( async () => {
	await eraseCopy( copy.request );
	await copy.close();
} );

test( 'a forged setting out of range, of the wrong type or against the settings rules: refused, nothing changed', async () => {
	const before = await copyState();
	expect( before.can_restore ).toBe( true );
	const cases: [
		string,
		string,
		( stored: Record< string, unknown > ) => void,
	][] = [
		[
			'a rate limit of -5',
			'rate_limits',
			( stored ) => {
				stored.rate_limits = {
					...( stored.rate_limits as object ),
					validate: -5,
				};
			},
		],
		[
			'a string where a number is expected',
			'download_token_ttl',
			( stored ) => {
				stored.download_token_ttl = 'a week';
			},
		],
		// Passes the schema (a string under 2048 characters); refused by the rule PATCH applies after it.
		[
			'a javascript: renewal page',
			'renewal_page',
			( stored ) => {
				stored.renewal_page = 'javascript:alert(document.cookie)';
			},
		],
	];
	for ( const [ what, setting, change ] of cases ) {
		const refused = await expectError(
			await restore( forged( change ) ),
			400,
			'invalid_export'
		);
		const data = refused.data as Record< string, unknown >;
		expect( data.reason, what ).toBe( 'invalid_setting' );
		expect( data.setting, what ).toBe( setting );
		expect( refused.message, what ).toContain( setting );
		expect( refused.message, what ).toContain( 'nothing was restored' );
		expect( await copyState(), `${ what }: nothing changed` ).toEqual(
			before
		);
	}
} );

test( 'a file whose rows the database refuses midway (a licence twice): the rows written before are taken out again, nothing changed', async () => {
	const before = await copyState();
	expect( before.can_restore ).toBe( true );
	const lines = exported.trimEnd().split( '\n' );
	const end = JSON.parse( lines.pop() as string );
	const at = lines.findIndex(
		( line ) => JSON.parse( line ).table === 'svc_licenses'
	);
	// Rows of other tables (products, tiers) come first, so the restore has committed some when the copy is refused.
	expect(
		lines
			.slice( 0, at )
			.filter( ( line ) => JSON.parse( line ).t === 'row' ).length
	).toBeGreaterThan( 0 );
	lines.splice( at + 1, 0, lines[ at ] );
	const body = lines.join( '\n' ) + '\n';
	end.rows += 1;
	end.sha256 = sha256( Buffer.from( body ) );
	const refused = await expectError(
		await restore( Buffer.from( body + JSON.stringify( end ) + '\n' ) ),
		500,
		'internal_error'
	);
	expect( refused.message ).toContain( 'nothing was kept' );
	expect( await copyState() ).toEqual( before );
} );

test( 'a forged <script> changelog comes back sanitised: releases API, update check and panel; an unknown setting is dropped', async () => {
	const restored = await restore(
		forged( ( stored ) => {
			stored.made_up_setting = 'kept?';
		} )
	);
	expect( restored.status(), await restored.text() ).toBe( 200 );

	const expectClean = ( html: string, where: string ) => {
		expect( html, where ).toContain( '<h3>Fixed</h3>' );
		expect( html, where ).not.toMatch( /<script/i );
		expect( html, where ).not.toMatch( /onerror/i );
		expect( html, where ).not.toMatch( /javascript:/i );
	};

	const releases = await (
		await copy.page.request.get(
			`${ API }/admin/products/${ seeded.product.id }/releases`,
			{ headers: copyHeaders }
		)
	).json();
	expect( releases ).toHaveLength( 1 );
	expectClean( releases[ 0 ].changelog, 'GET releases' );

	const [ license ] = seeded.licenses;
	const offer = await copy.request.get( `${ API }/updates/check`, {
		params: {
			license_key: license.key,
			product_slug: seeded.product.slug,
			site_url: license.site,
			current_version: '1.0.0',
		},
	} );
	expect( offer.status(), await offer.text() ).toBe( 200 );
	expectClean( ( await offer.json() ).sections.changelog, 'update check' );

	// The panel shows the stored HTML (RawHTML): it must be the sanitised form, and nothing of it runs.
	const page = copy.page;
	await page.goto(
		`/wp-admin/admin.php?page=svc-licensing-products&product=${ seeded.product.id }&tab=releases`
	);
	const changelog = page.locator( '.svc-changelog-text' );
	await expect( changelog ).toContainText( 'Faster checks.' );
	expectClean( await changelog.innerHTML(), 'panel' );
	await expect
		.poll( () =>
			page.evaluate( () =>
				[
					...document.querySelectorAll( '.svc-changelog-text img' ),
				].every( ( img ) => ( img as HTMLImageElement ).complete )
			)
		)
		.toBe( true );
	expect(
		await page.evaluate(
			() => ( window as unknown as { __svcForged?: string } ).__svcForged
		)
	).toBeUndefined();

	// A setting name this version does not know is dropped, not stored.
	const stored = await copyHelper( copy.request, 'POST', '/settings', {} );
	expect( stored ).not.toHaveProperty( 'made_up_setting' );
} );
