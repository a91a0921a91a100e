/**
 * Issue 40, lows: the EDD import publishes as a package only a file inside this site's uploads folder (EDD keeps its
 * files in `uploads/edd/`), judged after realpath, or a URL of those uploads. An EDD download's editor can write any
 * path into `edd_download_files`: an absolute path to a backup archive elsewhere on the server, a URL of the uploads
 * with `../` in it, or a link inside the uploads that points out of them. Each is skipped with a line in the report
 * (`package_outside`), and the download's licences still move in; a file inside the uploads, named by its absolute
 * path, still arrives as before.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { testToken } from '../fixtures/env';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import {
	buildFixture,
	dropFixture,
	freshBase,
	freshTag,
	holdSource,
	ourLicense,
	runImport,
	type Report,
} from '../fixtures/import';

/** Downloads whose file names a place outside the uploads, and one whose absolute path is inside them. */
const HOSTILE = [ 'absolute', 'dotdot', 'link', 'inside' ] as const;
type Hostile = ( typeof HOSTILE )[ number ];

/**
 * The hostile downloads and their files (e2e/mu-plugins/svc-test-lows.php), after the EDD fixture: answers their
 * ids; DELETE removes the files.
 *
 * @param request Request context.
 * @param method  POST makes them, DELETE removes the files.
 * @param tag     The fixture's tag.
 */
async function hostileDownloads(
	request: APIRequestContext,
	method: 'POST' | 'DELETE',
	tag: string
) {
	const response = await request.fetch(
		'/wp-json/svc-test/v1/lows/edd-files',
		{
			method,
			headers: { 'X-Svc-Test-Token': testToken },
			data: { tag },
		}
	);
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

test.describe.serial( 'EDD import: package files outside the uploads', () => {
	test.describe.configure( { timeout: 240_000 } );

	const zip = makeZip( {
		'acme-pro/acme-pro.php': `<?php\n/* Plugin Name: Acme Pro ${ randomUUID() } */\n`,
	} );
	const base = freshBase();
	const tag = freshTag();
	let downloads: Record< Hostile, string >;
	let giveBack: ( () => void ) | undefined;

	test.beforeAll( async ( { request } ) => {
		giveBack = await holdSource( 'edd-sl' );
		const headers = await keyHeaders( request, 'admin' );
		const { key } = await ourLicense(
			request,
			headers,
			`Files ours ${ tag }`,
			tag
		);
		await buildFixture( request, {
			source: 'edd-sl',
			base,
			tag,
			package: zip.toString( 'base64' ),
			taken_key: key,
		} );
		( { ids: downloads } = await hostileDownloads( request, 'POST', tag ) );
	} );

	test.afterAll( async ( { request } ) => {
		await dropFixture( request, 'edd-sl' );
		await hostileDownloads( request, 'DELETE', tag );
		giveBack?.();
	} );

	test( 'a file outside the uploads folder (absolute path, ../ in the URL, a link out) is skipped with a report line, not published', async () => {
		const run = await runImport( 'edd-sl' );
		expect( run.code, run.stderr ).toBe( 0 );
		const report = run.report as Report;
		// The fixture's two packages in uploads/edd (by URL) and the one inside them by its absolute path: three
		// releases, none from outside.
		expect( report.arrived.releases ).toEqual( {
			new: 3,
			changed: 0,
			unchanged: 0,
		} );
		const releaseLines = report.refused
			.filter( ( row ) => row.kind === 'release' )
			.map( ( row ) => `${ row.old_id } ${ row.reason }` );
		for ( const name of [ 'absolute', 'dotdot', 'link' ] as const ) {
			expect(
				releaseLines,
				`download "${ name }" (${ downloads[ name ] }) is refused as outside the uploads`
			).toContain( `${ downloads[ name ] } package_outside` );
			const line = report.refused.find(
				( row ) => row.old_id === downloads[ name ]
			);
			expect( line?.message ).toContain(
				"outside this site's uploads folder"
			);
		}
		expect( releaseLines ).not.toContain(
			`${ downloads.inside } package_outside`
		);
		// The downloads themselves still move in, with their licences (none here): only the release is skipped.
		expect( report.arrived.products.new ).toBe( 3 + HOSTILE.length );
	} );
} );
