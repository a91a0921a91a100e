/**
 * Where the stack keeps things. Everything generated lives under `.stack/` (sites, logs, runtime files)
 * and `.cache/` (extracted WordPress core), both ignored by git.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'..'
);
export const stackDir = path.join( repoRoot, '.stack' );
export const cacheDir = path.join( repoRoot, '.cache' );
export const pluginDir = path.join( repoRoot, 'plugin' );
export const nodeModules = path.join( repoRoot, 'node_modules' );
export const testHelpersDir = path.join( repoRoot, 'e2e', 'mu-plugins' );
