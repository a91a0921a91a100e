/**
 * One licence, more sites than it allows (issue 40, finding 2), from the seat of a paying customer with one key and
 * curl. Validate answers `valid: true` for any site of a usable licence, as the API spec says (`already_activated`
 * tells the difference), but the signed lease, which is what the SDK decides by, must say `valid: true` only for a
 * site activated on the licence (docs/leases.md). Before the fix a lease said `valid: true, activated: false` to
 * every site, and the SDK (which reads `valid`) licensed them all. Each lease is verified with a key of GET /keys.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	publishedKeys,
	siteFingerprint,
	verifiedLease,
	type PublishedKey,
} from '../fixtures/lease';
import { createLicense } from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';

/** A product (counting a multisite network as one site, the default) and a licence for one site. */
async function oneSiteLicense( request: APIRequestContext ) {
	const slug = `one-site-${ randomUUID().slice( 0, 8 ) }`;
	const made = await createLicense(
		request,
		{ slug, current_version: '1.0.0' },
		{ activation_limit: 1 }
	);
	return { slug, key: made.license_key };
}

async function call(
	request: APIRequestContext,
	route: 'validate' | 'activate' | 'deactivate',
	fields: Record< string, string >
) {
	const response = await request.post( `${ API }/licenses/${ route }`, {
		data: fields,
	} );
	return { status: response.status(), body: await response.json() };
}

test.describe( 'one licence, sites beyond its limit', () => {
	let keys: PublishedKey[];

	test.beforeAll( async ( { request } ) => {
		keys = await publishedKeys( request );
	} );

	test( 'a lease says valid only to the activated site, and no longer once its slot is released by the key alone', async ( {
		request,
	} ) => {
		const { slug, key } = await oneSiteLicense( request );
		const tag = randomUUID().slice( 0, 8 );
		const siteA = `https://a-${ tag }.example`;
		const siteB = `https://b-${ tag }.example`;
		const fields = ( site: string ) => ( {
			license_key: key,
			product_slug: slug,
			site_url: site,
		} );

		const activated = await call( request, 'activate', fields( siteA ) );
		expect( activated.status ).toBe( 200 );
		expect( verifiedLease( activated.body.lease, keys ) ).toMatchObject( {
			site: siteFingerprint( `a-${ tag }.example` ),
			valid: true,
			activated: true,
		} );

		// Site B: the limit is used, so activate is refused; validate still answers as the spec says.
		const refused = await call( request, 'activate', fields( siteB ) );
		expect( refused.status ).toBe( 403 );
		expect( refused.body.code ).toBe( 'activation_limit_reached' );
		const fromB = await call( request, 'validate', fields( siteB ) );
		expect( fromB.status ).toBe( 200 );
		expect( fromB.body ).toMatchObject( {
			valid: true,
			already_activated: false,
			activation_count: 1,
			activation_limit: 1,
		} );
		expect(
			verifiedLease( fromB.body.lease, keys ),
			'the lease a site not activated on the licence gets'
		).toMatchObject( {
			site: siteFingerprint( `b-${ tag }.example` ),
			status: 'active',
			valid: false,
			activated: false,
		} );

		const fromA = await call( request, 'validate', fields( siteA ) );
		expect( fromA.body ).toMatchObject( {
			valid: true,
			already_activated: true,
		} );
		expect( verifiedLease( fromA.body.lease, keys ) ).toMatchObject( {
			valid: true,
			activated: true,
		} );

		// The customer frees A's slot with the key alone (from another machine, or the portal does the same).
		const released = await call( request, 'deactivate', fields( siteA ) );
		expect( released.status ).toBe( 200 );
		expect( released.body.deactivated ).toBe( true );
		const afterRelease = await call( request, 'validate', fields( siteA ) );
		expect( afterRelease.body ).toMatchObject( {
			valid: true,
			already_activated: false,
			activation_count: 0,
		} );
		expect(
			verifiedLease( afterRelease.body.lease, keys ),
			'the lease of a site whose slot was released'
		).toMatchObject( { valid: false, activated: false } );

		// The update check signs in the same place (updates_require_activation is off by default, so it answers).
		const update = await request.get( `${ API }/updates/check`, {
			params: { ...fields( siteB ), current_version: '0.9.0' },
		} );
		expect( update.status() ).toBe( 200 );
		expect(
			verifiedLease( update.headers()[ 'x-svc-lease' ], keys ),
			"the update check's lease for a site not activated"
		).toMatchObject( { valid: false, activated: false } );
	} );

	test( 'the network trick, a documented limit: network_url of the activated site gets a lease for any site_url, but that site alone gets none that says valid', async ( {
		request,
	} ) => {
		// docs/api-decisions.md, "Multisite networks": the service cannot tell whether site_url is a site of the
		// network it names. A lease so obtained names the other site and lasts one lease lifetime; the other site's
		// own SDK, a single site, sends no network_url and gets valid: false at its next check.
		const { slug, key } = await oneSiteLicense( request );
		const tag = randomUUID().slice( 0, 8 );
		const network = `https://net-${ tag }.example`;
		const other = `https://lone-${ tag }.example`;
		const activated = await call( request, 'activate', {
			license_key: key,
			product_slug: slug,
			site_url: network,
			network_url: network,
		} );
		expect( activated.status ).toBe( 200 );

		const trick = await call( request, 'validate', {
			license_key: key,
			product_slug: slug,
			site_url: other,
			network_url: network,
		} );
		expect( trick.body ).toMatchObject( {
			valid: true,
			already_activated: true,
			activation_scope: 'network',
			activation_count: 1,
		} );
		// The limit: the lease names the other site and says activated (the network's one slot counts it).
		expect( verifiedLease( trick.body.lease, keys ) ).toMatchObject( {
			site: siteFingerprint( `lone-${ tag }.example` ),
			valid: true,
			activated: true,
		} );

		// What the lone site's own SDK sends (no network_url): not activated, and the lease says not valid.
		const alone = await call( request, 'validate', {
			license_key: key,
			product_slug: slug,
			site_url: other,
		} );
		expect( alone.body ).toMatchObject( {
			valid: true,
			already_activated: false,
		} );
		expect(
			verifiedLease( alone.body.lease, keys ),
			'the lease the lone site gets from its own check'
		).toMatchObject( { valid: false, activated: false } );

		// The trick used no slot: activate from the lone site is still refused.
		const refused = await call( request, 'activate', {
			license_key: key,
			product_slug: slug,
			site_url: other,
		} );
		expect( refused.status ).toBe( 403 );
		expect( refused.body.code ).toBe( 'activation_limit_reached' );
	} );
} );
