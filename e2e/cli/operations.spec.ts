/**
 * `wp svc release`, `activation`, `key`, `webhook`, `event tail` and `stats`: each command in its formats with the
 * real `wp` against the test site, its effect checked over HTTP.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { makeZip } from '../fixtures/zip';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import { cliLines, everyListFormat, wp, wpFollow, wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';

async function product( request: APIRequestContext ) {
	const headers = await keyHeaders( request, 'admin' );
	const created = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: unique( 'CLI ops' ), current_version: '1.0.0' },
		} )
	).json();
	return { headers, product: created as { id: number; slug: string } };
}

const json = async ( args: string[] ) =>
	JSON.parse( await wpOk( [ ...args, '--format=json' ] ) );

test.describe( 'wp svc operations', () => {
	// Each `wp` boots WordPress (about a second on a busy machine); the specs run dozens.
	test.describe.configure( { timeout: 180_000 } );

	test( 'release publish from a ZIP path, rollout, rollback and list, seen over HTTP', async ( {
		request,
	} ) => {
		const { headers, product: p } = await product( request );
		const zip = path.join( os.tmpdir(), `svc-cli-${ randomUUID() }.zip` );
		fs.writeFileSync(
			zip,
			makeZip( { [ `${ p.slug }/${ p.slug }.php` ]: '<?php // v' } )
		);

		const first = await json( [
			'svc',
			'release',
			'publish',
			p.slug,
			zip,
			'--version=1.1.0',
		] );
		expect( first ).toMatchObject( {
			version: '1.1.0',
			status: 'published',
			is_current: true,
			rollout: 100,
		} );
		const second = await json( [
			'svc',
			'release',
			'publish',
			String( p.id ),
			zip,
			'--version=1.2.0',
			'--rollout=30',
		] );
		expect( second ).toMatchObject( {
			version: '1.2.0',
			is_current: true,
			rollout: 30,
		} );
		const overHttp = await (
			await request.get( `${ ADMIN }/releases/${ second.id }`, {
				headers,
			} )
		).json();
		expect( overHttp ).toMatchObject( {
			version: '1.2.0',
			rollout: 30,
			status: 'published',
			is_current: true,
		} );
		// One presenter: the command's JSON is the admin API's object, field by field.
		expect( second ).toEqual( overHttp );
		expect( Object.keys( second ) ).toContain( 'package' );
		const draft = await json( [
			'svc',
			'release',
			'publish',
			p.slug,
			zip,
			'--version=1.3.0',
			'--draft',
		] );
		expect( draft ).toMatchObject( { status: 'draft', is_current: false } );

		expect(
			(
				await json( [
					'svc',
					'release',
					'rollout',
					String( second.id ),
					'75',
				] )
			).rollout
		).toBe( 75 );
		expect(
			(
				await (
					await request.get( `${ ADMIN }/releases/${ second.id }`, {
						headers,
					} )
				).json()
			).rollout
		).toBe( 75 );

		const back = await json( [
			'svc',
			'release',
			'rollback',
			p.slug,
			'1.1.0',
		] );
		expect( back ).toMatchObject( { version: '1.1.0', is_current: true } );
		expect(
			(
				await (
					await request.get( `${ ADMIN }/products/${ p.id }`, {
						headers,
					} )
				).json()
			).current_version
		).toBe( '1.1.0' );

		const listed = await everyListFormat( [
			'svc',
			'release',
			'list',
			p.slug,
		] );
		expect( listed.map( ( r ) => r.version ) ).toEqual( [
			'1.3.0',
			'1.2.0',
			'1.1.0',
		] );
		expect(
			(
				await wpOk( [
					'svc',
					'release',
					'list',
					p.slug,
					'--field=version',
				] )
			)
				.trim()
				.split( '\n' )
		).toEqual( [ '1.3.0', '1.2.0', '1.1.0' ] );

		// release delete: the current release is refused with REST's words; another goes.
		const keepCurrent = await wp( [
			'svc',
			'release',
			'delete',
			String( back.id ),
		] );
		const restKeep = await request.delete(
			`${ ADMIN }/releases/${ back.id }`,
			{
				headers,
			}
		);
		expect( restKeep.status() ).toBe( 409 );
		expect( keepCurrent.code ).toBe( 1 );
		expect( cliLines( keepCurrent.stderr ) ).toEqual( [
			`Error: ${ ( await restKeep.json() ).message }`,
		] );
		const dropped = await wp( [
			'svc',
			'release',
			'delete',
			String( draft.id ),
		] );
		expect( dropped.code ).toBe( 0 );
		expect( cliLines( dropped.stdout ) ).toEqual( [
			`Success: Deleted release ${ draft.id } (1.3.0).`,
		] );
		expect(
			(
				await request.get( `${ ADMIN }/releases/${ draft.id }`, {
					headers,
				} )
			).status()
		).toBe( 404 );
		expect(
			(
				await wpOk( [
					'svc',
					'release',
					'list',
					p.slug,
					'--field=version',
				] )
			)
				.trim()
				.split( '\n' )
		).toEqual( [ '1.2.0', '1.1.0' ] );

		// Refusals: the same words as the REST API.
		const again = await wp( [
			'svc',
			'release',
			'publish',
			p.slug,
			zip,
			'--version=1.2.0',
		] );
		expect( again.code ).toBe( 1 );
		expect( cliLines( again.stderr ) ).toEqual( [
			'Error: This product already has a release 1.2.0. Versions cannot be reused; publish a new one.',
		] );
		const notZip = path.join(
			os.tmpdir(),
			`svc-cli-${ randomUUID() }.zip`
		);
		fs.writeFileSync( notZip, 'not a zip' );
		const bad = await wp( [
			'svc',
			'release',
			'publish',
			p.slug,
			notZip,
			'--version=1.4.0',
		] );
		expect( bad.code ).toBe( 1 );
		expect( cliLines( bad.stderr ) ).toEqual( [
			'Error: The package is not a ZIP archive.',
		] );
		// One rule for rollout and version (Releases checks them): the command and the admin API refuse with
		// the same words.
		const rolloutWords = 'rollout must be a whole number from 0 to 100.';
		for ( const badRollout of [ '101', '-1', '2.5' ] ) {
			const refused = await wp( [
				'svc',
				'release',
				'rollout',
				String( second.id ),
				badRollout,
			] );
			expect( refused.code ).toBe( 1 );
			expect( cliLines( refused.stderr ) ).toEqual( [
				`Error: ${ rolloutWords }`,
			] );
		}
		const restRollout = await request.put(
			`${ ADMIN }/releases/${ second.id }`,
			{
				headers,
				data: { rollout: 101 },
			}
		);
		expect( restRollout.status() ).toBe( 400 );
		expect( ( await restRollout.json() ).message ).toBe( rolloutWords );
		const versionWords =
			'version must be a semantic version such as 2.1.0.';
		const cliVersion = await wp( [
			'svc',
			'release',
			'publish',
			p.slug,
			zip,
			'--version=2.0',
		] );
		expect( cliVersion.code ).toBe( 1 );
		expect( cliLines( cliVersion.stderr ) ).toEqual( [
			`Error: ${ versionWords }`,
		] );
		const restVersion = await request.post(
			`${ ADMIN }/products/${ p.id }/releases`,
			{
				headers,
				data: {
					version: '2.0',
					package_url: 'https://cdn.example.com/p.zip',
					package_sha256: 'a'.repeat( 64 ),
				},
			}
		);
		expect( restVersion.status() ).toBe( 400 );
		expect( ( await restVersion.json() ).message ).toBe( versionWords );
		expect(
			( await wp( [ 'svc', 'release', 'rollback', p.slug, '9.9.9' ] ) )
				.code
		).toBe( 1 );
	} );

	test( 'activation list and deactivate; key create, list and revoke; event tail; stats', async ( {
		request,
	} ) => {
		const { headers, product: p } = await product( request );
		const license = await json( [
			'svc',
			'license',
			'create',
			`--product=${ p.slug }`,
			'--customer_email=ops@example.com',
			'--activation_limit=3',
		] );
		for ( const site of [ 'one.example.com', 'two.example.com' ] ) {
			const activated = await request.post(
				'/wp-json/svc/v1/licenses/activate',
				{
					data: {
						license_key: license.license_key,
						product_slug: p.slug,
						site_url: site,
					},
				}
			);
			expect( activated.status() ).toBeLessThan( 300 );
		}
		const activations = await everyListFormat( [
			'svc',
			'activation',
			'list',
			String( license.id ),
		] );
		expect( activations.map( ( a ) => a.site_url ).sort() ).toEqual( [
			'one.example.com',
			'two.example.com',
		] );
		const one = activations.find(
			( a ) => a.site_url === 'one.example.com'
		) as {
			id: number;
		};
		const freed = await wp( [
			'svc',
			'activation',
			'deactivate',
			String( license.id ),
			String( one.id ),
		] );
		expect( freed.code ).toBe( 0 );
		expect( freed.stdout ).toContain(
			`Success: Deactivated one.example.com from licence ${ license.id }.`
		);
		const left = await (
			await request.get(
				`${ ADMIN }/licenses/${ license.id }/activations`,
				{
					headers,
				}
			)
		).json();
		expect( left.map( ( a: { site_url: string } ) => a.site_url ) ).toEqual(
			[ 'two.example.com' ]
		);
		const twice = await wp( [
			'svc',
			'activation',
			'deactivate',
			String( license.id ),
			String( one.id ),
		] );
		const restTwice = await request.delete(
			`${ ADMIN }/licenses/${ license.id }/activations/${ one.id }`,
			{ headers }
		);
		expect( twice.code ).toBe( 1 );
		expect( cliLines( twice.stderr ) ).toEqual( [
			`Error: ${ ( await restTwice.json() ).message }`,
		] );

		// Keys: the key the command shows works over HTTP until the command revokes it.
		const key = await json( [
			'svc',
			'key',
			'create',
			`--label=${ unique( 'cli' ) }`,
			'--permissions=read',
		] );
		expect( key.api_key.startsWith( key.key_prefix ) ).toBe( true );
		const withKey = { 'X-Service-Key': key.api_key };
		expect(
			(
				await request.get( `${ ADMIN }/licenses/${ license.id }`, {
					headers: withKey,
				} )
			).status()
		).toBe( 200 );
		const keys = await everyListFormat( [ 'svc', 'key', 'list' ] );
		expect( keys.map( ( k ) => k.id ) ).toContain( key.id );
		expect( JSON.stringify( keys ) ).not.toContain( key.api_key );
		const porcelain = (
			await wpOk( [
				'svc',
				'key',
				'create',
				'--label=porcelain',
				`--product=${ p.slug }`,
				'--porcelain',
			] )
		).trim();
		expect( porcelain ).toMatch( /^svc_/ );
		const revoked = await wp( [
			'svc',
			'key',
			'revoke',
			String( key.id ),
		] );
		expect( revoked.stdout ).toContain(
			`Success: Revoked API key ${ key.id } (${ key.key_prefix }).`
		);
		expect(
			(
				await request.get( `${ ADMIN }/licenses/${ license.id }`, {
					headers: withKey,
				} )
			).status()
		).toBe( 401 );
		const gone = await wp( [ 'svc', 'key', 'revoke', String( key.id ) ] );
		expect( gone.code ).toBe( 1 );
		expect( cliLines( gone.stderr ) ).toEqual( [
			'Error: No active API key has this id.',
		] );
		expect(
			( await json( [ 'svc', 'key', 'list', '--include-revoked' ] ) ).map(
				( k: { id: number } ) => k.id
			)
		).toContain( key.id );

		// Event tail: this licence's history, oldest first, the same rows as GET /admin/events.
		const history = await everyListFormat( [
			'svc',
			'event',
			'tail',
			`--subject=license:${ license.id }`,
		] );
		expect( history.map( ( e ) => e.type ) ).toEqual( [
			'license.created',
			'license.activated',
			'license.activated',
			'license.deactivated',
		] );
		const rest = await (
			await request.get(
				`${ ADMIN }/events?subject_type=license&subject_id=${ license.id }`,
				{ headers }
			)
		).json();
		expect( history.map( ( e ) => e.id ) ).toEqual(
			rest.data.map( ( e: { id: number } ) => e.id ).reverse()
		);
		expect( history[ 3 ].actor ).toBe( 'system:wp-cli' );
		expect(
			(
				await json( [
					'svc',
					'event',
					'tail',
					'--count=1',
					'--type=api_key.revoked',
				] )
			)[ 0 ].subject
		).toBe( `api_key:${ key.id }` );
		const badType = await wp( [ 'svc', 'event', 'tail', '--type=nope' ] );
		expect( badType.code ).toBe( 1 );

		// Stats: every figure GET /admin/stats answers, revenue included (one Core call, Stats::summary).
		const stats = await json( [ 'svc', 'stats', `--product=${ p.id }` ] );
		// GET /admin/stats counts what the API key reaches: a key scoped to the product.
		const scoped = await keyHeaders( request, 'read', p.id );
		const restStats: Record< string, Record< string, unknown > > = await (
			await request.get( `${ ADMIN }/stats`, { headers: scoped } )
		).json();
		const flat = Object.fromEntries(
			stats.map(
				( s: { group: string; name: string; value: unknown } ) => [
					`${ s.group }.${ s.name }`,
					s.value,
				]
			)
		);
		expect( flat[ 'licenses.total' ] ).toBe( 1 );
		expect( flat[ 'activations.total' ] ).toBe( 1 );
		expect( Object.keys( restStats ).sort() ).toEqual( [
			'activations',
			'licenses',
			'products',
			'revenue',
		] );
		const restFlat = Object.fromEntries(
			Object.entries( restStats ).flatMap( ( [ group, values ] ) =>
				Object.entries( values ).map( ( [ name, value ] ) => [
					`${ group }.${ name }`,
					value,
				] )
			)
		);
		expect( flat ).toEqual( restFlat );
		expect( flat[ 'revenue.period' ] ).toBe( '30d' );
		expect( await wpOk( [ 'svc', 'stats', '--format=csv' ] ) ).toMatch(
			/^group,name,value\n/
		);
		expect( await wpOk( [ 'svc', 'stats', '--format=yaml' ] ) ).toContain(
			'group: licenses'
		);
		expect( await wpOk( [ 'svc', 'stats', '--format=table' ] ) ).toMatch(
			/licenses\s+total\s+\d+/
		);
	} );

	test( 'event tail --follow prints the events written after it started, in json and table lines', async ( {
		request,
	} ) => {
		const { headers, product: p } = await product( request );
		// Both start from the newest event (the product's creation), then poll every second.
		const asJson = wpFollow( [
			'svc',
			'event',
			'tail',
			'--follow',
			'--interval=1',
			'--count=1',
			`--product=${ p.id }`,
			'--format=json',
		] );
		const asTable = wpFollow( [
			'svc',
			'event',
			'tail',
			'--follow',
			'--interval=1',
			'--count=1',
			`--product=${ p.id }`,
		] );
		try {
			const first = JSON.parse(
				await asJson.line( ( l ) => l.includes( 'product.created' ) )
			);
			expect( first ).toMatchObject( {
				type: 'product.created',
				subject: `product:${ p.id }`,
				product_id: p.id,
			} );
			await asTable.line( ( l ) => l.includes( 'product.created' ) );

			// A change over HTTP after both printed their start.
			const renamed = await request.put(
				`${ ADMIN }/products/${ p.id }`,
				{
					headers,
					data: { name: 'Followed' },
				}
			);
			expect( renamed.status() ).toBe( 200 );
			const seen = JSON.parse(
				await asJson.line( ( l ) => l.includes( 'product.updated' ) )
			);
			expect( seen ).toMatchObject( {
				type: 'product.updated',
				subject: `product:${ p.id }`,
				actor: expect.stringMatching( /^api_key:/ ),
			} );
			expect( seen.id ).toBeGreaterThan( first.id );
			const tableLine = await asTable.line( ( l ) =>
				l.includes( 'product.updated' )
			);
			expect( tableLine.split( '\t' ).slice( 0, 4 ) ).toEqual( [
				String( seen.id ),
				seen.created_at,
				'product.updated',
				`product:${ p.id }`,
			] );
			// Each event once: the first poll after the change does not print the creation again.
			expect(
				asJson
					.lines()
					.filter( ( l ) => l.includes( 'product.created' ) )
			).toHaveLength( 1 );
		} finally {
			asJson.stop();
			asTable.stop();
		}

		const refused = await wp( [
			'svc',
			'event',
			'tail',
			'--follow',
			'--format=csv',
		] );
		expect( refused.code ).toBe( 1 );
		expect( cliLines( refused.stderr ) ).toEqual( [
			'Error: --follow prints table or json lines.',
		] );
	} );

	test( 'webhook list and retry: one event, every due event; a processed one is refused', async ( {
		request,
	} ) => {
		const { headers, product: p } = await product( request );
		const secret = `whsec_${ unique( 'cli' ) }`;
		await setSettings( request, { webhook_signing_secret: secret } );
		const price = unique( 'price_cli' );
		const payload = event(
			'invoice.paid',
			invoice(
				{
					invoice: unique( 'in' ),
					subscription: unique( 'sub' ),
					price,
					email: `${ unique( 'buyer' ) }@example.com`,
					periodEnd: nowSeconds() + 30 * 86400,
				},
				'basil'
			)
		);
		expect( ( await deliver( request, payload, secret ) ).status() ).toBe(
			202
		);
		const stored = (
			await json( [
				'svc',
				'webhook',
				'list',
				'--type=invoice.paid',
				'--status=pending_retry',
			] )
		).find( ( e: { event_id: string } ) => e.event_id === payload.id );
		expect( stored ).toMatchObject( {
			status: 'pending_retry',
			retry_count: 1,
		} );
		await everyListFormat( [ 'svc', 'webhook', 'list', '--per-page=5' ] );

		// The price is still unknown: the retry fails again and says why, keeping the schedule.
		const early = await json( [
			'svc',
			'webhook',
			'retry',
			String( stored.id ),
		] );
		expect( early ).toMatchObject( {
			id: stored.id,
			status: 'pending_retry',
			next_retry_at: stored.next_retry_at,
		} );
		expect( early.processing_error ).not.toBe( '' );

		await request.post( `${ ADMIN }/prices`, {
			headers,
			data: { processor_price_id: price, product_id: p.id },
		} );
		const done = await json( [
			'svc',
			'webhook',
			'retry',
			String( stored.id ),
		] );
		expect( done ).toMatchObject( { status: 'processed' } );
		const licenses = await (
			await request.get( `${ ADMIN }/licenses?product_id=${ p.id }`, {
				headers,
			} )
		).json();
		expect( licenses.total ).toBe( 1 );

		const refused = await wp( [
			'svc',
			'webhook',
			'retry',
			String( stored.id ),
		] );
		const restRefused = await request.post(
			`${ ADMIN }/webhooks/${ stored.id }/reprocess`,
			{ headers }
		);
		expect( refused.code ).toBe( 1 );
		expect( cliLines( refused.stderr ) ).toEqual( [
			`Error: ${ ( await restRefused.json() ).message }`,
		] );

		const due = await wp( [ 'svc', 'webhook', 'retry', '--due' ] );
		expect( due.code ).toBe( 0 );
		expect( due.stdout ).toMatch(
			/^Success: Due events retried: \d+ processed, \d+ failed again, \d+ busy\.$/m
		);
		expect( ( await wp( [ 'svc', 'webhook', 'retry' ] ) ).code ).toBe( 1 );
	} );
} );
