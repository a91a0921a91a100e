/**
 * The lease matrix on the client site (sdk/README.md, The lease): svc_licensing_client_is_valid( 'acme-widgets' )
 * answers from a verified lease only, against this run's licence service. A fresh lease is valid; the SDK's options
 * edited by hand (a lease re-signed by nobody, a genuine lease of another site or product, a record saying active)
 * are not; the server's own "no" is kept; an outage is survived for as long as the lease and no longer; the SDK's
 * clock moved forward past the lease ends it and moved back does not bring it back (the client test mu-plugin moves
 * the SDK's clock, svc-client-test-leases.php); a licence's own expiry passes by that clock; and across a key
 * rotation on the service (WP-CLI) the new key is trusted through its endorsement, while keys nobody trusted
 * endorsed are refused. The rotation comes before the outage and the clocks, so those run on a key this copy trusts
 * only through its endorsement. The outage is real: Acme Widgets is pointed at a closed loopback port.
 */
import { generateKeyPairSync } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import {
	activateProduct,
	clearBackoff,
	clientAdmin,
	deactivateProduct,
	LICENSE_SCREENS,
	sdkState,
	setAcmeWidgetsServer,
} from '../fixtures/client-site';
import {
	bakeKeys,
	clientSiteUrl,
	leaseState,
	runLicenseCheck,
	sdkOption,
	serviceKeys,
	setClientClock,
	setSdkOption,
	type KeyMap,
	type LeaseState,
} from '../fixtures/client-leases';
import { wpOk } from '../cli/wp';

// Nothing listens on the discard port of the loopback: a connection attempt is refused at once.
const CLOSED = 'http://127.0.0.1:9';
const HOUR = 3600;
const DAY = 86400;
const LEASE_OPTION = 'product_acme-widgets_lease';
const RECORD_OPTION = 'product_acme-widgets_record';

test.describe.configure( { mode: 'serial' } );

let page: Page;
let licenseKey = '';
let licenseId = 0;
/** The keys global setup baked, restored after the rotation. */
let baked: KeyMap = {};

const wall = (): number => Math.floor( Date.now() / 1000 );

/** Validates a licence on the service for any site and product, as a client would, and answers its lease. */
async function leaseFromService(
	request: Parameters< typeof leaseState >[ 0 ],
	fields: { license_key: string; product_slug: string; site_url: string }
): Promise< string > {
	const response = await request.post( '/wp-json/svc/v1/licenses/validate', {
		data: fields,
	} );
	expect( response.status(), await response.text() ).toBe( 200 );
	const body = await response.json();
	expect( typeof body.lease ).toBe( 'string' );
	return body.lease;
}

/** The lease with one payload field changed and the signature kept, as someone editing the option would. */
function edited( lease: string, changes: Record< string, unknown > ): string {
	const [ payload, signature ] = lease.split( '.' );
	const fields = JSON.parse( Buffer.from( payload, 'base64url' ).toString() );
	return `${ Buffer.from(
		JSON.stringify( { ...fields, ...changes } )
	).toString( 'base64url' ) }.${ signature }`;
}

async function expectScreen( status: string, note?: string ): Promise< void > {
	await page.goto( LICENSE_SCREENS[ 'acme-widgets' ] );
	const rows = page.locator( '.form-table' );
	await expect( rows.locator( 'tr', { hasText: 'Status' } ) ).toContainText(
		status
	);
	if ( note !== undefined ) {
		await expect( rows ).toContainText( note );
	}
}

function expectValid( state: LeaseState ): void {
	expect( state ).toMatchObject( { valid: true, verdict: 'valid' } );
}

test.beforeAll( async ( { browser, request } ) => {
	const license = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	licenseKey = license.license_key;
	licenseId = license.license_id;
	baked = await serviceKeys( request );
	page = await clientAdmin( browser );
	await activateProduct( page, licenseKey );
} );

