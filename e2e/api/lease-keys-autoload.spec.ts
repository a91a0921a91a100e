/**
 * Issue 40, lows: the lease signing keys (option svc_licensing_lease_keys, private keys included) are not autoloaded,
 * so they are not read into memory by every WordPress request (each page, each admin screen, every plugin's
 * `wp_load_alloptions()`), only by the requests that sign a lease. A ring minted now is written with autoload off;
 * a ring an earlier version wrote autoloaded is switched off by the first request that reads it (the lane's too),
 * and the keys still sign: the answer carries a lease. The option's row is read by a test route (e2e/mu-plugins/svc-test-lows.php).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import { testToken } from '../fixtures/env';

/** The autoload values WordPress loads with every request (6.5: yes; 6.6+: yes, on, auto-on, auto). */
const AUTOLOADED = [ 'yes', 'on', 'auto-on', 'auto' ];

/** The option row's autoload; or, with an action, sets it to 'yes' or mints a ring (svc-test-lows.php). */
async function leaseKeysRow(
	request: APIRequestContext,
	action?: 'autoload-yes' | 'mint'
): Promise< { autoload: string; ring?: boolean } > {
	const response = await request.fetch(
		'/wp-json/svc-test/v1/lows/lease-keys',
		{
			method: action ? 'POST' : 'GET',
			headers: { 'X-Svc-Test-Token': testToken },
			...( action ? { data: { action } } : {} ),
		}
	);
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

/** A validate that signs a lease (so it reads the keys): through the lane when it is on. */
async function validate( request: APIRequestContext ) {
	const slug = `autoload-${ randomUUID().slice( 0, 8 ) }`;
	const { license_key } = await createLicense( request, { slug } );
	const answer = await request.post( '/wp-json/svc/v1/licenses/validate', {
		data: {
			license_key,
			product_slug: slug,
			site_url: 'https://autoload.example',
		},
	} );
	expect( answer.status(), await answer.text() ).toBe( 200 );
	const body = await answer.json();
	expect( body.valid ).toBe( true );
	expect( body.lease, 'the keys still sign' ).not.toBeNull();
}

test.describe( 'lease keys: not autoloaded', () => {
	test( 'a ring written by an earlier version autoloaded is switched off by the next request that reads it', async ( {
		request,
	} ) => {
		await validate( request );
		const now = ( await leaseKeysRow( request ) ).autoload;
		expect( now, 'the ring exists' ).not.toBe( '' );
		expect(
			AUTOLOADED,
			`after a validate, the option's autoload is "${ now }"`
		).not.toContain( now );

		// As an install before this change left it.
		expect(
			( await leaseKeysRow( request, 'autoload-yes' ) ).autoload
		).toBe( 'yes' );
		await validate( request );
		const after = ( await leaseKeysRow( request ) ).autoload;
		expect(
			AUTOLOADED,
			`after the upgrade's first validate, the option's autoload is "${ after }"`
		).not.toContain( after );
	} );

	test( 'a ring minted on a fresh install is written with autoload off', async ( {
		request,
	} ) => {
		// A fresh install's first use, inside a transaction that is rolled back: the site's own ring and its
		// recorded fingerprint are taken away, a ring is minted (Storage\LeaseKeys' INSERT IGNORE) and its row read;
		// the rollback puts everything back as it was.
		const minted = await leaseKeysRow( request, 'mint' );
		expect( minted.ring ).toBe( true );
		expect(
			AUTOLOADED,
			`a minted ring's autoload is "${ minted.autoload }"`
		).not.toContain( minted.autoload );
		expect( ( await leaseKeysRow( request ) ).autoload ).not.toBe( '' );
	} );
} );
