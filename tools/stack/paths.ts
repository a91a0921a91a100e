/**
 * Where the stack keeps things. Everything generated lives under `.stack/` (sites, logs, runtime files; a stack
 * slot's under `.stack/slot-<n>/`) and `.cache/` (extracted WordPress core), both ignored by git.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'..'
);

/**
 * A second stack on the same machine sets SVC_STACK_SLOT=1..9: a CI clone or a parallel worktree, or `npm test`'s
 * own extra track in this checkout. Its sites move up 20 ports per slot (profiles.ts), its MariaDB databases get a
 * `_s<slot>` suffix, and its files live in a folder of their own, so two stacks never share a site.
 */
export const STACK_SLOT = stackSlot( process.env.SVC_STACK_SLOT );

export function stackSlot( value: string | undefined ): number {
	if ( value === undefined || value === '' ) {
		return 0;
	}
	if ( ! /^[0-9]$/.test( value ) ) {
		throw new Error( `SVC_STACK_SLOT takes 0 to 9, not "${ value }"` );
	}
	return Number( value );
}

/** A slot's port: 20 up per slot (profiles.ts re-exports it; redis.ts uses it too). */
export const slotPort = ( port: number, slot = STACK_SLOT ): number =>
	port + slot * 20;

/** The folder of a slot's generated files (`.stack/`, or `.stack/slot-<n>/`). */
export const slotStackDir = ( slot: number ): string =>
	slot > 0
		? path.join( repoRoot, '.stack', `slot-${ slot }` )
		: path.join( repoRoot, '.stack' );

export const stackDir = slotStackDir( STACK_SLOT );
export const cacheDir = path.join( repoRoot, '.cache' );
export const pluginDir = path.join( repoRoot, 'plugin' );
export const nodeModules = path.join( repoRoot, 'node_modules' );
export const testHelpersDir = path.join( repoRoot, 'e2e', 'mu-plugins' );
