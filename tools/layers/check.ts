/**
 * `npm run lint:layers`: fails when a class in plugin/src uses a layer above its own (rules in ./rules.ts and
 * plugin/README.md), when a table has more than one writer, or when a controller writes through Storage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	LAYER_OF_SEGMENT,
	TABLE_OWNERS,
	allowed,
	isController,
	ownerProblems,
	ownersStatedIn,
	propertyCalls,
	rawTransactions,
	referencesIn,
	segmentOf,
	writersOf,
} from './rules.ts';
import { WriteMap, writesIn } from './writers.ts';
import '../naming/check.ts'; // The naming rule (identifiers say license): its own module, tools/naming/.

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
	// Transactions: only Storage/Transaction opens and ends one (it nests; a raw one would not).
	if (
		relative.split( path.sep ).join( '/' ) !== 'Storage/Transaction.php'
	) {
		for ( const line of rawTransactions( source ) ) {
			problems.push(
				`${ relative }:${ line }: a raw transaction statement; run the work through Storage/Transaction`
			);
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

// One writer per table: each write mapped to its table, and the table's owner is the class that writes.
const sources = new Map(
	phpFiles( srcDir ).map( ( file ) => [
		path.relative( srcDir, file ).split( path.sep ).join( '/' ),
		fs.readFileSync( file, 'utf8' ),
	] )
);
const writes = writesIn( sources );
problems.push( ...ownerProblems( writes ) );
// The owner map is stated once (rules.ts); plugin/README.md says the same, and every table has an owner.
const tables = Object.values(
	WriteMap.constantsOf( sources.get( 'Storage/Tables.php' ) ?? '' )
);
for ( const table of tables ) {
	if ( TABLE_OWNERS[ table ] === undefined ) {
		problems.push(
			`Storage/Tables.php: ${ table } has no owner in TABLE_OWNERS (tools/layers/rules.ts)`
		);
	}
}
const stated = ownersStatedIn(
	fs.readFileSync( path.join( srcDir, '..', 'README.md' ), 'utf8' )
);
for ( const [ table, owner ] of Object.entries( TABLE_OWNERS ) ) {
	if ( stated[ table ] !== owner ) {
		problems.push(
			`plugin/README.md: the storage row says ${ table } is written by ${
				stated[ table ] ?? 'nobody'
			}; tools/layers/rules.ts says ${ owner }`
		);
	}
}
for ( const table of Object.keys( stated ) ) {
	if ( TABLE_OWNERS[ table ] === undefined ) {
		problems.push(
			`plugin/README.md: the storage row names ${ table }, which has no owner in tools/layers/rules.ts`
		);
	}
}

if ( problems.length > 0 ) {
	console.error( problems.join( '\n' ) );
	console.error( `\n${ problems.length } layer problem(s).` );
	process.exit( 1 );
}
console.log(
	`layers: ${ checked } references in plugin/src follow the rules; ${
		writes.filter( ( w ) => w.table?.startsWith( 'svc_' ) ).length
	} writes to ${ tables.length } tables, each by its one writer.`
);
