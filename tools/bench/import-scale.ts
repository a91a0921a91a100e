/**
 * The import at scale, alone, with validate asked while it runs (issue 43): a harness of its own beside
 * `npm run bench -- --only=import`, which it leaves as it is.
 *
 *   npx tsx tools/bench/import-scale.ts --licences=100000 [--runs=import,re-run] [--keep] [--no-seed] [--plugin=DIR] [--pace=MS]
 *
 * On the bench site of this stack slot (set SVC_STACK_SLOT to keep off slot 0's), MariaDB + nginx + php-fpm,
 * with the rate-limit counters in the database: resets the site and seeds EDD Software Licensing's tables with N
 * licences and 1.5 N activations (tools/bench/import-seed.php; --no-seed keeps the tables the last run seeded and
 * empties the service's own, tools/bench/import-scale.php wipe), then runs `wp svc import edd-sl --format=json`
 * once per --runs entry (dry, import, re-run). Each run prints its seconds, its PHP process's peak memory
 * (memory_get_peak_usage( true ), from the bench-only must-use plugin peak.php), whether its report matches the
 * seed's expectations (tools/bench/import.ts), and what validate did meanwhile: one client asking validate for the
 * first EDD licence every --pace ms (2050 by default: under the route's 30 a minute per IP), its answers by status
 * (`200 valid` once that licence has arrived), its median and slowest time, and its requests per second.
 * --keep leaves the site running; --plugin runs another copy of plugin/ (another checkout's, say).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
	checkImportReport,
	type ImportExpectation,
	type ImportReport,
	type ImportRunKind,
} from './import.ts';
import { repoRoot } from '../stack/paths.ts';
import { run } from '../stack/process.ts';
import { stopMariaDbWhenIdle } from '../stack/known-sites.ts';
import { benchProfile } from '../stack/profiles.ts';
import { ensurePhpTools } from '../stack/php-tools.ts';
import { Site } from '../stack/site.ts';
import { PHP, ensureSystemPackages } from '../stack/system.ts';

const BENCH_DIR = path.join( repoRoot, 'tools', 'bench' );

function flag( name: string, fallback: string ): string {
	const given = process.argv.find( ( arg ) =>
		arg.startsWith( `--${ name }=` )
	);
	return given ? given.slice( name.length + 3 ) : fallback;
}

const log = ( line: string ) =>
	process.stderr.write( `[${ new Date().toISOString() }] ${ line }\n` );

function php( site: Site, script: string, ...args: string[] ): unknown {
	return JSON.parse(
		run( PHP, [
			path.join( BENCH_DIR, script ),
			site.docroot,
			site.url,
			...args,
		] )
			.trim()
			.split( '\n' )
			.pop() as string
	);
}

interface Validated {
	statuses: Record< string, number >;
	ms: number[];
}

/**
 * One client asking validate every `pace` ms (start to start; the default stays under the route's 30 a minute per
 * IP, so the answers are the licence's, not 429s) until stop() is called.
 */
function validateLoop(
	site: Site,
	body: string,
	pace: number
): { stop: () => Promise< Validated > } {
	const seen: Validated = { statuses: {}, ms: [] };
	let running = true;
	const loop = ( async () => {
		while ( running ) {
			const started = performance.now();
			let status = 'error';
			try {
				const response = await fetch(
					site.url + '/wp-json/svc/v1/licenses/validate',
					{
						method: 'POST',
						body,
						headers: { 'Content-Type': 'application/json' },
						signal: AbortSignal.timeout( 60_000 ),
					}
				);
				const text = await response.text();
				const valid = /"valid"\s*:\s*true/.test( text );
				status = `${ response.status }${ valid ? ' valid' : '' }`;
			} catch ( error ) {
				status = `error ${ ( error as Error ).name }`;
			}
			const ms = performance.now() - started;
			seen.ms.push( ms );
			seen.statuses[ status ] = ( seen.statuses[ status ] ?? 0 ) + 1;
			await new Promise( ( resolve ) =>
				setTimeout( resolve, Math.max( 0, pace - ms ) )
			);
		}
	} )();
	return {
		stop: async () => {
			running = false;
			await loop;
			return seen;
		},
	};
}

