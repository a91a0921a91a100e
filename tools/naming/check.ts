/**
 * The naming checker, part of `npm run lint:layers` (imported by tools/layers/check.ts; also runs alone:
 * `npx tsx tools/naming/check.ts`): fails when an identifier or a file name under plugin/, sdk/, src/, blocks/,
 * e2e/, tools/ or tests/ says "licence" (any case). Identifiers say *license*; prose (comments, docs, user-facing
 * strings) says *licence*; wire names are strings and never change (plugin/README.md, "Naming").
 * `npx tsx tools/naming/rename.ts` makes a tree obey it.
 */
import { repoRoot } from '../stack/paths.ts';
import { namingProblems } from './naming.ts';

const problems = namingProblems( repoRoot );
if ( problems.length > 0 ) {
	console.error( problems.join( '\n' ) );
	console.error(
		`\n${ problems.length } naming problem(s): identifiers and file names say "license" (npx tsx tools/naming/rename.ts fixes them).`
	);
	process.exitCode = 1;
} else {
	console.log( 'naming: no identifier or file name says "licence".' );
}
