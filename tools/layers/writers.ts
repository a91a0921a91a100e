/**
 * One writer per table: maps each write in plugin/src to its table and to the class that writes, so
 * tools/layers/check.ts can fail when a table is written by a class other than its owner (TABLE_OWNERS in
 * ./rules.ts, stated in plugin/README.md's storage row and checked against it).
 *
 * A write is SQL text (`INSERT [IGNORE] INTO`, `UPDATE`, `DELETE FROM`, `REPLACE`, `TRUNCATE`, `ALTER TABLE`
 * followed by a table expression) or a call of wpdb's `insert`, `update`, `delete` or `replace` with the table
 * as its first argument. A table expression is resolved as the code writes it: `Tables::X`, a `svc_…` name after
 * the prefix, `$this->table_name( … )`, a method of the class (or its parent) that returns one, a local variable
 * assigned one earlier in the method, or a parameter of the method. A method that writes to its parameter's table
 * is a helper (`TableRepository::update_row( $table, … )`): each call of it, inside the class or through a typed
 * property elsewhere, is a write to the table its argument names.
 */

export interface Write {
	/** File, relative to plugin/src. */
	file: string;
	line: number;
	/** The class that writes: the file's class, or the repository whose helper a call goes through. */
	writer: string;
	/** The table (`svc_…` or WordPress' `options`), or null when the expression could not be resolved. */
	table: string | null;
	/** The expression as written, for the message. */
	expression: string;
}

type Resolved =
	| { kind: 'table'; table: string }
	| { kind: 'param'; index: number }
	| { kind: 'unknown' };

interface Method {
	name: string;
	params: string[];
	/** Offset of the body's start in the source, and the body up to the next method. */
	start: number;
	body: string;
}

interface PhpClass {
	name: string;
	parent: string | null;
	file: string;
	source: string;
	methods: Map< string, Method >;
}

/** Comment lines blanked (same length, so offsets and lines stay), so prose about an UPDATE is not one. */
export function withoutComments( source: string ): string {
	return source
		.split( '\n' )
		.map( ( line ) =>
			/^\s*(?:\*|\/\*|\/\/|#)/.test( line )
				? ' '.repeat( line.length )
				: line
		)
		.join( '\n' );
}

function parseClass( file: string, raw: string ): PhpClass {
	const source = withoutComments( raw );
	const declared = /\b(?:class|trait)\s+(\w+)(?:\s+extends\s+(\w+))?/.exec(
		source
	);
	const methods = new Map< string, Method >();
	const found = [ ...source.matchAll( /\bfunction\s+(\w+)\s*\(([^)]*)\)/g ) ];
	found.forEach( ( match, index ) => {
		const start = match.index ?? 0;
		const end =
			index + 1 < found.length
				? ( found[ index + 1 ].index ?? source.length )
				: source.length;
		methods.set( match[ 1 ], {
			name: match[ 1 ],
			params: [ ...match[ 2 ].matchAll( /\$(\w+)/g ) ].map(
				( p ) => p[ 1 ]
			),
			start,
			body: source.slice( start, end ),
		} );
	} );
	return {
		name: declared ? declared[ 1 ] : file,
		parent: declared?.[ 2 ] ?? null,
		file,
		source,
		methods,
	};
}

/** The arguments of a call whose `(` is at `open`, split at top-level commas. */
export function callArgs( text: string, open: number ): string[] {
	const args: string[] = [];
	let depth = 0;
	let current = '';
	let quote: string | null = null;
	for ( let i = open; i < text.length; i++ ) {
		const c = text[ i ];
		if ( quote !== null ) {
			current += c;
			if ( c === '\\' ) {
				current += text[ ++i ] ?? '';
			} else if ( c === quote ) {
				quote = null;
			}
			continue;
		}
		if ( c === '"' || c === "'" ) {
			quote = c;
			current += c;
		} else if ( c === '(' || c === '[' || c === '{' ) {
			if ( depth++ > 0 ) {
				current += c;
			}
		} else if ( c === ')' || c === ']' || c === '}' ) {
			if ( --depth === 0 ) {
				args.push( current.trim() );
				return args.filter( ( a ) => a !== '' );
			}
			current += c;
		} else if ( c === ',' && depth === 1 ) {
			args.push( current.trim() );
			current = '';
		} else {
			current += c;
		}
	}
	return args;
}

