/**
 * The stack's sites: a development site on port 8888, one test site per database, and the host-shaped test site
 * (Apache + mod_php, the plugin installed from its zip).
 */
import path from 'node:path';
import { STACK_SLOT, repoRoot, slotPort, stackSlot } from './paths.ts';
import { redisUrl } from './redis.ts';
import type { Database, Server } from './templates.ts';
import type { SiteProfile } from './site.ts';

// The slot (paths.ts) moves every port of this file up 20 per slot.
export { STACK_SLOT, slotPort, stackSlot };

export const DEV_PORT = slotPort( 8888 );

export function devProfile( database: Database, server: Server ): SiteProfile {
	return {
		name: `dev-${ database }`,
		port: DEV_PORT,
		database,
		server,
		testHelpers: false,
	};
}

/** The web nodes of the MariaDB test site: two php-fpm masters of 4 children each behind one nginx upstream. */
export const TEST_WEB_NODES = [ 'a', 'b' ];

/**
 * Where the MariaDB test site keeps its rate-limit counters (the plugin's SVC_LICENSING_COUNTERS): in the database
 * (the normal passes), or in the stack's Redis server (`--counters=redis`, redis.ts). Never APCu or auto: APCu counts
 * per php-fpm master, so each of the two web nodes would allow the whole limit.
 */
export type Counters = 'database' | 'redis';

export const COUNTERS: readonly Counters[] = [ 'database', 'redis' ];

/**
 * The test site of a database. On MariaDB with nginx it is two web nodes sharing the database (as a seller who
 * outgrew one server runs it), 8 PHP workers in all as on one node; e2e/api/scaling-out.spec.ts proves the
 * limits hold across them. Its counters are in the database, or with `counters` 'redis' in the stack's Redis
 * (the same site, its wp-config.php naming the server). The SQLite site (one `php -S`, whose workers share APCu)
 * leaves the choice to the plugin with the lane on (auto: APCu here) and counts in the database with the lane off,
 * so both stores run the whole suite on SQLite.
 */
export function testProfile(
	database: Database,
	server: Server,
	counters: Counters = 'database',
	lane: 'on' | 'off' = 'on',
	php?: ClientPhp
): SiteProfile {
	if ( php && ( database !== 'sqlite' || server !== 'php' ) ) {
		throw new Error(
			`--site-php serves the SQLite test site (--db=sqlite --server=php), not ${ database } with ${ server }`
		);
	}
	if (
		counters !== 'database' &&
		( database !== 'mariadb' || server === 'apache' )
	) {
		throw new Error(
			`Counters in ${ counters } run on the MariaDB test site (--db=mariadb with nginx or php), not on ${ database } with ${ server }`
		);
	}
	if ( server === 'apache' ) {
		return hostProfile( database );
	}
	return {
		name: `test-${ database }`,
		port: slotPort( database === 'sqlite' ? 8889 : 8890 ),
		database,
		server,
		testHelpers: true,
		...( database === 'mariadb'
			? {
					webNodes: TEST_WEB_NODES,
					fpmChildren: 4,
					constants: counterConstants( counters ),
				}
			: {} ),
		...( database === 'sqlite' && lane === 'off'
			? { constants: counterConstants( 'database' ) }
			: {} ),
		// The PHP matrix (issue 44): served by Playground's PHP (servers.ts startPlayground).
		...( php ? { playgroundPhp: php } : {} ),
	};
}

/** The wp-config.php constants that choose where the plugin keeps its rate-limit counters. */
export function counterConstants(
	counters: Counters
): Record< string, string > {
	return counters === 'redis'
		? {
				SVC_LICENSING_COUNTERS: 'redis',
				SVC_LICENSING_REDIS: redisUrl(),
			}
		: { SVC_LICENSING_COUNTERS: 'database' };
}

/**
 * Reads `--counters=database|redis` (tools/cli.ts e2e) out of a run's arguments: the counters, and the other
 * arguments in order.
 */
