/**
 * The local stack's command line. `npm start`, `npm run stop`, `npm run reset` and the test scripts all come here.
 *
 *   start  [--db=sqlite|mariadb] [--server=php|nginx]   start the development site on http://localhost:8888
 *   stop   [--all]                                      stop the development site (--all: every site); MariaDB and Redis stop with the last one
 *   reset  [--db=...] [--server=...]                    reset the development site to a fresh install
 *   info   [--db=...]                                   print URL and credentials
 *   e2e    [--db=...] [--server=...] [--lane=on|off] [--counters=database|redis] [--client-php=7.4|8.5] [--site-php=7.4|8.5] [playwright args]
 *                                                       reset the test site and run the Playwright suite on it (--client-php, --site-php: that
 *                                                       site served by Playground's PHP of that version, the PHP matrix)
 *          (--server=apache: the host-shaped site, Apache + mod_php on MariaDB, the plugin uploaded from its zip;
 *          --counters=redis: the MariaDB test site with its rate-limit counters in the stack's Redis)
 *   client                                              start the client site (http://localhost:8895) against the development site
 *   phpunit [phpunit args]                              run the PHP unit tests
 *   lint-php                                            php -l and the WordPress coding standard
 *   phpstan                                             PHPStan over plugin/src and sdk/ (phpstan.neon.dist, sdk/phpstan.neon.dist)
 *   ship-sdk                                            copy sdk/ into plugin/sdk/ (the last step of npm run build)
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { WORDPRESS_VERSION, ensureCore } from './stack/core.ts';
import { buildPluginZip } from './release/plugin-zip.ts';
import {
	knownSites,
	stopMariaDbWhenIdle,
	stopRedisWhenIdle,
} from './stack/known-sites.ts';
import { ensurePanelBuilt } from './stack/panel.ts';
import { repoRoot } from './stack/paths.ts';
import { ensureRedis } from './stack/redis.ts';
import { shipSdk } from './stack/sdk.ts';
import { CommandError } from './stack/process.ts';
import {
	DEV_PORT,
	clientProfile,
	devProfile,
	parseFlags,
	testProfile,
	companionServer,
	copyProfile,
	multisiteClientProfile,
	needsClientSite,
	needsMultisiteClient,
	parseClientPhp,
	parseCounters,
	parseSitePhp,
} from './stack/profiles.ts';
import { ADMIN, Site } from './stack/site.ts';
import { ensureSystemPackages } from './stack/system.ts';
import {
	ensurePhpTools,
	lintPhp,
	runPhpStan,
	runPhpUnit,
} from './stack/php-tools.ts';

/** The site's server, and with several web nodes how many. */
function serverLabel( site: Site ): string {
	if ( site.playgroundPhp ) {
		return `Playground's PHP ${ site.playgroundPhp }`;
	}
	if ( site.server === 'php' ) {
		return 'php -S';
	}
	if ( site.server === 'apache' ) {
		return 'Apache + mod_php';
	}
	const nodes = site.webNodes ?? [];
	return nodes.length > 1
		? `nginx + ${ nodes.length } php-fpm nodes`
		: 'nginx + php-fpm';
}

function printInfo( site: Site ): void {
	console.log(
		[
			'',
			`WordPress ${ WORDPRESS_VERSION } on ${ site.profile.database === 'sqlite' ? 'SQLite' : 'MariaDB' } ` +
				`(${ serverLabel( site ) }), plugin active.`,
			`  Site:        ${ site.url }/`,
			`  Admin:       ${ site.url }/wp-admin/   user: ${ ADMIN.user }   password: ${ ADMIN.password }`,
			`  Panel:       ${ site.url }/wp-admin/admin.php?page=svc-licensing`,
			`  API health:  ${ site.healthUrl }`,
			`  Files:       ${ path.relative( repoRoot, site.dir ) }/ (logs/debug.log for PHP notices)`,
			'',
		].join( '\n' )
	);
}

/**
 * Apache serves the host-shaped test site only: WordPress writes that site's .htaccess when global setup saves the
 * permalinks, which a development site never goes through.
 */
function refuseApacheDev( server: string ): void {
	if ( server === 'apache' ) {
		throw new CommandError(
			'Apache serves the host-shaped test site only: npm run test:e2e -- --server=apache (README, "Apache and the plugin zip").'
		);
	}
}

