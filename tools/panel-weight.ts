/**
 * `npm run panel:weight -- [site URL] [--build=[label=]dir]... [--runs=N]`: how heavy the panel's first screen is.
 *
 * Logs in as the admin, then opens the Licences screen in Chromium with a cold cache several times and reports
 *  - the JavaScript the screen loaded from the plugin's build/ folder (the entry and every chunk fetched before the
 *    network went idle), in bytes and gzipped (gzip -9 of each file, as a server compressing them would send it);
 *  - the time from navigation start to the panel's first heading, and to the end of the last network response
 *    (network idle), the median of the timed loads.
 * With --build, the build/ files are answered from the given folder instead of the site's, so one run on one site
 * compares two builds (loads interleaved, so a busy machine slows both alike). The PHP side still reads the site's
 * own build/index.asset.php for the script's dependencies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/fixtures/env.ts';
import { DEV_PORT } from './stack/profiles.ts';
import {
	USAGE,
	buildFileOf,
	parseWeightArgs,
	report,
	type BuildResult,
	type WeightArgs,
} from './panel-weight/measure.ts';

const CONTENT_TYPES: Record< string, string > = {
	'.js': 'application/javascript',
	'.css': 'text/css',
	'.map': 'application/json',
};

async function logIn(
	browser: Browser,
	args: WeightArgs
): Promise< Awaited< ReturnType< BrowserContext[ 'storageState' ] > > > {
	const context = await browser.newContext( { baseURL: args.site } );
	const page = await context.newPage();
	await page.goto( '/wp-login.php' );
	await page.fill( '#user_login', args.user );
	await page.fill( '#user_pass', args.password );
	await page.click( '#wp-submit' );
	await page.waitForURL( /\/wp-admin\/?/, {
		waitUntil: 'commit',
		timeout: 60_000,
	} );
	const state = await context.storageState();
	await context.close();
	return state;
}

interface Load {
	scripts: Map< string, Buffer >;
	networkIdle: number;
	panelShown: number;
	errors: string[];
}

async function loadOnce(
	browser: Browser,
	args: WeightArgs,
	state: Awaited< ReturnType< BrowserContext[ 'storageState' ] > >,
	dir: string | null
): Promise< Load > {
	// A new context each time: a cold HTTP cache, as a first visit.
	const context = await browser.newContext( {
		baseURL: args.site,
		storageState: state,
		viewport: { width: 1440, height: 900 },
	} );
	const page = await context.newPage();
	const load: Load = {
		scripts: new Map(),
		networkIdle: 0,
		panelShown: 0,
		errors: [],
	};
	if ( dir !== null ) {
		await page.route(
			/\/wp-content\/plugins\/[^/]+\/build\//,
			( route ) => {
				const file = buildFileOf( route.request().url() ) ?? '';
				const full = path.join( dir, file );
				if ( ! full.startsWith( dir ) || ! fs.existsSync( full ) ) {
					return route.fulfill( {
						status: 404,
						body: 'not in this build',
					} );
				}
				return route.fulfill( {
					status: 200,
					body: fs.readFileSync( full ),
					contentType:
						CONTENT_TYPES[ path.extname( full ) ] ??
						'application/octet-stream',
				} );
			}
		);
	}
	// When the panel first shows a heading, in the page's own clock.
	// (A string, not a function: tsx would wrap a function's inner helpers in its own __name().)
	await page.addInitScript( `(() => {
		const mark = () => {
			if ( ! window.svcPanelShown && document.querySelector( '#svc-licensing-root h1, #svc-licensing-root h2' ) ) {
				window.svcPanelShown = performance.now();
			}
			return !! window.svcPanelShown;
		};
		new MutationObserver( ( _m, observer ) => mark() && observer.disconnect() )
			.observe( document, { childList: true, subtree: true } );
	})();` );
	const pending: Array< Promise< void > > = [];
	page.on( 'response', ( response ) => {
		const file = buildFileOf( response.url() );
		if ( file === null ) {
			return;
		}
		if ( response.status() >= 400 ) {
			load.errors.push( `${ response.status() } ${ response.url() }` );
			return;
		}
		if ( response.request().resourceType() === 'script' ) {
			pending.push(
				response.body().then(
					( body ) => void load.scripts.set( file, body ),
					( error: Error ) =>
						void load.errors.push( `${ file }: ${ error.message }` )
				)
			);
		}
	} );
	page.on( 'pageerror', ( error ) => load.errors.push( error.message ) );
	await page.goto( `/wp-admin/admin.php?page=${ args.page }`, {
		waitUntil: 'networkidle',
		timeout: 120_000,
	} );
	await Promise.all( pending );
	const timing = await page.evaluate( () => {
		const entries = [
			...performance.getEntriesByType( 'navigation' ),
			...performance.getEntriesByType( 'resource' ),
		] as PerformanceResourceTiming[];
		return {
			idle: Math.max(
				...entries.map( ( entry ) =>
					Math.max(
						entry.responseEnd,
						( entry as PerformanceNavigationTiming ).loadEventEnd ??
							0
					)
				)
			),
			shown:
				( window as unknown as { svcPanelShown?: number } )
					.svcPanelShown ?? -1,
		};
	} );
	load.networkIdle = timing.idle;
	load.panelShown = timing.shown;
	if ( timing.shown < 0 ) {
		load.errors.push( 'the panel showed no heading' );
	}
	await context.close();
	return load;
}

async function main(): Promise< void > {
	if ( process.argv.includes( '--help' ) ) {
		console.log( USAGE );
		return;
	}
	const args = parseWeightArgs(
		process.argv.slice( 2 ),
		`http://localhost:${ DEV_PORT }`
	);
	for ( const build of args.builds ) {
		if (
			build.dir !== null &&
			! fs.existsSync( path.join( build.dir, 'index.js' ) )
		) {
			throw new Error(
				`${ build.dir } holds no index.js: not a build folder`
			);
		}
	}
	const browser = await chromium.launch( CHROMIUM_LAUNCH );
	try {
		const state = await logIn( browser, args );
		const results: BuildResult[] = args.builds.map( ( build ) => ( {
			label: build.label,
			dir: build.dir ?? `${ args.site } (the site's own build/)`,
			scripts: [],
			bytes: 0,
			gzip: 0,
			networkIdle: [],
			panelShown: [],
			errors: [],
		} ) );
		for ( let run = 0; run <= args.runs; run++ ) {
			for ( const [ index, build ] of args.builds.entries() ) {
				const load = await loadOnce( browser, args, state, build.dir );
				const result = results[ index ];
				result.errors.push(
					...load.errors.filter(
						( error ) => ! result.errors.includes( error )
					)
				);
				if ( run === 0 ) {
					// The warm-up load: the scripts are the same every time; its timing is not kept.
					result.scripts = [ ...load.scripts ]
						.map( ( [ file, body ] ) => ( {
							file,
							bytes: body.length,
							gzip: gzipSync( body, { level: 9 } ).length,
						} ) )
						.sort( ( a, b ) => a.file.localeCompare( b.file ) );
					result.bytes = result.scripts.reduce(
						( sum, script ) => sum + script.bytes,
						0
					);
					result.gzip = result.scripts.reduce(
						( sum, script ) => sum + script.gzip,
						0
					);
					continue;
				}
				result.networkIdle.push( load.networkIdle );
				result.panelShown.push( load.panelShown );
			}
		}
		console.log(
			args.json
				? JSON.stringify( results, null, '\t' )
				: report( results, args )
		);
		if ( results.some( ( result ) => result.errors.length > 0 ) ) {
			process.exitCode = 1;
		}
	} finally {
		await browser.close();
	}
}

main().catch( ( error: Error ) => {
	console.error( error.message );
	process.exit( 1 );
} );
