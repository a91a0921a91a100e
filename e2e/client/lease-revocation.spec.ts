/**
 * A leaked lease signing key, on a client site whose SDK copy baked it as a root (issue 40, finding 3; docs/leases.md,
 * "After a leak"). Whoever holds the secret key (read here from the service's option with WP-CLI, as a leaked export
 * file holds it) signs leases at will: one that runs until 2100 is refused by its length alone, and one of an ordinary
 * length is valid until the seller acts. The seller then takes the steps the docs give: prepare, promote, retire the
 * leaked key with --force. The site's next check brings a lease of the new key, which makes it fetch GET /keys: the
 * new key is trusted through the leaked key's endorsement, and the signed `revoked` list the new key signed takes
 * the leaked key out, baked root or not. The forged lease put back into the SDK's option is refused from then on.
 * Afterwards the copies are baked with the keys the service now signs with, as the seller's next zip would be, and
 * the SDK's learned keys are forgotten, so the specs after this one start from the keys they expect.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createLicense } from '../fixtures/test-helpers';
import {
	activateProduct,
	clientAdmin,
	deactivateProduct,
} from '../fixtures/client-site';
import {
	bakeServiceKeys,
	leaseState,
	runLicenseCheck,
	sdkOption,
	serviceKeys,
	setClientClock,
	setSdkOption,
	type KeyMap,
} from '../fixtures/client-leases';
import { ed25519Verifies } from '../fixtures/lease';
import { wpOk } from '../cli/wp';

const DAY = 86400;
const LEASE_OPTION = 'product_acme-widgets_lease';
const KEYS_OPTION = 'product_acme-widgets_keys';

test.describe.configure( { mode: 'serial' } );

let page: Page;
let baked: KeyMap = {};

const wall = (): number => Math.floor( Date.now() / 1000 );

/** The service's stored secret of a key (base64url of sodium's 64 bytes: seed, then public key). */
async function leakedSecret( kid: string ): Promise< string > {
	const ring = JSON.parse(
		JSON.parse(
			await wpOk( [
				'option',
				'get',
				'svc_licensing_lease_keys',
				'--format=json',
			] )
		)
	) as { keys: { kid: string; secret: string }[] };
	const entry = ring.keys.find( ( key ) => key.kid === kid );
	expect( entry, `the ring holds ${ kid }` ).toBeDefined();
	return entry!.secret;
}

/** A lease signed with a secret key, as the service signs (docs/leases.md): Ed25519 over svc-lease.v1.<payload>. */
function forge( secret: string, payload: Record< string, unknown > ): string {
	const bytes = Buffer.from( secret, 'base64url' );
	const key = createPrivateKey( {
		key: {
			kty: 'OKP',
			crv: 'Ed25519',
			d: bytes.subarray( 0, 32 ).toString( 'base64url' ),
			x: bytes.subarray( 32 ).toString( 'base64url' ),
		},
		format: 'jwk',
	} );
	const body = Buffer.from( JSON.stringify( payload ) ).toString(
		'base64url'
	);
	return `${ body }.${ sign(
		null,
		Buffer.from( `svc-lease.v1.${ body }` ),
		key
	).toString( 'base64url' ) }`;
}

test.beforeAll( async ( { browser, request } ) => {
	const license = await createLicense(
		request,
		{ slug: 'acme-widgets', current_version: '1.0.0' },
		{ activation_limit: 3 }
	);
	baked = await serviceKeys( request );
	page = await clientAdmin( browser );
	await activateProduct( page, license.license_key );
} );

test.afterAll( async ( { request } ) => {
	await setClientClock( request, 0 );
	// The seller's next zip bakes the keys the service signs with now; the SDK's learned keys start again.
	await bakeServiceKeys( request, baked );
	await setSdkOption( request, KEYS_OPTION, null );
	await deactivateProduct( page );
	await page.context().close();
} );