/** Table expressions after a writing SQL keyword, e.g. `{$this->table()}` in "DELETE FROM {$this->table()} …". */
const SQL_WRITE =
	/\b(?:INSERT(?:\s+IGNORE)?\s+INTO|INTO|UPDATE|DELETE\s+FROM|REPLACE(?:\s+INTO)?|TRUNCATE(?:\s+TABLE)?|ALTER\s+TABLE)\s*(?:(\{\$[^}]*\}(?:\{\$[^}]*\}|\w)*(?:["']\s*\.\s*(?:Tables::\w+|\$[\w>-]+(?:\([^)]*\))?))?)|(\$\w+(?:->\w+)*)|["']\s*\.\s*(\$[\w>-]+(?:\([^)]*\))?|Tables::\w+))/g;

/** wpdb's writing methods, the table being the first argument. */
const WPDB_WRITE =
	/\$(?:this->)?(?:db|wpdb)\s*->\s*(?:insert|update|delete|replace)\s*\(/g;

function lineAt( source: string, offset: number ): number {
	return source.slice( 0, offset ).split( '\n' ).length;
}

export class WriteMap {
	private readonly classes = new Map< string, PhpClass >();

	/** Helpers: class => method => index of the parameter naming the table. */
	private readonly helpers = new Map< string, Map< string, number > >();

	/**
	 * @param sources   file (relative to plugin/src) => PHP source.
	 * @param constants Tables' constants, e.g. PRODUCTS => svc_products.
	 */
	constructor(
		sources: Map< string, string >,
		private readonly constants: Record< string, string >
	) {
		for ( const [ file, source ] of sources ) {
			const parsed = parseClass( file, source );
			this.classes.set( parsed.name, parsed );
		}
	}

	/** Tables' constants read from Storage/Tables.php. */
	static constantsOf( tablesSource: string ): Record< string, string > {
		return Object.fromEntries(
			[
				...tablesSource.matchAll(
					/const\s+(\w+)\s*=\s*'(svc_\w+)'\s*;/g
				),
			].map( ( m ) => [ m[ 1 ], m[ 2 ] ] )
		);
	}

	/** The class and its ancestors that are known here. */
	private chain( name: string ): PhpClass[] {
		const out: PhpClass[] = [];
		for (
			let c = this.classes.get( name );
			c !== undefined;
			c = c.parent ? this.classes.get( c.parent ) : undefined
		) {
			out.push( c );
		}
		return out;
	}

	private method( className: string, name: string ): Method | undefined {
		for ( const c of this.chain( className ) ) {
			const m = c.methods.get( name );
			if ( m !== undefined ) {
				return m;
			}
		}
		return undefined;
	}

	private helperIndex(
		className: string,
		method: string
	): number | undefined {
		for ( const c of this.chain( className ) ) {
			const index = this.helpers.get( c.name )?.get( method );
			if ( index !== undefined ) {
				return index;
			}
		}
		return undefined;
	}

	/**
	 * The table an expression names, inside a method of a class; `before` is the offset in the method's body
	 * where the expression is used (assignments after it do not count).
	 */
	resolve(
		expression: string,
		className: string,
		method: Method | undefined,
		before: number,
		depth = 0
	): Resolved {
		if ( depth > 8 ) {
			return { kind: 'unknown' };
		}
		const expr = expression.trim();
		const constant = /\bTables::(\w+)/.exec( expr );
		if ( constant ) {
			const table = this.constants[ constant[ 1 ] ];
			return table ? { kind: 'table', table } : { kind: 'unknown' };
		}
		const literal = /\b(svc_\w+)/.exec( expr );
		if ( literal ) {
			return { kind: 'table', table: literal[ 1 ] };
		}
		if ( /->\s*options\b/.test( expr ) ) {
			return { kind: 'table', table: 'options' };
		}
		const own = /\$this->(\w+)\(\s*\)/.exec( expr );
		if ( own && own[ 1 ] !== 'table_name' ) {
			const returning = this.method( className, own[ 1 ] );
			const returned = returning
				? /\breturn\s+([^;]+);/.exec( returning.body )
				: null;
			return returned && returning
				? this.resolve(
						returned[ 1 ],
						className,
						returning,
						returning.body.length,
						depth + 1
					)
				: { kind: 'unknown' };
		}
		const variable = [ ...expr.matchAll( /\$(\w+)/g ) ]
			.map( ( m ) => m[ 1 ] )
			.find( ( name ) => ! [ 'this', 'wpdb', 'db' ].includes( name ) );
		if ( variable === undefined || method === undefined ) {
			return { kind: 'unknown' };
		}
		const assignments = [
			...method.body
				.slice( 0, before )
				.matchAll(
					new RegExp( `\\$${ variable }\\s*=(?!=)\\s*([^;]+);`, 'g' )
				),
		];
		const last = assignments.pop();
		if ( last ) {
			return this.resolve(
				last[ 1 ],
				className,
				method,
				last.index ?? 0,
				depth + 1
			);
		}
		const index = method.params.indexOf( variable );
		return index >= 0 ? { kind: 'param', index } : { kind: 'unknown' };
	}

	private methodAt( c: PhpClass, offset: number ): Method | undefined {
		let found: Method | undefined;
		for ( const m of c.methods.values() ) {
			if ( m.start <= offset ) {
				found = m;
			}
		}
		return found;
	}

	/** Every write in the sources, resolved as far as the code allows. */
	writes(): Write[] {
		const out: Write[] = [];
		// Direct writes: SQL text and wpdb calls.
		const direct: {
			c: PhpClass;
			offset: number;
			expression: string;
		}[] = [];
		for ( const c of this.classes.values() ) {
			for ( const m of c.source.matchAll( SQL_WRITE ) ) {
				direct.push( {
					c,
					offset: m.index ?? 0,
					expression: m[ 1 ] ?? m[ 2 ] ?? m[ 3 ],
				} );
			}
			for ( const m of c.source.matchAll( WPDB_WRITE ) ) {
				const open = ( m.index ?? 0 ) + m[ 0 ].length - 1;
				direct.push( {
					c,
					offset: m.index ?? 0,
					expression: callArgs( c.source, open )[ 0 ] ?? '',
				} );
			}
		}
		const record = (
			c: PhpClass,
			writer: string,
			offset: number,
			expression: string,
			onParam: ( method: Method, index: number ) => void
		): void => {
			const method = this.methodAt( c, offset );
			const resolved = this.resolve(
				expression,
				c.name,
				method,
				method ? offset - method.start : offset
			);
			if ( resolved.kind === 'param' && method ) {
				onParam( method, resolved.index );
				return;
			}
			out.push( {
				file: c.file,
				line: lineAt( c.source, offset ),
				writer,
				table: resolved.kind === 'table' ? resolved.table : null,
				expression,
			} );
		};
		const addHelper = ( c: PhpClass, method: Method, index: number ) => {
			const known = this.helpers.get( c.name ) ?? new Map();
			if ( known.get( method.name ) === index ) {
				return false;
			}
			known.set( method.name, index );
			this.helpers.set( c.name, known );
			return true;
		};
		for ( const { c, offset, expression } of direct ) {
			record( c, c.name, offset, expression, ( method, index ) =>
				addHelper( c, method, index )
			);
		}
		// Helper calls inside a class (its own or inherited helpers), until no new helper appears.
		const seen = new Set< string >();
		let grew = true;
		while ( grew ) {
			grew = false;
			for ( const c of this.classes.values() ) {
				for ( const m of c.source.matchAll(
					/(?:\$this->|self::|static::|parent::)(\w+)\s*\(/g
				) ) {
					const index = this.helperIndex( c.name, m[ 1 ] );
					const key = `${ c.file }:${ m.index }`;
					if ( index === undefined || seen.has( key ) ) {
						continue;
					}
					seen.add( key );
					const open = ( m.index ?? 0 ) + m[ 0 ].length - 1;
					const arg = callArgs( c.source, open )[ index ] ?? '';
					record( c, c.name, m.index ?? 0, arg, ( method, i ) => {
						if ( addHelper( c, method, i ) ) {
							grew = true;
						}
					} );
				}
			}
		}
		// Helper calls through a typed property elsewhere: `$this->catalog->update( Tables::TIERS, … )`.
		for ( const c of this.classes.values() ) {
			// The property's class from its @var docblock (read in the raw source: comments are blanked in c.source).
			for ( const m of c.source.matchAll(
				/\$this->(\w+)->(\w+)\s*\(/g
			) ) {
				const type = this.typeOf( c, m[ 1 ] );
				const index =
					type === undefined
						? undefined
						: this.helperIndex( type, m[ 2 ] );
				if ( type === undefined || index === undefined ) {
					continue;
				}
				const open = ( m.index ?? 0 ) + m[ 0 ].length - 1;
				const arg = callArgs( c.source, open )[ index ] ?? '';
				record( c, type, m.index ?? 0, arg, () => {
					out.push( {
						file: c.file,
						line: lineAt( c.source, m.index ?? 0 ),
						writer: type,
						table: null,
						expression: arg,
					} );
				} );
			}
		}
		return out.sort(
			( a, b ) => a.file.localeCompare( b.file ) || a.line - b.line
		);
	}

	/** The class a property's `@var` names (read from the raw source: docblocks are blanked in the parsed one). */
	private readonly raw = new Map< string, string >();

	withRaw( sources: Map< string, string > ): this {
		for ( const [ file, source ] of sources ) {
			this.raw.set( file, source );
		}
		return this;
	}

	private typeOf( c: PhpClass, property: string ): string | undefined {
		const source = this.raw.get( c.file ) ?? '';
		const match = new RegExp(
			`@var\\s+\\\\?(?:\\w+\\\\)*(\\w+)(?:\\|null)?\\s*\\n\\s*\\*\\/\\s*(?:private|protected|public)\\s+\\$${ property }\\s*;`
		).exec( source );
		return match ? match[ 1 ] : undefined;
	}
}

/** Every write of plugin/src sources (file => source), with Tables' constants taken from Storage/Tables.php. */
export function writesIn( sources: Map< string, string > ): Write[] {
	const tables = sources.get( 'Storage/Tables.php' ) ?? '';
	return new WriteMap( sources, WriteMap.constantsOf( tables ) )
		.withRaw( sources )
		.writes();
}
