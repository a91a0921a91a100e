/**
 * One WordPress site of the stack: its files, its database, its server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WORDPRESS_VERSION, coreDir, ensureCore, sqliteDir } from './core.ts';
import {
	DB_PASSWORD,
	DB_USER,
	SOCKET,
	databaseExists,
	dropDatabase,
	ensureMariaDb,
	recreateDatabase,
} from './mariadb.ts';
import { pluginDir, stackDir, testHelpersDir } from './paths.ts';
import { run, waitForHttp } from './process.ts';
import { copySdk } from './sdk.ts';
import { anyServerRunning, startServer, stopServer } from './servers.ts';
import { STACK_SLOT } from './profiles.ts';
import { PHP, isRoot } from './system.ts';
import { letOthersWalkTo } from './walk-in.ts';
import {
	NETWORK_SETUP_ENV,
	SALT_NAMES,
	wpConfig,
	type Database,
	type Server,
} from './templates.ts';

export interface SiteProfile {
	name: string;
	port: number;
	database: Database;
	server: Server;
	testHelpers: boolean;
	/**
	 * The plugin as a copy of plugin/ instead of a link to it. WordPress' plugin delete empties a linked
	 * folder's target (and PHP's realpath cache can still map the path to the checkout after the link is gone),
	 * so a site where the plugin is deleted must never have had the link.
	 */
	pluginCopy?: boolean;
	/**
	 * No plugin in the site: the suite uploads its zip through Plugins -> Add New and activates it, as a site owner
	 * does (the host-shaped site). Each start removes what an earlier run installed, so every run installs afresh.
	 */
	pluginFromZip?: boolean;
	/** The plugin folder the site uses (plugin/ when not given), e.g. a committed revision extracted elsewhere. */
	pluginSource?: string;
	/** php-fpm children of each web node, pm = static (the servers' default, 8, when not given). */
	fpmChildren?: number;
	/** With nginx: several web nodes (php-fpm masters) behind one nginx upstream; one when not given. */
	webNodes?: string[];
	/** nginx worker processes (2 when not given). */
	nginxWorkers?: number;
	/** PHP settings over the stack's own (opcache and limits), for php-fpm and php -S. */
	phpSettings?: Record< string, string >;
	/** WP_DEBUG (on when not given). */
	wpDebug?: boolean;
	/** Core's background updater for plugins and themes (off when not given; core's own updates always off). */
	automaticUpdates?: boolean;
	/** Extra wp-config.php constants. */
	constants?: Record< string, string | number | boolean >;
	/**
	 * Files copied into the site on every start: path under the document root => source file.
	 */
	files?: Record< string, string >;
	/** A client site (issue 14): no licence service, sample products that bundle the client SDK instead. */
	client?: ClientSetup;
	/**
	 * Served by WordPress Playground's PHP of this version (@php-wasm/node) instead of the stack's PHP (the PHP
	 * matrix, issue 44); installed by the stack's PHP as every site is.
	 */
	playgroundPhp?: string;
}

/**
 * What a client site holds instead of the licence service: sample plugins and themes (folders copied fresh on
 * every start, because core's upgrader replaces them), each with a copy of sdk/ in vendor/svc-licensing-client,
 * and its own must-use test helpers.
 */
export interface ClientSetup {
	/** Plugin folders to copy into wp-content/plugins and activate. */
	plugins: string[];
	/** Plugin folders to copy into wp-content/plugins (with the SDK bundled) and leave inactive until a test activates one. */
	inactivePlugins?: string[];
	/** Theme folders to copy into wp-content/themes. */
	themes: string[];
	/** The theme to switch to (one of themes, by folder name). */
	activeTheme: string;
	/** Folder whose files are linked into wp-content/mu-plugins. */
	muPlugins: string;
	/** The site's title. */
	title: string;
	/** Products (by folder) whose bundled SDK copy gets another version number, e.g. an older copy. */
	sdkVersions?: Record< string, string >;
	/**
	 * Products (by folder) that bundle a released SDK exactly as it shipped: the path of that release's zip (its top
	 * folder svc-licensing-client/), as a site that installed the product before the SDK's next release has it.
	 */
	sdkReleases?: Record< string, string >;
	/**
	 * A multisite network (subdirectory install) with these subsites (paths under the main site, e.g. 'one' for
	 * /one/), instead of a single site. Its plugins are installed but activated by nobody: the specs activate them
	 * as a network administrator does, network-wide or on one site.
	 */
	network?: { subsites: string[] };
}

export const ADMIN = {
	user: 'admin',
	password: 'password',
	email: 'admin@example.com',
} as const;

interface SiteState {
	wordpress: string;
	salts: Record< string, string >;
	testHelpersToken: string;
}

