/**
 * The block editor as a seller uses it: a block found through the inserter's search, the page published.
 */
import type { Page } from '@playwright/test';
import type {
	Editor,
	RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';

/** Opens the inserter, searches for the block by its title and picks it. */
export async function insertThroughInserter( page: Page, title: string ) {
	await page
		.getByRole( 'region', { name: 'Editor top bar' } )
		.getByRole( 'button', { name: 'Toggle block inserter' } )
		.click();
	const panel = page.getByRole( 'region', { name: 'Block Library' } );
	await panel.getByRole( 'searchbox', { name: 'Search' } ).fill( title );
	// 6.5 lists the matches as options of the inserter's listbox.
	await page
		.getByRole( 'listbox', { name: 'Blocks' } )
		.getByRole( 'option', { name: title } )
		.click();
}

/** Publishes the page and answers its address, as WordPress' REST API gives it. */
export async function publish(
	editor: Editor,
	requestUtils: RequestUtils
): Promise< string > {
	const id = await editor.publishPost();
	const page: { link: string } = await requestUtils.rest( {
		path: `/wp/v2/pages/${ id }`,
	} );
	return page.link;
}
