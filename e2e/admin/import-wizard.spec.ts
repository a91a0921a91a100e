/**
 * The import wizard under Settings (issue 30): with EDD Software Licensing's fixture tables on the test site
 * (e2e/mu-plugins/svc-test-import.php), the dry run lists what would arrive and every refused row with its reason;
 * the import streams its progress and lands the licences (checked through the admin API); a second run brings
 * nothing new. A site without Software License Manager's tables says so. The whole path is walked with the
 * keyboard alone, and the wizard's content has no axe violation.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
import { expectError } from '../fixtures/envelope';
import {
	armImportFault,
	buildFixture,
	changeFixture,
	dropFixture,
	holdSource,
	ourLicense,
	freshBase,
	freshTag,
	totals,
	type Report,
} from '../fixtures/import';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';
import { expectSnackbar, saveScreenshot } from './screens';

const API = '/wp-json/svc/v1';
const WIZARD = '/wp-admin/admin.php?page=svc-licensing-settings&tab=import';

/** Presses Tab until the target has the focus (the keyboard is the only way there). */
async function tabTo( page: Page, target: Locator ) {
	for ( let presses = 0; presses < 100; presses++ ) {
		if (
			await target.evaluate(
				( element ) => element === element.ownerDocument.activeElement
			)
		) {
			return;
		}
		await page.keyboard.press( 'Tab' );
	}
	throw new Error( 'Tab never reached the target.' );
}

