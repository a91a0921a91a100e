/**
 * The specs `npm test` runs in fewer passes (e2e/fixtures/projects.ts): each is there because the fast lane or the
 * database cannot change what it sees. These checks keep that true as the specs change.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
	DATABASE_INDEPENDENT,
	LANE_INDEPENDENT,
	passSkips,
} from '../e2e/fixtures/projects.ts';
import { repoRoot } from './stack/paths.ts';

/**
 * What a spec the lane could affect names: a route the lane answers, the old clients' calls it answers, the lane's
 * setting or loader, or a fixture that calls a lane route (seed, portal, portal-api, the client site's).
 */
const LANE_MARKS = [
	/licenses\/(validate|activate|deactivate|channel|move)/,
	/updates\/(check|report)/,
	/\/downloads\//,
	/edd_action|slm_action|rest_route/,
	/fast_?lane|fastLane|lane_loader|LaneLoader/i,
	/fixtures\/(seed|portal|portal-api|client-[\w-]+|sdk|copy-site)['"]/,
];

const read = ( spec: string ) =>
	fs.readFileSync( path.join( repoRoot, 'e2e', spec ), 'utf8' );

test( 'every spec named as lane- or database-independent exists', () => {
	for ( const spec of [
		...LANE_INDEPENDENT,
		...Object.keys( DATABASE_INDEPENDENT ),
	] ) {
		assert.ok(
			fs.existsSync( path.join( repoRoot, 'e2e', spec ) ),
			`e2e/${ spec } is listed in e2e/fixtures/projects.ts but does not exist`
		);
	}
} );

test( 'no lane-independent spec names a lane route, the lane, or a fixture that calls one', () => {
	for ( const spec of LANE_INDEPENDENT ) {
		const text = read( spec );
		for ( const mark of LANE_MARKS ) {
			assert.doesNotMatch(
				text,
				mark,
				`e2e/${ spec } matches ${ mark }: the lane may change what it sees, so it must run with the lane off too`
			);
		}
	}
} );

test( 'a database-independent spec runs on a database that npm test runs', () => {
	for ( const database of Object.values( DATABASE_INDEPENDENT ) ) {
		assert.ok( [ 'sqlite', 'mariadb' ].includes( database ) );
	}
} );

test( 'outside npm test every pass runs every spec', () => {
	for ( const database of [ 'sqlite', 'mariadb' ] ) {
		for ( const fastLane of [ true, false ] ) {
			assert.deepEqual(
				passSkips( { split: false, database, fastLane } ),
				[]
			);
		}
	}
} );

test( 'npm test runs each spec at least once per database, and every other spec in all four passes', () => {
	const passes = [ 'sqlite', 'mariadb' ].flatMap( ( database ) =>
		[ true, false ].map( ( fastLane ) => ( {
			database,
			fastLane,
			skips: passSkips( { split: true, database, fastLane } ),
		} ) )
	);
	const lanePasses = passes.filter( ( pass ) => pass.fastLane );
	for ( const spec of LANE_INDEPENDENT ) {
		const glob = `**/e2e/${ spec }`;
		const ran = lanePasses.filter(
			( pass ) => ! pass.skips.includes( glob )
		);
		const database = DATABASE_INDEPENDENT[ spec ];
		assert.deepEqual(
			ran.map( ( pass ) => pass.database ),
			database ? [ database ] : [ 'sqlite', 'mariadb' ],
			spec
		);
	}
	const skippedAnywhere = new Set( passes.flatMap( ( pass ) => pass.skips ) );
	assert.equal(
		skippedAnywhere.size,
		new Set( [
			...LANE_INDEPENDENT,
			...Object.keys( DATABASE_INDEPENDENT ),
		] ).size
	);
} );
