import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	STACK_SLOT,
	benchProfile,
	copyProfile,
	slotPort,
	testProfile,
} from '../stack/profiles.ts';
import { Site } from '../stack/site.ts';
import { SALT_NAMES, wpConfig } from '../stack/templates.ts';

test( 'the bench site has its own port and database, no test helpers, and 8 static php-fpm children', () => {
	const profile = benchProfile();
	const site = new Site( profile );
	assert.equal( site.port, slotPort( 8894 ) );
	assert.equal(
		site.dbName,
		STACK_SLOT > 0 ? `svc_bench_s${ STACK_SLOT }` : 'svc_bench'
	);
	assert.equal( profile.testHelpers, false );
	assert.equal( profile.database, 'mariadb' );
	assert.equal( profile.server, 'nginx' );
	assert.equal( site.fpmChildren, 8 );
	for ( const other of [
		testProfile( 'mariadb', 'nginx' ),
		copyProfile( 'mariadb', 'nginx' ),
	] ) {
		assert.notEqual( other.port, profile.port );
	}
	assert.ok(
		Object.keys( profile.files ?? {} ).includes(
			'wp-content/mu-plugins/svc-bench.php'
		)
	);
} );

test( 'wp-config can turn WP_DEBUG off and define extra constants', () => {
	const config = wpConfig( {
		url: 'http://localhost:8894',
		database: 'mariadb',
		dbName: 'svc_bench',
		dbUser: 'svc',
		dbPassword: 'x',
		dbSocket: '/run/mysqld/mysqld.sock',
		sqliteDir: '/tmp/db',
		packageDir: '/tmp/packages',
		debugLog: '/tmp/debug.log',
		salts: Object.fromEntries( SALT_NAMES.map( ( n ) => [ n, n ] ) ),
		testHelpersToken: null,
		debug: false,
		constants: { DISABLE_WP_CRON: true, SVC_NAME: "it's" },
	} );
	assert.match( config, /define\( 'WP_DEBUG', false \);/ );
	assert.match( config, /define\( 'DISABLE_WP_CRON', true \);/ );
	assert.match( config, /define\( 'SVC_NAME', 'it\\'s' \);/ );
	assert.ok(
		config.indexOf( 'DISABLE_WP_CRON' ) <
			config.indexOf( "require_once ABSPATH . 'wp-settings.php';" )
	);
} );
