import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAnswer } from './checks.ts';

const json = ( body: unknown, status = 200 ) => ( {
	status,
	text: JSON.stringify( body ),
} );

test( 'a non-2xx answer is wrong whatever its body', () => {
	assert.match(
		checkAnswer( 'trivial', json( { ok: true }, 429 ) ) ?? '',
		/HTTP 429/
	);
	assert.match(
		checkAnswer( 'hello', { status: 500, text: 'hello' } ) ?? '',
		/HTTP 500/
	);
} );

test( 'reference rows: hello, SHORTINIT and the trivial route', () => {
	assert.equal(
		checkAnswer( 'hello', { status: 200, text: 'hello' } ),
		null
	);
	assert.notEqual(
		checkAnswer( 'hello', { status: 200, text: '<html>' } ),
		null
	);
	assert.equal( checkAnswer( 'shortinit', json( { one: 1 } ) ), null );
	assert.equal( checkAnswer( 'trivial', json( { ok: true } ) ), null );
	assert.match( checkAnswer( 'trivial', json( { ok: false } ) ) ?? '', /ok/ );
	assert.match(
		checkAnswer( 'trivial', { status: 200, text: 'not json' } ) ?? '',
		/not JSON/
	);
} );

test( 'health passes with pass or warn, not fail', () => {
	assert.equal(
		checkAnswer( 'health', json( { status: 'warn', version: '0.1.0' } ) ),
		null
	);
	assert.match(
		checkAnswer( 'health', json( { status: 'fail', version: '0.1.0' } ) ) ??
			'',
		/status/
	);
} );

test( 'validate needs a valid, active licence already activated on the site', () => {
	const good = { valid: true, status: 'active', already_activated: true };
	assert.equal( checkAnswer( 'validate', json( good ) ), null );
	assert.match(
		checkAnswer( 'validate', json( { ...good, valid: false } ) ) ?? '',
		/valid/
	);
	assert.match(
		checkAnswer(
			'validate',
			json( { ...good, already_activated: false } )
		) ?? '',
		/already_activated/
	);
} );

test( 'activate needs activated and an activation id', () => {
	assert.equal(
		checkAnswer(
			'activate',
			json( { activated: true, activation_id: 7 } )
		),
		null
	);
	assert.notEqual(
		checkAnswer( 'activate', json( { activated: true } ) ),
		null
	);
} );

test( 'update check needs the version fields, a tokened package and its hash', () => {
	const offer = {
		new_version: '1.0.0',
		package:
			'http://localhost:8894/wp-json/svc/v1/downloads/bench-product?token=abc',
		package_hash: `sha256:${ 'a'.repeat( 64 ) }`,
		sections: { changelog: '<p>x</p>' },
	};
	assert.equal( checkAnswer( 'update', json( offer ) ), null );
	// "No update" is an empty object: wrong for the bench, which installs 0.0.1.
	assert.match(
		checkAnswer( 'update', json( {} ) ) ?? '',
		/new_version.*package/
	);
	assert.match(
		checkAnswer( 'update', json( offer ), '2.0.0' ) ?? '',
		/new_version/
	);
} );

test( 'admin list envelope and stats counts', () => {
	assert.equal(
		checkAnswer(
			'admin-list',
			json( { data: [], total: 0, page: 1, per_page: 20 } )
		),
		null
	);
	assert.notEqual( checkAnswer( 'admin-list', json( { items: [] } ) ), null );
	assert.equal(
		checkAnswer(
			'admin-stats',
			json( { licenses: { total: 3 }, activations: { total: 1 } } )
		),
		null
	);
	assert.notEqual( checkAnswer( 'admin-stats', json( {} ) ), null );
} );
