/**
 * Small process helpers: run a command, start a daemon with a pid file, wait for a port or a URL.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export class CommandError extends Error {}

/**
 * Runs a command to completion; throws with its output when it fails.
 */
export function run(
	command: string,
	args: string[],
	options: SpawnSyncOptions = {}
): string {
	const result = spawnSync( command, args, { encoding: 'utf8', ...options } );
	if ( result.error ) {
		throw new CommandError(
			`${ command } could not start: ${ result.error.message }`
		);
	}
	if ( result.status !== 0 ) {
		const output =
			`${ result.stdout ?? '' }${ result.stderr ?? '' }`.trim();
		throw new CommandError(
			`${ command } ${ args.join( ' ' ) } exited with ${ result.status }\n${ output }`
		);
	}
	return String( result.stdout ?? '' );
}

/**
 * Whether a command exits with 0.
 */
export function succeeds(
	command: string,
	args: string[],
	options: SpawnSyncOptions = {}
): boolean {
	const result = spawnSync( command, args, { stdio: 'ignore', ...options } );
	return ! result.error && result.status === 0;
}

/**
 * Whether an executable is on PATH or at an absolute path.
 */
export function hasExecutable( name: string ): boolean {
	if ( name.startsWith( '/' ) ) {
		return fs.existsSync( name );
	}
	return succeeds( 'sh', [ '-c', `command -v ${ name }` ] );
}

/**
 * Starts a detached process writing to a log file and records its pid.
 */
export function startDaemon(
	command: string,
	args: string[],
	{
		pidFile,
		logFile,
		env,
	}: { pidFile: string; logFile: string; env?: NodeJS.ProcessEnv }
): number {
	const out = fs.openSync( logFile, 'a' );
	const child = spawn( command, args, {
		detached: true,
		stdio: [ 'ignore', out, out ],
		env: { ...process.env, ...env },
	} );
	child.unref();
	fs.closeSync( out );
	if ( ! child.pid ) {
		throw new CommandError(
			`${ command } did not start; see ${ logFile }`
		);
	}
	fs.writeFileSync( pidFile, String( child.pid ) );
	return child.pid;
}

/**
 * The pid in a pid file when that process is alive, else null.
 */
export function livePid( pidFile: string ): number | null {
	if ( ! fs.existsSync( pidFile ) ) {
		return null;
	}
	const pid = Number.parseInt(
		fs.readFileSync( pidFile, 'utf8' ).trim(),
		10
	);
	if ( ! Number.isInteger( pid ) || pid <= 0 ) {
		return null;
	}
	try {
		process.kill( pid, 0 );
		return pid;
	} catch {
		return null;
	}
}

/**
 * Stops the process (and its process group when it leads one) named in a pid file, then removes the file.
 */
export async function stopPid(
	pidFile: string,
	timeoutMs = 10_000
): Promise< void > {
	const pid = livePid( pidFile );
	if ( pid !== null ) {
		signal( pid, 'SIGTERM' );
		const deadline = Date.now() + timeoutMs;
		while ( isAlive( pid ) && Date.now() < deadline ) {
			await sleep( 50 );
		}
		if ( isAlive( pid ) ) {
			signal( pid, 'SIGKILL' );
		}
	}
	fs.rmSync( pidFile, { force: true } );
}

function signal( pid: number, name: NodeJS.Signals ): void {
	for ( const target of [ -pid, pid ] ) {
		try {
			process.kill( target, name );
		} catch {
			// Not a group leader, or already gone.
		}
	}
}

function isAlive( pid: number ): boolean {
	try {
		process.kill( pid, 0 );
		return true;
	} catch {
		return false;
	}
}

export function sleep( ms: number ): Promise< void > {
	return new Promise( ( resolve ) => setTimeout( resolve, ms ) );
}

/**
 * Whether something accepts TCP connections on the port.
 */
export function portInUse(
	port: number,
	host = '127.0.0.1'
): Promise< boolean > {
	return new Promise( ( resolve ) => {
		const socket = net.connect( { port, host } );
		socket.once( 'connect', () => {
			socket.destroy();
			resolve( true );
		} );
		socket.once( 'error', () => resolve( false ) );
	} );
}

/**
 * Polls a URL until it answers with one of the expected statuses.
 */
export async function waitForHttp(
	url: string,
	timeoutMs: number,
	statuses = [ 200 ]
): Promise< void > {
	const deadline = Date.now() + timeoutMs;
	let last = 'no answer';
	while ( Date.now() < deadline ) {
		try {
			const response = await fetch( url, {
				redirect: 'manual',
				signal: AbortSignal.timeout( 5000 ),
			} );
			if ( statuses.includes( response.status ) ) {
				return;
			}
			last = `HTTP ${ response.status }`;
		} catch ( error ) {
			last = ( error as Error ).message;
		}
		await sleep( 100 );
	}
	throw new CommandError(
		`${ url } did not answer within ${ timeoutMs } ms (${ last })`
	);
}
