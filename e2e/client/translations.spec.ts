/**
 * The SDK's strings in the user's language: a real catalogue (a German .po shipped with Acme Widgets, compiled to
 * .mo by tools/i18n/catalogue.ts) in the folder the seller names with `languages_dir`, and one in WordPress' own
 * wp-content/languages/plugins/, which wins where both translate a string. The admin's own language is German
 * for the test (user meta `locale`), and English again after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { compilePo, writeMo } from '../../tools/i18n/catalogue';
import {
	LICENSE_SCREENS,
	clientAdmin,
	deactivateProduct,
} from '../fixtures/client-site';
import { putClientFile, setClientUserLocale } from '../fixtures/client-i18n';
import { ADMIN, repoRoot } from '../fixtures/env';

const SELLER_PO = path.join(
	repoRoot,
	'e2e',
	'client',
	'plugins',
	'acme-widgets',
	'languages',
	'svc-licensing-client-de_DE.po'
);
const written: string[] = [];

test.afterEach( async ( { request } ) => {
	await setClientUserLocale( request, ADMIN.user, '' );
	for ( const file of written.splice( 0 ) ) {
		fs.rmSync( file, { force: true } );
	}
} );

test( "the licence screen speaks the admin's language from the seller's catalogue, the site's own catalogue first", async ( {
	browser,
	request,
} ) => {
	const page = await clientAdmin( browser );
	// No key on the screen, so its key field and Activate button show (in English, before the switch).
	await deactivateProduct( page, 'acme-widgets' );

	// The seller's catalogue, where Acme Widgets' call points (languages_dir), and the site's own for one string.
	written.push(
		putClientFile(
			'plugins/acme-widgets/languages/svc-licensing-client-de_DE.mo',
			compilePo( fs.readFileSync( SELLER_PO, 'utf8' ), SELLER_PO )
		),
		putClientFile(
			'languages/plugins/svc-licensing-client-de_DE.mo',
			writeMo(
				{
					'Content-Type': 'text/plain; charset=UTF-8',
					Language: 'de_DE',
				},
				[
					{
						msgid: 'Activate',
						msgstr: [ 'Freischalten' ],
						comments: [],
						references: [],
						flags: [],
					},
				]
			)
		)
	);
	await setClientUserLocale( request, ADMIN.user, 'de_DE' );

	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	await expect(
		page.getByRole( 'heading', { name: 'Lizenz für Acme Widgets' } )
	).toBeVisible();
	await expect( page.getByLabel( 'Lizenzschlüssel' ) ).toBeEditable();
	await expect( page.locator( '#svc-licence-key-help' ) ).toHaveText(
		'Der Schlüssel aus Ihrer Kauf-E-Mail, z. B. ABCD-EFGH-IJKL-MNOP.'
	);
	// The site's catalogue wins over the seller's for the string both translate.
	await expect(
		page.getByRole( 'button', { name: 'Freischalten' } )
	).toBeVisible();

	// One text domain for every product on the site: Acme Gadgets' screen and the plugin rows too.
	await page.goto( LICENSE_SCREENS[ 'acme-gadgets' ] );
	await expect(
		page.getByRole( 'heading', { name: 'Lizenz für Acme Gadgets' } )
	).toBeVisible();
	await page.goto( '/wp-admin/plugins.php' );
	await expect(
		page
			.locator( 'tr[data-plugin="acme-widgets/acme-widgets.php"]' )
			.getByRole( 'link', { name: 'Lizenz von Acme Widgets' } )
	).toHaveText( 'Lizenz' );

	// Back in English, the same screen is English again.
	await setClientUserLocale( request, ADMIN.user, '' );
	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	await expect(
		page.getByRole( 'heading', { name: 'Acme Widgets licence' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: 'Activate' } )
	).toBeVisible();
} );