export function parseCounters( args: string[] ): {
	counters: Counters;
	rest: string[];
} {
	let counters: Counters = 'database';
	const rest: string[] = [];
	for ( const arg of args ) {
		if ( ! arg.startsWith( '--counters=' ) ) {
			rest.push( arg );
			continue;
		}
		const value = arg.slice( '--counters='.length );
		if ( ! COUNTERS.includes( value as Counters ) ) {
			throw new Error(
				`--counters takes ${ COUNTERS.join( ' or ' ) }, not "${ value }"`
			);
		}
		counters = value as Counters;
	}
	return { counters, rest };
}

export const HOST_PORT = slotPort( 8899 );

/**
 * The host-shaped test site (issue 31): Apache + mod_php with the .htaccess permalinks WordPress writes itself, its
 * files owned by the web server's user, as most sellers' hosts run WordPress. It has the test helpers but no plugin:
 * the suite uploads the zip of `npm run plugin-zip` through Plugins -> Add New and activates it, as a site owner
 * does (e2e/fixtures/plugin-upload.ts), so the plugin writes its fast lane's must-use loader itself.
 */
export function hostProfile( database: Database ): SiteProfile {
	return {
		name: `test-${ database }-apache`,
		port: HOST_PORT,
		database,
		server: 'apache',
		testHelpers: true,
		pluginFromZip: true,
	};
}

/**
 * The server a run's other sites (copy and client) use beside its test site: Apache serves the host-shaped test
 * site only, its copy site runs on the database's usual server.
 */
export function companionServer( database: Database, server: Server ): Server {
	if ( server !== 'apache' ) {
		return server;
	}
	return database === 'mariadb' ? 'nginx' : 'php';
}

/**
 * A second test site per database, holding a copy of the plugin: the uninstall specs delete the plugin there,
 * and the restore specs restore an export into it.
 */
export function copyProfile( database: Database, server: Server ): SiteProfile {
	return {
		name: `copy-${ database }`,
		port: slotPort( database === 'sqlite' ? 8892 : 8893 ),
		database,
		server,
		testHelpers: true,
		pluginCopy: true,
	};
}

export const BENCH_PORT = slotPort( 8894 );

/**
 * The site `npm run bench` measures: production-shaped (MariaDB, nginx + php-fpm, 8 static children on 2 cores,
 * opcache without timestamp checks, WP_DEBUG off, WP-Cron left to a real cron), with three files of its own for
 * the reference rows: a plain PHP file, a SHORTINIT file with one query, and a mu-plugin with a trivial REST
 * route. Database svc_bench.
 */
export function benchProfile( pluginSource?: string ): SiteProfile {
	const files = path.join( repoRoot, 'tools', 'bench', 'site' );
	return {
		name: 'bench',
		port: BENCH_PORT,
		database: 'mariadb',
		server: 'nginx',
		testHelpers: false,
		fpmChildren: 8,
		nginxWorkers: 2,
		phpSettings: { 'opcache.validate_timestamps': '0' },
		wpDebug: false,
		constants: { DISABLE_WP_CRON: true },
		pluginSource,
		files: {
			'bench-hello.php': path.join( files, 'hello.php' ),
			'bench-shortinit.php': path.join( files, 'shortinit.php' ),
			'wp-content/mu-plugins/svc-bench.php': path.join(
				files,
				'mu-plugin.php'
			),
			'wp-content/mu-plugins/svc-bench-profile.php': path.join(
				files,
				'profile.php'
			),
			'wp-content/mu-plugins/svc-bench-peak.php': path.join(
				files,
				'peak.php'
			),
		},
	};
}

export interface StackFlags {
	database: Database;
	server: Server;
	rest: string[];
	all: boolean;
}

/**
 * Reads --db=, --server= and --all; whatever follows is passed on (to Playwright or PHPUnit).
 */
const SERVERS: readonly Server[] = [ 'php', 'nginx', 'apache' ];

