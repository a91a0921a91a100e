/**
 * The Licences screen's search as you type, timed in Chromium against a running site (issue 43: at 1,000,000
 * licences, after `npm run bench -- --only=scale --keep`, which leaves the bench site up with its largest size).
 *
 *   npx tsx tools/bench/panel-search.ts [--site=http://localhost:8894] [--term=First17] [--pace=150]
 *                                       [--shot=artifacts/screenshots/bench/licenses-search-1m.png]
 *
 * Signs in as admin / password, opens the Licences screen, waits for its list, then types the term one key every
 * --pace ms, as a person does. For every list request the screen sends meanwhile it prints the search, the HTTP
 * status and the time from request to answer (Chromium's own timing); then the time from the last key to the
 * moment the screen shows the last search's rows and item count, and the screenshot of that moment.
 * It prints figures and asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Request } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../e2e/fixtures/env.ts';
import { repoRoot } from '../stack/paths.ts';

function flag( name: string, fallback: string ): string {
	const given = process.argv.find( ( arg ) =>
		arg.startsWith( `--${ name }=` )
	);
	return given ? given.slice( name.length + 3 ) : fallback;
}

async function main(): Promise< void > {
	const site = flag( 'site', 'http://localhost:8894' );
	const term = flag( 'term', 'First17' );
	const pace = Number( flag( 'pace', '150' ) );
	const shot = path.resolve(
		repoRoot,
		flag( 'shot', 'artifacts/screenshots/bench/licenses-search.png' )
	);
	const browser = await chromium.launch( CHROMIUM_LAUNCH );
	try {
		const context = await browser.newContext( {
			baseURL: site,
			viewport: { width: 1440, height: 900 },
		} );
		const page = await context.newPage();
		await page.goto( '/wp-login.php' );
		await page.fill( '#user_login', 'admin' );
		await page.fill( '#user_pass', 'password' );
		await page.click( '#wp-submit' );
		await page.waitForURL( /\/wp-admin\/?/, { waitUntil: 'commit' } );
		const opened = Date.now();
		await page.goto( '/wp-admin/admin.php?page=svc-licensing' );
		await page.locator( 'tbody tr' ).first().waitFor( { timeout: 60_000 } );
		console.log(
			`Licences screen: first rows ${ Date.now() - opened } ms after the navigation began`
		);
		const searches: Array< { request: Request; sent: number } > = [];
		page.on( 'request', ( request ) => {
			const url = new URL( request.url() );
			if ( url.pathname.includes( '/svc/v1/' ) ) {
				searches.push( { request, sent: Date.now() } );
			}
		} );
		const box = page.getByRole( 'searchbox', {
			name: 'Search key, name or email',
		} );
		await box.click();
		let lastKey = 0;
		for ( const key of term ) {
			await page.keyboard.type( key );
			lastKey = Date.now();
			await page.waitForTimeout( pace );
		}
		const finalRequest = await page.waitForRequest(
			( request ) =>
				new URL( request.url() ).searchParams.get( 'search' ) === term,
			{ timeout: 30_000 }
		);
		const finalResponse = await finalRequest.response();
		await finalResponse?.finished();
		// The list shows the last search's answer: its first row holds the term, and the count line is there.
		await page
			.locator( 'tbody tr' )
			.first()
			.filter( { hasText: term } )
			.waitFor( { timeout: 30_000 } );
		const shown = Date.now() - lastKey;
		console.log(
			`| request sent while typing | HTTP | sent, ms after the last key | request → answer, ms |`
		);
		console.log( `|---|---:|---:|---:|` );
		for ( const { request, sent } of searches ) {
			const response = await request.response();
			const timing = request.timing();
			const url = new URL( request.url() );
			console.log(
				`| ${ url.pathname.replace( /^.*\/svc\/v1/, '' ) }${ decodeURIComponent(
					url.search
				) } | ${ response?.status() ?? 'none' } | ${ sent - lastKey } | ${
					timing.responseEnd > 0
						? timing.responseEnd.toFixed( 1 )
						: 'n/a'
				} |`
			);
		}
		const count = await page
			.locator( '.tablenav-pages .displaying-num, .displaying-num' )
			.first()
			.textContent()
			.catch( () => null );
		console.log(
			`Last key to the last search's rows on screen: ${ shown } ms (the screen says: ${
				count?.trim() ?? 'no count line found'
			})`
		);
		fs.mkdirSync( path.dirname( shot ), { recursive: true } );
		await page.screenshot( { path: shot, fullPage: false } );
		console.log( `Screenshot: ${ path.relative( repoRoot, shot ) }` );
	} finally {
		await browser.close();
	}
}

main().catch( ( error ) => {
	console.error( error );
	process.exitCode = 1;
} );
