/**
 * Runs Composer's WP-CLI (vendor/bin/wp, installed by `npm run test:e2e`) against the test site, as a site owner
 * runs their own `wp`: `wp svc … --path=<site>`.
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../fixtures/env';

export interface WpResult {
	stdout: string;
	stderr: string;
	code: number;
}

const WP = path.join( repoRoot, 'vendor', 'bin', 'wp' );

/** The test site's WordPress folder, from the stack (tools/cli.ts e2e). */
export function siteDir(): string {
	const dir = process.env.SVC_SITE_DIR ?? '';
	if ( dir === '' ) {
		throw new Error(
			'SVC_SITE_DIR is not set: run the CLI specs through npm run test:e2e.'
		);
	}
	return dir;
}

/**
 * `wp <args> --path=<test site>`; resolves with stdout, stderr and the exit code, whatever the code. WP-CLI
 * 2.4.1 prints PHP 8.2 deprecation notices of its own on stderr, so callers read errors with `errorLine`.
 */
export function wp( args: string[] ): Promise< WpResult > {
	return new Promise( ( resolve, reject ) => {
		execFile(
			WP,
			[ `--path=${ siteDir() }`, '--allow-root', ...args ],
			{ maxBuffer: 64 * 1024 * 1024, env: { ...process.env } },
			( error, stdout, stderr ) => {
				if ( error && typeof error.code !== 'number' ) {
					reject( error );
					return;
				}
				resolve( {
					stdout,
					stderr,
					code: error ? ( error.code as number ) : 0,
				} );
			}
		);
	} );
}

/** A command that must succeed: its stdout. */
export async function wpOk( args: string[] ): Promise< string > {
	const result = await wp( args );
	if ( result.code !== 0 ) {
		throw new Error(
			`wp ${ args.join( ' ' ) } exited ${ result.code }: ${ result.stderr }`
		);
	}
	return result.stdout;
}

/** The WP-CLI lines of stderr (Error:, Warning:, Success:), without PHP's notices. */
export function cliLines( stderr: string ): string[] {
	return stderr
		.split( '\n' )
		.filter( ( line ) => /^(Error|Warning|Success): /.test( line ) );
}

/** Parses WP-CLI's csv output (no quoted commas in the values the specs use). */
export function parseCsv( text: string ): Record< string, string >[] {
	const [ header, ...lines ] = text.trim().split( '\n' );
	const names = header.split( ',' );
	return lines.map( ( line ) => {
		const cells = line.split( ',' );
		return Object.fromEntries(
			names.map( ( name, i ) => [ name, cells[ i ] ] )
		);
	} );
}

/**
 * Runs a list command in each of WP-CLI's formats and checks they agree with its JSON: as many CSV rows, table
 * lines and YAML items, `count` the number, `ids` the ids. Answers the JSON rows.
 */
export async function everyListFormat(
	args: string[]
): Promise< Record< string, unknown >[] > {
	const run = ( format: string ) =>
		wpOk( [ ...args, `--format=${ format }` ] );
	const rows: Record< string, unknown >[] = JSON.parse( await run( 'json' ) );
	const csv = parseCsv( await run( 'csv' ) );
	if ( csv.length !== rows.length ) {
		throw new Error(
			`${ args.join( ' ' ) }: csv has ${ csv.length } rows, json ${ rows.length }`
		);
	}
	const count = ( await run( 'count' ) ).trim();
	if ( count !== String( rows.length ) ) {
		throw new Error(
			`${ args.join( ' ' ) }: count says ${ count }, json has ${ rows.length }`
		);
	}
	const yamlItems = ( await run( 'yaml' ) )
		.split( '\n' )
		.filter( ( line ) => /^- *$/.test( line ) ).length;
	if ( yamlItems !== rows.length ) {
		throw new Error(
			`${ args.join( ' ' ) }: yaml has ${ yamlItems } items, json ${ rows.length }`
		);
	}
	const table = ( await run( 'table' ) ).trim().split( '\n' );
	if ( rows.length > 0 && table.length !== rows.length + 1 ) {
		throw new Error(
			`${ args.join( ' ' ) }: table has ${ table.length } lines for ${ rows.length } rows`
		);
	}
	if ( rows.length > 0 && 'id' in rows[ 0 ] ) {
		const ids = ( await run( 'ids' ) ).trim();
		const expected = rows.map( ( row ) => String( row.id ) ).join( ' ' );
		if ( ids !== expected ) {
			throw new Error(
				`${ args.join( ' ' ) }: ids says "${ ids }", json "${ expected }"`
			);
		}
	}
	return rows;
}

/** A `wp` that keeps running (`event tail --follow`): its stdout lines as they come, and a way to end it. */
export interface Following {
	/** The first line (seen so far or to come) that matches; rejects after `withinMs` (default 30 s). */
	line: (
		match: ( line: string ) => boolean,
		withinMs?: number
	) => Promise< string >;
	/** Every complete line so far. */
	lines: () => string[];
	/** Ends the process and its php child (SIGTERM to its process group). */
	stop: () => void;
}

export function wpFollow( args: string[] ): Following {
	const child = spawn(
		WP,
		[ `--path=${ siteDir() }`, '--allow-root', ...args ],
		// Its own process group: vendor/bin/wp is a shell script that runs php as its child, and both must end.
		{
			env: { ...process.env },
			stdio: [ 'ignore', 'pipe', 'pipe' ],
			detached: true,
		}
	);
	let buffered = '';
	let stderr = '';
	const complete: string[] = [];
	const waiting: ( () => void )[] = [];
	child.stdout.on( 'data', ( chunk: Buffer ) => {
		buffered += chunk.toString();
		const parts = buffered.split( '\n' );
		buffered = parts.pop() ?? '';
		complete.push( ...parts.filter( ( l ) => l.trim() !== '' ) );
		waiting.splice( 0 ).forEach( ( wake ) => wake() );
	} );
	child.stderr.on( 'data', ( chunk: Buffer ) => {
		stderr += chunk.toString();
	} );
	child.on( 'exit', () => waiting.splice( 0 ).forEach( ( wake ) => wake() ) );
	return {
		lines: () => [ ...complete ],
		stop: () => {
			if ( child.exitCode === null && child.pid !== undefined ) {
				process.kill( -child.pid, 'SIGTERM' );
			}
		},
		line: ( match, withinMs = 30_000 ) =>
			new Promise( ( resolve, reject ) => {
				const timer = setTimeout( () => {
					reject(
						new Error(
							`wp ${ args.join( ' ' ) }: no matching line within ${ withinMs } ms; stdout ${ JSON.stringify( complete ) }, stderr ${ stderr }`
						)
					);
				}, withinMs );
				const look = () => {
					const found = complete.find( match );
					if ( found !== undefined ) {
						clearTimeout( timer );
						resolve( found );
					} else if ( child.exitCode !== null ) {
						clearTimeout( timer );
						reject(
							new Error(
								`wp ${ args.join( ' ' ) } exited ${ child.exitCode }: ${ stderr }`
							)
						);
					} else {
						waiting.push( look );
					}
				};
				look();
			} ),
	};
}