async function startDev( args: string[] ): Promise< void > {
	const flags = parseFlags( args );
	refuseApacheDev( flags.server );
	const site = new Site( devProfile( flags.database, flags.server ) );
	// Only one development site can hold port 8888.
	for ( const other of knownSites() ) {
		if ( other.port === site.port && other.dir !== site.dir ) {
			await other.stop();
		}
	}
	const started = Date.now();
	ensureSystemPackages();
	ensurePanelBuilt();
	await site.start();
	printInfo( site );
	console.log(
		`Ready in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s.`
	);
}

/** The client site alone, its sample products talking to the development site on port 8888. */
async function startClient(): Promise< void > {
	const dev = `http://localhost:${ DEV_PORT }`;
	const site = new Site( clientProfile( dev ) );
	const started = Date.now();
	ensureSystemPackages();
	await site.start();
	console.log(
		[
			'',
			`Client site:  ${ site.url }/wp-admin/ (user ${ ADMIN.user }, password ${ ADMIN.password })`,
			`Products:     Acme Widgets (plugin) and Acme Theme, each bundling sdk/, licensed by ${ dev }`,
			`Licence:      ${ site.url }/wp-admin/plugins.php?page=svc-licence-acme-widgets`,
			`Files:        ${ path.relative( repoRoot, site.dir ) }/`,
			'',
			`Ready in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s.`,
		].join( '\n' )
	);
}

async function stop( args: string[] ): Promise< void > {
	const flags = parseFlags( args );
	for ( const site of knownSites() ) {
		if ( flags.all || site.port === DEV_PORT ) {
			await site.stop();
		}
	}
	await stopMariaDbWhenIdle();
	await stopRedisWhenIdle();
	console.log(
		flags.all ? 'Stopped every site.' : 'Stopped the development site.'
	);
}

async function reset( args: string[] ): Promise< void > {
	const flags = parseFlags( args );
	refuseApacheDev( flags.server );
	const site = new Site( devProfile( flags.database, flags.server ) );
	ensureSystemPackages();
	ensurePanelBuilt();
	await site.reset();
	printInfo( site );
}

