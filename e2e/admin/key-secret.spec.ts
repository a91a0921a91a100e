/**
 * The key secret is never silently replaced: with its option gone (or holding another value) while licences
 * exist, client routes answer 503 key_secret_unavailable, Site Health and a notice say so, no new secret is
 * minted, and putting it back brings every key back.
 */
import { expect, test } from '@playwright/test';
import { clientCalls } from '../fixtures/client-calls';
import { expectError } from '../fixtures/envelope';
import {
	createLicense,
	keySecret,
	readLeftovers,
} from '../fixtures/test-helpers';

const SITE = 'kept.example.com';

test.describe.configure( { mode: 'serial' } );

test.afterAll( async ( { request } ) => {
	await keySecret( request, 'restore' );
} );

for ( const [ what, action ] of [
	[ 'missing', 'stash' ],
	[ 'replaced', 'replace' ],
] as const ) {
	test( `a ${ what } key secret: 503 for clients, critical in Site Health, no new secret; restored, keys work`, async ( {
		page,
		request,
	} ) => {
		const slug = `secret-${ action }-${ Date.now() }`;
		const { license_key: key } = await createLicense( request, { slug } );
		for ( const response of await clientCalls(
			request,
			key,
			slug,
			SITE
		) ) {
			expect( response.status() ).toBeLessThan( 300 );
		}
		expect( ( await keySecret( request, action ) ).present ).toBe(
			action === 'replace'
		);

		for ( const response of await clientCalls(
			request,
			key,
			slug,
			SITE
		) ) {
			const body = await expectError(
				response,
				503,
				'key_secret_unavailable'
			);
			expect( body.message ).toContain( 'not invalid' );
			expect( response.headers()[ 'retry-after' ] ).toBe( '300' );
		}
		const options = ( await readLeftovers( request ) ).options;
		if ( action === 'stash' ) {
			expect( options, 'no new secret was minted' ).not.toContain(
				'svc_licensing_key_secret'
			);
		}

		await page.goto( '/wp-admin/site-health.php' );
		await expect(
			page
				.getByText(
					`Licence keys cannot be checked: the key secret ${ what === 'missing' ? 'is missing' : 'was replaced' }`
				)
				.first()
		).toBeVisible();
		await page.goto( '/wp-admin/index.php' );
		await expect( page.locator( '#svc-key-secret-notice' ) ).toContainText(
			'svc_licensing_key_secret'
		);

		expect( ( await keySecret( request, 'restore' ) ).present ).toBe(
			true
		);
		const [ validated ] = await clientCalls( request, key, slug, SITE );
		expect( validated.status() ).toBe( 200 );
		expect( ( await validated.json() ).valid ).toBe( true );
		await page.goto( '/wp-admin/index.php' );
		await expect( page.locator( '#svc-key-secret-notice' ) ).toHaveCount(
			0
		);
	} );
}
