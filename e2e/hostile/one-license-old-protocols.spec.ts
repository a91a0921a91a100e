/**
 * Hostile, from the seat of a paying customer with one licence key and curl: the old protocols (issue 40, finding 4
 * and the low on EDD's get_version). While a seller answers EDD SL's or SLM's shipped clients, those protocols'
 * own concessions belong to the licences the import brought from that system (docs/api-decisions.md, "Whose word
 * each record takes"; docs/moving-in.md, "Licences that did not come from the old system"): a key sold here that
 * hops between sites through `deactivate_license` / `slm_deactivate` pays the monthly release allowance like
 * `/licenses/deactivate`, `slm_check` (whose secret ships in every plugin built for SLM) tells it no email and no
 * domains, a re-import leaves the seller's protocol switch as the seller set it, and a product the seller
 * deactivated tells EDD's `get_version` nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { oldProtocolJson } from '../fixtures/old-protocol';
import {
	buildFixture,
	dropFixture,
	freshBase,
	freshTag,
	holdSource,
	ourLicense,
	runImport,
} from '../fixtures/import';
import {
	applySuiteSettings,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';

/** A shipped client's call to the store's front URL, answered in JSON by the lane or WordPress. */
/** The default monthly allowance of self-serve releases (Settings: portal_releases_per_month). */
const ALLOWANCE = 3;

