/**
 * The plugin's layers and what each may use; plugin/README.md explains them. Checked by tools/layers/check.ts.
 */

/** Layer of a class, from the first segment of its namespace under Svc\Licensing ('' for the root). */
export const LAYER_OF_SEGMENT: Record< string, string > = {
	Domain: 'domain',
	Storage: 'storage',
	Core: 'core',
	Payments: 'adapters',
	Jobs: 'adapters',
	Privacy: 'adapters',
	Health: 'adapters',
	Http: 'http',
	Lane: 'entry',
	Admin: 'entry',
	'': 'root',
};

/** What each layer may use besides itself. Nothing may use a layer above it. */
export const MAY_USE: Record< string, string[] > = {
	domain: [],
	storage: [ 'domain' ],
	core: [ 'storage', 'domain' ],
	adapters: [ 'core', 'storage', 'domain' ],
	http: [ 'adapters', 'core', 'storage', 'domain' ],
	entry: [ 'http', 'adapters', 'core', 'storage', 'domain' ],
	root: [ 'entry', 'http', 'adapters', 'core', 'storage', 'domain' ],
};

/** Root classes a lower layer may name: the lane builds its graph with the same ClientApi as Plugin::boot(). */
export const ROOT_EXCEPTIONS: Record< string, string[] > = {
	entry: [ 'ClientApi', 'Plugin', 'Lifecycle', 'Hooks' ],
	http: [ 'Hooks' ],
	adapters: [ 'Hooks' ],
	core: [ 'Hooks' ],
};

export interface Reference {
	file: string;
	line: number;
	from: string;
	to: string;
	name: string;
}

/** Segment and class of a Svc\Licensing name, e.g. Storage\Settings -> [Storage, Settings]. */
export function segmentOf( name: string ): string {
	const parts = name.split( '\\' );
	return parts.length > 1 ? parts[ 0 ] : '';
}

/** Whether a reference from one layer to another is allowed. */
export function allowed( from: string, to: string, name: string ): boolean {
	if ( from === to ) {
		return true;
	}
	if ( to === 'root' ) {
		return ( ROOT_EXCEPTIONS[ from ] ?? [] ).includes( name );
	}
	return ( MAY_USE[ from ] ?? [] ).includes( to );
}

/** Every Svc\Licensing name a PHP source mentions, with its line. */
export function referencesIn(
	source: string
): { line: number; name: string }[] {
	const found: { line: number; name: string }[] = [];
	source.split( '\n' ).forEach( ( text, index ) => {
		if ( /^\s*namespace\s/.test( text ) ) {
			return;
		}
		for ( const match of text.matchAll(
			/\\?Svc\\\\?Licensing\\\\?((?:[A-Z]\w*\\\\?)*[A-Z]\w*)/g
		) ) {
			found.push( {
				line: index + 1,
				name: match[ 1 ].replace( /\\\\/g, '\\' ),
			} );
		}
	} );
	return found;
}