async function e2e( args: string[] ): Promise< number > {
	// --lane=off runs the suite with the fast lane switched off (it is on by default, as shipped).
	const laneFlag = args.find( ( arg ) => arg.startsWith( '--lane=' ) );
	const lane = laneFlag === '--lane=off' ? 'off' : 'on';
	if ( laneFlag && ! [ '--lane=on', '--lane=off' ].includes( laneFlag ) ) {
		throw new Error(
			`--lane takes on or off, not "${ laneFlag.slice( 7 ) }"`
		);
	}
	// --counters=redis keeps the MariaDB test site's rate-limit counters in the stack's Redis (in the database when not given).
	const { counters, rest: afterCounters } = parseCounters(
		args.filter( ( arg ) => arg !== laneFlag )
	);
	// --client-php=7.4|8.5 serves the client site with WordPress Playground's PHP of that version (the PHP matrix).
	const { clientPhp, rest: afterClientPhp } = parseClientPhp( afterCounters );
	// --site-php=7.4|8.5 serves the SQLite test site (the licence service) with Playground's PHP of that version.
	const { sitePhp, rest } = parseSitePhp( afterClientPhp );
	const flags = parseFlags( rest );
	const site = new Site(
		testProfile( flags.database, flags.server, counters, lane, sitePhp )
	);
	// The copy site runs on the database's usual server beside the Apache site (companionServer).
	const copy = new Site(
		copyProfile(
			flags.database,
			companionServer( flags.database, flags.server )
		)
	);
	// Started only when the chosen specs may need it (e2e/client/).
	const client = needsClientSite( flags.rest )
		? new Site( clientProfile( site.url, flags.database, clientPhp ) )
		: null;
	if ( clientPhp && ! client ) {
		throw new Error(
			'--client-php serves the client site: name the client project or specs under e2e/client/'
		);
	}
	// Started only when the chosen specs may need it (e2e/client/multisite.spec.ts).
	const network = needsMultisiteClient( flags.rest )
		? new Site( multisiteClientProfile( site.url, flags.database ) )
		: null;
	ensureSystemPackages( {
		testing: true,
		apache: flags.server === 'apache',
	} );
	ensurePanelBuilt();
	// The WP-CLI specs (e2e/cli/) run Composer's vendor/bin/wp against the test site.
	ensurePhpTools();
	const started = Date.now();
	if ( counters === 'redis' ) {
		const redis = await ensureRedis();
		console.log( `Redis for the counters: ${ redis.url }` );
	}
	// The host-shaped site gets the plugin as a seller does: global setup uploads this zip through the Plugins screen.
	const zip = site.profile.pluginFromZip
		? buildPluginZip( path.join( site.dir, 'dist' ) ).file
		: '';
	await site.reset();
	await copy.reset();
	await client?.reset();
	await network?.reset();
	console.log(
		`Test site ready in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s: ${ site.url } ` +
			`(${ flags.database }, ${ serverLabel( site ) }${ counters === 'redis' ? ', counters in Redis' : '' })`
	);
	try {
		const result = spawnSync(
			'npx',
			[ 'playwright', 'test', ...flags.rest ],
			{
				cwd: repoRoot,
				stdio: 'inherit',
				env: {
					...process.env,
					SVC_BASE_URL: site.url,
					SVC_TEST_TOKEN: site.testHelpersToken ?? '',
					SVC_DB: flags.database,
					SVC_SERVER: flags.server,
					SVC_PLUGIN_ZIP: zip,
					// The web nodes nginx balances across (none named: one node).
					SVC_WEB_NODES:
						flags.server === 'nginx'
							? ( site.webNodes ?? [] ).join( ',' )
							: '',
					SVC_FAST_LANE: lane,
					// Where the site keeps its rate-limit counters (SVC_LICENSING_COUNTERS; auto when its wp-config.php says nothing).
					SVC_COUNTERS: String(
						site.profile.constants?.SVC_LICENSING_COUNTERS ?? 'auto'
					),
					// Playground's PHP logs into wp-content/debug.log (it defines WP_DEBUG_LOG itself).
					SVC_DEBUG_LOG: sitePhp
						? path.join( site.docroot, 'wp-content', 'debug.log' )
						: path.join( site.logDir, 'debug.log' ),
					SVC_SITE_PHP: sitePhp ?? '',
					SVC_SITE_DIR: site.docroot,
					SVC_COPY_BASE_URL: copy.url,
					SVC_COPY_TEST_TOKEN: copy.testHelpersToken ?? '',
					SVC_CLIENT_BASE_URL: client?.url ?? '',
					SVC_CLIENT_TEST_TOKEN: client?.testHelpersToken ?? '',
					SVC_CLIENT_DIR: client?.docroot ?? '',
					// The client site's PHP when Playground serves it (global setup checks it answers with that version).
					SVC_CLIENT_PHP: clientPhp ?? '',
					SVC_MULTISITE_BASE_URL: network?.url ?? '',
					SVC_MULTISITE_TEST_TOKEN: network?.testHelpersToken ?? '',
				},
			}
		);
		return result.status ?? 1;
	} finally {
		await site.stop();
		await copy.stop();
		await client?.stop();
		await network?.stop();
		await stopMariaDbWhenIdle();
		await stopRedisWhenIdle();
	}
}

async function main(): Promise< number > {
	const [ command, ...args ] = process.argv.slice( 2 );
	switch ( command ) {
		case 'start':
			await startDev( args );
			return 0;
		case 'stop':
			await stop( args );
			return 0;
		case 'reset':
			await reset( args );
			return 0;
		case 'info': {
			const flags = parseFlags( args );
			printInfo( new Site( devProfile( flags.database, flags.server ) ) );
			return 0;
		}
		case 'e2e':
			return e2e( args );
		case 'client':
			await startClient();
			return 0;
		case 'phpunit':
			ensurePhpTools();
			// tests/sdk/SodiumCompatTest.php reads the sodium_compat of the WordPress the sites run.
			ensureCore();
			return runPhpUnit( args );
		case 'lint-php':
			ensurePhpTools();
			return lintPhp();
		case 'phpstan':
			ensurePhpTools();
			return runPhpStan();
		case 'ship-sdk':
			shipSdk();
			return 0;
		default:
			console.error(
				'Usage: tsx tools/cli.ts start|stop|reset|info|e2e|client|phpunit|lint-php|phpstan [--db=sqlite|mariadb] [--server=php|nginx|apache]'
			);
			return 2;
	}
}

main().then(
	( code ) => process.exit( code ),
	( error: unknown ) => {
		console.error(
			error instanceof CommandError ? `\n${ error.message }` : error
		);
		process.exit( 1 );
	}
);
