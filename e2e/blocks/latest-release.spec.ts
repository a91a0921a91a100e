/**
 * The latest-release block: made in the block editor (inserted through the inserter, a product picked in its
 * settings, a product not on sale listed but disabled, the page published), and on the page as a visitor: the
 * current version, its date, requirements and changelog, server-rendered and cached, showing the new version right
 * after a publish, the old one right after a rollback, and an edited changelog right after the edit.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeViolations } from '../fixtures/axe';
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

const block = ( page: Page ) =>
	page.locator( '.wp-block-svc-licensing-latest-release' );

/** The block's facts as label => value, read from its description list. */
async function facts( page: Page ): Promise< Record< string, string > > {
	return block( page )
		.locator( 'dl > div' )
		.evaluateAll( ( rows ) =>
			Object.fromEntries(
				rows.map( ( row ) => [
					row.querySelector( 'dt' )?.textContent ?? '',
					row.querySelector( 'dd' )?.textContent ?? '',
				] )
			)
		);
}

test.describe( 'latest-release block', () => {
	// The editor's test saves four screenshots.
	test.describe.configure( { timeout: 90_000 } );

	test( 'the editor: inserted through the inserter, a product picked (one not on sale is disabled), the page published', async ( {
		admin,
		editor,
		page,
		request,
		browser,
		requestUtils,
	} ) => {
		const api = await adminApi( request );
		const product = await api.product();
		const retired = await api.product( { is_active: false } );
		await api.release( product.id, {
			version: '2.4.0',
			requires: '6.3',
			requires_php: '7.4',
			tested: '6.5',
			changelog:
				'<ul><li>New: a settings screen.</li><li>Fixed: the widget on narrow screens.</li></ul>',
		} );

		await admin.createNewPost( {
			postType: 'page',
			title: `Changelog ${ product.name }`,
		} );
		await insertThroughInserter( page, 'Latest release' );
		const inserted = editor.canvas.locator(
			'[data-type="svc-licensing/latest-release"]'
		);
		await expect( inserted ).toBeVisible();
		await expect( inserted ).toContainText(
			'Pick a product in the block settings to show its latest release.'
		);
		const settings = await blockSettings( page, editor );
		const picker = settings.getByRole( 'combobox', { name: 'Product' } );
		await expect(
			picker.locator( 'option', { hasText: retired.name } )
		).toHaveText( `${ retired.name } — Not on sale` );
		await expect(
			picker.locator( 'option', { hasText: retired.name } )
		).toBeDisabled();
		await picker.selectOption( { label: product.name } );
		await expect(
			inserted.getByRole( 'heading', {
				name: `${ product.name } 2.4.0`,
			} )
		).toBeVisible();
		await expect( inserted ).toContainText( 'New: a settings screen.' );
		await screenshotsAtWidths(
			page,
			'block-latest-release-editor',
			async () => {
				await expect( inserted ).toContainText( 'Requires PHP' );
			}
		);
		const url = await publish( editor, requestUtils );

		const visitor = await visitorPage( browser );
		try {
			await openAsVisitor( visitor.page, url );
			await expect(
				block( visitor.page ).getByRole( 'heading', {
					name: `${ product.name } 2.4.0`,
				} )
			).toBeVisible();
			expect(
				await axeViolations( visitor.page, [
					'.wp-block-svc-licensing-latest-release',
				] )
			).toEqual( [] );
			await screenshotsAtWidths(
				visitor.page,
				'block-latest-release-page',
				async () => {
					await expect( block( visitor.page ) ).toBeVisible();
				}
			);
		} finally {
			await visitor.context.close();
		}
	} );

	test( 'as a visitor: version, date, requirements and a sanitised changelog; the new version right after a publish, the old one after a rollback, an edited changelog after the edit', async ( {
		browser,
		request,
		requestUtils,
	} ) => {
		const api = await adminApi( request );
		const product = await api.product();
		const first = await api.release( product.id, {
			version: '1.0.0',
			requires: '6.2',
			requires_php: '7.4',
			tested: '6.5',
			changelog:
				'<h4>1.0.0</h4><ul><li>First release.</li></ul><img src="x" onerror="window.__svcChangelog = 1"><script>window.__svcChangelog = 2</script>',
		} );
		const url = await publishedPage(
			requestUtils,
			`Releases ${ randomUUID().slice( 0, 6 ) }`,
			blockMarkup( 'latest-release', {
				productId: product.id,
			} )
		);

		const { context, page } = await visitorPage( browser );
		try {
			await openAsVisitor( page, url );
			await expect(
				block( page ).getByRole( 'heading', {
					name: `${ product.name } 1.0.0`,
				} )
			).toBeVisible();
			expect( await facts( page ) ).toMatchObject( {
				Version: '1.0.0',
				'Requires WordPress': '6.2',
				'Requires PHP': '7.4',
				'Tested up to': '6.5',
			} );
			await expect( block( page ).locator( 'time' ) ).toHaveAttribute(
				'datetime',
				/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
			);
			const changelog = block( page ).locator(
				'.wp-block-svc-licensing-latest-release__changelog'
			);
			await expect( changelog.getByRole( 'listitem' ) ).toHaveText(
				'First release.'
			);
			await expect( changelog.locator( 'script' ) ).toHaveCount( 0 );
			await expect( changelog.locator( '[onerror]' ) ).toHaveCount( 0 );
			expect(
				await page.evaluate(
					() =>
						( window as unknown as { __svcChangelog?: number } )
							.__svcChangelog
				)
			).toBeUndefined();

			// A new release, published through the admin API: the next page view shows it.
			await api.release( product.id, {
				version: '1.1.0',
				requires: '6.4',
				requires_php: '8.0',
				changelog: '<ul><li>Second release.</li></ul>',
			} );
			await page.reload();
			await expect(
				block( page ).getByRole( 'heading', {
					name: `${ product.name } 1.1.0`,
				} )
			).toBeVisible();
			expect( await facts( page ) ).toMatchObject( {
				Version: '1.1.0',
				'Requires WordPress': '6.4',
				'Requires PHP': '8.0',
			} );
			await expect( changelog ).toHaveText( 'Second release.' );

			// A rollback is a publish of the earlier release.
			await api.send( 'POST', `/releases/${ first.id }/publish` );
			await page.reload();
			await expect(
				block( page ).getByRole( 'heading', {
					name: `${ product.name } 1.0.0`,
				} )
			).toBeVisible();

			// An edit of the current release's notes.
			await api.send( 'PUT', `/releases/${ first.id }`, {
				changelog: 'Plain words on one line.',
			} );
			await page.reload();
			await expect( changelog ).toHaveText( 'Plain words on one line.' );
			await expect( changelog.locator( 'p' ) ).toHaveCount( 1 );
		} finally {
			await context.close();
		}
	} );

	test( 'as a visitor: a product without a release says so; a product taken off sale shows nothing', async ( {
		browser,
		request,
		requestUtils,
	} ) => {
		const api = await adminApi( request );
		const product = await api.product();
		const url = await publishedPage(
			requestUtils,
			`Releases ${ randomUUID().slice( 0, 6 ) }`,
			blockMarkup( 'latest-release', {
				productId: product.id,
			} )
		);
		const { context, page } = await visitorPage( browser );
		try {
			await openAsVisitor( page, url );
			await expect( block( page ) ).toContainText(
				'No release has been published yet.'
			);
			await api.send( 'PUT', `/products/${ product.id }`, {
				is_active: false,
			} );
			await page.reload();
			await expect( block( page ) ).toHaveCount( 0 );
		} finally {
			await context.close();
		}
	} );
} );
