/**
 * The three web servers: PHP's built-in server with a router and workers (development default), nginx + php-fpm
 * with opcache (the production shape), and Apache + mod_php with .htaccess permalinks (the shape of most sellers'
 * shared hosts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	CommandError,
	livePid,
	portInUse,
	run,
	startDaemon,
	stopPid,
} from './process.ts';
import { nodeModules, repoRoot } from './paths.ts';
import { APACHE, NGINX, PHP, PHP_FPM, isRoot } from './system.ts';
import {
	PHP_SETTINGS,
	apacheConf,
	fpmConf,
	fpmPidName,
	nginxConf,
	type Server,
} from './templates.ts';

export interface ServerSite {
	port: number;
	server: Server;
	docroot: string;
	runDir: string;
	logDir: string;
	/** php-fpm children (pm = static) of each web node, or Apache's prefork children at most; WORKERS when not given. */
	fpmChildren?: number;
	/**
	 * With nginx: the web nodes, one php-fpm master each (own socket, pid, opcache) behind one nginx upstream.
	 * One unnamed node when not given.
	 */
	webNodes?: string[];
	/** nginx worker processes; 2 when not given. */
	nginxWorkers?: number;
	/** PHP settings merged over PHP_SETTINGS. */
	phpSettings?: Record< string, string >;
	/** A subdirectory multisite network: php -S maps its sites' paths as core's .htaccess rules do (router.php). */
	multisite?: boolean;
	/** Served by WordPress Playground's PHP of this version (startPlayground) instead of the stack's PHP. */
	playgroundPhp?: string;
}

const ROUTER = path.join(
	path.dirname( new URL( import.meta.url ).pathname ),
	'router.php'
);
const WORKERS = 8;

/** The site's web nodes as php-fpm knows them: undefined is the single node of a site without nodes. */
const fpmNodes = ( site: ServerSite ): Array< string | undefined > =>
	site.webNodes ?? [ undefined ];

/**
 * Every server pid file the site may have, also those of a node layout it ran with before.
 */
function pidFiles( site: ServerSite ): string[] {
	const fpm = fs.existsSync( site.runDir )
		? fs
				.readdirSync( site.runDir )
				.filter( ( f ) => /^php-fpm(-[a-z0-9]+)?\.pid$/.test( f ) )
		: [];
	return [
		'php-server.pid',
		'playground.pid',
		'nginx.pid',
		'apache2.pid',
		...fpm,
	].map( ( f ) => path.join( site.runDir, f ) );
}

/**
 * Whether any server process of this site is alive, whichever server it runs.
 */
export function anyServerRunning( site: ServerSite ): boolean {
	return pidFiles( site ).some( ( file ) => livePid( file ) !== null );
}

/**
 * Whether the site's chosen server is up (with nginx: every node); with the other one running, a start
 * switches over.
 */
function serverRunning( site: ServerSite ): boolean {
	const alive = ( file: string ) =>
		livePid( path.join( site.runDir, file ) ) !== null;
	if ( site.playgroundPhp ) {
		return alive( 'playground.pid' );
	}
	if ( site.server === 'apache' ) {
		return alive( 'apache2.pid' );
	}
	return site.server === 'php'
		? alive( 'php-server.pid' )
		: alive( 'nginx.pid' ) &&
				fpmNodes( site ).every( ( node ) =>
					alive( fpmPidName( node ) )
				);
}

export async function startServer( site: ServerSite ): Promise< void > {
	if ( serverRunning( site ) ) {
		return;
	}
	await stopServer( site );
	if ( await portInUse( site.port ) ) {
		throw new CommandError(
			`Port ${ site.port } is taken by another program. Stop it (or the other stack site: npm run stop -- --all) and retry.`
		);
	}
	fs.mkdirSync( site.runDir, { recursive: true } );
	fs.mkdirSync( site.logDir, { recursive: true } );
	if ( site.playgroundPhp ) {
		startPlayground( site, site.playgroundPhp );
	} else if ( site.server === 'php' ) {
		startPhp( site );
	} else if ( site.server === 'apache' ) {
		startApache( site );
	} else {
		startNginx( site );
	}
}

/**
 * Apache from a configuration file of the site's own (templates.ts apacheConf): `apache2 -f <conf> -k start`
 * daemonizes and writes run/apache2.pid; Debian's /etc/apache2 and its default site are never read.
 */
