import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAdminAnswer, checkAnswer } from './checks.ts';

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
	const good = {
		valid: true,
		status: 'active',
		already_activated: true,
		lease: 'eyJ2IjoxfQ.c2ln',
	};
	assert.equal( checkAnswer( 'validate', json( good ) ), null );
	assert.match(
		checkAnswer( 'validate', json( { ...good, lease: null } ) ) ?? '',
		/lease/
	);
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
			json( { activated: true, activation_id: 7, lease: 'a.b' } )
		),
		null
	);
	assert.notEqual(
		checkAnswer( 'activate', json( { activated: true, lease: 'a.b' } ) ),
		null
	);
	assert.match(
		checkAnswer(
			'activate',
			json( { activated: true, activation_id: 7 } )
		) ?? '',
		/lease/
	);
} );

test( 'update check needs the version fields, a tokened package and its hash', () => {
	const offer = {
		new_version: '1.0.0',
		package:
			'http://localhost:8894/wp-json/svc/v1/downloads/bench-product?token=abc',
		package_hash: `sha256:${ 'a'.repeat( 64 ) }`,
		sections: { changelog: '<p>x</p>' },
		lease: 'a.b',
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

test( 'admin answers are checked against the seeded numbers, not only their shape', () => {
	const list = ( data: unknown[], total: number, page = 1 ) =>
		json( { data, total, page, per_page: 20, total_pages: 1 } );
	const suspended = [
		{ id: 37, status: 'suspended' },
		{ id: 17, status: 'suspended' },
	];
	assert.equal(
		checkAdminAnswer( 'admin-list', list( suspended, 2 ), {
			total: 2,
			rows: 2,
			status: 'suspended',
		} ),
		null
	);
	assert.match(
		checkAdminAnswer( 'admin-list', list( suspended, 2 ), {
			total: 5,
		} ) ?? '',
		/total is 2, not 5/
	);
	assert.match(
		checkAdminAnswer(
			'admin-list',
			list( [ ...suspended, { id: 3, status: 'active' } ], 3 ),
			{ total: 3, status: 'suspended' }
		) ?? '',
		/status "active"/
	);
	assert.match(
		checkAdminAnswer( 'admin-list', list( [ ...suspended ].reverse(), 2 ), {
			total: 2,
		} ) ?? '',
		/newest first/
	);
	assert.match(
		checkAdminAnswer( 'admin-list', list( [], 40, 2 ), {
			total: 40,
			page: 2,
			rows: 20,
		} ) ?? '',
		/0 licences, not 20/
	);
	assert.match(
		checkAdminAnswer(
			'admin-list',
			list( [ { id: 9, customer_email: 'a@example.com' } ], 1 ),
			{ total: 1, email: 'b@example.com' }
		) ?? '',
		/customer_email "a@example.com"/
	);
	const stats = json( {
		licenses: { total: 20 },
		activations: { total: 10 },
	} );
	assert.equal(
		checkAdminAnswer( 'admin-stats', stats, {
			total: 20,
			activations: 10,
		} ),
		null
	);
	assert.match(
		checkAdminAnswer( 'admin-stats', stats, {
			total: 20,
			activations: 11,
		} ) ?? '',
		/activations.total is 10, not 11/
	);
	assert.match(
		checkAdminAnswer( 'admin-stats', json( {}, 500 ), { total: 20 } ) ?? '',
		/HTTP 500/
	);
} );
