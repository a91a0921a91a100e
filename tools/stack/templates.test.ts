import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	SALT_NAMES,
	fpmConf,
	fpmPidName,
	PHP_SETTINGS,
	apacheConf,
	nginxConf,
	wpConfig,
	type WpConfigInput,
} from './templates.ts';

const base: WpConfigInput = {
	url: 'http://localhost:8889',
	database: 'sqlite',
	dbName: 'svc_test',
	dbUser: 'svc',
	dbPassword: "it's",
	dbSocket: '/run/mysqld/mysqld.sock',
	sqliteDir: '/tmp/site/private/database',
	packageDir: '/tmp/site/private/packages',
	debugLog: '/tmp/site/logs/debug.log',
	salts: Object.fromEntries(
		SALT_NAMES.map( ( n ) => [ n, `salt-${ n }` ] )
	),
	testHelpersToken: 'token',
};

test( 'wp-config for SQLite selects the drop-in and keeps the database outside the document root', () => {
	const config = wpConfig( base );
	assert.match( config, /define\( 'DB_ENGINE', 'sqlite' \);/ );
	assert.match(
		config,
		/define\( 'DB_DIR', '\/tmp\/site\/private\/database' \);/
	);
	assert.match( config, /define\( 'WP_ENVIRONMENT_TYPE', 'local' \);/ );
	assert.match(
		config,
		/define\( 'SVC_LICENSING_PACKAGE_DIR', '\/tmp\/site\/private\/packages' \);/
	);
	assert.match( config, /define\( 'SVC_TEST_HELPERS_TOKEN', 'token' \);/ );
	assert.ok(
		config.trimEnd().endsWith( "require_once ABSPATH . 'wp-settings.php';" )
	);
} );

test( 'core’s background updater is off unless the profile turns it on; core’s own updates stay off', () => {
	assert.match(
		wpConfig( base ),
		/define\( 'AUTOMATIC_UPDATER_DISABLED', true \);/
	);
	const on = wpConfig( { ...base, automaticUpdates: true } );
	assert.match( on, /define\( 'AUTOMATIC_UPDATER_DISABLED', false \);/ );
	assert.match( on, /define\( 'WP_AUTO_UPDATE_CORE', false \);/ );
} );