test.describe.serial( 'the import wizard', () => {
	test.describe.configure( { timeout: 180_000 } );

	const base = freshBase();
	const tag = freshTag();
	let headers: Record< string, string >;
	let proDownload = 0;
	const giveBack: Array< () => void > = [];

	test.beforeAll( async ( { request } ) => {
		// Both old systems' tables: the SLM ones are dropped to show a site without them.
		giveBack.push( await holdSource( 'edd-sl' ) );
		giveBack.push( await holdSource( 'slm' ) );
		headers = await keyHeaders( request, 'admin' );
		// A licence of ours whose key the old system also holds (licence 11): refused, never merged.
		const taken = await ourLicense(
			request,
			headers,
			`Ours ${ tag }`,
			tag
		);
		const fixture = await buildFixture( request, {
			source: 'edd-sl',
			base,
			tag,
			package: makeZip( {
				'acme-pro/acme-pro.php': `<?php\n/* Plugin Name: Acme Pro ${ randomUUID() } */\n`,
			} ).toString( 'base64' ),
			taken_key: taken.key,
		} );
		proDownload = fixture.downloads.pro;
		await dropFixture( request, 'slm' );
	} );

	test.afterAll( async ( { request } ) => {
		await armImportFault( request, null );
		await dropFixture( request, 'edd-sl' );
		// The written import turned EDD's old protocol on; the other specs expect the settings as shipped (never
		// set, so that their own first import turns it on).
		await setSettings( request, { edd_sl_protocol: null } );
		giveBack.forEach( ( release ) => release() );
	} );

	test( 'says which sources this site has, and refuses one it has not in plain words', async ( {
		request,
	} ) => {
		const sources = await request.get( `${ API }/admin/import/sources`, {
			headers,
		} );
		expect( sources.status() ).toBe( 200 );
		expect( await sources.json() ).toMatchObject( {
			sources: [
				{
					source: 'edd-sl',
					present: true,
					counts: { licences: 12, activations: 4 },
				},
				{ source: 'slm', present: false },
			],
		} );
		const refused = await expectError(
			await request.post( `${ API }/admin/import`, {
				headers,
				data: { source: 'slm', dry_run: true },
			} ),
			400,
			'invalid_params'
		);
		expect( refused.message ).toBe(
			'This site has no wp_lic_key_tbl, wp_lic_reg_domain_tbl table, so there is nothing to import from it.'
		);
		await expectError(
			await request.post( `${ API }/admin/import`, {
				headers,
				data: { source: 'woo', dry_run: true },
			} ),
			400,
			'invalid_params'
		);
		const none = await expectError(
			await request.post( `${ API }/admin/import`, {
				headers,
				data: { dry_run: true },
			} ),
			400,
			'invalid_params'
		);
		expect( none.message ).toBe( 'Import from one of: edd-sl, slm.' );
	} );

	test( 'dry run, import with progress and the result, with the keyboard alone', async ( {
		page,
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		await page.goto( WIZARD );
		const wizard = page.locator( '.svc-import' );
		await expect(
			wizard.getByRole( 'heading', {
				name: 'Import from another licensing plugin',
			} )
		).toBeVisible();

		// A source this site lacks is named at the top, and cannot be run (arrow keys move in the radio group).
		const edd = wizard.getByRole( 'radio', {
			name: /EDD Software Licensing/,
		} );
		const slm = wizard.getByRole( 'radio', {
			name: /Software License Manager/,
		} );
		await expect( edd ).toBeChecked();
		await tabTo( page, edd );
		await page.keyboard.press( 'ArrowDown' );
		await expect( slm ).toBeChecked();
		await expect( page ).toHaveURL( /[?&]source=slm(&|$)/ );
		await expect(
			wizard.locator( '.components-notice.is-warning' )
		).toContainText(
			'No Software License Manager tables found on this site.'
		);
		await expect(
			wizard.getByRole( 'button', { name: 'Dry run' } )
		).toBeDisabled();
		expect( await axeViolations( page, [ '.svc-import' ] ) ).toEqual( [] );
		await saveScreenshot( page, 'import-wizard-no-tables' );

		await page.keyboard.press( 'ArrowUp' );
		await expect( edd ).toBeChecked();
		await expect( page ).toHaveURL( /[?&]source=edd-sl(&|$)/ );
		await expect(
			wizard.locator( '.components-notice.is-warning' )
		).toHaveCount( 0 );
		await expect( wizard ).toContainText(
			'12 licences and 4 activations found.'
		);
		await tabTo( page, wizard.getByRole( 'button', { name: 'Dry run' } ) );
		await page.keyboard.press( 'Enter' );

		// The dry run's report: the counts of each kind, and every refused row with its reason.
		await expect( page ).toHaveURL( /[?&]step=report(&|$)/ );
		const counts = wizard.getByRole( 'table', {
			name: 'What would arrive',
		} );
		await expect( counts ).toBeVisible();
		await expect(
			counts.getByRole( 'row', { name: /^Licences/ } )
		).toHaveText( /Licences\s*8\s*0\s*0/ );
		await expect(
			counts.getByRole( 'row', { name: /^Activations/ } )
		).toHaveText( /Activations\s*3\s*0\s*0/ );
		const refused = wizard.getByRole( 'table', { name: 'Refused rows' } );
		await expect( refused.locator( 'tbody tr' ) ).toHaveCount( 6 );
		for ( const [ row, reason ] of [
			[ `Licence ${ base + 8 }`, 'It has no customer email.' ],
			[
				`Licence ${ base + 9 }`,
				`Its key is the same as licence ${ base + 1 }'s, which was imported.`,
			],
			[
				`Licence ${ base + 11 }`,
				'Its key is the key of a licence here that was not imported from this source.',
			],
			[
				`Activation ${ base + 5 }`,
				`Its licence ${ base + 8 } was not imported.`,
			],
		] ) {
			await expect(
				refused.getByRole( 'row', { name: new RegExp( `^${ row } ` ) } )
			).toContainText( reason );
		}
		await expect( wizard ).toContainText(
			'8 new and 0 changed licences would arrive; 6 rows would be refused. Nothing was written.'
		);
		expect( ( await totals( request, headers, tag ) ).licences ).toBe(
			before.licences
		);
		expect( await axeViolations( page, [ '.svc-import' ] ) ).toEqual( [] );
		await saveScreenshot( page, 'import-wizard-report' );

		// Import: the progress bar fills from the response's own stream, then the result lands at the top.
		await tabTo( page, wizard.getByRole( 'button', { name: 'Import' } ) );
		await page.keyboard.press( 'Enter' );
		await expect( page ).toHaveURL( /[?&]step=done(&|$)/ );
		const done = wizard.locator( '.components-notice.is-success' );
		await expect( done ).toContainText(
			'Imported 8 new and 0 changed licences; 6 rows were refused.'
		);
		const bar = wizard.getByRole( 'progressbar', { name: 'Import' } );
		await expect( bar ).toHaveAttribute( 'value', '100' );
		await expect( wizard ).toContainText( 'Activations: 4 of 4' );
		await expect( wizard ).toContainText( 'Licences: 12 of 12' );
		expect( await axeViolations( page, [ '.svc-import' ] ) ).toEqual( [] );
		await saveScreenshot( page, 'import-wizard-done' );

		// The licences exist: the admin API counts them, and finds a customer's.
		expect( ( await totals( request, headers, tag ) ).licences ).toBe(
			before.licences + 8
		);
		const ada = await (
			await request.get( `${ API }/admin/licenses`, {
				headers,
				params: { search: `ada-${ tag }@example.com` },
			} )
		).json();
		expect( ada.total ).toBe( 3 );

		// The link to the licences list, from the keyboard.
		const list = done.getByRole( 'link', { name: 'See the licences' } );
		await tabTo( page, list );
		await page.keyboard.press( 'Enter' );
		await expect( page ).toHaveURL( /[?&]page=svc-licensing(&|$)/ );
	} );

	test( 'a second run streams its progress and imports nothing new', async ( {
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		const response = await request.post( `${ API }/admin/import`, {
			headers,
			data: { source: 'edd-sl', dry_run: false, progress: true },
		} );
		expect( response.status() ).toBe( 200 );
		expect( response.headers()[ 'content-type' ] ).toContain(
			'application/x-ndjson'
		);
		const lines = ( await response.text() )
			.split( '\n' )
			.filter( Boolean )
			.map( ( line ) => JSON.parse( line ) );
		expect( lines ).toContainEqual( {
			phase: 'licences',
			done: 12,
			total: 12,
		} );
		const last = lines[ lines.length - 1 ] as { report: Report };
		expect( last.report.arrived.licences ).toEqual( {
			new: 0,
			changed: 0,
			unchanged: 8,
		} );
		expect( last.report.refused ).toHaveLength( 6 );
		expect( ( await totals( request, headers, tag ) ).licences ).toBe(
			before.licences
		);
	} );

	test( 'a fault after the stream began is its last line, in the envelope, and the batch it met is rolled back', async ( {
		page,
		request,
	} ) => {
		const before = await totals( request, headers, tag );
		// A week on the old plugin: one changed expiry and one new licence, both in the first licence batch; the run
		// throws before the second write, so that batch is rolled back whole (the catalogue, unchanged, wrote nothing).
		await changeFixture( request, {
			source: 'edd-sl',
			base,
			tag,
			download: proDownload,
		} );
		await armImportFault( request, 1 );
		const response = await request.post( `${ API }/admin/import`, {
			headers,
			data: { source: 'edd-sl', progress: true },
		} );
		expect( response.status() ).toBe( 200 );
		const lines = ( await response.text() )
			.split( '\n' )
			.filter( Boolean )
			.map( ( line ) => JSON.parse( line ) );
		expect( lines[ 0 ] ).toEqual( {
			phase: 'products',
			done: 3,
			total: 3,
		} );
		expect( lines[ lines.length - 1 ] ).toEqual( {
			error: {
				code: 'internal_error',
				message: 'An unexpected error occurred. It has been logged.',
				data: { status: 500 },
			},
		} );
		expect( await totals( request, headers, tag ) ).toEqual( before );

		// The panel shows the same words at the top (the dry run does every write, so it meets the fault too).
		await page.goto( WIZARD );
		await page
			.locator( '.svc-import' )
			.getByRole( 'button', { name: 'Dry run' } )
			.click();
		await expect(
			page.locator( '.svc-import .components-notice.is-error' )
		).toContainText( 'An unexpected error occurred. It has been logged.' );
		await expect(
			page.getByRole( 'radio', { name: /EDD/ } )
		).toBeChecked();

		await armImportFault( request, null );
		const dry = await request.post( `${ API }/admin/import`, {
			headers,
			data: { source: 'edd-sl', dry_run: true },
		} );
		expect( dry.status() ).toBe( 200 );
		expect( ( ( await dry.json() ) as Report ).arrived.licences ).toEqual( {
			new: 1,
			changed: 1,
			unchanged: 7,
		} );
	} );

	test( 'the import turned the old EDD client on; the settings form turns it off, from the keyboard', async ( {
		page,
		request,
	} ) => {
		await page.goto( '/wp-admin/admin.php?page=svc-licensing-settings' );
		const edd = page.getByRole( 'checkbox', {
			name: 'Answer the old EDD Software Licensing client',
		} );
		await expect( edd ).toBeChecked();
		await expect(
			page.getByRole( 'checkbox', {
				name: 'Answer the old Software License Manager client',
			} )
		).toBeVisible();
		await saveScreenshot( page, 'settings-old-clients' );
		await tabTo( page, edd );
		await page.keyboard.press( 'Space' );
		await expect( edd ).not.toBeChecked();
		await tabTo(
			page,
			page.getByRole( 'button', { name: 'Save settings' } )
		);
		await page.keyboard.press( 'Enter' );
		await expectSnackbar( page, 'Settings saved.' );
		const settings = await (
			await request.get( `${ API }/admin/settings`, { headers } )
		).json();
		expect( settings.edd_sl_protocol ).toBe( false );
	} );
} );
