/**
 * MariaDB for sites that ask for it. The stack starts the system server itself (no systemd here) and
 * stops it again only when it was the one that started it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stackDir } from './paths.ts';
import { CommandError, run, sleep, succeeds } from './process.ts';
import { MARIADBD } from './system.ts';

export const SOCKET = '/run/mysqld/mysqld.sock';
export const DB_USER = 'svc';
export const DB_PASSWORD = 'svc-local-password';
const STARTED_MARKER = path.join( stackDir, 'mariadb.started-by-stack' );
const PID_FILE = '/run/mysqld/mysqld.pid';

function sql( statement: string ): string {
	return run( 'mariadb', [
		'--protocol=socket',
		`--socket=${ SOCKET }`,
		'-uroot',
		'-N',
		'-e',
		statement,
	] );
}

function answers(): boolean {
	return succeeds( 'mariadb-admin', [
		'--protocol=socket',
		`--socket=${ SOCKET }`,
		'-uroot',
		'ping',
	] );
}

/** Starts the server when it is not answering, and creates the stack's user. */
export async function ensureMariaDb(): Promise< void > {
	if ( ! answers() ) {
		if ( process.env.SVC_STACK_SLOT ) {
			// A slot shares the server of slot 0's checkout; it never starts (and so never stops) it.
			throw new CommandError(
				'MariaDB is not running. Start it from the main checkout (npm start -- --db=mariadb) before using a stack slot.'
			);
		}
		fs.mkdirSync( '/run/mysqld', { recursive: true } );
		run( 'chown', [ 'mysql:mysql', '/run/mysqld' ] );
		if ( ! fs.existsSync( '/var/lib/mysql/mysql' ) ) {
			run( 'mariadb-install-db', [
				'--user=mysql',
				'--datadir=/var/lib/mysql',
				'--auth-root-authentication-method=socket',
			] );
		}
		run( 'start-stop-daemon', [
			'--start',
			'--oknodo',
			'--background',
			'--pidfile',
			PID_FILE,
			'--exec',
			MARIADBD,
			'--',
			'--user=mysql',
			`--socket=${ SOCKET }`,
			`--pid-file=${ PID_FILE }`,
		] );
		fs.mkdirSync( stackDir, { recursive: true } );
		fs.writeFileSync( STARTED_MARKER, new Date().toISOString() );
		const deadline = Date.now() + 30_000;
		while ( ! answers() ) {
			if ( Date.now() > deadline ) {
				throw new CommandError(
					'MariaDB did not start within 30 s; see /var/log/mysql or run mariadbd by hand.'
				);
			}
			await sleep( 200 );
		}
	}
	sql(
		`CREATE USER IF NOT EXISTS '${ DB_USER }'@'localhost' IDENTIFIED BY '${ DB_PASSWORD }';` +
			`GRANT ALL PRIVILEGES ON \`svc\\_%\`.* TO '${ DB_USER }'@'localhost';`
	);
}

/**
 * Drops and creates a site's database.
 */
export function recreateDatabase( name: string ): void {
	sql(
		`DROP DATABASE IF EXISTS \`${ name }\`; CREATE DATABASE \`${ name }\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`
	);
}

export function databaseExists( name: string ): boolean {
	return (
		answers() &&
		sql(
			`SHOW DATABASES LIKE '${ name.replace( /_/g, '\\_' ) }'`
		).trim() === name
	);
}

export function dropDatabase( name: string ): void {
	if ( answers() ) {
		sql( `DROP DATABASE IF EXISTS \`${ name }\`` );
	}
}

export function serverVersion(): string {
	return sql( 'SELECT VERSION()' ).trim();
}

/**
 * A numeric server status variable (SHOW GLOBAL STATUS), e.g. Questions; read as root over the socket.
 */
export function globalStatus( name: string ): number {
	const line = sql(
		`SHOW GLOBAL STATUS LIKE '${ name.replace( /[^A-Za-z0-9_]/g, '' ) }'`
	).trim();
	return Number( line.split( /\s+/ )[ 1 ] );
}

/** Stops the server if this stack started it. */
export async function stopMariaDbIfOurs(): Promise< void > {
	if ( ! fs.existsSync( STARTED_MARKER ) ) {
		return;
	}
	if ( answers() ) {
		run( 'mariadb-admin', [
			'--protocol=socket',
			`--socket=${ SOCKET }`,
			'-uroot',
			'shutdown',
		] );
	}
	fs.rmSync( STARTED_MARKER, { force: true } );
}