export class Site {
	readonly dir: string;
	readonly docroot: string;
	readonly runDir: string;
	readonly logDir: string;
	readonly packageDir: string;
	readonly sqliteDbDir: string;
	readonly url: string;
	readonly dbName: string;
	private readonly stateFile: string;

	constructor( readonly profile: SiteProfile ) {
		this.dir = path.join( stackDir, 'sites', profile.name );
		this.docroot = path.join( this.dir, 'wordpress' );
		this.runDir = path.join( this.dir, 'run' );
		this.logDir = path.join( this.dir, 'logs' );
		this.packageDir = path.join( this.dir, 'private', 'packages' );
		this.sqliteDbDir = path.join( this.dir, 'private', 'database' );
		this.stateFile = path.join( this.dir, 'site.json' );
		this.url = `http://localhost:${ profile.port }`;
		this.dbName = `svc_${ profile.name.replace( /[^a-z0-9]/gi, '_' ) }${
			STACK_SLOT > 0 ? `_s${ STACK_SLOT }` : ''
		}`;
	}

	get port(): number {
		return this.profile.port;
	}

	get server(): Server {
		return this.profile.server;
	}

	get fpmChildren(): number | undefined {
		return this.profile.fpmChildren;
	}

	get webNodes(): string[] | undefined {
		return this.profile.webNodes;
	}

	get nginxWorkers(): number | undefined {
		return this.profile.nginxWorkers;
	}

	get phpSettings(): Record< string, string > | undefined {
		return this.profile.phpSettings;
	}

	get playgroundPhp(): string | undefined {
		return this.profile.playgroundPhp;
	}

	get multisite(): boolean {
		return this.profile.client?.network !== undefined;
	}

	get healthUrl(): string {
		// Without the plugin, and before WordPress has written its .htaccess under Apache, only real files answer.
		return this.profile.client || this.profile.pluginFromZip
			? `${ this.url }/wp-login.php`
			: `${ this.url }/wp-json/svc/v1/health`;
	}

	get testHelpersToken(): string | null {
		return this.profile.testHelpers ? this.state().testHelpersToken : null;
	}

	/** Provisions what is missing, installs WordPress if needed, starts the server. Fast when all is there. */
	async start(): Promise< void > {
		ensureCore();
		if ( this.profile.database === 'mariadb' ) {
			await ensureMariaDb();
			if ( ! databaseExists( this.dbName ) ) {
				recreateDatabase( this.dbName );
			}
		}
		this.layFiles();
		const install = ( env: NodeJS.ProcessEnv = {} ) =>
			run(
				PHP,
				[
					path.join(
						path.dirname( new URL( import.meta.url ).pathname ),
						'install.php'
					),
					this.docroot,
					this.url,
					ADMIN.user,
					ADMIN.password,
					ADMIN.email,
					...this.installOptions(),
				],
				{
					stdio: [ 'ignore', 'pipe', 'pipe' ],
					env: { ...process.env, ...env },
				}
			);
		if ( this.profile.client?.network ) {
			// First as a single site that becomes the network's main site (MULTISITE off), then as the network.
			install( { [ NETWORK_SETUP_ENV ]: '1' } );
		}
		install();
		this.handOverToWebServer();
		await startServer( this );
		// Playground compiles its PHP runtime on boot: slower than the stack's own servers.
		await waitForHttp(
			this.healthUrl,
			this.profile.playgroundPhp ? 120_000 : 30_000,
			[ 200 ]
		);
	}

	async stop(): Promise< void > {
		await stopServer( this );
	}

	/**
	 * Apache started as root serves as www-data (it refuses to serve as root): the site's files become that user's,
	 * as on a host where WordPress installs plugins and writes .htaccess and must-use files itself.
	 */
	private handOverToWebServer(): void {
		if ( this.profile.server !== 'apache' || ! isRoot() ) {
			return;
		}
		for ( const folder of letOthersWalkTo( this.docroot ) ) {
			console.log(
				`Apache serves as www-data: gave others search permission (o+x) on ${ folder }`
			);
		}
		run( 'chown', [
			'-R',
			'-P',
			'www-data:www-data',
			this.docroot,
			path.join( this.dir, 'private' ),
			this.logDir,
		] );
	}

	/** What install.php activates: the licence service, nothing (a plugin from its zip), or a client site's products. */
	private installOptions(): string[] {
		if ( this.profile.pluginFromZip ) {
			return [ '--plugins=' ];
		}
		const client = this.profile.client;
		if ( ! client ) {
			return [];
		}
		if ( client.network ) {
			return [
				'--plugins=',
				`--network=${ client.network.subsites.join( ',' ) }`,
				`--theme=${ client.activeTheme }`,
				`--title=${ client.title }`,
			];
		}
		const plugins = client.plugins.map( ( dir ) => {
			const name = path.basename( dir );
			return `${ name }/${ name }.php`;
		} );
		return [
			`--plugins=${ plugins.join( ',' ) }`,
			`--theme=${ client.activeTheme }`,
			`--title=${ client.title }`,
		];
	}