test.afterAll( async ( { request } ) => {
	await setClientClock( request, 0 );
	await setAcmeWidgetsServer( request, null );
	await clearBackoff( request );
	// Every key the service signed with during the run stays trusted, as a seller's next zip would bake them.
	await bakeKeys( request, {
		'*': { ...baked, ...( await serviceKeys( request ) ) },
	} );
	await deactivateProduct( page );
	await page.context().close();
} );

test( 'a fresh lease from the activation is valid, and the licence screen agrees @php-matrix', async ( {
	request,
} ) => {
	const state = await leaseState( request );
	expectValid( state );
	expect( Object.keys( baked ) ).toContain( state.kid );
	expect( state.status ).toBe( 'active' );
	expect( state.lease_expires ).toBeGreaterThan( state.issued_at ?? 0 );
	await expectScreen( 'Active' );
} );

test( "options edited by hand are not valid: a lease changed after signing, another site's, another product's, a record alone", async ( {
	request,
} ) => {
	const genuine = ( await sdkOption( request, LEASE_OPTION ) ) as {
		lease: string;
		clock: number;
	};
	const put = async ( lease: string ) => {
		await setSdkOption( request, LEASE_OPTION, { ...genuine, lease } );
		return leaseState( request );
	};

	// Stretched by a year, the signature kept.
	expect(
		await put(
			edited( genuine.lease, {
				lease_expires: wall() + 365 * DAY,
			} )
		)
	).toMatchObject( { valid: false, verdict: 'bad_signature' } );
	await expectScreen(
		'Not valid',
		'does not verify for this product on this site'
	);

	// A genuine lease of this licence, signed by the service, for another site.
	const otherSite = await leaseFromService( request, {
		license_key: licenseKey,
		product_slug: 'acme-widgets',
		site_url: 'https://other-site.example',
	} );
	expect( await put( otherSite ) ).toMatchObject( {
		valid: false,
		verdict: 'other_site',
	} );

	// A genuine lease for this site, of another product's licence.
	const other = await createLicense( request, {
		slug: 'lease-other-product',
		current_version: '1.0.0',
	} );
	const otherProduct = await leaseFromService( request, {
		license_key: other.license_key,
		product_slug: 'lease-other-product',
		site_url: clientSiteUrl(),
	} );
	expect( await put( otherProduct ) ).toMatchObject( {
		valid: false,
		verdict: 'other_product',
	} );

	// No lease, a record that says active and valid: the record decides nothing.
	await setSdkOption( request, LEASE_OPTION, null );
	const record = ( await sdkOption( request, RECORD_OPTION ) ) as {
		answer: Record< string, unknown >;
	};
	expect( record.answer ).toMatchObject( { valid: true, status: 'active' } );
	expect( await leaseState( request ) ).toMatchObject( {
		valid: false,
		verdict: 'none',
	} );
	await expectScreen( 'Not valid', 'no signed confirmation' );

	// The genuine lease put back is valid again.
	await setSdkOption( request, LEASE_OPTION, genuine );
	expectValid( await leaseState( request ) );
} );

test( 'the server\'s own "no" is kept: a suspended licence is not valid, whatever the record and the lease are edited to say', async ( {
	request,
} ) => {
	const headers = await keyHeaders( request, 'write' );
	const put = async ( status: string ) => {
		const response = await request.put(
			`/wp-json/svc/v1/admin/licenses/${ licenseId }`,
			{ headers, data: { status } }
		);
		expect( response.status(), await response.text() ).toBe( 200 );
	};
	await put( 'suspended' );
	const suspended = await runLicenseCheck( request );
	expect( suspended.valid ).toBe( false );
	await expectScreen( 'Suspended' );

	// Someone flips the stored answer and the lease's status back to active.
	const record = ( await sdkOption( request, RECORD_OPTION ) ) as {
		answer: Record< string, unknown >;
	};
	await setSdkOption( request, RECORD_OPTION, {
		...record,
		answer: { ...record.answer, valid: true, status: 'active' },
	} );
	// The service answered with a signed "not valid" (validate's lease): flipping it breaks the signature.
	const kept = ( await sdkOption( request, LEASE_OPTION ) ) as {
		lease: string;
	};
	expect( kept ).not.toBeNull();
	await setSdkOption( request, LEASE_OPTION, {
		...kept,
		lease: edited( kept.lease, { valid: true, status: 'active' } ),
	} );
	expect( ( await leaseState( request ) ).verdict ).toBe( 'bad_signature' );
	expect( ( await leaseState( request ) ).valid ).toBe( false );
	await expectScreen( 'Not valid' );

	await put( 'active' );
	expectValid( await runLicenseCheck( request ) );
	await expectScreen( 'Active' );
} );

