/**
 * The lease keys are never silently replaced (docs/leases.md, "If the key is lost"): with their option gone, or
 * holding another ring, while licences exist, validate, activate and the update check still answer, with lease
 * null and no X-Svc-Lease header; /keys answers 503; Site Health, a notice and the Settings screen's Offline leases
 * card say so; no new key is minted; and
 * putting the option back brings leases signed by the same key.
 */
import { expect, test } from '@playwright/test';
import { clientCalls } from '../fixtures/client-calls';
import { expectError } from '../fixtures/envelope';
import { publishedKeys, verifiedLease } from '../fixtures/lease';
import {
	createLicense,
	leaseKeysOption,
	readLeftovers,
} from '../fixtures/test-helpers';
import { openScreen } from './screens';

const API = '/wp-json/svc/v1';
const SITE = 'lease-kept.example.com';

test.describe.configure( { mode: 'serial' } );

test.afterAll( async ( { request } ) => {
	await leaseKeysOption( request, 'restore' );
} );

for ( const [ what, action, headline ] of [
	[ 'missing', 'stash', 'the lease keys are missing' ],
	[ 'replaced', 'replace', 'the lease keys were replaced or damaged' ],
] as const ) {
	test( `${ what } lease keys: answers go on without a lease, Site Health is critical, no new key; restored, leases are back`, async ( {
		page,
		request,
	} ) => {
		const keys = await publishedKeys( request );
		const slug = `lease-${ action }-${ Date.now() }`;
		const { license_key: key } = await createLicense( request, {
			slug,
		} );
		const [ before ] = await clientCalls( request, key, slug, SITE );
		verifiedLease( ( await before.json() ).lease, keys );

		expect( ( await leaseKeysOption( request, action ) ).present ).toBe(
			action === 'replace'
		);
		const [ validated, activated, current ] = await clientCalls(
			request,
			key,
			slug,
			SITE
		);
		for ( const response of [ validated, activated, current ] ) {
			expect( response.status() ).toBe( 200 );
			expect( response.headers() ).not.toHaveProperty( 'x-svc-lease' );
		}
		expect( await validated.json() ).toMatchObject( {
			valid: true,
			lease: null,
		} );
		expect( await activated.json() ).toMatchObject( {
			activated: true,
			lease: null,
		} );
		expect( await current.json() ).toEqual( {} );
		await expectError(
			await request.get( `${ API }/keys` ),
			503,
			'lease_keys_unavailable'
		);
		if ( action === 'stash' ) {
			expect(
				( await readLeftovers( request ) ).options,
				'no new key was minted'
			).not.toContain( 'svc_licensing_lease_keys' );
		}

		await page.goto( '/wp-admin/site-health.php' );
		await expect(
			page.getByText( `Leases cannot be signed: ${ headline }` ).first()
		).toBeVisible();
		await page.goto( '/wp-admin/index.php' );
		await expect( page.locator( '#svc-lease-keys-notice' ) ).toContainText(
			'svc_licensing_lease_keys'
		);
		// The Settings screen's Offline leases card says which, and offers no rotation step.
		await openScreen( page, 'settings' );
		await expect(
			page.getByTestId( 'svc-lease-keys-problem' )
		).toContainText(
			what === 'missing'
				? 'The lease keys are missing'
				: 'The lease keys were replaced or damaged'
		);
		await expect(
			page.getByRole( 'button', { name: 'Prepare next key' } )
		).toBeDisabled();

		expect( ( await leaseKeysOption( request, 'restore' ) ).present ).toBe(
			true
		);
		expect( await publishedKeys( request ) ).toEqual( keys );
		const [ again ] = await clientCalls( request, key, slug, SITE );
		expect( verifiedLease( ( await again.json() ).lease, keys ).kid ).toBe(
			keys[ 0 ].kid
		);
		await page.goto( '/wp-admin/index.php' );
		await expect( page.locator( '#svc-lease-keys-notice' ) ).toHaveCount(
			0
		);
	} );
}
