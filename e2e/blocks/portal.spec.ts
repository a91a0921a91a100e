/**
 * The "My licences" block (blocks/portal): a page made in the block editor with the block inserted through the
 * inserter, then used as customers would: a sign-in link by mail, their licences and none of anyone else's, a site
 * deactivated, the latest version downloaded, a new key. The routes' refusals are pinned at the HTTP level in
 * e2e/api/portal-*.spec.ts; here they are seen as a customer sees them.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type {
	Admin,
	Editor,
	RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import { expect, test } from '../fixtures/wp';
import { saveScreenshot } from '../admin/screens';
import { axeViolations } from '../fixtures/axe';
import { sha256 } from '../fixtures/seed';
import { makeZip } from '../fixtures/zip';
import {
	clearMails,
	createUserWithCaps,
	keyHeaders,
	readMails,
} from '../fixtures/test-helpers';
import { insertThroughInserter, publish, publishedPage } from './editor';
import { DESKTOP, PHONE, openAsVisitor, visitorPage } from './block-helpers';
import { logIn } from '../fixtures/sign-in';

const API = '/wp-json/svc/v1';

interface Shop {
	product: { id: number; slug: string; name: string };
	zip: Buffer;
	/** The customer with two licences (also a WordPress user's email), the other with one. */
	customer: string;
	other: string;
	login: string;
	keys: { first: string; second: string; others: string };
	ids: { first: number; second: number; others: number };
	sites: string[];
}

async function openShop( request: APIRequestContext ): Promise< Shop > {
	const admin = await keyHeaders( request );
	const tag = randomUUID().slice( 0, 8 );
	const name = `Portal Pro ${ tag }`;
	const product = await (
		await request.post( `${ API }/admin/products`, {
			headers: admin,
			data: { name, homepage_url: `https://shop.example.com/${ tag }` },
		} )
	).json();
	const zip = makeZip( {
		[ `portal-${ tag }/plugin.php` ]: `<?php // ${ tag }`,
	} );
	const release = await request.post(
		`${ API }/admin/products/${ product.id }/releases`,
		{
			headers: admin,
			multipart: {
				version: '2.4.0',
				changelog: 'Portal release',
				package: {
					name: `portal-${ tag }.zip`,
					mimeType: 'application/zip',
					buffer: zip,
				},
			},
		}
	);
	expect( release.status() ).toBe( 201 );
	const login = `portal-${ tag }`;
	const customer = `${ login }@example.com`;
	const other = `someone-else-${ tag }@example.com`;
	const issue = async ( email: string ) => {
		const response = await request.post( `${ API }/admin/licenses`, {
			headers: admin,
			data: {
				product_id: product.id,
				customer_email: email,
				activation_limit: 3,
			},
		} );
		expect( response.status() ).toBe( 201 );
		return response.json();
	};
	const first = await issue( customer );
	const second = await issue( customer );
	const others = await issue( other );
	const sites = [ `one-${ tag }.example.com`, `two-${ tag }.example.com` ];
	for ( const site of sites ) {
		const activated = await request.post( `${ API }/licenses/activate`, {
			data: {
				license_key: first.license_key,
				product_slug: product.slug,
				site_url: site,
			},
		} );
		expect( activated.status() ).toBe( 200 );
	}
	return {
		product: { id: product.id, slug: product.slug, name },
		zip,
		customer,
		other,
		login,
		keys: {
			first: first.license_key,
			second: second.license_key,
			others: others.license_key,
		},
		ids: { first: first.id, second: second.id, others: others.id },
		sites,
	};
}

async function makePortalPage(
	page: Page,
	admin: Admin,
	editor: Editor,
	requestUtils: RequestUtils
) {
	await admin.createNewPost( {
		postType: 'page',
		title: `My licences ${ randomUUID().slice( 0, 6 ) }`,
	} );
	await insertThroughInserter( page, 'My licences' );
	await expect(
		editor.canvas.getByText( 'Visitors enter their email address' )
	).toBeVisible();
	return publish( editor, requestUtils );
}

/** The sign-in link of the newest mail to this address. */
async function signInLink( request: APIRequestContext, email: string ) {
	const mails = ( await readMails( request ) ).filter(
		( mail ) => mail.to === email
	);
	expect( mails.length, `a mail to ${ email }` ).toBeGreaterThan( 0 );
	const link = /https?:\/\/\S*svc_portal_token=[A-Za-z0-9_-]+/.exec(
		mails[ mails.length - 1 ].message
	);
	expect( link, 'a sign-in link in the mail' ).not.toBeNull();
	return ( link as RegExpExecArray )[ 0 ];
}

async function askForLink( page: Page, email: string ) {
	await page.getByLabel( 'Email address' ).fill( email );
	await page
		.getByRole( 'button', { name: 'Email me a sign-in link' } )
		.click();
	await expect( page.getByRole( 'status' ).first() ).toHaveText(
		/If we know this address/
	);
}

