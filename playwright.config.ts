/**
 * Playwright runs against a real WordPress that the stack starts (npm run test:e2e), on SQLite with php -S
 * or on MariaDB with nginx + php-fpm. Debian's Chromium is the browser.
 */
import { defineConfig } from '@playwright/test';
import {
	ADMIN,
	ADMIN_STATE,
	CHROMIUM_LAUNCH,
	baseURL,
	runLabel,
} from './e2e/fixtures/env';

// @wordpress/e2e-test-utils-playwright reads these when a spec first imports it (workers inherit them).
process.env.STORAGE_STATE_PATH = ADMIN_STATE;
process.env.WP_BASE_URL = baseURL;
process.env.WP_USERNAME = ADMIN.user;
process.env.WP_PASSWORD = ADMIN.password;

/**
 * `npm test` reruns a failed test once (SVC_RETRIES=1; a test that passes on its rerun is reported as flaky) and
 * records a trace on that rerun only: recording one for every test, to keep those that fail, costs the browser and
 * the runner much of the two cores. `npm run test:e2e` alone reruns nothing and keeps the trace of each failure.
 */
const retries = Number( process.env.SVC_RETRIES ?? 0 );

export default defineConfig( {
	testDir: 'e2e',
	outputDir: `artifacts/test-results/${ runLabel }`,
	// One worker: the specs share one WordPress and some change its settings; concurrency is tested
	// inside specs with parallel requests, where it is the point of the test.
	workers: 1,
	fullyParallel: false,
	forbidOnly: true,
	retries,
	reporter: [ [ 'list' ] ],
	globalSetup: './e2e/fixtures/global-setup.ts',
	globalTeardown: './e2e/fixtures/global-teardown.ts',
	use: {
		baseURL,
		launchOptions: CHROMIUM_LAUNCH,
		screenshot: 'only-on-failure',
		trace: retries > 0 ? 'on-first-retry' : 'retain-on-failure',
	},
	projects: [
		{ name: 'api', testMatch: 'api/**/*.spec.ts' },
		// Attacks driven by the route list; last, because they try to break what the others built.
		{ name: 'hostile', testMatch: 'hostile/**/*.spec.ts' },
		{
			name: 'admin',
			testMatch: 'admin/**/*.spec.ts',
			use: { storageState: ADMIN_STATE },
		},
		// The seller's blocks: made in the editor as the admin, used on the page as a visitor (a fresh context).
		{
			name: 'blocks',
			testMatch: 'blocks/**/*.spec.ts',
			use: { storageState: ADMIN_STATE },
		},
		// The client SDK on the client site, against this run's licence service.
		{ name: 'client', testMatch: 'client/**/*.spec.ts' },
		// `wp svc …`: Composer's WP-CLI against the test site, its effects checked over HTTP.
		{ name: 'cli', testMatch: 'cli/**/*.spec.ts' },
	],
} );
