/**
 * Runs every *.test.ts under tools/ and src/ with node's test runner (Node 20 does not expand globs itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from './stack/paths.ts';

const files = [ 'tools', 'src', 'blocks' ]
	.map( ( dir ) => path.join( repoRoot, dir ) )
	.filter( ( dir ) => fs.existsSync( dir ) )
	.flatMap( ( dir ) =>
		fs
			.readdirSync( dir, { recursive: true, encoding: 'utf8' } )
			.map( ( f ) => path.join( dir, f ) )
	)
	.filter(
		( file ) =>
			file.endsWith( '.test.ts' ) && ! file.includes( 'node_modules' )
	);

if ( files.length === 0 ) {
	console.error( 'No TypeScript unit tests found.' );
	process.exit( 1 );
}
const result = spawnSync(
	process.execPath,
	[ '--import', 'tsx', '--test', ...files, ...process.argv.slice( 2 ) ],
	{ stdio: 'inherit', cwd: repoRoot }
);
process.exit( result.status ?? 1 );
