/**
 * The fast lane: which requests it answers, and what a validate costs there. The whole suite runs once with the
 * lane on and once with it off (npm test); this spec checks the lane is really the one answering when on.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { database, fastLane } from '../fixtures/env';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';

const lane = fastLane ? '1' : '0';

test.describe( 'fast lane', () => {
	test( 'answers validate, activate, deactivate and the update check (in any case, and as ?rest_route=) when on, and nothing else', async ( {
		request,
	} ) => {
		const slug = `lane-${ randomUUID().slice( 0, 8 ) }`;
		const { license_key } = await createLicense(
			request,
			{ slug, current_version: '1.0.0' },
			{ activation_limit: 2 }
		);
		// With the site's own fingerprint, its deactivate frees itself (never counted against the monthly allowance).
		const body = {
			license_key,
			product_slug: slug,
			site_url: 'https://lane.example',
			server_fingerprint: 'f'.repeat( 64 ),
		};
		const answers = [
			await request.post( '/wp-json/svc/v1/licenses/activate', {
				data: body,
			} ),
			await request.post( '/wp-json/svc/v1/licenses/validate', {
				data: body,
			} ),
			await request.post( '/wp-json/SVC/V1/Licenses/Validate', {
				data: body,
			} ),
			await request.post( '/?rest_route=/svc/v1/licenses/validate', {
				data: body,
			} ),
			await request.get( '/wp-json/svc/v1/updates/check', {
				params: { ...body, current_version: '0.9.0' },
			} ),
			await request.post( '/wp-json/svc/v1/licenses/deactivate', {
				data: body,
			} ),
		];
		for ( const answer of answers ) {
			expect( answer.status(), answer.url() ).toBe( 200 );
			expect( answer.headers()[ 'x-svc-test-lane' ], answer.url() ).toBe(
				lane
			);
		}
		// Not a lane route, an API key, or a WordPress underscore parameter (_fields): WordPress answers.
		const others = [
			await request.get( '/wp-json/svc/v1/health' ),
			await request.post( '/wp-json/svc/v1/licenses/validate', {
				data: body,
				headers: await keyHeaders( request, 'read' ),
			} ),
			await request.post(
				'/wp-json/svc/v1/licenses/validate?_fields=valid',
				{ data: body }
			),
		];
		for ( const answer of others ) {
			expect( answer.ok(), answer.url() ).toBe( true );
			expect( answer.headers()[ 'x-svc-test-lane' ], answer.url() ).toBe(
				'0'
			);
		}
	} );

	test( 'a validate of an active licence on an activated site reads three rows and counts the rate limit', async ( {
		request,
	} ) => {
		const slug = `lane-${ randomUUID().slice( 0, 8 ) }`;
		const { license_key } = await createLicense( request, { slug } );
		const body = {
			license_key,
			product_slug: slug,
			site_url: 'https://queries.example',
		};
		await request.post( '/wp-json/svc/v1/licenses/activate', {
			data: body,
		} );
		// The steady cost of a validate: the fewest queries of three in a row. The first may create this minute's
		// rate-limit row (the SQLite drop-in answers an upsert that inserts with one query more than one that
		// updates, and which it is depends on whether an earlier test validated in the same minute), and about
		// one request in a hundred also sweeps old rate-limit windows (RateLimitRepository::hit).
		const counts: number[] = [];
		for ( let i = 0; i < 3; i++ ) {
			const answer = await request.post(
				'/wp-json/svc/v1/licenses/validate',
				{ data: body }
			);
			expect( ( await answer.json() ).valid ).toBe( true );
			counts.push( Number( answer.headers()[ 'x-svc-test-queries' ] ) );
		}
		const queries = Math.min( ...counts );
		// eslint-disable-next-line no-console -- the figure belongs in the run's output.
		console.log(
			`validate (${ database }, lane ${ fastLane ? 'on' : 'off' }): ${ queries } SQL queries (of ${ counts.join( ', ' ) }) ${
				fastLane
					? 'by the lane'
					: 'by WordPress and the plugin together'
			}`
		);
		if ( fastLane ) {
			// Product, licence with this site's activation, the lease keys' recorded fingerprint (svc_meta: the
			// lease is signed only by the recorded keys, docs/leases.md), the lease keys' option (not autoloaded:
			// its private keys are read only by the requests that sign, issue 40), and the rate-limit upsert
			// (MariaDB: one statement; SQLite: insert and read back in a transaction, four).
			expect( queries ).toBeLessThanOrEqual(
				database === 'mariadb' ? 5 : 8
			);
		} else {
			expect( queries ).toBeGreaterThan( 3 );
		}
	} );
} );
