/**
 * `npm run version -- X.Y.Z`: sets the plugin's version everywhere it is written down: the plugin header's
 * Version, plugin/src/version.php (what the code reads, SVC_LICENSING_VERSION), readme.txt's Stable tag, and
 * package.json's and package-lock.json's version. The client SDK's version literal (sdk/svc-licensing-client.php)
 * is the SDK's own, released apart from the plugin's: it is left alone while sdk/ is unchanged since the commit that
 * set it, and when sdk/ changed the command refuses until `--sdk=A.B.C` (higher) gives its next version, because the
 * SDK's version registry picks the newest copy among the plugins bundling it, and two different SDKs under one
 * number would be a coin toss on a customer's site. SVC_VERSION_ROOT points it at another copy of the repository
 * (the unit test's temporary copy or repository).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../stack/paths.ts';
import { PLUGIN_FILE, README_FILE, pluginVersion } from './headers.ts';

export { pluginVersion };

/** One place the version is written: a file and the pattern whose first group is the version. */
interface Place {
	file: string;
	pattern: RegExp;
}

const PLACES: Place[] = [
	{ file: PLUGIN_FILE, pattern: /^( \* Version:[ \t]+)([^\s]+)$/m },
	{ file: 'plugin/src/version.php', pattern: /^(return ')([^']+)(';)$/m },
	{ file: README_FILE, pattern: /^(Stable tag:[ \t]*)([^\s]+)$/m },
	{ file: 'package.json', pattern: /^(  "version": ")([^"]+)(",)$/m },
	// The lock file's own entry, twice: at the top and as packages[""].
	{ file: 'package-lock.json', pattern: /^(  "version": ")([^"]+)(",)$/m },
	{
		file: 'package-lock.json',
		pattern: /^(      "version": ")([^"]+)(",)$/m,
	},
];

/** Every file the command edits. */
export const VERSIONED_FILES = [
	...new Set( PLACES.map( ( place ) => place.file ) ),
];

export const VERSION_PATTERN = /^[0-9]+\.[0-9]+\.[0-9]+$/;

/** Throws unless `version` is X.Y.Z in digits; `whose` names it in the message ("The version", "The SDK's version"). */
function checkVersion( whose: string, version: string ): void {
	if ( ! VERSION_PATTERN.test( version ) ) {
		throw new Error(
			`${ whose } is X.Y.Z in digits (e.g. 0.2.0), not "${ version }".`
		);
	}
}

/** Writes `version` into every place; checks them all before writing any. Returns the old version. */
export function setVersion( root: string, version: string ): string {
	checkVersion( 'The version', version );
	const old = pluginVersion( root );
	const texts = new Map< string, string >();
	for ( const file of VERSIONED_FILES ) {
		texts.set( file, fs.readFileSync( path.join( root, file ), 'utf8' ) );
	}
	for ( const { file, pattern } of PLACES ) {
		const text = texts.get( file ) as string;
		const match = pattern.exec( text );
		if ( match === null ) {
			throw new Error( `${ file }: no version found (${ pattern }).` );
		}
		if ( match[ 2 ] !== old ) {
			throw new Error(
				`${ file } says ${ match[ 2 ] } where the plugin header says ${ old }; fix it by hand first.`
			);
		}
		// Only the first match: the lock file's second place is the one after the first.
		const start = match.index + match[ 1 ].length;
		texts.set(
			file,
			text.slice( 0, start ) +
				version +
				text.slice( start + match[ 2 ].length )
		);
	}
	for ( const [ file, text ] of texts ) {
		fs.writeFileSync( path.join( root, file ), text );
	}
	return old;
}

/** The SDK's entry file and its version literal (the one `} )( 'X.Y.Z', __DIR__ );`). */
export const SDK_ENTRY = 'sdk/svc-licensing-client.php';
const SDK_LITERAL = /(\} \)\( ')([^']+)(', __DIR__ \);)/;

function sdkLiteral( text: string ): string | null {
	return SDK_LITERAL.exec( text )?.[ 2 ] ?? null;
}

/** -1, 0 or 1 as version a is lower than, equal to or higher than b (X.Y.Z, numerically). */
export function compareVersions( a: string, b: string ): number {
	const [ x, y ] = [ a, b ].map( ( v ) => v.split( '.' ).map( Number ) );
	for ( let i = 0; i < Math.max( x.length, y.length ); i++ ) {
		const d = ( x[ i ] ?? 0 ) - ( y[ i ] ?? 0 );
		if ( d !== 0 ) {
			return Math.sign( d );
		}
	}
	return 0;
}

/**
 * The files of sdk/ that changed (in commits or in the working tree, new ones included) since the commit that last
 * set the SDK's version literal; [] when the literal is being changed in the working tree now; null when git cannot
 * tell (not a repository, or a shallow history without that commit).
 */
export function sdkChangesSinceVersion( root: string ): string[] | null {
	const entry = path.join( root, SDK_ENTRY );
	if ( ! fs.existsSync( entry ) ) {
		return null;
	}
	const git = ( ...args: string[] ) =>
		spawnSync( 'git', args, { cwd: root, encoding: 'utf8' } );
	if ( git( 'rev-parse', '--is-inside-work-tree' ).status !== 0 ) {
		return null;
	}
	const committed = git( 'show', `HEAD:${ SDK_ENTRY }` );
	if (
		committed.status !== 0 ||
		sdkLiteral( committed.stdout ) !==
			sdkLiteral( fs.readFileSync( entry, 'utf8' ) )
	) {
		return [];
	}
	const since = git(
		'log',
		'-1',
		'--format=%H',
		'-G',
		SDK_LITERAL.source,
		'--',
		SDK_ENTRY
	).stdout.trim();
	if ( since === '' ) {
		return null;
	}
	const lines = ( text: string ) =>
		text.split( '\n' ).filter( ( line ) => line !== '' );
	return [
		...lines( git( 'diff', '--name-only', since, '--', 'sdk/' ).stdout ),
		...lines(
			git( 'ls-files', '--others', '--exclude-standard', '--', 'sdk/' )
				.stdout
		),
	].sort();
}

/**
 * What to do with the SDK's version: its next version when `sdk` is given (checked: X.Y.Z, higher), nothing when
 * sdk/ is unchanged (or git cannot tell: then `note` says so); throws when sdk/ changed and no next version is given.
 */
export function sdkPlan(
	root: string,
	sdk: string | undefined
): { from: string; to: string } | { note: string } | null {
	const entry = path.join( root, SDK_ENTRY );
	const current = fs.existsSync( entry )
		? sdkLiteral( fs.readFileSync( entry, 'utf8' ) )
		: null;
	if ( current === null ) {
		if ( sdk !== undefined ) {
			throw new Error( `${ SDK_ENTRY }: no version literal found.` );
		}
		return null;
	}
	if ( sdk !== undefined ) {
		checkVersion( "The SDK's version", sdk );
		if ( compareVersions( sdk, current ) <= 0 ) {
			throw new Error(
				`The SDK's next version must be higher than ${ current }, not ${ sdk }.`
			);
		}
		return { from: current, to: sdk };
	}
	const changed = sdkChangesSinceVersion( root );
	if ( changed === null ) {
		return {
			note: `Left the SDK at ${ current }: git cannot tell whether sdk/ changed since that version was set.`,
		};
	}
	if ( changed.length > 0 ) {
		const shown = changed.slice( 0, 5 ).join( ', ' );
		const more =
			changed.length > 5 ? ` and ${ changed.length - 5 } more` : '';
		throw new Error(
			`sdk/ changed since its version ${ current } was set (${ shown }${ more }). Give the SDK's next version too, ` +
				`e.g. npm run version -- X.Y.Z --sdk=A.B.C with A.B.C higher than ${ current }.`
		);
	}
	return null;
}

/** Writes the SDK's version literal. */
function setSdkVersion( root: string, version: string ): void {
	const entry = path.join( root, SDK_ENTRY );
	fs.writeFileSync(
		entry,
		fs
			.readFileSync( entry, 'utf8' )
			.replace(
				SDK_LITERAL,
				( _all, a, _b, c ) => `${ a }${ version }${ c }`
			)
	);
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	const args = process.argv.slice( 2 );
	const version = args.find( ( arg ) => ! arg.startsWith( '--' ) ) ?? '';
	const sdk = args
		.find( ( arg ) => arg.startsWith( '--sdk=' ) )
		?.slice( '--sdk='.length );
	const root = process.env.SVC_VERSION_ROOT || repoRoot;
	try {
		// Both are checked before anything is written.
		checkVersion( 'The version', version );
		const plan = sdkPlan( root, sdk );
		const old = setVersion( root, version );
		console.log(
			`Version ${ old } -> ${ version } in ${ VERSIONED_FILES.join( ', ' ) }.`
		);
		if ( plan !== null && 'to' in plan ) {
			setSdkVersion( root, plan.to );
			console.log(
				`SDK ${ plan.from } -> ${ plan.to } in ${ SDK_ENTRY }.`
			);
		} else if ( plan !== null ) {
			console.log( plan.note );
		}
	} catch ( error ) {
		console.error( error instanceof Error ? error.message : error );
		process.exit( 2 );
	}
}
