/**
 * The plugin in the admin's language: a German catalogue made from the plugin's own template
 * (plugin/languages/svc-licensing.pot, tools/i18n/plugin-pot.ts) as a translator would, compiled to .mo for the PHP
 * (load_plugin_textdomain, the languages/ folder) and to the panel's JSON for its script
 * (wp_set_script_translations, svc-licensing-de_DE-<md5 of build/index.js>.json) by tools/i18n/script-json.ts. Both
 * sit in the plugin's languages/ folder, with the portal block's editor script's JSON. A German administrator of
 * its own sees the panel and the block in the editor in German; the test's admin, in English, sees the panel in
 * English at the same time.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	test,
	type Browser,
	type BrowserContext,
} from '@playwright/test';
import { Editor } from '@wordpress/e2e-test-utils-playwright';
import {
	compilePo,
	readPo,
	writeMo,
	writePo,
} from '../../tools/i18n/catalogue';
import { pluginPot } from '../../tools/i18n/plugin-pot';
import {
	builtScripts,
	scriptJsonName,
	scriptTranslations,
} from '../../tools/i18n/script-json';
import { signIn } from '../fixtures/callers';
import { ADMIN, baseURL } from '../fixtures/env';
import { signInContext } from '../fixtures/sign-in';
import { openScreen } from './screens';

const siteDir = process.env.SVC_SITE_DIR ?? '';
const content = path.join( siteDir, 'wp-content' );
const languages = path.join( content, 'plugins', 'svc-licensing', 'languages' );
/**
 * Translations of the template's strings: 'Products' is the screen title (PHP), 'Add product' the panel's button,
 * 'My licences' the portal block's placeholder in the editor (the block's editor script).
 */
const GERMAN: Record< string, string > = {
	Products: 'Produkte',
	'Add product': 'Produkt hinzufügen',
	'My licences': 'Meine Lizenzen',
};
const written: string[] = [];
let userId = 0;
let pageId = 0;
let login = '';
let password = '';

function put( file: string, bytes: Buffer | string ): void {
	fs.mkdirSync( path.dirname( file ), { recursive: true } );
	fs.writeFileSync( file, bytes );
	written.push( file );
}

test.beforeAll( async () => {
	expect( siteDir, 'SVC_SITE_DIR: run through npm run test:e2e' ).not.toBe(
		''
	);
	// The translator's PO: the template with three strings translated.
	const template = readPo( pluginPot(), 'svc-licensing.pot' );
	const translated = template.messages
		.filter( ( message ) => message.msgctxt === undefined )
		.filter( ( message ) => message.msgid in GERMAN )
		.map( ( message ) => ( {
			...message,
			msgstr: [ GERMAN[ message.msgid ] ],
		} ) );
	expect( translated.map( ( message ) => message.msgid ).sort() ).toEqual(
		Object.keys( GERMAN ).sort()
	);
	const po = writePo(
		{
			'Content-Type': 'text/plain; charset=UTF-8',
			Language: 'de_DE',
			'Plural-Forms': 'nplurals=2; plural=(n != 1);',
		},
		translated
	);
	put( path.join( languages, 'svc-licensing-de_DE.mo' ), compilePo( po ) );
	const json = scriptTranslations(
		po,
		builtScripts( path.join( content, 'plugins', 'svc-licensing' ) )
	);
	const panelJson = scriptJsonName( 'de_DE', 'build/index.js' );
	const blockJson = scriptJsonName( 'de_DE', 'build/blocks/portal/index.js' );
	expect( [ ...json.keys() ] ).toEqual(
		expect.arrayContaining( [ panelJson, blockJson ] )
	);
	for ( const name of [ panelJson, blockJson ] ) {
		put( path.join( languages, name ), json.get( name )! );
	}
	// WordPress lets a user pick only an installed language: a de_DE core catalogue, empty but for its header.
	const core = path.join( content, 'languages', 'de_DE.mo' );
	if ( ! fs.existsSync( core ) ) {
		put( core, writeMo( { Language: 'de_DE' }, [] ) );
	}

	// An administrator of their own whose language is German (the test's admin stays English for the other specs).
	const admin = await signIn( ADMIN.user, ADMIN.password );
	login = `de${ Date.now() }`;
	password = `pw-${ login }-Aa1!`;
	const created = await admin.context.post( '/wp-json/wp/v2/users', {
		headers: { 'X-WP-Nonce': admin.nonce },
		data: {
			username: login,
			password,
			email: `${ login }@example.com`,
			roles: [ 'administrator' ],
			locale: 'de_DE',
		},
	} );
	expect( created.status(), await created.text() ).toBe( 201 );
	userId = ( await created.json() ).id;
	// A draft page holding the portal block, for the editor.
	const draft = await admin.context.post( '/wp-json/wp/v2/pages', {
		headers: { 'X-WP-Nonce': admin.nonce },
		data: {
			title: `Portal ${ login }`,
			content: '<!-- wp:svc-licensing/portal /-->',
			status: 'draft',
		},
	} );
	expect( draft.status(), await draft.text() ).toBe( 201 );
	pageId = ( await draft.json() ).id;
} );

