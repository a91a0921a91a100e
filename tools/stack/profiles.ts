/**
 * The stack's sites: a development site on port 8888, and one test site per database.
 */
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
