/**
 * `wp svc release reports <id>`: the client sites' health reports on a release, as POST /updates/report counted
 * them; the release object's totals are the same from WP-CLI and REST.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
	applySuiteSettings,
	createLicense,
	keyHeaders,
} from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import { wp, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';

test( "a release's reports are listed from the command line, newest first; an unknown release is refused", async ( {
	request,
} ) => {
	await applySuiteSettings( request );
	const slug = `cli-gate-${ randomUUID().slice( 0, 8 ) }`;
	// Only a site activated on a usable licence reports, one vote per licence (docs/rollouts-gate.md): a licence
	// for each reporting site, activated there.
	const license = await createLicense( request, { slug }, { count: 2 } );
	const sites = [ 'https://a.example.com', 'https://b.example.com' ];
	for ( const [ i, site ] of sites.entries() ) {
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{
				data: {
					license_key: license.licenses[ i ].license_key,
					product_slug: slug,
					site_url: site,
				},
			}
		);
		expect( activated.status(), await activated.text() ).toBe( 200 );
	}
	const headers = await keyHeaders( request, 'admin' );
	const created = await request.post(
		`${ ADMIN }/products/${ license.product_id }/releases`,
		{
			headers,
			multipart: {
				version: '3.1.0',
				package: {
					name: `${ slug }.zip`,
					mimeType: 'application/zip',
					buffer: makeZip( {
						[ `${ slug }/${ slug }.php` ]: '<?php',
					} ),
				},
			},
		}
	);
	expect( created.status(), await created.text() ).toBe( 201 );
	const release = await created.json();
	for ( const [ i, outcome, code ] of [
		[ 0, 'installed', '' ],
		[ 1, 'failed', 'incompatible_archive' ],
	] as const ) {
		const sent = await request.post( '/wp-json/svc/v1/updates/report', {
			data: {
				license_key: license.licenses[ i ].license_key,
				site_url: sites[ i ],
				product_slug: slug,
				version: '3.1.0',
				outcome,
				...( code ? { error_code: code } : {} ),
			},
		} );
		expect( await sent.json() ).toEqual( { recorded: true } );
	}

	const rows = JSON.parse(
		await wpOk( [
			'svc',
			'release',
			'reports',
			String( release.id ),
			'--format=json',
		] )
	);
	expect( rows ).toEqual( [
		{
			site: 'b.example.com',
			outcome: 'failed',
			error_code: 'incompatible_archive',
			reported_at: expect.stringMatching( /^\d{4}-\d\d-\d\dT/ ),
		},
		{
			site: 'a.example.com',
			outcome: 'installed',
			error_code: '',
			reported_at: expect.stringMatching( /^\d{4}-\d\d-\d\dT/ ),
		},
	] );

	const listed = JSON.parse(
		await wpOk( [
			'svc',
			'release',
			'list',
			slug,
			'--fields=version,reports,gate,paused_at',
			'--format=json',
		] )
	);
	expect( listed ).toEqual( [
		{
			version: '3.1.0',
			reports: { installed: 1, failed: 1 },
			gate: { threshold: 10, min_reports: 5 },
			paused_at: null,
		},
	] );

	const unknown = await wp( [ 'svc', 'release', 'reports', '999999999' ] );
	expect( unknown.code ).not.toBe( 0 );
	expect( unknown.stderr ).toContain( 'No release has this id.' );
} );
