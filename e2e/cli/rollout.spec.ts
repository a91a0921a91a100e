/**
 * The rollout commands (docs/rollouts.md) with the real `wp` against the test site, through the same services as
 * the admin REST routes: `wp svc release publish --channel --rollout-plan`, `update`, `pause`, `resume`,
 * `rollback <id>`; `wp svc license update --channel --pin`; `wp svc product update --channels`. Their effect is
 * checked over HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeZip } from '../fixtures/zip';
import { unique } from '../fixtures/stripe';
import { keyHeaders } from '../fixtures/test-helpers';
import { wp, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';
const json = async ( args: string[] ) =>
	JSON.parse( await wpOk( [ ...args, '--format=json' ] ) );

test( 'wp svc release pause, resume, rollback; channels, schedule and pins', async ( {
	request,
} ) => {
	test.setTimeout( 180_000 );
	const headers = await keyHeaders( request, 'admin' );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: unique( 'CLI rollout' ) },
		} )
	).json();
	expect(
		(
			await json( [
				'svc',
				'product',
				'update',
				product.slug,
				'--channels=stable,beta,nightly',
			] )
		).channels
	).toEqual( [ 'stable', 'beta', 'nightly' ] );

	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'svc-rollout-' ) );
	const zip = ( version: string ) => {
		const file = path.join( dir, `${ version }.zip` );
		fs.writeFileSync(
			file,
			makeZip( { 'p/p.php': `<?php // ${ version }` } )
		);
		return file;
	};
	const first = await json( [
		'svc',
		'release',
		'publish',
		product.slug,
		zip( '1.0.0' ),
		'--version=1.0.0',
	] );
	const plan = JSON.stringify( [
		{ percentage: 10, at: '2020-01-01T00:00:00Z' },
		{ percentage: 100, at: '2999-01-01T00:00:00Z' },
	] );
	const second = await json( [
		'svc',
		'release',
		'publish',
		product.slug,
		zip( '1.1.0' ),
		'--version=1.1.0',
		`--rollout-plan=${ plan }`,
	] );
	expect( second ).toMatchObject( {
		channel: 'stable',
		rollout_step: 0,
		rollout_percentage: 10,
	} );
	const nightly = await json( [
		'svc',
		'release',
		'publish',
		product.slug,
		zip( '1.2.0-alpha.1' ),
		'--version=1.2.0-alpha.1',
		'--channel=nightly',
	] );
	expect( nightly ).toMatchObject( {
		channel: 'nightly',
		is_current: false,
	} );
	// A broken schedule and an unknown channel are refused with the REST API's words.
	const falling = await wp( [
		'svc',
		'release',
		'update',
		String( second.id ),
		'--rollout-plan=[{"percentage":50,"at":"2020-01-01T00:00:00Z"}]',
	] );
	expect( falling.code ).toBe( 1 );
	expect( falling.stderr ).toContain( 'must reach 100' );
	const unknown = await wp( [
		'svc',
		'release',
		'update',
		String( second.id ),
		'--channel=canary',
	] );
	expect( unknown.code ).toBe( 1 );
	expect( unknown.stderr ).toContain( 'stable, beta, nightly' );

	const paused = await json( [
		'svc',
		'release',
		'pause',
		String( second.id ),
		'--reason=Tickets',
	] );
	expect( paused ).toMatchObject( { pause_reason: 'Tickets' } );
	expect( paused.paused_at ).not.toBeNull();
	expect(
		( await json( [ 'svc', 'release', 'resume', String( second.id ) ] ) )
			.paused_at
	).toBeNull();

	const rolled = await json( [
		'svc',
		'release',
		'rollback',
		String( second.id ),
	] );
	expect( rolled.withdrawn_at ).not.toBeNull();
	const current = await (
		await request.get( `${ ADMIN }/releases/${ first.id }`, { headers } )
	).json();
	expect( current.is_current ).toBe( true );
	const types = (
		await (
			await request.get( `${ ADMIN }/events`, {
				headers,
				params: { product_id: product.id, per_page: 100 },
			} )
		).json()
	).data.map( ( row: { type: string } ) => row.type );
	expect( types ).toEqual(
		expect.arrayContaining( [
			'release.paused',
			'release.resumed',
			'release.rolled_back',
		] )
	);

	const license = await (
		await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: { product_id: product.id, customer_email: 'cli@example.com' },
		} )
	).json();
	expect(
		await json( [
			'svc',
			'license',
			'update',
			String( license.id ),
			'--channel=nightly',
			'--pin=1.0.0',
		] )
	).toMatchObject( { channel: 'nightly', pinned_version: '1.0.0' } );
	expect(
		await json( [
			'svc',
			'license',
			'update',
			String( license.id ),
			'--channel=',
			'--pin=',
		] )
	).toMatchObject( { channel: null, pinned_version: null } );
	fs.rmSync( dir, { recursive: true, force: true } );
} );
