/**
 * Every site the stack may have made, and MariaDB's and Redis' shutdown once none of them needs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stopMariaDbIfOurs } from './mariadb.ts';
import { stackDir } from './paths.ts';
import { redisRunning, stopRedis } from './redis.ts';
import {
	benchProfile,
	clientProfile,
	copyProfile,
	devProfile,
	hostProfile,
	multisiteClientProfile,
	testProfile,
} from './profiles.ts';
import { Site } from './site.ts';

/**
 * The sites that exist on disk: development, test, host-shaped test (Apache), copy, client and multisite client
 * sites per database, and the bench site.
 */
export function knownSites(): Site[] {
	const dir = path.join( stackDir, 'sites' );
	if ( ! fs.existsSync( dir ) ) {
		return [];
	}
	return ( [ 'sqlite', 'mariadb' ] as const )
		.flatMap( ( db ) => [
			new Site( devProfile( db, 'php' ) ),
			new Site( testProfile( db, 'php' ) ),
			new Site( copyProfile( db, 'php' ) ),
			new Site( clientProfile( '', db ) ),
			new Site( multisiteClientProfile( '', db ) ),
			new Site( hostProfile( db ) ),
		] )
		.concat( new Site( benchProfile() ), new Site( clientProfile( '' ) ) )
		.filter( ( site ) => fs.existsSync( site.dir ) );
}

/**
 * Set by `npm test` for its steps: MariaDB stays up between them (its tracks run side by side, and one track's
 * site may be down for a moment between two steps while another track needs the server); it stops it at the end.
 */
export const KEEP_MARIADB = 'SVC_KEEP_MARIADB';

/** MariaDB goes down with the last site that uses it, if the stack started it. */
export async function stopMariaDbWhenIdle(): Promise< void > {
	if ( process.env[ KEEP_MARIADB ] === '1' ) {
		return;
	}
	if (
		! knownSites().some(
			( site ) => site.profile.database === 'mariadb' && site.running()
		)
	) {
		await stopMariaDbIfOurs();
	}
}

/** Whether a site's wp-config.php names a Redis server for its counters (SVC_LICENSING_REDIS). */
function usesRedis( site: Site ): boolean {
	const config = path.join( site.docroot, 'wp-config.php' );
	return (
		fs.existsSync( config ) &&
		fs.readFileSync( config, 'utf8' ).includes( "'SVC_LICENSING_REDIS'" )
	);
}

/** This slot's Redis goes down when no running site of the slot names it in its wp-config.php. */
export async function stopRedisWhenIdle(): Promise< void > {
	if (
		redisRunning() &&
		! knownSites().some( ( site ) => site.running() && usesRedis( site ) )
	) {
		await stopRedis();
	}
}
