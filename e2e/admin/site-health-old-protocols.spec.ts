/**
 * Tools → Site Health, Info tab (docs/moving-in.md, "Watch the counts"): for each old client protocol (EDD Software
 * Licensing's edd_action, Software License Manager's slm_action) whether this site answers it, and how many requests
 * it answered in the last 30 days. Every answer counts, from the fast lane (the suite's lane-on pass, where the
 * answers say so) and from WordPress (its lane-off pass); a request the site does not answer does not.
 */
import {
	expect,
	test,
	request as requestFactory,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import { fastLane } from '../fixtures/env';
import { holdSource } from '../fixtures/import';
import { applySuiteSettings, setSettings } from '../fixtures/test-helpers';
import { infoSection } from '../fixtures/site-health';

const EDD = 'EDD Software Licensing';
const SLM = 'Software License Manager';

/** One protocol's two fields. */
async function protocolInfo( page: Page, name: string ) {
	const info = await infoSection( page );
	return {
		answered: info[ `${ name } clients` ],
		requests: info[ `${ name } requests, last 30 days` ],
	};
}

/**
 * An old client's call to the front URL, without the admin's cookies (a client site has none, and the fast lane
 * rightly steps aside for a WordPress cookie).
 */
async function oldClientCall(
	client: APIRequestContext,
	fields: Record< string, string >
) {
	return client.post( '/', { form: fields } );
}

test.describe( 'Site Health: the old client protocols', () => {
	// The counts and switches are one per site: specs that answer or switch the old protocols take turns.
	const giveBack: Array< () => void > = [];
	test.beforeAll( async () => {
		giveBack.push( await holdSource( 'edd-sl' ) );
		giveBack.push( await holdSource( 'slm' ) );
	} );
	test.afterAll( () => giveBack.forEach( ( release ) => release() ) );

	test.afterEach( async ( { request } ) => {
		await setSettings( request, {
			edd_sl_protocol: null,
			slm_protocol: null,
		} );
		await applySuiteSettings( request );
	} );

	test( 'says which old protocols are answered and counts each answered request', async ( {
		page,
		request,
		baseURL,
	} ) => {
		const client = await requestFactory.newContext( {
			baseURL,
			storageState: { cookies: [], origins: [] },
		} );
		await setSettings( request, {
			edd_sl_protocol: true,
			slm_protocol: true,
		} );
		const eddBefore = await protocolInfo( page, EDD );
		const slmBefore = await protocolInfo( page, SLM );
		expect( eddBefore.answered ).toBe( 'Answered' );
		expect( slmBefore.answered ).toBe( 'Answered' );
		expect( eddBefore.requests ).toMatch( /^\d+$/ );
		expect( slmBefore.requests ).toMatch( /^\d+$/ );

		// Three EDD calls (an item this store does not have: answered all the same) and two SLM calls (a wrong
		// secret: SLM's error 90, answered all the same).
		for ( let i = 0; i < 3; i++ ) {
			const answer = await oldClientCall( client, {
				edd_action: 'check_license',
				license: 'ffffffffffffffffffffffffffffffff',
				item_name: 'No such item',
				url: 'https://counted.example',
			} );
			expect( answer.status() ).toBe( 200 );
			expect( await answer.json() ).toMatchObject( {
				success: false,
				license: 'item_name_mismatch',
			} );
			expect( answer.headers()[ 'x-svc-test-lane' ] ).toBe(
				fastLane ? '1' : '0'
			);
		}
		for ( let i = 0; i < 2; i++ ) {
			const answer = await oldClientCall( client, {
				slm_action: 'slm_check',
				secret_key: 'not-the-secret',
				license_key: 'SLM-counted',
			} );
			expect( answer.status() ).toBe( 200 );
			expect( await answer.json() ).toMatchObject( {
				result: 'error',
				error_code: 90,
			} );
			expect( answer.headers()[ 'x-svc-test-lane' ] ).toBe(
				fastLane ? '1' : '0'
			);
		}
		expect( await protocolInfo( page, EDD ) ).toEqual( {
			answered: 'Answered',
			requests: String( Number( eddBefore.requests ) + 3 ),
		} );
		expect( await protocolInfo( page, SLM ) ).toEqual( {
			answered: 'Answered',
			requests: String( Number( slmBefore.requests ) + 2 ),
		} );

		// Switched off, EDD's calls get WordPress' front page: not answered, not counted.
		await setSettings( request, { edd_sl_protocol: false } );
		const unanswered = await oldClientCall( client, {
			edd_action: 'check_license',
			license: 'ffffffffffffffffffffffffffffffff',
			item_name: 'No such item',
			url: 'https://counted.example',
		} );
		expect( unanswered.headers()[ 'content-type' ] ).toContain(
			'text/html'
		);
		expect( await protocolInfo( page, EDD ) ).toEqual( {
			answered: 'Not answered',
			requests: String( Number( eddBefore.requests ) + 3 ),
		} );
		await client.dispose();
	} );
} );