test.describe.serial( 'one licence and the old protocols', () => {
	test.describe.configure( { timeout: 240_000 } );

	const tag = freshTag();
	const base = freshBase();
	const secret = `verification-${ tag }`;
	let headers: Record< string, string >;
	let product: { id: number; slug: string };
	let name: string;
	let native: string;
	let slmKeys: Record< string, string >;
	const giveBack: ( () => void )[] = [];

	test.beforeAll( async ( { request } ) => {
		giveBack.push( await holdSource( 'edd-sl' ) );
		giveBack.push( await holdSource( 'slm' ) );
		headers = await keyHeaders( request, 'admin' );
		name = `Old Ways ${ tag }`;
		let taken: string;
		( { product, key: taken } = await ourLicense(
			request,
			headers,
			name,
			tag
		) );
		native = taken;
		// SLM's tables with licences of their own; its import brings the secret shipped clients send.
		slmKeys = (
			await buildFixture( request, {
				source: 'slm',
				base,
				tag,
				product: product.slug,
				taken_key: taken,
			} )
		).keys;
		await setSettings( request, {
			edd_sl_protocol: null,
			slm_protocol: null,
		} );
		// The seller moves in from SLM (which brings the secret its clients send), then answers EDD's clients too.
		const first = await runImport( 'slm', [
			`--product=${ product.slug }`,
		] );
		expect( first.code, first.stderr ).toBe( 0 );
		expect(
			await slmSwitch( request ),
			'the first import turns it on'
		).toBe( true );
		await setSettings( request, { edd_sl_protocol: true } );
	} );

	/** The SLM switch as the admin API shows it. */
	const slmSwitch = async ( request: APIRequestContext ) =>
		(
			await (
				await request.get( `${ ADMIN }/settings`, { headers } )
			).json()
		).slm_protocol as boolean;

	test.afterAll( async ( { request } ) => {
		await dropFixture( request, 'slm' );
		await setSettings( request, {
			edd_sl_protocol: null,
			slm_protocol: null,
			slm_secret_key: null,
		} );
		await applySuiteSettings( request );
		giveBack.forEach( ( release ) => release() );
	} );

	test( 'slm_check with the secret every SLM plugin ships tells no email and no sites of a licence sold here', async ( {
		request,
	} ) => {
		const site = `https://old-ways-${ tag }.example`;
		expect(
			await oldProtocolJson( request, {
				slm_action: 'slm_activate',
				secret_key: secret,
				license_key: native,
				registered_domain: site,
			} )
		).toEqual( { result: 'success', message: 'License key activated' } );
		const checked = await oldProtocolJson( request, {
			slm_action: 'slm_check',
			secret_key: secret,
			license_key: native,
		} );
		expect( checked ).toMatchObject( {
			result: 'success',
			status: 'active',
			license_key: native,
		} );
		expect( checked.email, 'the customer email' ).toBe( '' );
		expect( checked.registered_domains, 'the sites' ).toEqual( [] );
		// A licence SLM sold keeps what SLM told its clients.
		const moved = await oldProtocolJson( request, {
			slm_action: 'slm_check',
			secret_key: secret,
			license_key: slmKeys[ 1 ],
		} );
		expect( moved.email ).toBe( `one-${ tag }@example.com` );
		expect( moved.registered_domains.length ).toBeGreaterThan( 0 );
	} );

	test( `a key sold here hops between sites over EDD's protocol only within the ${ ALLOWANCE } releases a month`, async ( {
		request,
	} ) => {
		const key = (
			await (
				await request.post( `${ ADMIN }/licenses`, {
					headers,
					data: {
						product_id: product.id,
						customer_email: `hop-${ tag }@example.com`,
						activation_limit: 1,
					},
				} )
			).json()
		).license_key as string;
		const edd = ( action: string, url: string ) =>
			oldProtocolJson( request, {
				edd_action: action,
				license: key,
				item_name: name,
				url,
			} );
		for ( let hop = 1; hop <= ALLOWANCE; hop++ ) {
			const url = `https://hop-${ hop }-${ tag }.example`;
			expect( await edd( 'activate_license', url ) ).toMatchObject( {
				success: true,
				license: 'valid',
			} );
			expect(
				await edd( 'deactivate_license', url ),
				`release ${ hop }`
			).toMatchObject( { success: true, license: 'deactivated' } );
		}
		const last = `https://hop-last-${ tag }.example`;
		expect( await edd( 'activate_license', last ) ).toMatchObject( {
			license: 'valid',
		} );
		expect(
			await edd( 'deactivate_license', last ),
			'a release beyond the allowance'
		).toMatchObject( { success: false, license: 'failed' } );
		expect(
			await edd( 'activate_license', `https://one-more-${ tag }.example` )
		).toMatchObject( {
			success: false,
			license: 'invalid',
			error: 'no_activations_left',
		} );
		expect( await edd( 'check_license', last ) ).toMatchObject( {
			license: 'valid',
		} );
	} );

	test( `a key sold here hops between domains over SLM's protocol only within the ${ ALLOWANCE } releases a month; SLM's own licence keeps its free release`, async ( {
		request,
	} ) => {
		const key = (
			await (
				await request.post( `${ ADMIN }/licenses`, {
					headers,
					data: {
						product_id: product.id,
						customer_email: `slm-hop-${ tag }@example.com`,
						activation_limit: 1,
					},
				} )
			).json()
		).license_key as string;
		const hop = ( action: string, licenseKey: string, domain: string ) =>
			oldProtocolJson( request, {
				slm_action: action,
				secret_key: secret,
				license_key: licenseKey,
				registered_domain: domain,
			} );
		for ( let round = 1; round <= ALLOWANCE + 1; round++ ) {
			const domain = `slm-hop-${ round }-${ tag }.example`;
			expect( await hop( 'slm_activate', key, domain ) ).toEqual( {
				result: 'success',
				message: 'License key activated',
			} );
			const released = await hop( 'slm_deactivate', key, domain );
			if ( round <= ALLOWANCE ) {
				expect( released, `release ${ round }` ).toEqual( {
					result: 'success',
					message:
						'The license key has been deactivated for this domain',
				} );
			} else {
				expect( released, 'a release beyond the allowance' ).toEqual( {
					result: 'error',
					message:
						'This license key has used all its site releases for this month; ask the seller to release the site',
					error_code: 20,
				} );
			}
		}
		// Licence 2 of SLM's fixture (no limit) came from SLM: its shipped clients let domains go as in SLM.
		for ( let round = 1; round <= ALLOWANCE + 1; round++ ) {
			const domain = `slm-moved-${ round }-${ tag }.example`;
			await hop( 'slm_activate', slmKeys[ 2 ], domain );
			expect(
				await hop( 'slm_deactivate', slmKeys[ 2 ], domain ),
				`SLM's licence, release ${ round }`
			).toMatchObject( { result: 'success' } );
		}
	} );

	test( "EDD's get_version tells nothing of a product the seller deactivated", async ( {
		request,
	} ) => {
		const hidden = `Hidden ${ randomUUID().slice( 0, 8 ) }`;
		const made = await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: hidden },
		} );
		expect( made.status(), await made.text() ).toBe( 201 );
		const id = ( await made.json() ).id as number;
		const release = await request.post(
			`${ ADMIN }/products/${ id }/releases`,
			{
				headers,
				data: {
					version: '3.1.4',
					changelog: 'Secret plans for the next product.',
					package_url: `https://downloads.example.com/${ tag }-3.1.4.zip`,
					package_sha256: 'c'.repeat( 64 ),
					publish: true,
				},
			}
		);
		expect( release.status(), await release.text() ).toBe( 201 );
		const ask = () =>
			oldProtocolJson( request, {
				edd_action: 'get_version',
				item_name: hidden,
				license: native,
				url: `https://old-ways-${ tag }.example`,
			} );
		expect( ( await ask() ).new_version, 'while it is active' ).toBe(
			'3.1.4'
		);
		const off = await request.put( `${ ADMIN }/products/${ id }`, {
			headers,
			data: { is_active: false },
		} );
		expect( off.status(), await off.text() ).toBe( 200 );
		const answer = await ask();
		expect( answer.new_version ).toBe( false );
		expect( JSON.stringify( answer ) ).not.toContain( hidden );
		expect( JSON.stringify( answer ) ).not.toContain( 'Secret plans' );
		expect( JSON.stringify( answer ) ).not.toContain( '3.1.4' );
	} );
	test( "a re-import leaves the seller's switch as the seller set it", async ( {
		request,
	} ) => {
		expect(
			await slmSwitch( request ),
			'the first import turned it on'
		).toBe( true );
		const off = await request.patch( `${ ADMIN }/settings`, {
			headers,
			data: { slm_protocol: false },
		} );
		expect( off.status(), await off.text() ).toBe( 200 );
		const again = await runImport( 'slm', [
			`--product=${ product.slug }`,
		] );
		expect( again.code, again.stderr ).toBe( 0 );
		expect( await slmSwitch( request ), 'the seller switched it off' ).toBe(
			false
		);
		// The old clients are not answered: WordPress' own front page.
		const unanswered = await request.post( '/', {
			form: {
				slm_action: 'slm_check',
				secret_key: secret,
				license_key: slmKeys[ 1 ],
			},
		} );
		expect( unanswered.headers()[ 'content-type' ] ).toContain(
			'text/html'
		);
	} );
} );