test( 'across a key rotation the new key is trusted through its endorsement; keys nobody trusted endorsed are refused', async ( {
	request,
} ) => {
	const before = await leaseState( request );
	expectValid( before );
	const oldKid = before.kid;

	// Prepare: the next key is published, endorsed by the active one, and nothing is signed with it yet.
	await wpOk( [ 'svc', 'lease-key', 'prepare' ] );
	const prepared = await runLicenseCheck( request );
	expectValid( prepared );
	expect( prepared.kid ).toBe( oldKid );

	// Promote: leases are signed with the new key, which this site's SDK copy was never given. The SDK asks /keys
	// at most every five minutes (a spec before may have made it ask): six minutes later by its clock.
	await wpOk( [ 'svc', 'lease-key', 'promote' ] );
	await setClientClock( request, 6 * 60 );
	const rotated = await runLicenseCheck( request );
	await setClientClock( request, 0 );
	expectValid( rotated );
	expect( rotated.kid ).not.toBe( oldKid );
	expect( Object.keys( baked ) ).not.toContain( rotated.kid );
	expect( rotated.trusted ).toContain( rotated.kid );
	await expectScreen( 'Active' );

	// A copy baked with a key of someone else's: the service's keys, published and endorsed among themselves, are
	// not endorsed by anything it trusts.
	const stranger = generateKeyPairSync( 'ed25519' ).publicKey.export( {
		format: 'jwk',
	} ).x as string;
	await bakeKeys( request, {
		'*': { ...baked, ...( await serviceKeys( request ) ) },
		'acme-widgets': { stranger },
	} );
	const refused = await leaseState( request );
	expect( refused ).toMatchObject( { valid: false, verdict: 'unknown_key' } );
	expect( refused.trusted ).toEqual( [ 'stranger' ] );
	expect( ( await runLicenseCheck( request ) ).valid ).toBe( false );

	// The published keys copied into the SDK's stored keys by hand, as if endorsed: still no trust.
	const names = ( await sdkState( request ) ).options.filter( ( name ) =>
		name.startsWith( 'svc_licensing_client_product_acme-widgets_keys' )
	);
	expect( names.length ).toBeGreaterThan( 0 );
	const published = (
		await ( await request.get( '/wp-json/svc/v1/keys' ) ).json()
	).keys as Record< string, unknown >[];
	for ( const name of names ) {
		await setSdkOption(
			request,
			name.replace( 'svc_licensing_client_', '' ),
			{
				at: wall(),
				keys: published.map( ( key ) => ( {
					...key,
					endorsed_by: 'stranger',
				} ) ),
			}
		);
	}
	expect( await leaseState( request ) ).toMatchObject( {
		valid: false,
		verdict: 'unknown_key',
	} );

	// The copy as shipped again, the stored keys gone: the next answer's lease fetches them, and the new key is
	// trusted through its endorsement again. The tests after this one run on that trust alone.
	await bakeKeys( request, { '*': baked } );
	for ( const name of names ) {
		await setSdkOption(
			request,
			name.replace( 'svc_licensing_client_', '' ),
			null
		);
	}
	const again = await runLicenseCheck( request );
	expectValid( again );
	expect( Object.keys( baked ) ).not.toContain( again.kid );
} );

