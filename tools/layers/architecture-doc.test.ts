/**
 * docs/architecture.md's layer table is tools/layers/rules.ts: the same layers, folders and what each may use.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LAYER_OF_SEGMENT, MAY_USE } from './rules.ts';

const doc = fs.readFileSync(
	path.resolve(
		path.dirname( fileURLToPath( import.meta.url ) ),
		'..',
		'..',
		'docs',
		'architecture.md'
	),
	'utf8'
);

/** The rows of the table headed `| layer | folders | may use |`. */
function layerRows(): string[][] {
	const lines = doc.split( '\n' );
	const start = lines.findIndex( ( line ) =>
		/^\|\s*layer\s*\|\s*folders\s*\|\s*may use\s*\|$/.test( line.trim() )
	);
	assert.ok( start >= 0, 'docs/architecture.md has the layer table' );
	const rows: string[][] = [];
	for ( const line of lines.slice( start + 2 ) ) {
		if ( ! line.startsWith( '|' ) ) {
			break;
		}
		rows.push(
			line
				.split( '|' )
				.slice( 1, -1 )
				.map( ( cell ) => cell.trim() )
		);
	}
	return rows;
}

test( "the architecture doc's layers, in order, are the checker's, each with what it may use", () => {
	const rows = layerRows();
	assert.deepEqual(
		rows.map( ( row ) => row[ 0 ] ),
		Object.keys( MAY_USE )
	);
	for ( const [ layer, , mayUse ] of rows ) {
		const documented =
			mayUse === 'everything'
				? Object.keys( MAY_USE ).filter( ( l ) => l !== layer )
				: mayUse
						.split( ',' )
						.map( ( l ) => l.trim() )
						.filter( ( l ) => l !== '—' );
		assert.deepEqual(
			[ ...documented ].sort(),
			[ ...MAY_USE[ layer ] ].sort(),
			layer
		);
	}
} );

test( "the architecture doc's folders are the checker's, each in its layer", () => {
	const documented: Record< string, string > = {};
	for ( const [ layer, folders ] of layerRows() ) {
		for ( const match of folders.matchAll( /`(\w+)\/`/g ) ) {
			documented[ match[ 1 ] ] = layer;
		}
		if ( /`\w+\.php`/.test( folders ) ) {
			documented[ '' ] = layer;
		}
	}
	assert.deepEqual( documented, LAYER_OF_SEGMENT );
} );
