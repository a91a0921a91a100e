/**
 * Redis for the sites that keep their rate-limit counters in it (SVC_LICENSING_COUNTERS = 'redis'). Each stack slot
 * runs a server of its own: Debian's redis-server on 127.0.0.1 only, port 6391 moved up 20 per slot as the sites'
 * ports are, no persistence, daemonized with its pid file and log under the
 * slot's .stack dir. It starts on first use and stops with the stack (`npm run stop -- --all`), or when `npm test`
 * ends.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { STACK_SLOT, slotPort, slotStackDir } from './paths.ts';
import {
	CommandError,
	livePid,
	portInUse,
	run,
	sleep,
	stopPid,
} from './process.ts';
import { REDIS_SERVER } from './system.ts';

/** A slot's Redis: its port (6391, 20 up per slot) and its folder (pid file, log). */
function place( slot: number ) {
	const dir = path.join( slotStackDir( slot ), 'redis' );
	return {
		port: slotPort( 6391, slot ),
		dir,
		pidFile: path.join( dir, 'redis.pid' ),
		logFile: path.join( dir, 'redis.log' ),
	};
}

/** This slot's Redis port. */
export const REDIS_PORT = place( STACK_SLOT ).port;

/** A slot's Redis server as the plugin's SVC_LICENSING_REDIS names it (this slot's when not given). */
export function redisUrl( slot = STACK_SLOT ): string {
	return `tcp://127.0.0.1:${ place( slot ).port }`;
}

/** Whether a Redis server answers PING on the port. */
export function redisAnswers( port = REDIS_PORT ): Promise< boolean > {
	return new Promise( ( resolve ) => {
		let reply = '';
		const socket = net.connect( { port, host: '127.0.0.1' } );
		const done = ( answer: boolean ) => {
			socket.destroy();
			resolve( answer );
		};
		socket.setTimeout( 2000, () => done( false ) );
		socket.once( 'connect', () => socket.write( 'PING\r\n' ) );
		socket.on( 'data', ( chunk ) => {
			reply += chunk.toString();
			if ( reply.includes( '\r\n' ) ) {
				done( reply.startsWith( '+PONG' ) );
			}
		} );
		socket.once( 'error', () => done( false ) );
	} );
}

/** Whether a slot's Redis server is running (its pid file names a live process). */
export function redisRunning( slot = STACK_SLOT ): boolean {
	return livePid( place( slot ).pidFile ) !== null;
}

/**
 * Starts a slot's Redis server (this slot's when not given) unless it already runs and answers; answers with its
 * port and url.
 */
export async function ensureRedis(
	slot = STACK_SLOT
): Promise< { port: number; url: string } > {
	const { port, dir, pidFile, logFile } = place( slot );
	const ready = { port, url: redisUrl( slot ) };
	if ( redisRunning( slot ) && ( await redisAnswers( port ) ) ) {
		return ready;
	}
	await stopPid( pidFile );
	if ( await portInUse( port ) ) {
		throw new CommandError(
			`Port ${ port } (the stack's Redis) is taken by another program. Stop it and retry.`
		);
	}
	fs.mkdirSync( dir, { recursive: true } );
	// It daemonizes itself and writes the pid file; the loop below waits until it answers.
	run( REDIS_SERVER, [
		'--port',
		String( port ),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--daemonize',
		'yes',
		'--pidfile',
		pidFile,
		'--logfile',
		logFile,
		'--dir',
		dir,
	] );
	const deadline = Date.now() + 10_000;
	while ( ! ( await redisAnswers( port ) ) ) {
		if ( Date.now() > deadline ) {
			throw new CommandError(
				`Redis did not answer on port ${ port } within 10 s; see ${ logFile }.`
			);
		}
		await sleep( 100 );
	}
	return ready;
}

/** Stops a slot's Redis server (this slot's when not given) if it runs. */
export async function stopRedis( slot = STACK_SLOT ): Promise< void > {
	await stopPid( place( slot ).pidFile );
}