export function parseFlags( args: string[] ): StackFlags {
	const flags: StackFlags = {
		database: 'sqlite',
		server: 'php',
		rest: [],
		all: false,
	};
	let serverGiven = false;
	let databaseGiven = false;
	for ( const arg of args ) {
		const [ key, value ] = arg.split( '=', 2 );
		if ( key === '--db' && ( value === 'sqlite' || value === 'mariadb' ) ) {
			flags.database = value;
			databaseGiven = true;
		} else if (
			key === '--server' &&
			SERVERS.includes( value as Server )
		) {
			flags.server = value as Server;
			serverGiven = true;
		} else if ( key === '--db' || key === '--server' ) {
			throw new Error(
				`${ key } takes ${ key === '--db' ? 'sqlite or mariadb' : 'php, nginx or apache' }, not "${ value ?? '' }"`
			);
		} else if ( arg === '--all' ) {
			flags.all = true;
		} else {
			flags.rest.push( arg );
		}
	}
	// MariaDB is the production shape, so it comes with nginx unless a server is named; a host runs Apache with
	// MariaDB, so Apache comes with it unless a database is named.
	if ( flags.database === 'mariadb' && ! serverGiven ) {
		flags.server = 'nginx';
	}
	if ( flags.server === 'apache' && ! databaseGiven ) {
		flags.database = 'mariadb';
	}
	return flags;
}

export const CLIENT_PORT = slotPort( 8895 );

/**
 * The PHP versions of the client matrix (issue 44), besides the stack's own PHP 8.2: the oldest the SDK declares
 * and the newest @php-wasm/node brings. `--client-php=7.4|8.5` serves the client site with that runtime.
 */
export const CLIENT_PHP_VERSIONS = [ '7.4', '8.5' ] as const;

export type ClientPhp = ( typeof CLIENT_PHP_VERSIONS )[ number ];

/**
 * Reads `--client-php=7.4|8.5` (tools/cli.ts e2e) out of a run's arguments: the version (undefined: the stack's
 * PHP), and the other arguments in order.
 */
export function parseClientPhp( args: string[] ): {
	clientPhp?: ClientPhp;
	rest: string[];
} {
	const { php, rest } = parsePhpFlag( args, '--client-php' );
	return { clientPhp: php, rest };
}

/**
 * Reads `--site-php=7.4|8.5` (tools/cli.ts e2e): the SQLite test site, the licence service itself, served by
 * Playground's PHP of that version (the service's half of the PHP matrix).
 */
export function parseSitePhp( args: string[] ): {
	sitePhp?: ClientPhp;
	rest: string[];
} {
	const { php, rest } = parsePhpFlag( args, '--site-php' );
	return { sitePhp: php, rest };
}

function parsePhpFlag(
	args: string[],
	flag: string
): { php?: ClientPhp; rest: string[] } {
	let php: ClientPhp | undefined;
	const rest: string[] = [];
	for ( const arg of args ) {
		if ( ! arg.startsWith( `${ flag }=` ) ) {
			rest.push( arg );
			continue;
		}
		const value = arg.slice( flag.length + 1 );
		if ( ! CLIENT_PHP_VERSIONS.includes( value as ClientPhp ) ) {
			throw new Error(
				`${ flag } takes ${ CLIENT_PHP_VERSIONS.join( ' or ' ) }, not "${ value }"`
			);
		}
		php = value as ClientPhp;
	}
	return { php, rest };
}

/**
 * The client site (issue 14): a second WordPress on SQLite + php -S with sample products that bundle the client
 * SDK (e2e/client/), talking to the licence service at serviceUrl. A test run has one per database it tests (the
 * SQLite and MariaDB runs of `npm test` go side by side), on ports 8895 and 8896; `npm run stack -- client` has
 * the plain one on 8895, against the development site.
 */
export function clientProfile(
	serviceUrl: string,
	forTestsOn?: Database,
	php?: ClientPhp
): SiteProfile {
	const client = path.join( repoRoot, 'e2e', 'client' );
	return {
		name: forTestsOn ? `client-${ forTestsOn }` : 'client',
		port: forTestsOn === 'mariadb' ? slotPort( 8896 ) : CLIENT_PORT,
		database: 'sqlite',
		server: 'php',
		// The PHP matrix (issue 44): the same files served by WordPress Playground's PHP (servers.ts startPlayground).
		...( php ? { playgroundPhp: php } : {} ),
		testHelpers: true,
		// Core's automatic updater may install a plugin whose owner turned auto-updates on (plugins and themes only).
		automaticUpdates: true,
		constants: { SVC_CLIENT_SERVER: serviceUrl },
		client: {
			plugins: [
				path.join( client, 'plugins', 'acme-gadgets' ),
				path.join( client, 'plugins', 'acme-widgets' ),
			],
			// A plugin with an uninstall.php of its own (e2e/client/uninstall-own-file.spec.ts activates and deletes it).
			inactivePlugins: [ path.join( client, 'plugins', 'acme-tools' ) ],
			themes: [ path.join( client, 'themes', 'acme-theme' ) ],
			activeTheme: 'acme-theme',
			muPlugins: path.join( client, 'mu-plugins' ),
			title: 'Acme client site',
			// The plugin that loads first bundles the SDK as released at 0.1.0, before the fixes of 0.2.0: the newer
			// copy in Acme Widgets must win, and serve Acme Gadgets too.
			sdkReleases: {
				'acme-gadgets': path.join(
					client,
					'sdk-releases',
					'svc-licensing-client-0.1.0.zip'
				),
			},
		},
	};
}