test( 'an outage shorter than the lease keeps it valid, one longer ends it, and moving the clock back does not bring it back', async ( {
	request,
} ) => {
	const fresh = await runLicenseCheck( request );
	expectValid( fresh );
	const expires = fresh.lease_expires ?? 0;

	await setAcmeWidgetsServer( request, CLOSED );
	const during = await runLicenseCheck( request );
	expectValid( during );
	expect( during.issued_at ).toBe( fresh.issued_at );

	// An hour before the lease runs out, the server still away.
	await setClientClock( request, expires - wall() - HOUR );
	expectValid( await leaseState( request ) );
	await expectScreen(
		'Active',
		'The licence stays valid without an answer until'
	);

	// An hour after: the lease is the grace, and it is over.
	await setClientClock( request, expires - wall() + HOUR );
	expect( await runLicenseCheck( request ) ).toMatchObject( {
		valid: false,
		verdict: 'lease_expired',
	} );
	await expectScreen( 'Not valid', 'confirmation ran out' );

	// The clock put back, the server still away: the latest time the site saw stands.
	await setClientClock( request, 0 );
	const back = await leaseState( request );
	expect( back ).toMatchObject( { valid: false, verdict: 'lease_expired' } );
	expect( back.now ).toBeGreaterThanOrEqual( expires );

	// The server back: its next lease is valid again. Leases carry whole seconds, and this test can run inside the
	// second the first lease was issued in: wait for the wall clock to pass it, so a new lease shows as newer.
	await setAcmeWidgetsServer( request, null );
	await clearBackoff( request );
	await expect
		.poll( () => Math.floor( Date.now() / 1000 ), { timeout: 3000 } )
		.toBeGreaterThan( fresh.issued_at ?? 0 );
	const again = await runLicenseCheck( request );
	expectValid( again );
	expect( again.issued_at ).toBeGreaterThan( fresh.issued_at ?? 0 );
} );

test( 'a clock moved forward past lease_expires ends the lease at once, and moved back does not extend it', async ( {
	request,
} ) => {
	const fresh = await leaseState( request );
	expectValid( fresh );
	await setClientClock(
		request,
		( fresh.lease_expires ?? 0 ) - wall() + DAY
	);
	expect( await leaseState( request ) ).toMatchObject( {
		valid: false,
		verdict: 'lease_expired',
	} );
	await setClientClock( request, 0 );
	expect( await leaseState( request ) ).toMatchObject( {
		valid: false,
		verdict: 'lease_expired',
	} );
	// Moved back further than the lease's issued_at: still nothing is stretched.
	await setClientClock( request, -30 * DAY );
	expect( ( await leaseState( request ) ).valid ).toBe( false );
	await setClientClock( request, 0 );
	expectValid( await runLicenseCheck( request ) );
} );

test( "a licence whose expiry passes by the SDK's clock is not valid though its lease runs longer", async ( {
	request,
} ) => {
	const soon = new Date( ( wall() + 2 * DAY ) * 1000 )
		.toISOString()
		.replace( /\.\d+Z$/, 'Z' );
	const expiring = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 3, expires: soon }
	);
	await activateProduct( page, expiring.license_key );
	const fresh = await leaseState( request );
	expectValid( fresh );
	expect( fresh.lease_expires ).toBeGreaterThan( wall() + 3 * DAY );

	await setClientClock( request, 3 * DAY );
	expect( await leaseState( request ) ).toMatchObject( {
		valid: false,
		verdict: 'license_expired',
	} );
	await expectScreen( 'Not valid', 'expired by this site' );
	await setClientClock( request, 0 );
	expect( ( await leaseState( request ) ).verdict ).toBe( 'license_expired' );
	expectValid( await runLicenseCheck( request ) );

	await activateProduct( page, licenseKey );
	expectValid( await leaseState( request ) );
} );