const licenseCard = ( page: Page, id: number ) =>
	page.locator( `.svc-portal__licence[data-licence="${ id }"]` );

async function adminLicense( request: APIRequestContext, id: number ) {
	const response = await request.get( `${ API }/admin/licenses/${ id }`, {
		headers: await keyHeaders( request ),
	} );
	expect( response.status() ).toBe( 200 );
	return response.json();
}

async function validate(
	request: APIRequestContext,
	key: string,
	slug: string
) {
	return request.post( `${ API }/licenses/validate`, {
		data: {
			license_key: key,
			product_slug: slug,
			site_url: 'https://one.example.com',
		},
	} );
}

test.describe( 'My licences block', () => {
	let shop: Shop;
	let pageUrl: string;

	test.beforeAll( async ( { request, requestUtils } ) => {
		shop = await openShop( request );
		pageUrl = await publishedPage(
			requestUtils,
			'Account',
			'<!-- wp:svc-licensing/portal /-->'
		);
	} );

	test( 'the editor inserts it through the inserter and publishes the page', async ( {
		browser,
		page,
		admin,
		editor,
		requestUtils,
	} ) => {
		await page.setViewportSize( DESKTOP );
		const made = await makePortalPage( page, admin, editor, requestUtils );
		await saveScreenshot( page, 'block-portal-editor-1440' );
		await page.setViewportSize( PHONE );
		await saveScreenshot( page, 'block-portal-editor-390' );
		// The published page shows visitors the sign-in form.
		const { context, page: guest } = await visitorPage( browser );
		await openAsVisitor( guest, made );
		await expect(
			guest.getByRole( 'heading', { name: 'Sign in to your licences' } )
		).toBeVisible();
		await context.close();
	} );

	test( 'a customer signs in by mail, sees their two licences and none of another address', async ( {
		browser,
		request,
	} ) => {
		await clearMails( request );
		const { context, page } = await visitorPage( browser );
		await page.setViewportSize( DESKTOP );
		await openAsVisitor( page, pageUrl );
		await expect(
			page.getByRole( 'heading', { name: 'Sign in to your licences' } )
		).toBeVisible();
		await saveScreenshot( page, 'block-portal-sign-in-1440' );
		expect(
			await axeViolations( page, [ '.wp-block-svc-licensing-portal' ] )
		).toEqual( [] );
		await askForLink( page, shop.customer );
		const link = await signInLink( request, shop.customer );
		expect( link.startsWith( pageUrl.replace( /\/$/, '' ) ) ).toBe( true );

		await page.goto( link );
		await expect(
			page.getByText( `Signed in as ${ shop.customer }` )
		).toBeVisible();
		// The token leaves the address bar at once: it works once and must not be shared or bookmarked.
		expect( page.url() ).not.toContain( 'svc_portal_token' );
		await expect( page.locator( '.svc-portal__licence' ) ).toHaveCount( 2 );
		await expect( licenseCard( page, shop.ids.first ) ).toContainText(
			shop.product.name
		);
		await expect( licenseCard( page, shop.ids.first ) ).toContainText(
			'2 of 3'
		);
		await expect( licenseCard( page, shop.ids.first ) ).toContainText(
			shop.sites[ 0 ]
		);
		await expect( licenseCard( page, shop.ids.second ) ).toContainText(
			'0 of 3'
		);
		await expect( licenseCard( page, shop.ids.others ) ).toHaveCount( 0 );
		// Keys are masked: neither full key is on the page.
		const text = await page
			.locator( '.wp-block-svc-licensing-portal' )
			.innerText();
		expect( text ).not.toContain( shop.keys.first );
		expect( text ).not.toContain( shop.keys.second );
		expect( text ).not.toContain( shop.other );
		await saveScreenshot( page, 'block-portal-page-1440' );
		expect(
			await axeViolations( page, [ '.wp-block-svc-licensing-portal' ] )
		).toEqual( [] );
		await page.setViewportSize( PHONE );
		await saveScreenshot( page, 'block-portal-page-390' );

		// The same link a second time (another browser, say) is refused in words, with the form to ask again.
		const { page: again } = await visitorPage( browser );
		await again.goto( link );
		await expect( again.getByRole( 'status' ).first() ).toHaveText(
			/expired or was already used/
		);
		await expect(
			again.getByRole( 'button', { name: 'Email me a sign-in link' } )
		).toBeVisible();
		await again.context().close();
		await context.close();
	} );

	test( 'an address without licences gets the same words as one with, and no mail', async ( {
		browser,
		request,
	} ) => {
		await clearMails( request );
		const nobody = `nobody-${ randomUUID().slice( 0, 6 ) }@example.com`;
		const { page } = await visitorPage( browser );
		await openAsVisitor( page, pageUrl );
		await askForLink( page, nobody );
		expect(
			( await readMails( request ) ).filter(
				( mail ) => mail.to === nobody
			)
		).toEqual( [] );
		await page.context().close();
	} );

	test( 'the customer deactivates a site, downloads the latest version and gets a new key', async ( {
		browser,
		request,
	} ) => {
		await clearMails( request );
		const { context, page } = await visitorPage( browser );
		await openAsVisitor( page, pageUrl );
		await askForLink( page, shop.customer );
		await page.goto( await signInLink( request, shop.customer ) );
		const card = licenseCard( page, shop.ids.first );
		await expect( card ).toContainText( '2 of 3' );

		// Deactivate the second site, from the keyboard.
		const before = ( await adminLicense( request, shop.ids.first ) )
			.activation_count;
		const release = card.getByRole( 'button', {
			name: `Deactivate ${ shop.sites[ 1 ] }`,
		} );
		await release.focus();
		await page.keyboard.press( 'Enter' );
		await expect( card.getByRole( 'status' ) ).toHaveText(
			`${ shop.sites[ 1 ] } was deactivated. Its slot is free.`
		);
		await expect( card ).toContainText( '1 of 3' );
		await expect( card ).toContainText(
			'You can deactivate 2 more sites this month.'
		);
		await expect( card.locator( '.svc-portal__sites' ) ).not.toContainText(
			shop.sites[ 1 ]
		);
		expect(
			( await adminLicense( request, shop.ids.first ) ).activation_count
		).toBe( before - 1 );

		// Download: the bytes are the release's package, as the update check's package_hash says.
		const offer = await request.get( `${ API }/updates/check`, {
			params: {
				license_key: shop.keys.first,
				product_slug: shop.product.slug,
				current_version: '1.0.0',
				site_url: shop.sites[ 0 ],
			},
		} );
		expect( offer.status() ).toBe( 200 );
		const { package_hash: packageHash } = await offer.json();
		const [ download ] = await Promise.all( [
			page.waitForEvent( 'download' ),
			card
				.getByRole( 'button', { name: 'Download the latest version' } )
				.click(),
		] );
		const bytes = await readFile( ( await download.path() ) as string );
		expect( `sha256:${ sha256( bytes ) }` ).toBe( packageHash );
		expect( sha256( bytes ) ).toBe( sha256( shop.zip ) );

		// A new key: confirmed, shown once, the old one stops validating.
		page.once( 'dialog', ( dialog ) => dialog.accept() );
		await card.getByRole( 'button', { name: 'Get a new key' } ).click();
		const shown = card.locator( '.svc-portal__new-key code' );
		await expect( shown ).toHaveText( /\S{16,}/ );
		const fresh = ( await shown.innerText() ).trim();
		expect( fresh ).not.toBe( shop.keys.first );
		const old = await validate(
			request,
			shop.keys.first,
			shop.product.slug
		);
		expect( old.status() ).toBe( 404 );
		const renewed = await validate( request, fresh, shop.product.slug );
		expect( renewed.status() ).toBe( 200 );
		expect( ( await renewed.json() ).valid ).toBe( true );
		await saveScreenshot( page, 'block-portal-new-key-1440' );
		shop.keys.first = fresh;

		// Signing out ends the session: a reload shows the sign-in form.
		await page.getByRole( 'button', { name: 'Sign out' } ).click();
		await expect( page.getByRole( 'status' ).first() ).toHaveText(
			'You are signed out.'
		);
		await page.reload();
		await expect(
			page.getByRole( 'button', { name: 'Email me a sign-in link' } )
		).toBeVisible();
		await context.close();
	} );

	test( "a logged-in WordPress user sees their email's licences without a link once a mailed link proved the email", async ( {
		browser,
		request,
	} ) => {
		await createUserWithCaps( request, {
			login: shop.login,
			password: 'portal-password',
			caps: [],
		} );
		const { context, page } = await visitorPage( browser );
		await logIn( page, shop.login, 'portal-password' );
		// An account is no proof of its email (anyone may register a buyer's address): the sign-in form first.
		await page.goto( pageUrl );
		await expect(
			page.getByRole( 'heading', { name: 'Sign in to your licences' } )
		).toBeVisible();
		await expect( page.locator( '.svc-portal__licence' ) ).toHaveCount( 0 );
		await clearMails( request );
		await askForLink( page, shop.customer );
		await page.goto( await signInLink( request, shop.customer ) );
		await expect(
			page.getByText( `Signed in as ${ shop.customer }` )
		).toBeVisible();

		// Proven once: without the link's session the account itself now opens the portal.
		await context.clearCookies( { name: 'svc_portal' } );
		await page.goto( pageUrl );
		await expect(
			page.getByText( `Signed in as ${ shop.customer }` )
		).toBeVisible();
		await expect( page.locator( '.svc-portal__licence' ) ).toHaveCount( 2 );
		// Their WordPress account opened it: leaving is WordPress' log-out, not a portal sign-out.
		await expect(
			page.getByRole( 'button', { name: 'Sign out' } )
		).toBeHidden();
		await context.close();
	} );
} );
