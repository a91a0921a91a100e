/**
 * The pure parts of `npm run panel:weight`: its arguments, which responses are the panel's own scripts, and
 * the figures (median, sizes) it prints.
 */
import path from 'node:path';

export interface WeightArgs {
	/** The running site, e.g. http://localhost:8888. */
	site: string;
	/** The builds to measure: label => directory; empty means the site's own plugin/build. */
	builds: Array< { label: string; dir: string | null } >;
	runs: number;
	/** The page slug to open (the Licences screen by default). */
	page: string;
	user: string;
	password: string;
	json: boolean;
}

export const USAGE = `Usage: npm run panel:weight -- [site URL] [--build=[label=]dir]... [--runs=N] [--page=slug] [--user=u --password=p] [--json]

  site URL    a running WordPress with the plugin active (default: this slot's development site)
  --build     serve the plugin's build/ files from this directory instead of the site's (repeatable: each build is
              measured in the same run, loads interleaved); without it the site's own plugin/build is measured
  --runs      timed loads per build (default 5), after one untimed warm-up load; the median is reported
  --page      the admin page to open (default svc-licensing, the Licences screen)`;

export function parseWeightArgs(
	argv: string[],
	defaultSite: string
): WeightArgs {
	const args: WeightArgs = {
		site: defaultSite,
		builds: [],
		runs: 5,
		page: 'svc-licensing',
		user: 'admin',
		password: 'password',
		json: false,
	};
	for ( const arg of argv ) {
		const eq = arg.indexOf( '=' );
		const key = eq === -1 ? arg : arg.slice( 0, eq );
		const value = eq === -1 ? '' : arg.slice( eq + 1 );
		switch ( key ) {
			case '--build': {
				const named = value.match( /^([A-Za-z0-9_-]+)=(.+)$/ );
				const dir = path.resolve( named ? named[ 2 ] : value );
				args.builds.push( {
					label: named ? named[ 1 ] : path.basename( dir ),
					dir,
				} );
				break;
			}
			case '--runs': {
				const runs = Number( value );
				if ( ! Number.isInteger( runs ) || runs < 1 ) {
					throw new Error(
						`--runs takes a whole number ≥ 1, not "${ value }"`
					);
				}
				args.runs = runs;
				break;
			}
			case '--page':
				args.page = value;
				break;
			case '--user':
				args.user = value;
				break;
			case '--password':
				args.password = value;
				break;
			case '--json':
				args.json = true;
				break;
			default:
				if ( arg.startsWith( '--' ) ) {
					throw new Error( `Unknown option ${ arg }\n\n${ USAGE }` );
				}
				args.site = arg.replace( /\/+$/, '' );
		}
	}
	if ( args.builds.length === 0 ) {
		args.builds.push( { label: 'site', dir: null } );
	}
	return args;
}

/** The path inside the plugin's build/ folder that a URL asks for, or null when it is not one of its files. */
export function buildFileOf( url: string ): string | null {
	const match = new URL( url ).pathname.match(
		/\/wp-content\/plugins\/[^/]+\/build\/(.+)$/
	);
	return match ? decodeURIComponent( match[ 1 ] ) : null;
}

export function median( values: number[] ): number {
	if ( values.length === 0 ) {
		return NaN;
	}
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = Math.floor( sorted.length / 2 );
	return sorted.length % 2 === 1
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
}

export function kib( bytes: number ): string {
	return `${ ( bytes / 1024 ).toFixed( 1 ) } KiB`;
}

export interface ScriptWeight {
	file: string;
	bytes: number;
	gzip: number;
}

export interface BuildResult {
	label: string;
	dir: string;
	scripts: ScriptWeight[];
	bytes: number;
	gzip: number;
	/** Milliseconds from navigation start, one per timed load. */
	networkIdle: number[];
	panelShown: number[];
	errors: string[];
}

export function report( results: BuildResult[], args: WeightArgs ): string {
	const lines = [
		`First screen: ${ args.site }/wp-admin/admin.php?page=${ args.page } (Chromium, logged in as ${ args.user }, cold cache, ${ args.runs } timed loads after 1 warm-up)`,
	];
	for ( const result of results ) {
		lines.push(
			'',
			`[${ result.label }] ${ result.dir }`,
			`  JS from build/: ${ result.bytes } bytes (${ kib( result.bytes ) }), gzipped ${ result.gzip } bytes (${ kib( result.gzip ) }) in ${ result.scripts.length } file(s)`
		);
		for ( const script of result.scripts ) {
			lines.push(
				`    ${ script.file }: ${ script.bytes } bytes, gzipped ${ script.gzip }`
			);
		}
		lines.push(
			`  panel shown (first heading): median ${ Math.round( median( result.panelShown ) ) } ms   [${ result.panelShown.map( Math.round ).join( ', ' ) }]`,
			`  network idle (last response end): median ${ Math.round( median( result.networkIdle ) ) } ms   [${ result.networkIdle.map( Math.round ).join( ', ' ) }]`
		);
		for ( const error of result.errors ) {
			lines.push( `  ERROR ${ error }` );
		}
	}
	return lines.join( '\n' );
}