	/** Whether any of the site's server processes is alive. */
	running(): boolean {
		return anyServerRunning( this );
	}

	/** Back to a freshly installed site: database, uploads and packages emptied; files and salts kept. */
	async reset(): Promise< void > {
		await this.stop();
		if ( this.profile.database === 'mariadb' ) {
			await ensureMariaDb();
			recreateDatabase( this.dbName );
		}
		for ( const dir of [
			this.sqliteDbDir,
			this.packageDir,
			path.join( this.docroot, 'wp-content', 'uploads' ),
			// Where Playground's PHP logs (it defines WP_DEBUG_LOG itself): the PHP matrix's sites.
			path.join( this.docroot, 'wp-content', 'debug.log' ),
			this.logDir,
		] ) {
			fs.rmSync( dir, { recursive: true, force: true } );
		}
		await this.start();
	}

	/** Removes the site entirely. */
	async destroy(): Promise< void > {
		await this.stop();
		if ( this.profile.database === 'mariadb' ) {
			dropDatabase( this.dbName );
		}
		fs.rmSync( this.dir, { recursive: true, force: true } );
	}

	private state(): SiteState {
		if ( fs.existsSync( this.stateFile ) ) {
			return JSON.parse(
				fs.readFileSync( this.stateFile, 'utf8' )
			) as SiteState;
		}
		const secret = () => randomBytes( 32 ).toString( 'base64url' );
		const state: SiteState = {
			wordpress: '',
			salts: Object.fromEntries(
				SALT_NAMES.map( ( name ) => [ name, secret() ] )
			),
			testHelpersToken: secret(),
		};
		this.saveState( state );
		return state;
	}

	private saveState( state: SiteState ): void {
		fs.mkdirSync( this.dir, { recursive: true } );
		fs.writeFileSync( this.stateFile, JSON.stringify( state, null, '\t' ) );
	}

	/** Core copy, wp-config.php, drop-in, plugin link and test helpers; each step is skipped when done. */
	private layFiles(): void {
		const state = this.state();
		if (
			state.wordpress !== WORDPRESS_VERSION ||
			! fs.existsSync( path.join( this.docroot, 'wp-settings.php' ) )
		) {
			fs.rmSync( this.docroot, { recursive: true, force: true } );
			fs.cpSync( coreDir, this.docroot, {
				recursive: true,
				filter: ( src ) => ! src.endsWith( '.complete' ),
			} );
			state.wordpress = WORDPRESS_VERSION;
			this.saveState( state );
		}
		for ( const dir of [
			this.runDir,
			this.logDir,
			this.packageDir,
			this.sqliteDbDir,
		] ) {
			fs.mkdirSync( dir, { recursive: true } );
		}
		const content = path.join( this.docroot, 'wp-content' );
		fs.mkdirSync( path.join( content, 'plugins' ), { recursive: true } );

		fs.writeFileSync(
			path.join( this.docroot, 'wp-config.php' ),
			wpConfig( {
				url: this.url,
				database: this.profile.database,
				dbName: this.dbName,
				dbUser: DB_USER,
				dbPassword: DB_PASSWORD,
				dbSocket: SOCKET,
				sqliteDir: this.sqliteDbDir,
				packageDir: this.packageDir,
				debugLog: path.join( this.logDir, 'debug.log' ),
				salts: state.salts,
				testHelpersToken: this.profile.testHelpers
					? state.testHelpersToken
					: null,
				debug: this.profile.wpDebug ?? true,
				automaticUpdates: this.profile.automaticUpdates ?? false,
				constants: this.profile.constants,
				multisite: this.profile.client?.network !== undefined,
			} )
		);

		const dropIn = path.join( content, 'db.php' );
		const sqlitePlugin = path.join(
			content,
			'plugins',
			'sqlite-database-integration'
		);
		if ( this.profile.database === 'sqlite' ) {
			link( sqliteDir, sqlitePlugin );
			const template = fs.readFileSync(
				path.join( sqliteDir, 'db.copy' ),
				'utf8'
			);
			fs.writeFileSync(
				dropIn,
				template
					.replace(
						/\{SQLITE_IMPLEMENTATION_FOLDER_PATH\}/g,
						sqlitePlugin
					)
					.replace(
						/\{SQLITE_PLUGIN\}/g,
						'sqlite-database-integration/load.php'
					)
			);
		} else {
			fs.rmSync( dropIn, { force: true } );
			fs.rmSync( sqlitePlugin, { force: true, recursive: true } );
		}

		const plugin = path.join( content, 'plugins', 'svc-licensing' );
		if ( this.profile.client ) {
			fs.rmSync( plugin, { recursive: true, force: true } );
			this.layClientProducts( content, this.profile.client );
		} else if ( this.profile.pluginFromZip ) {
			fs.rmSync( plugin, { recursive: true, force: true } );
		} else {
			const pluginSource = this.profile.pluginSource ?? pluginDir;
			if ( this.profile.pluginCopy ) {
				// rmSync removes a link itself, never what it points to.
				fs.rmSync( plugin, { recursive: true, force: true } );
				fs.cpSync( pluginSource, plugin, {
					recursive: true,
					dereference: true,
				} );
				// Where the test helpers put the files back from after a delete.
				fs.writeFileSync(
					path.join( content, 'svc-test-plugin-source' ),
					pluginSource
				);
			} else {
				link( pluginSource, plugin );
			}
		}

		const muPlugins = path.join( content, 'mu-plugins' );
		fs.rmSync( muPlugins, { recursive: true, force: true } );
		if ( this.profile.testHelpers ) {
			// A folder of the site's own (the plugin writes its fast-lane loader there), holding a link to each
			// helper file.
			const helpers = this.profile.client?.muPlugins ?? testHelpersDir;
			fs.mkdirSync( muPlugins, { recursive: true } );
			for ( const file of fs.readdirSync( helpers ) ) {
				link(
					path.join( helpers, file ),
					path.join( muPlugins, file )
				);
			}
		}

		for ( const [ relative, source ] of Object.entries(
			this.profile.files ?? {}
		) ) {
			const target = path.join( this.docroot, relative );
			fs.mkdirSync( path.dirname( target ), { recursive: true } );
			fs.copyFileSync( source, target );
		}
	}