function wpImport(
	site: Site,
	kind: ImportRunKind
): Promise< { report: ImportReport | null; stderr: string; code: number } > {
	const peakFile = path.join( site.runDir, 'bench-import-peak.json' );
	fs.rmSync( peakFile, { force: true } );
	return new Promise( ( resolve ) => {
		const child = spawn(
			path.join( repoRoot, 'vendor', 'bin', 'wp' ),
			[
				'svc',
				'import',
				'edd-sl',
				'--format=json',
				...( kind === 'dry run' ? [ '--dry-run' ] : [] ),
				`--path=${ site.docroot }`,
				`--url=${ site.url }`,
				'--allow-root',
			],
			{ env: { ...process.env, SVC_BENCH_PEAK_FILE: peakFile } }
		);
		let stdout = '';
		let stderr = '';
		child.stdout.on( 'data', ( d ) => ( stdout += d ) );
		child.stderr.on( 'data', ( d ) => ( stderr += d ) );
		child.on( 'close', ( code ) => {
			const line = stdout
				.split( '\n' )
				.find( ( l ) => l.startsWith( '{' ) );
			resolve( {
				report: line ? ( JSON.parse( line ) as ImportReport ) : null,
				stderr,
				code: code ?? 1,
			} );
		} );
	} );
}

const median = ( values: number[] ): number => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted.length ? sorted[ Math.floor( sorted.length / 2 ) ] : NaN;
};

async function main(): Promise< void > {
	const licenses = Number( flag( 'licences', '100000' ) );
	const runs = flag( 'runs', 'import,re-run' )
		.split( ',' )
		.map( ( r ) => ( r === 'dry' ? 'dry run' : r ) as ImportRunKind );
	ensureSystemPackages( { bench: true } );
	ensurePhpTools();
	const plugin = flag( 'plugin', '' );
	const profile = benchProfile( plugin === '' ? undefined : plugin );
	const site = new Site( {
		...profile,
		files: {
			...profile.files,
			'wp-content/mu-plugins/svc-bench-counters.php': path.join(
				BENCH_DIR,
				'site',
				'counters.php'
			),
		},
	} );
	let expected: ImportExpectation;
	const seedFile = path.join( site.runDir, 'import-scale-seed.json' );
	if ( process.argv.includes( '--no-seed' ) && fs.existsSync( seedFile ) ) {
		await site.start();
		php( site, 'import-scale.php', 'wipe' );
		expected = JSON.parse( fs.readFileSync( seedFile, 'utf8' ) ).expected;
		log( `Kept the seed of ${ licenses } licences; emptied the service` );
	} else {
		await site.reset();
		const seed = php(
			site,
			'import-seed.php',
			'edd-sl',
			String( licenses )
		) as { seconds: number; expected: ImportExpectation };
		fs.writeFileSync( seedFile, JSON.stringify( seed ) );
		expected = seed.expected;
		log( `Seeded ${ licenses } EDD SL licences in ${ seed.seconds } s` );
	}
	fs.writeFileSync(
		path.join( site.docroot, 'wp-content', 'svc-bench-counters.json' ),
		JSON.stringify( { counters: 'database' } ) + '\n'
	);
	const key = php( site, 'import-scale.php', 'key', '1' ) as {
		key: string;
		slug: string;
	};
	const body = JSON.stringify( {
		license_key: key.key,
		product_slug: key.slug,
		site_url: 'https://bench-client.example',
	} );
	try {
		for ( const kind of runs ) {
			log( `${ kind } of ${ licenses } licences` );
			const validating = validateLoop(
				site,
				body,
				Number( flag( 'pace', '2050' ) )
			);
			const started = performance.now();
			const result = await wpImport( site, kind );
			const seconds = ( performance.now() - started ) / 1000;
			const validated = await validating.stop();
			const peakFile = path.join( site.runDir, 'bench-import-peak.json' );
			const peak = fs.existsSync( peakFile )
				? (
						JSON.parse( fs.readFileSync( peakFile, 'utf8' ) ) as {
							peak_bytes: number;
						}
					 ).peak_bytes
				: NaN;
			const problem =
				result.code !== 0 || ! result.report
					? `exit ${ result.code }: ${ result.stderr.slice( -800 ) }`
					: checkImportReport( kind, result.report, expected );
			console.log(
				JSON.stringify( {
					run: kind,
					licences: licenses,
					seconds: Number( seconds.toFixed( 1 ) ),
					peak_mib: Number( ( peak / 2 ** 20 ).toFixed( 1 ) ),
					report: problem ?? 'as seeded',
					validate: {
						answers: validated.statuses,
						median_ms: Number(
							median( validated.ms ).toFixed( 1 )
						),
						slowest_ms: Number(
							Math.max( ...validated.ms ).toFixed( 1 )
						),
						per_second: Number(
							( validated.ms.length / seconds ).toFixed( 1 )
						),
					},
				} )
			);
		}
	} finally {
		if ( ! process.argv.includes( '--keep' ) ) {
			await site.stop();
			await stopMariaDbWhenIdle();
		}
	}
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
