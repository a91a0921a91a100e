/**
 * Debian packages the stack needs, installed when missing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CommandError, hasExecutable, succeeds } from './process.ts';

export const PHP = '/usr/bin/php8.2';
export const PHP_FPM = '/usr/sbin/php-fpm8.2';
export const NGINX = '/usr/sbin/nginx';
export const MARIADBD = '/usr/sbin/mariadbd';
export const APACHE = '/usr/sbin/apache2';
export const REDIS_SERVER = '/usr/bin/redis-server';
/** mod_php, which Debian's libapache2-mod-php8.2 puts beside Apache's own modules. */
export const MOD_PHP = '/usr/lib/apache2/modules/libphp8.2.so';
/**
 * The browser of the Playwright suite: Debian's old headless shell, the build Playwright itself runs headless tests
 * on (full Chromium in its new headless mode took half again the CPU of a browser-heavy spec on these two cores).
 */
export const CHROMIUM = '/usr/bin/chromium-headless-shell';

type Requirement = { package: string; present: () => boolean };

const phpModule = ( module: string ) => () =>
	hasExecutable( PHP ) &&
	succeeds( 'sh', [ '-c', `${ PHP } -m | grep -qix '${ module }'` ] );

const SERVER: Requirement[] = [
	{ package: 'php8.2-cli', present: () => hasExecutable( PHP ) },
	{ package: 'php8.2-fpm', present: () => hasExecutable( PHP_FPM ) },
	{ package: 'php8.2-sqlite3', present: phpModule( 'pdo_sqlite' ) },
	{ package: 'php8.2-mysql', present: phpModule( 'mysqli' ) },
	{ package: 'php8.2-curl', present: phpModule( 'curl' ) },
	{ package: 'php8.2-mbstring', present: phpModule( 'mbstring' ) },
	{ package: 'php8.2-xml', present: phpModule( 'dom' ) },
	{ package: 'php8.2-intl', present: phpModule( 'intl' ) },
	{ package: 'php8.2-apcu', present: phpModule( 'apcu' ) },
	{ package: 'php8.2-redis', present: phpModule( 'redis' ) },
	{ package: 'nginx-light', present: () => hasExecutable( NGINX ) },
	{ package: 'mariadb-server', present: () => hasExecutable( MARIADBD ) },
	{ package: 'unzip', present: () => hasExecutable( 'unzip' ) },
];

/** What a site served by Apache needs on top (the host-shaped pass): Apache 2.4 and mod_php. */
const APACHE_SERVER: Requirement[] = [
	{ package: 'apache2', present: () => hasExecutable( APACHE ) },
	{
		package: 'libapache2-mod-php8.2',
		present: () => fs.existsSync( MOD_PHP ),
	},
];

/** What the test suite needs on top: the browser, Composer for PHPUnit and PHPCS, and Redis for the Redis pass. */
const TESTING: Requirement[] = [
	{
		package: 'chromium-headless-shell',
		present: () => hasExecutable( CHROMIUM ),
	},
	{ package: 'composer', present: () => hasExecutable( 'composer' ) },
	{
		package: 'redis-server',
		present: () => hasExecutable( REDIS_SERVER ),
	},
];

/** What `npm run bench` needs on top: the load generator, and Redis for the counters in Redis. */
const BENCH: Requirement[] = [
	{ package: 'wrk', present: () => hasExecutable( 'wrk' ) },
	{
		package: 'redis-server',
		present: () => hasExecutable( REDIS_SERVER ),
	},
];

/**
 * Installs whatever is missing; `testing` adds what the test suite needs (Chromium, Composer, Redis), `bench` the
 * load generator (wrk) and Redis, `apache` Apache and mod_php (only a run that serves a site with Apache needs them).
 */
export function ensureSystemPackages( {
	testing = false,
	bench = false,
	apache = false,
}: { testing?: boolean; bench?: boolean; apache?: boolean } = {} ): void {
	const wanted = [
		...SERVER,
		...( apache ? APACHE_SERVER : [] ),
		...( testing ? TESTING : [] ),
		...( bench ? BENCH : [] ),
	];
	const missing = wanted
		.filter( ( requirement ) => ! requirement.present() )
		.map( ( r ) => r.package );
	if ( missing.length === 0 ) {
		return;
	}
	const prefix = aptPrefix();
	if ( prefix === null ) {
		throw new CommandError(
			`These Debian packages are missing: ${ missing.join( ' ' ) }.\n` +
				'The stack installs them itself when it runs as root or with password-less sudo. Install them with:\n' +
				`  sudo apt-get update && sudo apt-get install -y ${ missing.join( ' ' ) }`
		);
	}
	console.log( `Installing Debian packages: ${ missing.join( ' ' ) }` );
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for ( const args of [
		[ 'apt-get', 'update', '-qq' ],
		[ 'apt-get', 'install', '-y', '-qq', ...missing ],
	] ) {
		const command = [ ...prefix, ...args ];
		const result = spawnSync( command[ 0 ], command.slice( 1 ), {
			stdio: 'inherit',
			env,
		} );
		if ( result.status !== 0 ) {
			throw new CommandError(
				`"${ command.join( ' ' ) }" failed (exit ${ result.status }); see its output above.`
			);
		}
	}
	const still = wanted
		.filter( ( requirement ) => ! requirement.present() )
		.map( ( r ) => r.package );
	if ( still.length > 0 ) {
		throw new CommandError(
			`Installed, but still not usable: ${ still.join( ' ' ) }`
		);
	}
}

/** How to run apt-get: directly as root, through password-less sudo, or not at all. */
function aptPrefix(): string[] | null {
	if ( ! hasExecutable( 'apt-get' ) ) {
		return null;
	}
	if ( process.getuid?.() === 0 ) {
		return [];
	}
	return succeeds( 'sudo', [ '-n', 'true' ] ) ? [ 'sudo', '-n' ] : null;
}

export const isRoot = (): boolean => process.getuid?.() === 0;
