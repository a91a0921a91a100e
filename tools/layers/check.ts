/**
 * `npm run lint:layers`: fails when a class in plugin/src uses a layer above its own (rules in ./rules.ts and
 * plugin/README.md), when a table has more than one writer, or when a controller writes through Storage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	LAYER_OF_SEGMENT,
	allowed,
	isController,
	propertyCalls,
	referencesIn,
	segmentOf,
	writersOf,
} from './rules.ts';

const srcDir = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'..',
	'plugin',
	'src'
);

function phpFiles( dir: string ): string[] {
	return fs
		.readdirSync( dir, { withFileTypes: true } )
		.flatMap( ( entry ) => {
			const full = path.join( dir, entry.name );
			if ( entry.isDirectory() ) {
				return phpFiles( full );
			}
			return entry.name.endsWith( '.php' ) ? [ full ] : [];
		} );
}

/** Storage classes by name, for the writers each one has. */
const storage = new Map(
	phpFiles( path.join( srcDir, 'Storage' ) ).map( ( file ) => [
		path.basename( file, '.php' ),
		fs.readFileSync( file, 'utf8' ),
	] )
);
const writers = new Map(
	[ ...storage.keys() ].map( ( name ) => [
		name,
		writersOf( name, storage ),
	] )
);

const problems: string[] = [];
let checked = 0;
for ( const file of phpFiles( srcDir ) ) {
	const relative = path.relative( srcDir, file );
	const segment = relative.includes( path.sep )
		? relative.split( path.sep )[ 0 ]
		: '';
	const from = LAYER_OF_SEGMENT[ segment ];
	if ( from === undefined ) {
		problems.push(
			`${ relative }: folder ${ segment } has no layer in tools/layers/rules.ts`
		);
		continue;
	}
	const source = fs.readFileSync( file, 'utf8' );
	for ( const { line, name } of referencesIn( source ) ) {
		checked++;
		const to = LAYER_OF_SEGMENT[ segmentOf( name ) ];
		if ( to === undefined ) {
			continue;
		}
		const className = name.split( '\\' ).pop() ?? name;
		if ( ! allowed( from, to, className ) ) {
			problems.push(
				`${ relative }:${ line }: ${ from } may not use ${ to } (${ name })`
			);
		}
	}
	// Controllers only translate HTTP: no Storage writes.
	if ( isController( relative ) ) {
		for ( const { line, type, method } of propertyCalls( source ) ) {
			if ( writers.get( type )?.has( method ) ) {
				problems.push(
					`${ relative }:${ line }: a controller writes through Storage (${ type }::${ method }); call a Core service`
				);
			}
		}
	}
	// Table writers: only repositories in Storage/ write SQL (the root's uninstall drops the tables it made).
	if (
		from !== 'storage' &&
		from !== 'root' &&
		/->\s*(?:query|insert|update|delete|replace)\s*\(/.test( source ) &&
		/\$(?:this->)?(?:db|wpdb)\b/.test( source )
	) {
		problems.push( `${ relative }: writes through wpdb outside Storage/` );
	}
}

if ( problems.length > 0 ) {
	console.error( problems.join( '\n' ) );
	console.error( `\n${ problems.length } layer problem(s).` );
	process.exit( 1 );
}
console.log(
	`layers: ${ checked } references in plugin/src follow the rules.`
);
