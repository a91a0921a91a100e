/**
 * The free-trial block: made in the block editor (inserted through the inserter, a product with trials picked in
 * its settings, a product without trials listed but disabled with the reason, the page published), then used on the
 * page by a logged-out visitor: the key arrives by mail and validates (the page never shows it), a second request gets
 * the same words and a mail saying the address had its trial, the honeypot is refused, and every other outcome is said in words: sending, too many requests with
 * the wait, trials switched off, an invalid email. Keyboard only, labels and an aria-live outcome.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';
import { axeViolations } from '../fixtures/axe';
import {
	LOCAL_PROXIES,
	awaitRoomInMinute,
	randomIp,
} from '../fixtures/rate-window';
import { clearMails, readMails } from '../fixtures/test-helpers';
import { expect, test } from '../fixtures/wp';
import {
	adminApi,
	blockMarkup,
	blockSettings,
	openAsVisitor,
	screenshotsAtWidths,
	visitorPage,
} from './block-helpers';
import { insertThroughInserter, publish, publishedPage } from './editor';

const KEY = /[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}/;
const email = ( who: string ) =>
	`${ who }.${ randomUUID().slice( 0, 8 ) }@example.com`;

/** The form's parts, by their labels and roles. */
function form( page: Page ) {
	const block = page.locator( '.wp-block-svc-licensing-free-trial' );
	return {
		block,
		email: block.getByLabel( 'Email address' ),
		name: block.getByLabel( 'Name (optional)' ),
		button: block.getByRole( 'button', { name: 'Start my free trial' } ),
		outcome: block.getByRole( 'status' ),
	};
}

/** Asks for a trial as a visitor does and waits for the answer's words. */
async function ask( page: Page, address: string, expected: string | RegExp ) {
	const parts = form( page );
	await parts.email.fill( address );
	await parts.button.click();
	await expect( parts.outcome ).toHaveText( expected );
}

/** A product with trials of this many days, and a published page with its free-trial block. */
async function trialPage(
	request: APIRequestContext,
	requestUtils: RequestUtils,
	days: number,
	attributes: Record< string, unknown > = {}
) {
	const api = await adminApi( request );
	const product = await api.product( {
		trial_enabled: true,
		trial_days: days,
	} );
	const url = await publishedPage(
		requestUtils,
		`Trial ${ product.name }`,
		blockMarkup( 'free-trial', { productId: product.id, ...attributes } )
	);
	return { api, product, url };
}

