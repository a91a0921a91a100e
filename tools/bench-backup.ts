/**
 * `npm run bench:backup`: export and restore times and peak memory at scale, on MariaDB, with PHP's memory
 * limit at 256 MB. Seeds the copy site (an empty service) with --licences (default 100,000) and --package-mb
 * of release files (default 200), exports them to a file, empties the service, and restores the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './stack/paths.ts';
import { copyProfile } from './stack/profiles.ts';
import { run } from './stack/process.ts';
import { Site } from './stack/site.ts';
import { PHP, ensureSystemPackages } from './stack/system.ts';

function flag( name: string, fallback: number ): number {
	const given = process.argv.find( ( arg ) =>
		arg.startsWith( `--${ name }=` )
	);
	return given ? Number( given.split( '=' )[ 1 ] ) : fallback;
}

async function main(): Promise< void > {
	const licenses = flag( 'licences', 100000 );
	const packageMb = flag( 'package-mb', 200 );
	ensureSystemPackages( { testing: true } );
	const site = new Site( copyProfile( 'mariadb', 'nginx' ) );
	await site.reset();
	const file = path.join(
		os.tmpdir(),
		`svc-bench-${ Date.now() }.svcexport`
	);
	const script = path.join( repoRoot, 'tools', 'bench', 'backup.php' );
	const step = ( ...args: string[] ) => {
		const output = run( PHP, [
			'-d',
			'memory_limit=256M',
			script,
			site.docroot,
			site.url,
			...args,
		] );
		const result = JSON.parse(
			output.trim().split( '\n' ).pop() as string
		);
		console.log( JSON.stringify( result ) );
		return result;
	};
	try {
		step( 'seed', String( licenses ), String( packageMb ) );
		const exported = step( 'export', file );
		step( 'wipe' );
		const restored = step( 'restore', file );
		console.log( '' );
		console.log(
			`| ${ licenses } licences, ${ packageMb } MB of packages | seconds | peak memory (MB, limit 256) |`
		);
		console.log( '|---|---|---|' );
		console.log(
			`| export (${ exported.file_mb } MB file) | ${ exported.seconds } | ${ exported.peak_mb } |`
		);
		console.log(
			`| restore | ${ restored.seconds } | ${ restored.peak_mb } |`
		);
	} finally {
		fs.rmSync( file, { force: true } );
		await site.stop();
	}
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
