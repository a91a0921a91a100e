/**
 * The client SDK's translation template, sdk/languages/svc-licensing-client.pot: every string of its PHP files
 * (text domain `svc-licensing-client`). Written before each copy of the SDK is shipped (tools/stack/sdk.ts, the
 * last step of `npm run build`), or alone by `npm run i18n:pot`; it is not committed (sdk/README.md, "Translations").
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTemplateFile } from './catalogue.ts';
import {
	domainProblems,
	findCalls,
	messagesOf,
	writePot,
	type Call,
} from './extract.ts';

export const SDK_DOMAIN = 'svc-licensing-client';

const repoRoot = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'..'
);
export const sdkDir = path.join( repoRoot, 'sdk' );
export const potFile = path.join( sdkDir, 'languages', `${ SDK_DOMAIN }.pot` );

/** The SDK's PHP files, relative to sdk/, sorted. */
export function sdkPhpFiles( dir = sdkDir ): string[] {
	return fs
		.readdirSync( dir, { recursive: true, encoding: 'utf8' } )
		.filter( ( file ) => file.endsWith( '.php' ) )
		.map( ( file ) => file.split( path.sep ).join( '/' ) )
		.sort();
}

/** Every translation call in the SDK's PHP files. */
export function sdkCalls( dir = sdkDir ): Call[] {
	return sdkPhpFiles( dir ).flatMap( ( file ) =>
		findCalls( fs.readFileSync( path.join( dir, file ), 'utf8' ), file )
	);
}

/** The SDK's version: the one literal its entry file registers. */
export function sdkVersion( dir = sdkDir ): string {
	const entry = fs.readFileSync(
		path.join( dir, 'svc-licensing-client.php' ),
		'utf8'
	);
	const match = /\} \)\( '([^']+)', __DIR__ \);/.exec( entry );
	if ( ! match ) {
		throw new Error( 'sdk/svc-licensing-client.php: no version literal' );
	}
	return match[ 1 ];
}

/** The template's text; throws when a call uses another text domain or a text that is not a literal. */
export function sdkPot( dir = sdkDir ): string {
	const calls = sdkCalls( dir );
	const problems = domainProblems( calls, SDK_DOMAIN );
	if ( problems.length > 0 ) {
		throw new Error( problems.join( '\n' ) );
	}
	return writePot(
		`Licence Service client SDK ${ sdkVersion( dir ) }`,
		SDK_DOMAIN,
		messagesOf( calls, SDK_DOMAIN )
	);
}

/**
 * Writes sdk/languages/svc-licensing-client.pot when its text differs (so an unchanged SDK keeps its files as they
 * are); returns the number of strings.
 */
export function writeSdkPot(): number {
	return writeTemplateFile( potFile, sdkPot() );
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	process.stdout.write(
		`${ path.relative( repoRoot, potFile ) }: ${ writeSdkPot() } strings\n`
	);
}