test.describe( 'free-trial block', () => {
	// The editor's tests save four screenshots; the rate limit's waits for room in its one-minute window (up to 16 s).
	test.describe.configure( { timeout: 90_000 } );

	test( 'the editor: inserted through the inserter, a product with trials picked (one without is disabled, with the reason), the page published', async ( {
		admin,
		editor,
		page,
		request,
		browser,
		requestUtils,
	} ) => {
		const api = await adminApi( request );
		const offered = await api.product( {
			trial_enabled: true,
			trial_days: 14,
		} );
		const off = await api.product( { trial_enabled: false } );

		await admin.createNewPost( {
			postType: 'page',
			title: `Try it ${ offered.name }`,
		} );
		await insertThroughInserter( page, 'Free trial' );
		const block = editor.canvas.locator(
			'[data-type="svc-licensing/free-trial"]'
		);
		await expect( block ).toBeVisible();
		await expect( block ).toContainText(
			'Pick a product with trials on in the block settings'
		);

		const settings = await blockSettings( page, editor );
		const picker = settings.getByRole( 'combobox', { name: 'Product' } );
		await expect(
			picker.locator( 'option', { hasText: off.name } )
		).toHaveText( `${ off.name } — Trials are off for this product` );
		await expect(
			picker.locator( 'option', { hasText: off.name } )
		).toBeDisabled();
		await expect(
			picker.locator( 'option', { hasText: offered.name } )
		).toBeEnabled();
		await picker.selectOption( { label: offered.name } );
		await expect(
			block.getByRole( 'button', { name: 'Start my free trial' } )
		).toBeVisible();
		await expect( block.getByText( 'Email address' ) ).toBeVisible();
		await screenshotsAtWidths(
			page,
			'block-free-trial-editor',
			async () => {
				await expect(
					block.getByRole( 'button', { name: 'Start my free trial' } )
				).toBeVisible();
			}
		);

		const url = await publish( editor, requestUtils );

		// The published page, as a visitor sees it.
		const visitor = await visitorPage( browser );
		try {
			await openAsVisitor( visitor.page, url );
			const parts = form( visitor.page );
			await expect( parts.email ).toBeVisible();
			await expect( parts.button ).toBeVisible();
			expect(
				await axeViolations( visitor.page, [
					'.wp-block-svc-licensing-free-trial',
				] )
			).toEqual( [] );
			await screenshotsAtWidths(
				visitor.page,
				'block-free-trial-page',
				async () => {
					await expect( parts.button ).toBeVisible();
				}
			);
		} finally {
			await visitor.context.close();
		}

		// A block whose product has trials off says so in the canvas (its markup set directly: the inserter is above).
		await admin.createNewPost( {
			postType: 'page',
			title: `Trial off ${ off.name }`,
		} );
		await editor.setContent(
			blockMarkup( 'free-trial', { productId: off.id } )
		);
		await expect(
			editor.canvas.locator( '[data-type="svc-licensing/free-trial"]' )
		).toContainText(
			`${ off.name }: Trials are off for this product. Visitors see no form until you switch trials on in Licence Service → Products, or pick another product.`
		);
	} );

	test( 'as a visitor, keyboard only: sending, then "check your inbox"; the key arrives by mail (never on the page) and validates; a second request reads the same and mails no key', async ( {
		browser,
		request,
		requestUtils,
	} ) => {
		const { product, url } = await trialPage( request, requestUtils, 14 );
		await clearMails( request );
		const address = email( 'ann' );

		const { context, page } = await visitorPage( browser );
		try {
			await openAsVisitor( page, url );
			const parts = form( page );
			await expect( parts.outcome ).toHaveAttribute(
				'aria-live',
				'polite'
			);
			await expect( parts.outcome ).toHaveText( '' );

			// The request waits until the test has seen "sending".
			let release = () => {};
			const held = new Promise< void >( ( resolve ) => {
				release = resolve;
			} );
			await page.route( '**/svc/v1/trials/request', async ( route ) => {
				await held;
				await route.continue();
			} );

			// Keyboard only: the fields in order, the hidden honeypot skipped, Enter on the button.
			await parts.email.focus();
			await page.keyboard.type( address );
			await page.keyboard.press( 'Tab' );
			await expect( parts.name ).toBeFocused();
			await page.keyboard.type( 'Ann Lee' );
			await page.keyboard.press( 'Tab' );
			await expect( parts.button ).toBeFocused();
			await page.keyboard.press( 'Enter' );
			await expect( parts.outcome ).toHaveText( 'Sending your request…' );
			release();
			await expect( parts.outcome ).toHaveText(
				`Check your inbox: we have sent a mail about your free trial to ${ address }.`
			);
			await page.unroute( '**/svc/v1/trials/request' );
			await screenshotsAtWidths(
				page,
				'block-free-trial-page-sent',
				async () => {
					await expect( parts.outcome ).toBeVisible();
				}
			);

			const mails = await readMails( request );
			expect( mails ).toHaveLength( 1 );
			expect( mails[ 0 ].to ).toBe( address );
			const key = mails[ 0 ].message.match( KEY )?.[ 0 ] ?? '';
			expect( key ).toMatch( KEY );
			// The key went by mail only.
			expect( await page.content() ).not.toContain( key );

			const validated = await request.post(
				'/wp-json/svc/v1/licenses/validate',
				{
					data: {
						license_key: key,
						product_slug: product.slug,
						site_url: 'trial-block.example.com',
					},
				}
			);
			expect( await validated.json() ).toMatchObject( {
				valid: true,
				status: 'trial',
				is_trial: true,
			} );

			// The same address again: the same words on the page, which tells nobody whether the address had a
			// trial; the mail tells its owner, without a key.
			await ask(
				page,
				address,
				`Check your inbox: we have sent a mail about your free trial to ${ address }.`
			);
			await expect( parts.outcome ).not.toHaveClass( /is-error/ );
			const both = await readMails( request );
			expect( both ).toHaveLength( 2 );
			expect( both[ 1 ].message ).toContain( 'already had one' );
			expect( both[ 1 ].message ).not.toMatch( KEY );
		} finally {
			await context.close();
		}
	} );

	test( 'as a visitor: the filled honeypot is refused (no licence, no mail); an address the browser lets through but the server refuses is an invalid email', async ( {
		browser,
		request,
		requestUtils,
	} ) => {
		const { url } = await trialPage( request, requestUtils, 7, {
			showName: false,
		} );
		await clearMails( request );
		const address = email( 'bot' );

		const { context, page } = await visitorPage( browser );
		try {
			await openAsVisitor( page, url );
			const parts = form( page );
			// No name field when the block says so; the honeypot is out of sight and out of the tab order.
			await expect( parts.name ).toHaveCount( 0 );
			const trap = page.locator( 'input[name="website"]' );
			await expect( trap ).toHaveAttribute( 'tabindex', '-1' );
			await expect( trap ).not.toBeInViewport();

			// A bot fills every field it finds.
			await trap.evaluate( ( input: HTMLInputElement ) => {
				input.value = 'https://spam.example';
			} );
			await ask(
				page,
				address,
				'This request looks automated, so no trial was sent. If you are a person, reload the page and try again.'
			);
			expect( await readMails( request ) ).toHaveLength( 0 );

			// A person (the field empty) gets the trial: the bot's request made no licence.
			await page.reload();
			await ask(
				page,
				address,
				`Check your inbox: we have sent a mail about your free trial to ${ address }.`
			);
			expect( await readMails( request ) ).toHaveLength( 1 );

			// name@localhost passes the browser's own check, not the server's.
			await parts.email.fill( 'ann@localhost' );
			expect(
				await parts.email.evaluate( ( input: HTMLInputElement ) =>
					input.checkValidity()
				)
			).toBe( true );
			await parts.button.click();
			await expect( parts.outcome ).toHaveText(
				'Enter a valid email address with a domain, such as name@example.com.'
			);
			await expect( parts.email ).toHaveAttribute(
				'aria-invalid',
				'true'
			);
			await expect( parts.email ).toBeFocused();
			await screenshotsAtWidths(
				page,
				'block-free-trial-page-refused',
				async () => {
					await expect( parts.outcome ).toBeVisible();
				}
			);
		} finally {
			await context.close();
		}
	} );

	test( 'as a visitor: trials switched off after the page loaded, then the page without a form', async ( {
		browser,
		request,
		requestUtils,
	} ) => {
		const { api, product, url } = await trialPage(
			request,
			requestUtils,
			7
		);
		const { context, page } = await visitorPage( browser );
		try {
			await openAsVisitor( page, url );
			await expect( form( page ).button ).toBeVisible();
			await api.send( 'PUT', `/products/${ product.id }`, {
				trial_enabled: false,
			} );
			await ask(
				page,
				email( 'cy' ),
				`Free trials of ${ product.name } are switched off at the moment.`
			);
			await page.reload();
			await expect( form( page ).block ).toHaveText(
				`Free trials of ${ product.name } are not available at the moment.`
			);
			await expect( form( page ).button ).toHaveCount( 0 );
		} finally {
			await context.close();
		}
	} );

	test( 'as a visitor: too many requests, with the wait (the trials limit lowered through the admin settings API, then put back)', async ( {
		browser,
		request,
		requestUtils,
	} ) => {
		const { api, url } = await trialPage( request, requestUtils, 7 );
		const before = ( await api.send( 'GET', '/settings' ) ) as {
			rate_limits: { trials: number };
			trusted_proxies: string[];
		};
		// This visitor's own bucket: the loopback is trusted as a proxy, the visitor has an address of its own.
		const { context, page } = await visitorPage( browser, {
			'X-Forwarded-For': randomIp(),
		} );
		try {
			await api.send( 'PUT', '/settings', {
				rate_limits: { trials: 2 },
				trusted_proxies: LOCAL_PROXIES,
			} );
			await awaitRoomInMinute();
			await openAsVisitor( page, url );
			for ( const who of [ 'dee', 'eve' ] ) {
				const address = email( who );
				await ask(
					page,
					address,
					`Check your inbox: we have sent a mail about your free trial to ${ address }.`
				);
			}
			await ask(
				page,
				email( 'fay' ),
				/^Too many requests\. Please wait (1 second|\d+ seconds), then try again\.$/
			);
		} finally {
			await context.close();
			await api.send( 'PUT', '/settings', {
				rate_limits: { trials: before.rate_limits.trials },
				trusted_proxies: before.trusted_proxies,
			} );
		}
	} );
} );
