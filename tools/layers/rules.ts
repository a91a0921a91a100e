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

/**
 * One writer per table: the class that owns each of the plugin's tables. plugin/README.md's storage row states the
 * same pairs (`npm run lint:layers` checks it does), and every table of Storage/Tables.php has one.
 */
export const TABLE_OWNERS: Record< string, string > = {
	svc_licenses: 'LicenseRepository',
	svc_activations: 'ActivationRepository',
	svc_releases: 'ReleaseRepository',
	svc_products: 'ProductRepository',
	svc_tiers: 'CatalogRepository',
	svc_prices: 'CatalogRepository',
	svc_transactions: 'PaymentRepository',
	svc_webhook_events: 'PaymentEventRepository',
	svc_api_keys: 'ApiKeyRepository',
	svc_rate_limits: 'RateLimitRepository',
	svc_meta: 'MetaRepository',
	svc_events: 'EventRepository',
	svc_portal_links: 'PortalLinkRepository',
	svc_portal_sessions: 'PortalSessionRepository',
	svc_import_map: 'ImportMapRepository',
	svc_webhook_endpoints: 'OutboundEndpointRepository',
	svc_webhook_deliveries: 'OutboundDeliveryRepository',
	svc_webhook_attempts: 'OutboundDeliveryRepository',
	svc_protocol_requests: 'ProtocolRequestRepository',
	svc_release_reports: 'ReleaseReportRepository',
	svc_update_decisions: 'UpdateDecisionRepository',
	svc_license_counts: 'LicenseCounts',
	svc_daily_counts: 'LicenseCounts',
};

/**
 * Writers exempt from the owner rule, by rule: the schema's writers create, alter and drop every table, and a
 * restore writes an export's rows into every table of an empty site. Paths relative to plugin/src; a folder ends
 * with '/'.
 */
export const SCHEMA_WRITERS: Record< string, string > = {
	'Storage/Migrations/': 'migrations create and alter the tables',
	'Storage/Schema.php': 'the schema: the list of migrations',
	'Storage/SchemaMigrator.php': 'runs the migrations',
	'Lifecycle.php': 'uninstall drops the tables (when the seller asked)',
	'Storage/LicenseCounts.php':
		'installs the triggers by which the database itself keeps the summaries and email_domain as licence and activation rows change',
	'Storage/DatabaseImage.php':
		'a restore writes every table of an export into an empty site, in batches, and empties them again (the summaries too) when it fails',
};

/** Whether a file (relative to plugin/src) is one of the schema's writers. */
export function isSchemaWriter( relative: string ): boolean {
	const file = relative.split( '\\' ).join( '/' );
	return Object.keys( SCHEMA_WRITERS ).some( ( path ) =>
		path.endsWith( '/' ) ? file.startsWith( path ) : file === path
	);
}

/**
 * The second writers: each write of a `svc_…` table by a class other than its owner, outside the schema's
 * writers, and each write whose table the checker cannot tell. WordPress' own tables (options) are not ours.
 */
export function ownerProblems(
	writes: {
		file: string;
		line: number;
		writer: string;
		table: string | null;
		expression: string;
	}[],
	owners: Record< string, string > = TABLE_OWNERS
): string[] {
	const problems: string[] = [];
	for ( const write of writes ) {
		if ( isSchemaWriter( write.file ) ) {
			continue;
		}
		const where = `${ write.file }:${ write.line }`;
		if ( write.table === null ) {
			problems.push(
				`${ where }: ${ write.writer } writes to a table the checker cannot tell (${ write.expression }); name it through Tables::`
			);
		} else if ( write.table.startsWith( 'svc_' ) ) {
			const owner = owners[ write.table ];
			if ( owner === undefined ) {
				problems.push(
					`${ where }: ${ write.table } has no owner in TABLE_OWNERS (tools/layers/rules.ts)`
				);
			} else if ( owner !== write.writer ) {
				problems.push(
					`${ where }: ${ write.writer } writes ${ write.table }, whose one writer is ${ owner }`
				);
			}
		}
	}
	return problems;
}

/**
 * The table => owner pairs a README's storage row states ("`svc_tiers`/`svc_prices` CatalogRepository"), checked
 * against TABLE_OWNERS so the doc and the checker say the same.
 */
export function ownersStatedIn( readme: string ): Record< string, string > {
	const row =
		readme
			.split( '\n' )
			.find( ( line ) => /^\|\s*storage\s*\|/.test( line ) ) ?? '';
	const stated: Record< string, string > = {};
	for ( const match of row.matchAll(
		/((?:`svc_\w+`\s*\/\s*)*`svc_\w+`)\s+([A-Z]\w+)/g
	) ) {
		for ( const table of match[ 1 ].matchAll( /`(svc_\w+)`/g ) ) {
			stated[ table[ 1 ] ] = match[ 2 ];
		}
	}
	return stated;
}

/**
 * Lines that open, commit or roll back a transaction by hand. Only Storage/Transaction.php does: it nests, and a
 * raw START TRANSACTION inside a use case's transaction would commit it half done on MySQL and MariaDB.
 */
export function rawTransactions( source: string ): number[] {
	const lines: number[] = [];
	source.split( '\n' ).forEach( ( text, index ) => {
		if (
			/['"]\s*(?:START\s+TRANSACTION|BEGIN|COMMIT|ROLLBACK)\b/.test(
				text
			)
		) {
			lines.push( index + 1 );
		}
	} );
	return lines;
}
