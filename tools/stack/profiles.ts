/**
 * The stack's sites: a development site on port 8888, and one test site per database.
 */
import path from 'node:path';
import { repoRoot } from './paths.ts';
import type { Database, Server } from './templates.ts';
import type { SiteProfile } from './site.ts';

export const DEV_PORT = 8888;

export function devProfile( database: Database, server: Server ): SiteProfile {
	return {
		name: `dev-${ database }`,
		port: DEV_PORT,
		database,
		server,
		testHelpers: false,
	};
}

export function testProfile( database: Database, server: Server ): SiteProfile {
	return {
		name: `test-${ database }`,
		port: database === 'sqlite' ? 8889 : 8890,
		database,
		server,
		testHelpers: true,
	};
}

/**
 * A second test site per database, holding a copy of the plugin: the uninstall specs delete the plugin there,
 * and the restore specs restore an export into it.
 */
export function copyProfile( database: Database, server: Server ): SiteProfile {
	return {
		name: `copy-${ database }`,
		port: database === 'sqlite' ? 8892 : 8893,
		database,
		server,
		testHelpers: true,
		pluginCopy: true,
	};
}

export const BENCH_PORT = 8894;

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
export function parseFlags( args: string[] ): StackFlags {
	const flags: StackFlags = {
		database: 'sqlite',
		server: 'php',
		rest: [],
		all: false,
	};
	let serverGiven = false;
	for ( const arg of args ) {
		const [ key, value ] = arg.split( '=', 2 );
		if ( key === '--db' && ( value === 'sqlite' || value === 'mariadb' ) ) {
			flags.database = value;
		} else if (
			key === '--server' &&
			( value === 'php' || value === 'nginx' )
		) {
			flags.server = value;
			serverGiven = true;
		} else if ( key === '--db' || key === '--server' ) {
			throw new Error(
				`${ key } takes ${ key === '--db' ? 'sqlite or mariadb' : 'php or nginx' }, not "${ value ?? '' }"`
			);
		} else if ( arg === '--all' ) {
			flags.all = true;
		} else {
			flags.rest.push( arg );
		}
	}
	// MariaDB is the production shape, so it comes with nginx unless a server is named.
	if ( flags.database === 'mariadb' && ! serverGiven ) {
		flags.server = 'nginx';
	}
	return flags;
}