test( 'wp-config escapes quotes in values and writes every salt', () => {
	const config = wpConfig( base );
	assert.match( config, /define\( 'DB_PASSWORD', 'it\\'s' \);/ );
	for ( const name of SALT_NAMES ) {
		assert.match(
			config,
			new RegExp( `define\\( '${ name }', 'salt-${ name }' \\);` )
		);
	}
} );

test( 'wp-config for MariaDB has no SQLite constants, and no test token on a development site', () => {
	const config = wpConfig( {
		...base,
		database: 'mariadb',
		testHelpersToken: null,
	} );
	assert.doesNotMatch( config, /DB_ENGINE|DB_DIR/ );
	assert.doesNotMatch( config, /SVC_TEST_HELPERS_TOKEN/ );
	assert.match(
		config,
		/define\( 'DB_HOST', 'localhost:\/run\/mysqld\/mysqld.sock' \);/
	);
} );

test( 'nginx routes unknown paths to WordPress and PHP to the fpm socket, on both loopbacks', () => {
	const conf = nginxConf( {
		port: 8890,
		docroot: '/d',
		runDir: '/r',
		logDir: '/l',
		fpmSockets: [ '/r/fpm.sock' ],
		asRoot: false,
		workers: 2,
	} );
	assert.match( conf, /listen 127\.0\.0\.1:8890;/ );
	assert.match( conf, /listen \[::1\]:8890;/ );
	assert.match( conf, /try_files \$uri \$uri\/ \/index\.php\?\$args;/ );
	assert.match(
		conf,
		/upstream php \{\n\t\tserver unix:\/r\/fpm\.sock max_fails=0;\n\t\}/
	);
	assert.match( conf, /fastcgi_pass php;/ );
	assert.doesNotMatch( conf, /^user /m );
	assert.match(
		nginxConf( {
			port: 1,
			docroot: '/d',
			runDir: '/r',
			logDir: '/l',
			fpmSockets: [ '/s' ],
			asRoot: true,
			workers: 1,
		} ),
		/^user root;/m
	);
} );

test( 'nginx balances across every web node, and never retries a failed request on another', () => {
	const conf = nginxConf( {
		port: 8890,
		docroot: '/d',
		runDir: '/r',
		logDir: '/l',
		fpmSockets: [ '/r/php-fpm-a.sock', '/r/php-fpm-b.sock' ],
		asRoot: false,
		workers: 2,
	} );
	assert.match(
		conf,
		/upstream php \{\n\t\tserver unix:\/r\/php-fpm-a\.sock max_fails=0;\n\t\tserver unix:\/r\/php-fpm-b\.sock max_fails=0;\n\t\}/
	);
	assert.match( conf, /fastcgi_pass php;\n\t+fastcgi_next_upstream off;/ );
} );

test( 'php-fpm gets opcache and the given pool size', () => {
	const conf = fpmConf( {
		runDir: '/r',
		logDir: '/l',
		fpmSocket: '/r/fpm.sock',
		asRoot: false,
		children: 8,
		phpSettings: { 'opcache.enable': '1' },
	} );
	assert.match( conf, /pm = static\npm\.max_children = 8/ );
	assert.match( conf, /php_admin_value\[opcache\.enable\] = 1/ );
	assert.match( conf, /^pid = \/r\/php-fpm\.pid$/m );
	assert.doesNotMatch( conf, /^user = /m );
	assert.doesNotMatch( conf, /SVC_NODE/ );
} );

test( 'php-fpm of a web node has its own pid, log and pool, and tells PHP its name', () => {
	const conf = fpmConf( {
		runDir: '/r',
		logDir: '/l',
		fpmSocket: '/r/php-fpm-b.sock',
		asRoot: false,
		children: 4,
		phpSettings: {},
		node: 'b',
	} );
	assert.match( conf, /^pid = \/r\/php-fpm-b\.pid$/m );
	assert.equal( fpmPidName( 'b' ), 'php-fpm-b.pid' );
	assert.equal( fpmPidName(), 'php-fpm.pid' );
	assert.match( conf, /^error_log = \/l\/php-fpm-b\.log$/m );
	assert.match( conf, /^\[node-b\]$/m );
	assert.match( conf, /^listen = \/r\/php-fpm-b\.sock$/m );
	assert.match( conf, /^pm\.max_children = 4$/m );
	assert.match( conf, /^env\[SVC_NODE\] = b$/m );
} );

test( 'wp-config for a subdirectory network: its domain with the port, MULTISITE off while the network is made, no WP_HOME', () => {
	const config = wpConfig( {
		...base,
		url: 'http://localhost:8897',
		multisite: true,
	} );
	assert.doesNotMatch( config, /WP_HOME|WP_SITEURL/ );
	assert.match( config, /define\( 'WP_ALLOW_MULTISITE', true \);/ );
	assert.match(
		config,
		/if \( '1' !== getenv\( 'SVC_NETWORK_SETUP' \) \) \{\n\tdefine\( 'MULTISITE', true \);\n\tdefine\( 'SUBDOMAIN_INSTALL', false \);\n\tdefine\( 'DOMAIN_CURRENT_SITE', 'localhost:8897' \);/
	);
	assert.match(
		wpConfig( base ),
		/define\( 'WP_HOME', 'http:\/\/localhost:8889' \);/
	);
	assert.doesNotMatch( wpConfig( base ), /MULTISITE/ );
} );

test( 'Apache serves the docroot with mod_php and .htaccess rules, from files of its own, on both loopbacks', () => {
	const input = {
		port: 8899,
		docroot: '/d',
		runDir: '/r',
		logDir: '/l',
		asRoot: false,
		workers: 8,
		phpSettings: PHP_SETTINGS,
	};
	const conf = apacheConf( input );
	assert.match( conf, /^ServerRoot \/r$/m );
	assert.match( conf, /^PidFile \/r\/apache2\.pid$/m );
	assert.match( conf, /^ErrorLog \/l\/apache-error\.log$/m );
	assert.match( conf, /^Listen 127\.0\.0\.1:8899$/m );
	assert.match( conf, /^Listen \[::1\]:8899$/m );
	// *:port, not 127.0.0.1:port: Chromium asks localhost at ::1.
	assert.match( conf, /^<VirtualHost \*:8899>\n\tDocumentRoot \/d\n/m );
	assert.match( conf, /mod_mpm_prefork\.so$/m );
	assert.match( conf, /mod_rewrite\.so$/m );
	assert.match( conf, /^LoadModule php_module .*\/libphp8\.2\.so$/m );
	assert.match(
		conf,
		/<Directory \/d>\n\tOptions FollowSymLinks\n\tAllowOverride All\n\tRequire all granted\n<\/Directory>/
	);
	assert.match( conf, /^StartServers 8$/m );
	assert.match( conf, /^MaxRequestWorkers 8$/m );
	assert.match( conf, /^KeepAlive Off$/m );
	assert.match( conf, /^php_admin_value memory_limit 256M$/m );
	// Never set per request: PHP warns that it cannot switch opcache on there.
	assert.doesNotMatch( conf, /opcache\.enable/ );
	assert.doesNotMatch( conf, /etc\/apache2/ );
	assert.doesNotMatch( conf, /^User /m );
	assert.match(
		apacheConf( { ...input, asRoot: true } ),
		/^User www-data\nGroup www-data$/m
	);
} );
