/**
 * The customer portal against someone who registers a WordPress account with a buyer's email (WooCommerce's My
 * Account signs a new account in at once, and WordPress never proves the address): the account alone must not open
 * the buyer's portal, list their licences and sites, free a slot, download a release or rotate the key. And an admin
 * API key must not switch on the settings that weaken a guard (trusting accounts, private webhook targets).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/callers';
import { expectError } from '../fixtures/envelope';
import { PORTAL, seedCustomer } from '../fixtures/portal';
import {
	applySuiteSettings,
	createUserWithCaps,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';

const SETTINGS = '/wp-json/svc/v1/admin/settings';

test.describe( "hostile: a registered account with a buyer's email", () => {
	test.afterEach( async ( { request } ) => {
		await applySuiteSettings( request );
		await setSettings( request, { portal_trust_accounts: false } );
	} );

	test( "does not open the buyer's portal: no session, no licences, no release, download or new key", async ( {
		request,
	} ) => {
		const login = `buyer${ randomUUID().slice( 0, 8 ) }`;
		const buyer = await seedCustomer( request, `${ login }@example.com` );
		// The attacker registers the buyer's address and is signed in at once.
		const password = `pw-${ login }-Aa1!`;
		await createUserWithCaps( request, { login, password, caps: [] } );
		const { context, nonce } = await signIn( login, password );
		const asAccount = { 'X-WP-Nonce': nonce };

		const session = await context.get( `${ PORTAL }/session`, {
			headers: asAccount,
		} );
		// Today's code would answer 200 with the buyer's CSRF token; the attack goes on with whatever it got.
		const csrf =
			session.status() === 200 ? ( await session.json() ).csrf : 'none';
		await expectError( session, 401, 'portal_signed_out' );
		const headers = { ...asAccount, 'X-Svc-Portal-Csrf': csrf };
		await expectError(
			await context.get( `${ PORTAL }/licenses`, { headers } ),
			401,
			'portal_signed_out'
		);
		const license = `${ PORTAL }/licenses/${ buyer.withRelease.id }`;
		for ( const route of [ '/rotate', '/download' ] ) {
			await expectError(
				await context.post( `${ license }${ route }`, { headers } ),
				401,
				'portal_signed_out'
			);
		}
		// Nothing changed for the buyer: the key still validates on both of their sites.
		const validated = await request.post(
			'/wp-json/svc/v1/licenses/validate',
			{
				data: {
					license_key: buyer.withRelease.key,
					product_slug: buyer.withRelease.productSlug,
					site_url: buyer.sites[ 0 ],
				},
			}
		);
		expect( await validated.json() ).toMatchObject( {
			valid: true,
			activation_count: 2,
		} );

		// A seller who confirms every new account's email may trust accounts (off by default): then it opens.
		await setSettings( request, { portal_trust_accounts: true } );
		const trusted = await context.get( `${ PORTAL }/session`, {
			headers: asAccount,
		} );
		expect( trusted.status(), await trusted.text() ).toBe( 200 );
		expect( ( await trusted.json() ).email ).toBe( buyer.email );
		await context.dispose();
	} );

	test( 'an admin API key cannot switch on trusting accounts or private webhook targets; the settings stay off', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		for ( const setting of [
			'portal_trust_accounts',
			'webhooks_allow_private',
		] ) {
			const refused = await expectError(
				await request.patch( SETTINGS, {
					headers,
					data: { [ setting ]: true },
				} ),
				403,
				'forbidden'
			);
			expect( refused.message ).toBe(
				'Only an administrator signed in to wp-admin can do this; API keys cannot.'
			);
			const read = await (
				await request.get( SETTINGS, { headers } )
			).json();
			expect( read[ setting ], setting ).toBe( false );
		}
		// The other settings still change with the key (here to the value they have: nothing else moves).
		const { portal_releases_per_month: kept } = await (
			await request.get( SETTINGS, { headers } )
		).json();
		const allowed = await request.patch( SETTINGS, {
			headers,
			data: { portal_releases_per_month: kept },
		} );
		expect( allowed.status(), await allowed.text() ).toBe( 200 );
	} );
} );
