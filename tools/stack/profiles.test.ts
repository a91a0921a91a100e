import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
	HOST_PORT,
	clientProfile,
	companionServer,
	copyProfile,
	devProfile,
	hostProfile,
	multisiteClientProfile,
	needsClientSite,
	needsMultisiteClient,
	parseCounters,
	parseFlags,
	slotPort,
	stackSlot,
	testProfile,
} from './profiles.ts';
import { redisUrl } from './redis.ts';

test( 'defaults to SQLite on php -S', () => {
	assert.deepEqual( parseFlags( [] ), {
		database: 'sqlite',
		server: 'php',
		rest: [],
		all: false,
	} );
} );

test( 'MariaDB brings nginx unless a server is named', () => {
	assert.equal( parseFlags( [ '--db=mariadb' ] ).server, 'nginx' );
	assert.equal(
		parseFlags( [ '--db=mariadb', '--server=php' ] ).server,
		'php'
	);
	assert.equal( parseFlags( [ '--server=nginx' ] ).database, 'sqlite' );
} );

test( 'other arguments pass through in order', () => {
	assert.deepEqual(
		parseFlags( [
			'e2e/api/health.spec.ts',
			'--db=sqlite',
			'-g',
			'health',
		] ).rest,
		[ 'e2e/api/health.spec.ts', '-g', 'health' ]
	);
} );

test( 'bad values are refused with the allowed ones', () => {
	assert.throws(
		() => parseFlags( [ '--db=postgres' ] ),
		/sqlite or mariadb/
	);
	assert.throws(
		() => parseFlags( [ '--server=iis' ] ),
		/php, nginx or apache/
	);
} );

test( 'development sites share port 8888 (in slot 0); test sites have their own ports and helpers', () => {
	assert.equal( devProfile( 'sqlite', 'php' ).port, slotPort( 8888 ) );
	assert.equal( devProfile( 'mariadb', 'nginx' ).port, slotPort( 8888 ) );
	assert.equal( devProfile( 'sqlite', 'php' ).testHelpers, false );
	const ports = new Set( [
		testProfile( 'sqlite', 'php' ).port,
		testProfile( 'mariadb', 'nginx' ).port,
		slotPort( 8888 ),
	] );
	assert.equal( ports.size, 3 );
	assert.equal( testProfile( 'mariadb', 'nginx' ).testHelpers, true );
} );

test( 'the MariaDB test site is two web nodes of 4 php-fpm children; the SQLite one and the dev site are one', () => {
	const mariadb = testProfile( 'mariadb', 'nginx' );
	assert.deepEqual( mariadb.webNodes, [ 'a', 'b' ] );
	assert.equal( mariadb.fpmChildren, 4 );
	assert.equal( testProfile( 'sqlite', 'php' ).webNodes, undefined );
	assert.equal( devProfile( 'mariadb', 'nginx' ).webNodes, undefined );
} );

test( 'a stack slot moves ports up 20 per slot and refuses anything but one digit', () => {
	assert.equal( slotPort( 8889, 0 ), 8889 );
	assert.equal( slotPort( 8889, 2 ), 8929 );
	assert.equal( stackSlot( undefined ), 0 );
	assert.equal( stackSlot( '3' ), 3 );
	assert.throws( () => stackSlot( '10' ), /0 to 9/ );
	assert.throws( () => stackSlot( '-1' ), /0 to 9/ );
} );

test( 'the SQLite and MariaDB test runs go side by side: their sites share no port and no folder', () => {
	const runOn = ( db: 'sqlite' | 'mariadb' ) => {
		const server = db === 'sqlite' ? 'php' : 'nginx';
		const site = testProfile( db, server );
		return [
			site,
			copyProfile( db, server ),
			clientProfile( `http://localhost:${ site.port }`, db ),
		];
	};
	const sites = [ ...runOn( 'sqlite' ), ...runOn( 'mariadb' ) ];
	assert.equal( new Set( sites.map( ( s ) => s.port ) ).size, sites.length );
	assert.equal( new Set( sites.map( ( s ) => s.name ) ).size, sites.length );
	// Nor with the development site and its client (npm start, npm run stack -- client).
	assert.ok(
		! sites.some( ( s ) => s.port === devProfile( 'sqlite', 'php' ).port )
	);
	assert.ok( ! sites.some( ( s ) => s.name === clientProfile( '' ).name ) );
} );

