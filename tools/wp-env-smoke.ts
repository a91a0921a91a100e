/**
 * Smoke test of .wp-env.json without Docker: boots it with wp-env's experimental Playground runtime, offline,
 * on the same local WordPress core as the native stack, and checks that /svc/v1/health answers.
 *
 * Offline, wp-env needs two things prepared: `core` pointing at a local WordPress folder, and
 * `latestWordPressVersion` seeded in its cache (it asks the network for it otherwise).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { WORDPRESS_VERSION, coreDir, ensureCore } from './stack/core.ts';
import { repoRoot, stackDir } from './stack/paths.ts';
import { slotPort } from './stack/profiles.ts';

const PORT = slotPort( 8891 );
const workDir = path.join( stackDir, 'wp-env-smoke' );
const home = path.join( stackDir, 'wp-env-home' );
const configPath = path.join( workDir, '.wp-env.json' );
const wpEnv = path.join( repoRoot, 'node_modules', '.bin', 'wp-env' );

function wpEnvRun( args: string[] ): void {
	const result = spawnSync( wpEnv, args, {
		cwd: workDir,
		stdio: 'inherit',
		env: { ...process.env, WP_ENV_HOME: home },
		timeout: 180_000,
	} );
	if ( result.status !== 0 ) {
		throw new Error(
			`wp-env ${ args.join( ' ' ) } failed (exit ${ result.status ?? result.signal })`
		);
	}
}

/** The committed config, with its paths made absolute, core made local and the port moved off 8888. */
function writeConfig(): void {
	const committed = JSON.parse(
		fs.readFileSync( path.join( repoRoot, '.wp-env.json' ), 'utf8' )
	);
	const config = {
		...committed,
		core: coreDir,
		plugins: ( committed.plugins as string[] ).map( ( p ) =>
			path.resolve( repoRoot, p )
		),
		port: PORT,
	};
	fs.mkdirSync( workDir, { recursive: true } );
	fs.writeFileSync( configPath, JSON.stringify( config, null, '\t' ) );
	const cache = path.join(
		home,
		createHash( 'md5' ).update( configPath ).digest( 'hex' )
	);
	fs.mkdirSync( cache, { recursive: true } );
	const cacheFile = path.join( cache, 'wp-env-cache.json' );
	const existing = fs.existsSync( cacheFile )
		? JSON.parse( fs.readFileSync( cacheFile, 'utf8' ) )
		: {};
	fs.writeFileSync(
		cacheFile,
		JSON.stringify( {
			...existing,
			latestWordPressVersion: WORDPRESS_VERSION,
		} )
	);
}

/**
 * GET that follows Playground's auto-login redirect, carrying the cookies it sets.
 */
async function getJson(
	url: string
): Promise< { status: number; body: unknown } > {
	let cookies: string[] = [];
	for ( let hop = 0; hop < 4; hop++ ) {
		const response = await fetch( url, {
			redirect: 'manual',
			headers: { cookie: cookies.join( '; ' ) },
			signal: AbortSignal.timeout( 60_000 ),
		} );
		cookies = [
			...cookies,
			...response.headers
				.getSetCookie()
				.map( ( c ) => c.split( ';' )[ 0 ] ),
		];
		if ( response.status !== 301 && response.status !== 302 ) {
			return { status: response.status, body: await response.json() };
		}
	}
	throw new Error( `${ url } kept redirecting` );
}

async function main(): Promise< void > {
	const started = Date.now();
	ensureCore();
	writeConfig();
	const pluginVersion = /Version:\s+(\S+)/.exec(
		fs.readFileSync(
			path.join( repoRoot, 'plugin', 'svc-licensing.php' ),
			'utf8'
		)
	)?.[ 1 ];
	wpEnvRun( [ 'start', '--runtime=playground' ] );
	try {
		// Playground has no pretty permalinks; decisions.md makes ?rest_route= an equal address.
		const { status, body } = await getJson(
			`http://localhost:${ PORT }/?rest_route=/svc/v1/health`
		);
		const health = body as {
			version?: string;
			checks?: Array< { name: string; status: string } >;
		};
		const names = ( health.checks ?? [] )
			.map( ( c ) => c.name )
			.join( ',' );
		const database = health.checks?.find(
			( c ) => c.name === 'database'
		)?.status;
		if (
			status !== 200 ||
			health.version !== pluginVersion ||
			names !== 'database,file_storage,payment_webhook' ||
			database !== 'pass'
		) {
			throw new Error(
				`Unexpected health answer from wp-env: HTTP ${ status } ${ JSON.stringify( body ) }`
			);
		}
		console.log(
			`wp-env (playground runtime) served /svc/v1/health: HTTP ${ status }, version ${ health.version }, database ${ database }`
		);
	} finally {
		wpEnvRun( [ 'stop' ] );
	}
	console.log(
		`wp-env smoke test: 1 passed, 0 failed (${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s)`
	);
}

main().catch( ( error: Error ) => {
	console.error( error.message );
	console.log( 'wp-env smoke test: 0 passed, 1 failed' );
	process.exit( 1 );
} );
