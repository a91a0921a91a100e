/**
 * The two web servers: PHP's built-in server with a router and workers (development default), and
 * nginx + php-fpm with opcache (the production shape).
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
import { NGINX, PHP, PHP_FPM, isRoot } from './system.ts';
import { PHP_SETTINGS, fpmConf, nginxConf, type Server } from './templates.ts';

export interface ServerSite {
	port: number;
	server: Server;
	docroot: string;
	runDir: string;
	logDir: string;
	/** php-fpm children (pm = static); WORKERS when not given. */
	fpmChildren?: number;
	/** nginx worker processes; 2 when not given. */
	nginxWorkers?: number;
	/** PHP settings merged over PHP_SETTINGS. */
	phpSettings?: Record< string, string >;
}

const ROUTER = path.join(
	path.dirname( new URL( import.meta.url ).pathname ),
	'router.php'
);
const WORKERS = 8;

const pidFiles = ( site: ServerSite ) =>
	[ 'php-server.pid', 'nginx.pid', 'php-fpm.pid' ].map( ( f ) =>
		path.join( site.runDir, f )
	);

/**
 * Whether any server process of this site is alive, whichever server it runs.
 */
export function anyServerRunning( site: ServerSite ): boolean {
	return pidFiles( site ).some( ( file ) => livePid( file ) !== null );
}

/**
 * Whether the site's chosen server is up; with the other one running, a start switches over.
 */
function serverRunning( site: ServerSite ): boolean {
	const [ phpPid, nginxPid, fpmPid ] = pidFiles( site ).map( livePid );
	return site.server === 'php'
		? phpPid !== null
		: nginxPid !== null && fpmPid !== null;
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
	if ( site.server === 'php' ) {
		startPhp( site );
	} else {
		startNginx( site );
	}
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
			env: { PHP_CLI_SERVER_WORKERS: String( WORKERS ) },
		}
	);
}

function startNginx( site: ServerSite ): void {
	const fpmSocket = path.join( site.runDir, 'php-fpm.sock' );
	const fpmFile = path.join( site.runDir, 'php-fpm.conf' );
	const nginxFile = path.join( site.runDir, 'nginx.conf' );
	fs.writeFileSync(
		fpmFile,
		fpmConf( {
			runDir: site.runDir,
			logDir: site.logDir,
			fpmSocket,
			asRoot: isRoot(),
			children: site.fpmChildren ?? WORKERS,
			phpSettings: { ...PHP_SETTINGS, ...site.phpSettings },
		} )
	);
	fs.writeFileSync(
		nginxFile,
		nginxConf( {
			port: site.port,
			docroot: site.docroot,
			runDir: site.runDir,
			logDir: site.logDir,
			fpmSocket,
			asRoot: isRoot(),
			workers: site.nginxWorkers ?? 2,
		} )
	);
	run( PHP_FPM, [ ...( isRoot() ? [ '-R' ] : [] ), '-y', fpmFile ] );
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
