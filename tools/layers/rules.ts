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
	// The admin API's objects, one presenter per resource, for REST and WP-CLI alike.
	View: 'view',
	Http: 'http',
	// The WP-CLI commands: an entry point like the REST controllers, at their level.
	Cli: 'cli',
	Lane: 'entry',
	Admin: 'entry',
	// The blocks of the seller's own pages: an entry point like the admin screens.
	Blocks: 'entry',
	'': 'root',
};

/** What each layer may use besides itself. Nothing may use a layer above it. */
export const MAY_USE: Record< string, string[] > = {
	domain: [],
	storage: [ 'domain' ],
	core: [ 'storage', 'domain' ],
	adapters: [ 'core', 'storage', 'domain' ],
	view: [ 'domain' ],
	http: [ 'view', 'adapters', 'core', 'storage', 'domain' ],
	cli: [ 'view', 'adapters', 'core', 'storage', 'domain' ],
	entry: [ 'http', 'view', 'adapters', 'core', 'storage', 'domain' ],
	root: [
		'entry',
		'http',
		'cli',
		'view',
		'adapters',
		'core',
		'storage',
		'domain',
	],
};

/** Root classes a lower layer may name: the lane builds its graph with the same ClientApi as Plugin::boot(). */
export const ROOT_EXCEPTIONS: Record< string, string[] > = {
	entry: [ 'ClientApi', 'Plugin', 'Lifecycle', 'Hooks' ],
	http: [ 'Hooks' ],
	cli: [ 'Hooks' ],
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

/**
 * Whether a file of plugin/src (relative path) is a REST controller. Controllers translate HTTP: the writes of a
 * use case are a Core service's, so a controller calls no method of a Storage class that writes to the database.
 */
export function isController( relative: string ): boolean {
	return /^(?:Http[\\/]\w+Controller|Cli[\\/]\w+Command)\.php$/.test(
		relative
	);
}

/**
 * What writes to the database: wpdb's writing methods (or a query through it) and WordPress' option writers.
 */
const WRITES =
	/\$(?:this->)?(?:db|wpdb)\s*->\s*(?:query|insert|update|delete|replace)\s*\(|\b(?:update_option|add_option|delete_option)\s*\(/;

/** Each method of a PHP class source with its body (up to the next method), and the class it extends. */
export function methodsIn( source: string ): {
	extends: string | null;
	methods: Map< string, string >;
} {
	const methods = new Map< string, string >();
	const declaration = /\bfunction\s+(\w+)\s*\(/g;
	const found = [ ...source.matchAll( declaration ) ];
	found.forEach( ( match, index ) => {
		const end =
			index + 1 < found.length
				? ( found[ index + 1 ].index ?? source.length )
				: source.length;
		methods.set( match[ 1 ], source.slice( match.index ?? 0, end ) );
	} );
	const parent = /\bclass\s+\w+\s+extends\s+(\w+)/.exec( source );
	return { extends: parent ? parent[ 1 ] : null, methods };
}

/**
 * The methods of a class that write to the database, directly or through another of its (or its parent's)
 * methods. Sources are class name => PHP source of the Storage layer.
 */
export function writersOf(
	className: string,
	sources: Map< string, string >
): Set< string > {
	const bodies = new Map< string, string >();
	for (
		let name: string | null = className;
		name !== null && sources.has( name );
	) {
		const { extends: parent, methods } = methodsIn(
			sources.get( name ) ?? ''
		);
		for ( const [ method, body ] of methods ) {
			if ( ! bodies.has( method ) ) {
				bodies.set( method, body );
			}
		}
		name = parent;
	}
	const writers = new Set< string >();
	let grew = true;
	while ( grew ) {
		grew = false;
		for ( const [ method, body ] of bodies ) {
			if ( writers.has( method ) ) {
				continue;
			}
			const calls = [
				...body.matchAll(
					/(?:\$this->|self::|static::|parent::)(\w+)\s*\(/g
				),
			].map( ( call ) => call[ 1 ] );
			if (
				WRITES.test( body ) ||
				calls.some( ( call ) => call !== method && writers.has( call ) )
			) {
				writers.add( method );
				grew = true;
			}
		}
	}
	return writers;
}

/** Properties of a PHP class with the class their `@var` docblock names, e.g. foo => Foo for `private $foo;`. */
export function propertyTypes( source: string ): Map< string, string > {
	const types = new Map< string, string >();
	for ( const match of source.matchAll(
		/@var\s+\\?(?:\w+\\)*(\w+)(?:\|null)?\s*\n\s*\*\/\s*(?:private|protected|public)\s+\$(\w+)\s*;/g
	) ) {
		types.set( match[ 2 ], match[ 1 ] );
	}
	return types;
}

/**
 * Calls `$this->property->method(` in a source, with their line, the property's class and the method.
 */
export function propertyCalls(
	source: string
): { line: number; type: string; method: string }[] {
	const types = propertyTypes( source );
	const calls: { line: number; type: string; method: string }[] = [];
	source.split( '\n' ).forEach( ( text, index ) => {
		for ( const match of text.matchAll( /\$this->(\w+)->(\w+)\s*\(/g ) ) {
			const type = types.get( match[ 1 ] );
			if ( type !== undefined ) {
				calls.push( { line: index + 1, type, method: match[ 2 ] } );
			}
		}
	} );
	return calls;
}
