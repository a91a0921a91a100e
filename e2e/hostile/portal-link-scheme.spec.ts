/**
 * Issue 40, lows: the portal's sign-in link takes the site's own scheme. Its `return_url` was checked for the host
 * and port only, so on an https site a customer's request could carry `http://` (the same host) and the mailed link
 * then sent the one-time token in the clear. The rule is "the link's scheme is the site's own": a return_url on this
 * site's host and port keeps its page but is given the scheme of home_url(). The test site is served over http, so
 * the spec asks with `https://` and the mailed link must come back as the site's `http://` (the same rule, mirrored).
 */
import { expect, test } from '@playwright/test';
import { baseURL } from '../fixtures/env';
import { askForLink, mailedToken, seedCustomer } from '../fixtures/portal';
import { clearMails } from '../fixtures/test-helpers';

test.describe( 'hostile: the portal sign-in link keeps the site’s scheme', () => {
	test( 'a return_url on this host with the other scheme is mailed with the site’s own scheme, page kept', async ( {
		request,
	} ) => {
		const site = new URL( baseURL );
		expect( site.protocol, 'the test site is served over http' ).toBe(
			'http:'
		);
		const customer = await seedCustomer( request );
		await clearMails( request );
		const other = `https://${ site.host }/my-licences/?tab=2`;
		const asked = await askForLink( request, customer.email, {
			return_url: other,
		} );
		expect( asked.status() ).toBe( 202 );
		const { link } = await mailedToken( request, customer.email );
		const mailed = new URL( link );
		expect(
			mailed.protocol,
			`the mailed link ${ link } has the site's scheme`
		).toBe( site.protocol );
		expect( mailed.host ).toBe( site.host );
		expect(
			`${ mailed.pathname }?tab=${ mailed.searchParams.get( 'tab' ) }`
		).toBe( '/my-licences/?tab=2' );
	} );
} );