/**
 * The multisite client site (issue 29): a subdirectory network (main site, /one/ and /two/) on SQLite + php -S
 * with the same sample plugins, activated by nobody at install: the multisite specs network-activate them or
 * activate them on one site, as a network administrator does. One per database a run tests, on 8897 and 8898,
 * started only when the run's specs need it (needsMultisiteClient).
 */
export function multisiteClientProfile(
	serviceUrl: string,
	forTestsOn: Database
): SiteProfile {
	const client = path.join( repoRoot, 'e2e', 'client' );
	return {
		name: `client-multisite-${ forTestsOn }`,
		port: slotPort( forTestsOn === 'mariadb' ? 8898 : 8897 ),
		database: 'sqlite',
		server: 'php',
		testHelpers: true,
		constants: { SVC_CLIENT_SERVER: serviceUrl },
		client: {
			plugins: [
				path.join( client, 'plugins', 'acme-gadgets' ),
				path.join( client, 'plugins', 'acme-widgets' ),
			],
			themes: [],
			activeTheme: '',
			muPlugins: path.join( client, 'mu-plugins' ),
			title: 'Acme network',
			network: { subsites: [ 'one', 'two' ] },
		},
	};
}

/**
 * Whether a Playwright run with these arguments may run a spec that needs the multisite client site: any run that
 * names no spec file or folder (the whole suite, a project), or names the multisite spec or a folder holding it;
 * never a run whose `--project=` flags leave out the client project.
 */
export function needsMultisiteClient( playwrightArgs: string[] ): boolean {
	if ( ! clientProjectMayRun( playwrightArgs ) ) {
		return false;
	}
	const paths = specPaths( playwrightArgs );
	return (
		paths.length === 0 ||
		paths.some(
			( arg ) =>
				/multisite/.test( arg ) || /^e2e(\/client)?\/?$/.test( arg )
		)
	);
}

/** Whether the run's `--project=` flags, if any, include the client project. */
function clientProjectMayRun( playwrightArgs: string[] ): boolean {
	const projects = playwrightArgs
		.filter( ( arg ) => arg.startsWith( '--project=' ) )
		.map( ( arg ) => arg.slice( '--project='.length ) );
	return projects.length === 0 || projects.includes( 'client' );
}

/** The spec files and folders a run names. */
const specPaths = ( playwrightArgs: string[] ): string[] =>
	playwrightArgs.filter(
		( arg ) =>
			! arg.startsWith( '-' ) && /^e2e(\/|$)|\.spec\.ts/.test( arg )
	);

/**
 * Whether a Playwright run with these arguments may run a spec that needs the client site (only e2e/client/ uses
 * it): not a run whose `--project=` flags leave out the client project, nor one that names only spec files or
 * folders under e2e/ outside e2e/client/ (the side steps of `npm test` and the host-shaped pass start no client).
 */
export function needsClientSite( playwrightArgs: string[] ): boolean {
	if ( ! clientProjectMayRun( playwrightArgs ) ) {
		return false;
	}
	const paths = specPaths( playwrightArgs );
	return (
		paths.length === 0 ||
		paths.some(
			( arg ) =>
				/^e2e\/?$/.test( arg ) ||
				! arg.startsWith( 'e2e/' ) ||
				arg.startsWith( 'e2e/client' )
		)
	);
}