test( 'the multisite client site has ports of its own in the slot, one per database', () => {
	const sqlite = multisiteClientProfile( 'http://localhost:8889', 'sqlite' );
	const mariadb = multisiteClientProfile(
		'http://localhost:8890',
		'mariadb'
	);
	assert.equal( sqlite.port, slotPort( 8897 ) );
	assert.equal( mariadb.port, slotPort( 8898 ) );
	const others = [ 8888, 8889, 8890, 8891, 8892, 8893, 8894, 8895, 8896 ].map(
		( port ) => slotPort( port )
	);
	assert.ok( ! others.includes( sqlite.port ) );
	assert.ok( ! others.includes( mariadb.port ) );
	assert.deepEqual( sqlite.client?.network, { subsites: [ 'one', 'two' ] } );
} );

test( 'the multisite client site starts for runs that may include its spec', () => {
	assert.equal( needsMultisiteClient( [] ), true );
	assert.equal( needsMultisiteClient( [ '--project=client' ] ), true );
	assert.equal(
		needsMultisiteClient( [ '--project=api', '--project=client' ] ),
		true
	);
	assert.equal(
		needsMultisiteClient( [ '--project=blocks', '--project=cli' ] ),
		false
	);
	assert.equal(
		needsMultisiteClient( [ 'e2e/client/multisite.spec.ts' ] ),
		true
	);
	assert.equal( needsMultisiteClient( [ 'e2e/client/' ] ), true );
	assert.equal(
		needsMultisiteClient( [ 'e2e/client/updates.spec.ts' ] ),
		false
	);
	assert.equal(
		needsMultisiteClient( [ 'e2e/api/health.spec.ts', '-g', 'health' ] ),
		false
	);
} );

test( 'Apache brings MariaDB unless a database is named', () => {
	assert.deepEqual( parseFlags( [ '--server=apache' ] ), {
		database: 'mariadb',
		server: 'apache',
		rest: [],
		all: false,
	} );
	assert.equal(
		parseFlags( [ '--server=apache', '--db=sqlite' ] ).database,
		'sqlite'
	);
} );

test( 'the host-shaped test site: Apache, no plugin laid (it comes from the zip), a port no other site has', () => {
	const host = testProfile( 'mariadb', 'apache' );
	assert.deepEqual( host, hostProfile( 'mariadb' ) );
	assert.equal( host.server, 'apache' );
	assert.equal( host.pluginFromZip, true );
	assert.equal( host.testHelpers, true );
	assert.equal( host.port, slotPort( 8899 ) );
	assert.equal( HOST_PORT, slotPort( 8899 ) );
	const others = [
		devProfile( 'mariadb', 'nginx' ),
		testProfile( 'sqlite', 'php' ),
		testProfile( 'mariadb', 'nginx' ),
		copyProfile( 'sqlite', 'php' ),
		copyProfile( 'mariadb', 'nginx' ),
		clientProfile( 'http://localhost:8889', 'sqlite' ),
		clientProfile( 'http://localhost:8890', 'mariadb' ),
		multisiteClientProfile( 'http://localhost:8889', 'sqlite' ),
		multisiteClientProfile( 'http://localhost:8890', 'mariadb' ),
	];
	// 8891 is wp-env's (tools/wp-env-smoke.ts), 8894 the bench site's.
	const taken = [
		...others.map( ( s ) => s.port ),
		slotPort( 8891 ),
		slotPort( 8894 ),
	];
	assert.ok( ! taken.includes( host.port ) );
	assert.ok( ! others.some( ( s ) => s.name === host.name ) );
	// Nor the next slot's ports: every port of a slot lies within its 20.
	assert.ok( host.port - slotPort( 8888 ) < 20 );
	// Its copy site runs on the database's usual server.
	assert.equal( companionServer( 'mariadb', 'apache' ), 'nginx' );
	assert.equal( companionServer( 'sqlite', 'apache' ), 'php' );
	assert.equal( companionServer( 'mariadb', 'php' ), 'php' );
} );

