/**
 * The race harness (e2e/fixtures/race.ts) itself: a race proves it raced even right after a spec that abandoned
 * connections whose requests still hold the site's PHP workers, because it waits for them and races on fresh
 * connections of its own.
 */
import { randomUUID } from 'node:crypto';
import {
	expect,
	request as playwrightRequest,
	test,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';
import { baseURL, testToken } from '../fixtures/env';
import { race, raceProof } from '../fixtures/race';
import { createLicense } from '../fixtures/test-helpers';

/** As many workers as the test sites have: 8 (php -S, or two php-fpm nodes of 4). */
const HELD = 8;
// Longer than two attempts of the race take, so a race that did not wait would run both while they still sleep.
const SLEEP_MS = 6000;

test.describe( 'race harness', () => {
	const abandoned: APIRequestContext[] = [];

	test.afterAll( async () => {
		await Promise.all( abandoned.map( ( context ) => context.dispose() ) );
	} );

	test( 'after 8 abandoned keep-alive connections whose requests hold the workers, a race still proves it raced', async ( {
		request,
	} ) => {
		const held: Array< Promise< APIResponse > > = [];
		const { proof, waitedMs } = await race(
			request,
			'20 activations after held workers',
			{
				setup: async () => {
					const product = `held-${ randomUUID().slice( 0, 8 ) }`;
					const { license_key } = await createLicense(
						request,
						{ slug: product },
						{ activation_limit: 5 }
					);
					if ( held.length === 0 ) {
						// Right before the race, as a careless spec would leave them: 8 cookie jars, each with a
						// request in flight that keeps a PHP worker busy, never disposed here.
						for ( let i = 0; i < HELD; i++ ) {
							const context = await playwrightRequest.newContext(
								{
									baseURL,
									extraHTTPHeaders: {
										Connection: 'keep-alive',
									},
								}
							);
							abandoned.push( context );
							held.push(
								context.get(
									`/wp-json/svc-test/v1/sleep?ms=${ SLEEP_MS }`,
									{
										headers: {
											'X-Svc-Test-Token': testToken,
										},
									}
								)
							);
						}
						// Long enough for them to reach PHP.
						await new Promise( ( resolve ) =>
							setTimeout( resolve, 500 )
						);
					}
					return { product, license_key };
				},
				fire: ( fresh, { product, license_key } ) =>
					Array.from( { length: 20 }, () =>
						fresh.post( '/wp-json/svc/v1/licenses/activate', {
							data: {
								license_key,
								product_slug: product,
								site_url: 'held.example.com',
							},
						} )
					),
				check: ( answers ) => {
					expect( answers.map( ( a ) => a.status ) ).toEqual(
						Array( 20 ).fill( 200 )
					);
					expect(
						new Set( answers.map( ( a ) => a.json.activation_id ) )
							.size
					).toBe( 1 );
				},
			}
		);
		expect( proof.workers ).toBeGreaterThanOrEqual( 3 );
		// It raced only once the held workers were free again: it waited for them, it did not race past them.
		expect( waitedMs ).toBeGreaterThan( SLEEP_MS / 2 );
		const finished = await Promise.all( held );
		expect( finished.map( ( r ) => r.status() ) ).toEqual(
			Array( HELD ).fill( 200 )
		);
	} );

	test( 'the proof counts distinct workers and the most requests in flight at once', () => {
		const answer = ( worker: string, span: string ) => ( {
			status: 200,
			headers: { 'x-svc-test-worker': worker, 'x-svc-test-span': span },
			text: '',
			json: null,
		} );
		expect(
			raceProof( [
				answer( '1', '0-10' ),
				answer( '2', '5-15' ),
				answer( '3', '9-20' ),
				answer( '1', '10-30' ),
			] )
		).toEqual( { workers: 3, peak: 3 } );
		// One worker in turn: nothing ran at once.
		expect(
			raceProof( [ answer( '1', '0-10' ), answer( '1', '10-20' ) ] )
		).toEqual( { workers: 1, peak: 1 } );
	} );
} );