	/** A client site's sample plugins and themes, fresh copies each with the SDK bundled. */
	private layClientProducts( content: string, client: ClientSetup ): void {
		for ( const [ kind, dirs ] of [
			[ 'plugins', client.plugins ],
			[ 'plugins', client.inactivePlugins ?? [] ],
			[ 'themes', client.themes ],
		] as const ) {
			for ( const dir of dirs ) {
				const target = path.join( content, kind, path.basename( dir ) );
				fs.rmSync( target, { recursive: true, force: true } );
				fs.cpSync( dir, target, {
					recursive: true,
					dereference: true,
				} );
				const release = client.sdkReleases?.[ path.basename( dir ) ];
				if ( release ) {
					bundleSdkRelease( target, release );
				} else {
					bundleSdk(
						target,
						client.sdkVersions?.[ path.basename( dir ) ]
					);
				}
			}
		}
	}
}

/** A released SDK (its zip, top folder svc-licensing-client/) inside a product, exactly as it shipped. */
export function bundleSdkRelease( product: string, zip: string ): void {
	const vendor = path.join( product, 'vendor' );
	fs.rmSync( path.join( vendor, 'svc-licensing-client' ), {
		recursive: true,
		force: true,
	} );
	fs.mkdirSync( vendor, { recursive: true } );
	run( 'unzip', [ '-q', zip, '-d', vendor ] );
	if (
		! fs.existsSync(
			path.join(
				vendor,
				'svc-licensing-client',
				'svc-licensing-client.php'
			)
		)
	) {
		throw new Error( `${ zip }: no svc-licensing-client/ folder in it` );
	}
}

/**
 * A copy of the client SDK inside a product, as a seller bundles it; with `version`, the copy says it is that
 * version (the one literal the entry file registers), as an older or newer SDK bundled by another product would.
 */
export function bundleSdk( product: string, version?: string ): void {
	const target = path.join( product, 'vendor', 'svc-licensing-client' );
	copySdk( target );
	if ( version !== undefined ) {
		const entry = path.join( target, 'svc-licensing-client.php' );
		const source = fs.readFileSync( entry, 'utf8' );
		const renamed = source.replace(
			/\} \)\( '[^']+', __DIR__ \);/,
			`} )( '${ version }', __DIR__ );`
		);
		if ( renamed === source ) {
			throw new Error(
				`${ entry }: the version literal to rewrite was not found`
			);
		}
		fs.writeFileSync( entry, renamed );
	}
}

/**
 * A symlink at `at` pointing to `target`, replacing whatever was there.
 */
function link( target: string, at: string ): void {
	try {
		if ( fs.readlinkSync( at ) === target ) {
			return;
		}
	} catch {
		// Not a link yet.
	}
	fs.rmSync( at, { recursive: true, force: true } );
	fs.symlinkSync( target, at );
}
