/**
 * Apache started as root serves as www-data, which must be able to walk down to the site's files: the site lives in
 * the checkout (`.stack/`), and a checkout under a home folder of mode 700 (root's, on many machines) stops it
 * there with 403 for every request. Each folder above the site that others cannot search gets search permission
 * for others (o+x: walk through, not list); nothing else changes.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Adds o+x to every folder from `dir`'s parent up to the root that lacks it; returns the folders it changed. */
export function letOthersWalkTo( dir: string ): string[] {
	const changed: string[] = [];
	let folder = path.dirname( path.resolve( dir ) );
	for (;;) {
		// The permission bits (mode % 0o10000); the lowest is others' search (o+x).
		const bits = fs.statSync( folder ).mode % 0o10000;
		if ( bits % 2 === 0 ) {
			fs.chmodSync( folder, bits + 1 );
			changed.push( folder );
		}
		const parent = path.dirname( folder );
		if ( parent === folder ) {
			return changed;
		}
		folder = parent;
	}
}