test.afterAll( async () => {
	for ( const file of written.splice( 0 ) ) {
		fs.rmSync( file, { force: true } );
	}
	const admin = await signIn( ADMIN.user, ADMIN.password );
	if ( pageId > 0 ) {
		const removed = await admin.context.delete(
			`/wp-json/wp/v2/pages/${ pageId }?force=true`,
			{ headers: { 'X-WP-Nonce': admin.nonce } }
		);
		expect( removed.status() ).toBe( 200 );
	}
	if ( userId > 0 ) {
		const removed = await admin.context.delete(
			`/wp-json/wp/v2/users/${ userId }?force=true&reassign=1`,
			{ headers: { 'X-WP-Nonce': admin.nonce } }
		);
		expect( removed.status() ).toBe( 200 );
	}
} );

/**
 * The German administrator, signed in in a browser context of their own: through wp-login.php's POST, not its form,
 * which in this second context raced WordPress' focus script under load (signInContext).
 */
async function germanAdmin( browser: Browser ): Promise< BrowserContext > {
	const context = await browser.newContext( { baseURL } );
	await signInContext( context, login, password );
	await context.newPage();
	return context;
}

test( "the panel speaks a German admin's language: the screen title from PHP's .mo, the button from the script's JSON", async ( {
	browser,
	page,
} ) => {
	const german = await germanAdmin( browser );
	try {
		const germanPage = german.pages()[ 0 ];
		await openScreen( germanPage, 'products' );
		await expect(
			germanPage.locator( '#svc-licensing-root h1' )
		).toHaveText( 'Produkte' );
		await expect(
			germanPage.getByRole( 'button', { name: 'Produkt hinzufügen' } )
		).toBeVisible();
	} finally {
		await german.close();
	}

	// The English admin sees the same screen in English.
	await openScreen( page, 'products' );
	await expect( page.locator( '#svc-licensing-root h1' ) ).toHaveText(
		'Products'
	);
	await expect(
		page.getByRole( 'button', { name: 'Add product' } )
	).toBeVisible();
} );

test( "the portal block in the editor speaks a German admin's language: its editor script's JSON", async ( {
	browser,
} ) => {
	const german = await germanAdmin( browser );
	try {
		const germanPage = german.pages()[ 0 ];
		await germanPage.goto(
			`/wp-admin/post.php?post=${ pageId }&action=edit`
		);
		await expect(
			new Editor( { page: germanPage } ).canvas.locator(
				'[data-type="svc-licensing/portal"] .components-placeholder__label'
			)
		).toHaveText( 'Meine Lizenzen' );
	} finally {
		await german.close();
	}
} );