function startApache( site: ServerSite ): void {
	const conf = path.join( site.runDir, 'apache2.conf' );
	fs.writeFileSync(
		conf,
		apacheConf( {
			port: site.port,
			docroot: site.docroot,
			runDir: site.runDir,
			logDir: site.logDir,
			asRoot: isRoot(),
			workers: site.fpmChildren ?? WORKERS,
			phpSettings: { ...PHP_SETTINGS, ...site.phpSettings },
		} )
	);
	run( APACHE, [ '-f', conf, '-k', 'start' ] );
}

function startPhp( site: ServerSite ): void {
	const ini = Object.entries( {
		...PHP_SETTINGS,
		...site.phpSettings,
	} ).flatMap( ( [ key, value ] ) => [ '-d', `${ key }=${ value }` ] );
	startDaemon(
		PHP,
		[ ...ini, '-S', `[::]:${ site.port }`, '-t', site.docroot, ROUTER ],
		{
			pidFile: path.join( site.runDir, 'php-server.pid' ),
			logFile: path.join( site.logDir, 'php-server.log' ),
			env: {
				PHP_CLI_SERVER_WORKERS: String( WORKERS ),
				SVC_MULTISITE_PATHS: site.multisite ? '1' : '0',
			},
		}
	);
}

/**
 * The PHP matrix (issue 44): the site's files, as the stack laid and installed them, served by WordPress Playground's
 * server with @php-wasm/node's PHP of that version. Nothing is downloaded: WordPress is the site's own folder
 * (mounted at Playground's /wordpress, never installed or changed by Playground), its database the SQLite drop-in the
 * stack wrote. The checkout is mounted at its own path too, so what wp-config.php names by absolute path (the
 * SQLite folder, debug.log) and the links the stack made (the must-use helpers, the SQLite plugin) resolve as under
 * `php -S`. Playground's PHP has no ext-sodium: WordPress' bundled sodium_compat verifies the leases there.
 */
function startPlayground( site: ServerSite, php: string ): void {
	startDaemon(
		process.execPath,
		[
			path.join(
				nodeModules,
				'@wp-playground',
				'cli',
				'wp-playground.js'
			),
			'server',
			`--php=${ php }`,
			`--port=${ site.port }`,
			`--site-url=http://localhost:${ site.port }`,
			'--wordpress-install-mode=do-not-attempt-installing',
			'--skip-sqlite-setup',
			'--mount-dir',
			site.docroot,
			'/wordpress',
			'--mount-dir',
			repoRoot,
			repoRoot,
			// Two request handlers: a page and the WP-Cron or asset request it starts are served side by side.
			'--workers=2',
		],
		{
			pidFile: path.join( site.runDir, 'playground.pid' ),
			logFile: path.join( site.logDir, 'playground.log' ),
		}
	);
}

function startNginx( site: ServerSite ): void {
	const nginxFile = path.join( site.runDir, 'nginx.conf' );
	const fpmSockets = fpmNodes( site ).map( ( node ) => {
		const suffix = node ? `-${ node }` : '';
		const fpmSocket = path.join( site.runDir, `php-fpm${ suffix }.sock` );
		const fpmFile = path.join( site.runDir, `php-fpm${ suffix }.conf` );
		fs.writeFileSync(
			fpmFile,
			fpmConf( {
				runDir: site.runDir,
				logDir: site.logDir,
				fpmSocket,
				asRoot: isRoot(),
				children: site.fpmChildren ?? WORKERS,
				phpSettings: { ...PHP_SETTINGS, ...site.phpSettings },
				node,
			} )
		);
		run( PHP_FPM, [ ...( isRoot() ? [ '-R' ] : [] ), '-y', fpmFile ] );
		return fpmSocket;
	} );
	fs.writeFileSync(
		nginxFile,
		nginxConf( {
			port: site.port,
			docroot: site.docroot,
			runDir: site.runDir,
			logDir: site.logDir,
			fpmSockets,
			asRoot: isRoot(),
			workers: site.nginxWorkers ?? 2,
		} )
	);
	run( NGINX, [
		'-c',
		nginxFile,
		'-p',
		site.runDir,
		'-e',
		path.join( site.logDir, 'nginx-error.log' ),
	] );
}

export async function stopServer( site: ServerSite ): Promise< void > {
	await Promise.all( pidFiles( site ).map( ( file ) => stopPid( file ) ) );
}