test( 'the client site starts for runs that may include e2e/client/, and for no other', () => {
	assert.equal( needsClientSite( [] ), true );
	assert.equal( needsClientSite( [ '-g', 'licence' ] ), true );
	assert.equal( needsClientSite( [ '--project=client' ] ), true );
	assert.equal( needsClientSite( [ 'e2e/' ] ), true );
	assert.equal( needsClientSite( [ 'e2e/client/updates.spec.ts' ] ), true );
	// A spec named without its folder may be a client spec.
	assert.equal( needsClientSite( [ 'updates.spec.ts' ] ), true );
	assert.equal( needsClientSite( [ '--project=api' ] ), false );
	assert.equal(
		needsClientSite( [ '--project=blocks', '--project=cli' ] ),
		false
	);
	assert.equal( needsClientSite( [ 'e2e/api/health.spec.ts' ] ), false );
	assert.equal(
		needsClientSite( [ 'e2e/admin/', 'e2e/api/fast-lane.spec.ts' ] ),
		false
	);
} );

test( 'the MariaDB test site counts its rate limits in the database (APCu would count per web node); SQLite leaves it to the plugin with the lane on, the database with it off', () => {
	assert.deepEqual( testProfile( 'mariadb', 'nginx' ).constants, {
		SVC_LICENSING_COUNTERS: 'database',
	} );
	assert.equal(
		testProfile( 'mariadb', 'nginx', 'database' ).constants
			?.SVC_LICENSING_COUNTERS,
		'database'
	);
	assert.equal( testProfile( 'sqlite', 'php' ).constants, undefined );
	// With the lane off, the SQLite site counts in the database: both stores run the suite on SQLite.
	assert.deepEqual(
		testProfile( 'sqlite', 'php', 'database', 'off' ).constants,
		{ SVC_LICENSING_COUNTERS: 'database' }
	);
	assert.deepEqual(
		testProfile( 'mariadb', 'nginx', 'database', 'off' ).constants,
		{ SVC_LICENSING_COUNTERS: 'database' }
	);
} );

test( "the Redis variant is the MariaDB test site with its counters in the stack slot's Redis", () => {
	const redis = testProfile( 'mariadb', 'nginx', 'redis' );
	const plain = testProfile( 'mariadb', 'nginx' );
	assert.deepEqual( redis.constants, {
		SVC_LICENSING_COUNTERS: 'redis',
		SVC_LICENSING_REDIS: redisUrl(),
	} );
	assert.deepEqual(
		{ ...redis, constants: undefined },
		{ ...plain, constants: undefined }
	);
	assert.equal( redisUrl( 0 ), 'tcp://127.0.0.1:6391' );
	assert.equal( redisUrl( 3 ), `tcp://127.0.0.1:${ slotPort( 6391, 3 ) }` );
	assert.throws(
		() => testProfile( 'sqlite', 'php', 'redis' ),
		/MariaDB test site/
	);
	assert.throws(
		() => testProfile( 'mariadb', 'apache', 'redis' ),
		/MariaDB test site/
	);
} );

test( '--counters= picks the counters and passes the rest on in order', () => {
	assert.deepEqual(
		parseCounters( [ '--db=mariadb', 'e2e/api/x.spec.ts' ] ),
		{
			counters: 'database',
			rest: [ '--db=mariadb', 'e2e/api/x.spec.ts' ],
		}
	);
	assert.deepEqual(
		parseCounters( [ '--db=mariadb', '--counters=redis', '-g', 'limit' ] ),
		{ counters: 'redis', rest: [ '--db=mariadb', '-g', 'limit' ] }
	);
	assert.throws(
		() => parseCounters( [ '--counters=apcu' ] ),
		/database or redis/
	);
} );
