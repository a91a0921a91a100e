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
	database,
	fastLane,
	runLabel,
} from './e2e/fixtures/env';
import { PROJECTS, passSkips } from './e2e/fixtures/projects';

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

/**
 * In `npm test` (SVC_PASS_SPLIT=1) a spec the fast lane cannot affect runs only in the passes with the lane on, and
 * one the database cannot affect on one database (e2e/fixtures/projects.ts, README "Which specs run in which pass").
 */
const testIgnore = passSkips( {
	split: process.env.SVC_PASS_SPLIT === '1',
	database,
	fastLane,
} );

export default defineConfig( {
	testDir: 'e2e',
	outputDir: `artifacts/test-results/${ runLabel }`,
	// One worker: the specs share one WordPress and some change its settings; concurrency is tested
	// inside specs with parallel requests, where it is the point of the test.
	workers: 1,
	fullyParallel: false,
	forbidOnly: true,
	retries,
	// How long an assertion waits for the page to get there. npm test runs three tracks on two cores, where a panel
	// screen that loads in 1-2 s alone took over 5 s (Playwright's default) in the CI run of 2026-11-28; a wait is
	// an upper bound, never a speed target (speed is the benchmark's).
	expect: { timeout: 10_000 },
	// A test's own limit, for the same reason: the browser journeys that take 15-25 s alone took over 30 s
	// (Playwright's default) there. A spec that needs more says so with test.setTimeout().
	timeout: 60_000,
	reporter: [ [ 'list' ] ],
	globalSetup: './e2e/fixtures/global-setup.ts',
	globalTeardown: './e2e/fixtures/global-teardown.ts',
	use: {
		baseURL,
		launchOptions: CHROMIUM_LAUNCH,
		screenshot: 'only-on-failure',
		trace: retries > 0 ? 'on-first-retry' : 'retain-on-failure',
	},
	projects: PROJECTS.map( ( { name, testMatch, signedIn } ) => ( {
		name,
		testMatch,
		testIgnore,
		...( signedIn ? { use: { storageState: ADMIN_STATE } } : {} ),
	} ) ),
} );
