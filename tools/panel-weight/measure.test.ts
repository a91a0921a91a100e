import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { buildFileOf, median, parseWeightArgs } from './measure.ts';

test( 'median of odd and even counts', () => {
	assert.equal( median( [ 5, 1, 3 ] ), 3 );
	assert.equal( median( [ 4, 1, 3, 2 ] ), 2.5 );
	assert.ok( Number.isNaN( median( [] ) ) );
} );

test( 'only the plugin build folder counts as the panel own files', () => {
	assert.equal(
		buildFileOf(
			'http://localhost:8888/wp-content/plugins/svc-licensing/build/index.js?ver=abc'
		),
		'index.js'
	);
	assert.equal(
		buildFileOf(
			'http://localhost:8888/wp-content/plugins/svc-licensing/build/chunks/stats-charts.js'
		),
		'chunks/stats-charts.js'
	);
	assert.equal(
		buildFileOf(
			'http://localhost:8888/wp-includes/js/dist/components.js'
		),
		null
	);
} );

test( 'arguments: a site, labelled builds, runs', () => {
	const args = parseWeightArgs(
		[
			'http://example.test:9028/',
			'--build=before=/tmp/b',
			'--build=/tmp/after-build',
			'--runs=3',
		],
		'http://localhost:8888'
	);
	assert.equal( args.site, 'http://example.test:9028' );
	assert.deepEqual( args.builds, [
		{ label: 'before', dir: path.resolve( '/tmp/b' ) },
		{ label: 'after-build', dir: path.resolve( '/tmp/after-build' ) },
	] );
	assert.equal( args.runs, 3 );
	assert.deepEqual( parseWeightArgs( [], 'http://localhost:8888' ).builds, [
		{ label: 'site', dir: null },
	] );
	assert.throws( () => parseWeightArgs( [ '--runs=0' ], 'x' ) );
	assert.throws( () => parseWeightArgs( [ '--nope' ], 'x' ) );
} );