test( 'a leaked key baked as a root: its forged leases are refused once the seller retires it with --force and the site fetches the keys', async ( {
	request,
} ) => {
	const genuine = await runLicenseCheck( request );
	expect( genuine ).toMatchObject( { valid: true, verdict: 'valid' } );
	const leaked = genuine.kid!;
	expect( Object.keys( baked ) ).toContain( leaked );
	const kept = ( await sdkOption( request, LEASE_OPTION ) ) as {
		lease: string;
		clock: number;
	};
	const fields = JSON.parse(
		Buffer.from( kept.lease.split( '.' )[ 0 ], 'base64url' ).toString()
	) as Record< string, unknown >;
	const secret = await leakedSecret( leaked );
	const plant = async ( lease: string ) => {
		await setSdkOption( request, LEASE_OPTION, { ...kept, lease } );
		return leaseState( request );
	};

	// Until 2100: longer than any lease the service signs (90 days at most), refused by its length.
	const forever = forge( secret, {
		...fields,
		issued_at: wall(),
		lease_expires: Date.UTC( 2100, 0, 1 ) / 1000,
	} );
	expect.soft( await plant( forever ) ).toMatchObject( {
		valid: false,
		verdict: 'lease_too_long',
	} );

	// Of an ordinary length: the leaked key's signature is as good as the service's, until the seller acts.
	const forged = forge( secret, {
		...fields,
		issued_at: wall(),
		lease_expires: wall() + 30 * DAY,
	} );
	expect( await plant( forged ) ).toMatchObject( {
		valid: true,
		verdict: 'valid',
	} );

	// The seller after a leak: a new key, signing at once, the leaked one retired with --force.
	await wpOk( [ 'svc', 'lease-key', 'prepare' ] );
	await wpOk( [ 'svc', 'lease-key', 'promote' ] );
	await wpOk( [ 'svc', 'lease-key', 'retire', leaked, '--force' ] );
	const published = await (
		await request.get( '/wp-json/svc/v1/keys' )
	).json();
	const active = (
		published.keys as { kid: string; public_key: string; status: string }[]
	 ).find( ( key ) => key.status === 'active' )!;
	expect(
		published.keys.map( ( key: { kid: string } ) => key.kid )
	).not.toContain( leaked );
	// Soft from here to the site's verdict: against a service or SDK without revocation, the run goes on to show
	// what the site then does with the forged lease.
	const list = published.revoked ?? { kids: [], signature: '' };
	expect.soft( list ).toMatchObject( { signed_by: active.kid } );
	expect.soft( list.kids ).toContain( leaked );
	expect
		.soft(
			ed25519Verifies(
				active.public_key,
				`svc-revoked.v1.${ list.kids.join( ',' ) }`,
				list.signature
			)
		)
		.toBe( true );

	// The site's next check: a lease of the new key, which it was never given, so it fetches /keys (at most every
	// five minutes: six minutes later by its clock, as a spec before may have made it ask).
	await setClientClock( request, 6 * 60 );
	const rotated = await runLicenseCheck( request );
	await setClientClock( request, 0 );
	expect( rotated ).toMatchObject( { valid: true, verdict: 'valid' } );
	expect( rotated.kid ).toBe( active.kid );
	expect( rotated.trusted ).toContain( active.kid );
	expect.soft( rotated.trusted ).not.toContain( leaked );

	// The forged lease put back: refused, though the key is still baked into the copy.
	expect( await plant( forged ) ).toMatchObject( {
		valid: false,
		verdict: 'revoked_key',
	} );
	// A fresh forgery, signed now, too.
	expect(
		await plant(
			forge( secret, {
				...fields,
				issued_at: wall() + 60,
				lease_expires: wall() + 14 * DAY,
			} )
		)
	).toMatchObject( { valid: false, verdict: 'revoked_key' } );

	// The service's own next lease is valid again.
	expect( await runLicenseCheck( request ) ).toMatchObject( {
		valid: true,
		kid: active.kid,
	} );
} );
