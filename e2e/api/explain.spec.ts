/**
 * "Why didn't this site get the update?": every update check records its decision (one row per product and site,
 * overwritten), and GET /admin/explain reads it back with its steps and a plain-words summary. Runs with the fast
 * lane on and off (the api project's passes), so both paths record the same.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	afterResponsePending,
	applySuiteSettings,
	keyHeaders,
	scanPersonalData,
	setSettings,
} from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const API = '/wp-json/svc/v1';
const ADMIN = `${ API }/admin`;

interface Step {
	step: string;
	outcome: 'pass' | 'fail' | 'info';
	[ fact: string ]: unknown;
}

interface Decision {
	product_id: number;
	product_slug: string;
	site_url: string;
	license_id: number;
	activation_id: number | null;
	checked_at: string;
	installed_version: string;
	offered_version: string | null;
	answer: 'offered' | 'not_in_rollout' | 'current' | 'refused';
	error_code: string | null;
	summary: string;
	wp_version: string | null;
	php_version: string | null;
	steps: Step[];
}

/** The rollout bucket (0–9999) of a licence for a release, as Domain\Release\RolloutBucket computes it. */
const bucketOf = ( licenseId: number, productId: number, version: string ) =>
	createHash( 'sha256' )
		.update( `svc-rollout\0${ productId }\0${ version }\0${ licenseId }` )
		.digest()
		.readUInt32BE( 0 ) % 10000;

const uniqueSite = () =>
	`https://${ randomUUID().slice( 0, 8 ) }.explain.example`;

/** The decisions are written after the answer has left: wait until no request has that work pending. */
const settled = ( request: APIRequestContext ) =>
	expect.poll( () => afterResponsePending( request ) ).toEqual( {} );

async function setup(
	request: APIRequestContext,
	release: Record< string, string > = {}
) {
	const headers = await keyHeaders( request );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: `Explain ${ randomUUID().slice( 0, 8 ) }` },
		} )
	).json();
	const zip = makeZip( { 'plugin/plugin.php': '<?php // 2.0.0' } );
	const uploaded = await request.post(
		`${ ADMIN }/products/${ product.id }/releases`,
		{
			headers,
			multipart: {
				version: '2.0.0',
				requires: '6.2',
				requires_php: '8.1',
				...release,
				package: {
					name: 'plugin-2.0.0.zip',
					mimeType: 'application/zip',
					buffer: zip,
				},
			},
		}
	);
	expect( uploaded.status(), await uploaded.text() ).toBe( 201 );
	const newLicense = async ( data: Record< string, unknown > = {} ) => {
		const created = await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: {
				product_id: product.id,
				customer_email: 'explain@example.com',
				...data,
			},
		} );
		expect( created.status(), await created.text() ).toBe( 201 );
		return ( await created.json() ) as { id: number; license_key: string };
	};
	return {
		headers,
		product,
		release: await uploaded.json(),
		hash: `sha256:${ createHash( 'sha256' ).update( zip ).digest( 'hex' ) }`,
		newLicense,
	};
}

const check = (
	request: APIRequestContext,
	slug: string,
	key: string,
	site: string,
	extra: Record< string, string > = {}
) =>
	request.get( `${ API }/updates/check`, {
		params: {
			product_slug: slug,
			license_key: key,
			site_url: site,
			current_version: '1.0.0',
			...extra,
		},
	} );

async function explainSite(
	request: APIRequestContext,
	headers: Record< string, string >,
	site: string
): Promise< Decision[] > {
	await settled( request );
	const answer = await request.get( `${ ADMIN }/explain`, {
		headers,
		params: { site },
	} );
	expect( answer.status(), await answer.text() ).toBe( 200 );
	return ( await answer.json() ).decisions;
}

const stepsOf = ( decision: Decision ) =>
	Object.fromEntries( decision.steps.map( ( s ) => [ s.step, s ] ) );

test.describe( 'GET /admin/explain', () => {
	test.beforeEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	test( 'an offer: every step, the package hash, what the site reported, and offered on the release', async ( {
		request,
	} ) => {
		const { headers, product, release, hash, newLicense } =
			await setup( request );
		const license = await newLicense();
		const site = uniqueSite();
		const answer = await check(
			request,
			product.slug,
			license.license_key,
			site,
			{
				wp_version: '6.5.2',
				php_version: '8.2.12',
			}
		);
		expect( answer.status() ).toBe( 200 );
		expect( ( await answer.json() ).new_version ).toBe( '2.0.0' );

		const [ decision, ...others ] = await explainSite(
			request,
			headers,
			site
		);
		expect( others ).toEqual( [] );
		expect( decision ).toMatchObject( {
			product_id: product.id,
			product_slug: product.slug,
			site_url: new URL( site ).host,
			license_id: license.id,
			activation_id: null,
			installed_version: '1.0.0',
			offered_version: '2.0.0',
			answer: 'offered',
			error_code: null,
			summary: 'Offered 2.0.0 (the site runs 1.0.0).',
			wp_version: '6.5.2',
			php_version: '8.2.12',
		} );
		expect( Date.parse( decision.checked_at ) ).toBeGreaterThan(
			Date.now() - 10 * 60_000
		);
		expect( decision.steps.map( ( s ) => [ s.step, s.outcome ] ) ).toEqual(
			[
				[ 'license', 'pass' ],
				[ 'activation', 'info' ],
				[ 'channel', 'info' ],
				[ 'choice', 'info' ],
				[ 'release', 'pass' ],
				[ 'rollout', 'pass' ],
				[ 'requires', 'pass' ],
				[ 'requires_php', 'pass' ],
				[ 'package', 'info' ],
			]
		);
		const steps = stepsOf( decision );
		expect( steps.license.status ).toBe( 'active' );
		expect( steps.channel.channel ).toBe( 'stable' );
		expect( steps.choice.notes ).toContain( 'newest: 2.0.0 (stable)' );
		expect( steps.package.hash ).toBe( hash );
		expect( steps.rollout ).toMatchObject( {
			bucket: bucketOf( license.id, product.id, '2.0.0' ),
			percentage: 100,
		} );
		expect( steps.requires_php ).toMatchObject( {
			required: '8.1',
			reported: '8.2.12',
		} );

		// The release panel's figure: how many activated sites' last answer offered it. This site has no
		// activation, so it is explained but not counted (invented site URLs must not inflate the figure).
		const listed = await (
			await request.get( `${ ADMIN }/products/${ product.id }/releases`, {
				headers,
			} )
		).json();
		expect( listed[ 0 ] ).toMatchObject( { id: release.id, offered: 0 } );
		const one = await (
			await request.get( `${ ADMIN }/releases/${ release.id }`, {
				headers,
			} )
		).json();
		expect( one.offered ).toBe( 0 );
	} );

	test( 'current, outside the rollout with its bucket, and requires_php above what the site reported', async ( {
		request,
	} ) => {
		const { headers, product, newLicense } = await setup( request, {
			rollout: '50',
		} );
		// Licences until one is out of the 50 % rollout and one is in (each is a coin toss).
		const out: { id: number; license_key: string }[] = [];
		const inside: { id: number; license_key: string }[] = [];
		while ( out.length === 0 || inside.length === 0 ) {
			const license = await newLicense();
			( bucketOf( license.id, product.id, '2.0.0' ) < 5000
				? inside
				: out
			).push( license );
		}
		const site = uniqueSite();
		const bucket = bucketOf( out[ 0 ].id, product.id, '2.0.0' );
		expect(
			(
				await (
					await check(
						request,
						product.slug,
						out[ 0 ].license_key,
						site
					)
				).json()
			).rollout
		).toEqual( { percentage: 50, in_rollout: false } );
		let [ decision ] = await explainSite( request, headers, site );
		expect( decision.answer ).toBe( 'not_in_rollout' );
		expect( decision.offered_version ).toBe( '2.0.0' );
		expect( decision.summary ).toBe(
			`Not offered: this licence is in bucket ${ Math.floor(
				bucket / 100
			) }, the rollout is at 50 %.`
		);
		expect( stepsOf( decision ).rollout ).toEqual( {
			step: 'rollout',
			outcome: 'fail',
			bucket,
			percentage: 50,
		} );

		// The same site now on a licence in the rollout, on PHP 7.4: offered, but it will not install. A decision
		// belongs to a licence and a site: the first licence's row stays beside it.
		const ofInside = async () => {
			const decisions = await explainSite( request, headers, site );
			expect(
				decisions.find( ( d ) => d.license_id === out[ 0 ].id )?.answer
			).toBe( 'not_in_rollout' );
			return decisions.filter( ( d ) => d.license_id === inside[ 0 ].id );
		};
		await check( request, product.slug, inside[ 0 ].license_key, site, {
			php_version: '7.4.33',
		} );
		[ decision ] = await ofInside();
		expect( decision ).toMatchObject( {
			license_id: inside[ 0 ].id,
			answer: 'offered',
			php_version: '7.4.33',
			wp_version: null,
			summary:
				'Offered 2.0.0, but the site will not install it: it runs PHP 7.4.33 and the release requires PHP 8.1.',
		} );
		expect( stepsOf( decision ).requires_php.outcome ).toBe( 'fail' );
		expect( stepsOf( decision ).requires.outcome ).toBe( 'info' );

		// And current.
		await check( request, product.slug, inside[ 0 ].license_key, site, {
			current_version: '2.0.0',
		} );
		[ decision ] = await ofInside();
		expect( decision ).toMatchObject( {
			answer: 'current',
			installed_version: '2.0.0',
			offered_version: null,
			summary:
				'Current: the site runs 2.0.0; the newest release is 2.0.0.',
		} );
		expect( decision.steps.map( ( s ) => s.step ) ).toEqual( [
			'license',
			'activation',
			'channel',
			'choice',
			'release',
		] );
	} );

	test( 'refused checks are recorded: an expired licence, and a site not activated', async ( {
		request,
	} ) => {
		const { headers, product, newLicense } = await setup( request );
		const expired = await newLicense( { status: 'expired' } );
		const site = uniqueSite();
		await expectError(
			await check( request, product.slug, expired.license_key, site ),
			403,
			'license_not_active'
		);
		let [ decision ] = await explainSite( request, headers, site );
		expect( decision ).toMatchObject( {
			license_id: expired.id,
			answer: 'refused',
			error_code: 'license_not_active',
			offered_version: null,
			summary: 'Refused: this licence is expired, so it gets no updates.',
		} );
		expect( decision.steps ).toEqual( [
			{ step: 'license', outcome: 'fail', status: 'expired' },
		] );

		const license = await newLicense();
		await setSettings( request, { updates_require_activation: true } );
		try {
			await expectError(
				await check( request, product.slug, license.license_key, site ),
				403,
				'site_not_activated'
			);
		} finally {
			await setSettings( request, { updates_require_activation: false } );
		}
		const ofLicense = async () =>
			( await explainSite( request, headers, site ) ).filter(
				( d ) => d.license_id === license.id
			);
		[ decision ] = await ofLicense();
		expect( decision ).toMatchObject( {
			license_id: license.id,
			activation_id: null,
			answer: 'refused',
			error_code: 'site_not_activated',
			summary:
				'Refused: this site is not activated on the licence, and updates require an activation.',
		} );
		expect( stepsOf( decision ).activation ).toEqual( {
			step: 'activation',
			outcome: 'fail',
			activated: false,
			staging: false,
			required: true,
		} );

		// Activated, the same check is offered and names the activation.
		const activated = await request.post( `${ API }/licenses/activate`, {
			data: {
				license_key: license.license_key,
				product_slug: product.slug,
				site_url: site,
			},
		} );
		expect( activated.status() ).toBe( 200 );
		await check( request, product.slug, license.license_key, site );
		// One row for the licence on this site: the activated one replaced the row from before the activation.
		const rows = await ofLicense();
		expect( rows ).toHaveLength( 1 );
		[ decision ] = rows;
		expect( decision.answer ).toBe( 'offered' );
		expect( decision.activation_id ).toEqual( expect.any( Number ) );
		expect( stepsOf( decision ).activation.outcome ).toBe( 'pass' );
	} );

	test( 'one row per site and product, however many checks, single and batched', async ( {
		request,
	} ) => {
		const first = await setup( request );
		const second = await setup( request );
		const one = await first.newLicense();
		const two = await second.newLicense();
		const site = uniqueSite();
		for ( let round = 0; round < 5; round++ ) {
			await Promise.all( [
				check( request, first.product.slug, one.license_key, site ),
				check( request, second.product.slug, two.license_key, site ),
				request.post( `${ API }/updates/check`, {
					data: {
						site_url: site,
						wp_version: '6.6',
						php_version: '8.3.1',
						items: [
							{
								product_slug: first.product.slug,
								license_key: one.license_key,
								current_version: '1.0.0',
							},
							{
								product_slug: second.product.slug,
								license_key: two.license_key,
								current_version: '2.0.0',
							},
						],
					},
				} ),
			] );
		}
		await settled( request );
		// Rows holding the site's URL, per table: two in the decisions' table, one per product.
		const rows = await scanPersonalData( request, new URL( site ).host );
		expect( rows.svc_update_decisions ).toBe( 2 );
		const decisions = await explainSite( request, first.headers, site );
		expect( decisions.map( ( d ) => d.product_id ).sort() ).toEqual(
			[ first.product.id, second.product.id ].sort()
		);
	} );

	test( 'by licence key or id; a scoped key sees its own product only; a site that never asked is a 404', async ( {
		request,
	} ) => {
		const first = await setup( request );
		const second = await setup( request );
		const license = await first.newLicense();
		const other = await second.newLicense();
		const site = uniqueSite();
		await check(
			request,
			first.product.slug,
			license.license_key,
			`${ site }/shop`
		);
		await settled( request );
		await check( request, first.product.slug, license.license_key, site );
		await check( request, second.product.slug, other.license_key, site );
		await settled( request );

		const byKey = await (
			await request.get( `${ ADMIN }/explain`, {
				headers: first.headers,
				params: { license_key: license.license_key },
			} )
		).json();
		expect( byKey.license_id ).toBe( license.id );
		expect( byKey.site_url ).toBeNull();
		// Neither site is activated: the licence keeps its latest check from a site without an activation.
		expect( byKey.decisions.map( ( d: Decision ) => d.site_url ) ).toEqual(
			[ new URL( site ).host ]
		);
		const byId = await (
			await request.get( `${ ADMIN }/explain`, {
				headers: first.headers,
				params: { license_id: String( license.id ) },
			} )
		).json();
		expect( byId ).toEqual( byKey );

		const reader = await keyHeaders( request, 'read', first.product.id );
		const scoped = await (
			await request.get( `${ ADMIN }/explain`, {
				headers: reader,
				params: { site },
			} )
		).json();
		expect(
			scoped.decisions.map( ( d: Decision ) => d.product_id )
		).toEqual( [ first.product.id ] );
		await expectError(
			await request.get( `${ ADMIN }/explain`, {
				headers: reader,
				params: { license_id: String( other.id ) },
			} ),
			403,
			'product_out_of_scope'
		);

		const never = await request.get( `${ ADMIN }/explain`, {
			headers: first.headers,
			params: { site: uniqueSite() },
		} );
		await expectError( never, 404, 'not_found' );
		await expectError(
			await request.get( `${ ADMIN }/explain`, {
				headers: first.headers,
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.get( `${ ADMIN }/explain`, { params: { site } } ),
			401,
			'unauthorized'
		);
	} );

	test( 'reported versions are validated and never refuse', async ( {
		request,
	} ) => {
		const { product, newLicense } = await setup( request );
		const license = await newLicense();
		await expectError(
			await check(
				request,
				product.slug,
				license.license_key,
				uniqueSite(),
				{
					php_version: '8.2; DROP TABLE',
				}
			),
			400,
			'invalid_params'
		);
		const answer = await check(
			request,
			product.slug,
			license.license_key,
			uniqueSite(),
			{
				wp_version: '6.7-alpha-58576-src',
				php_version: '5.6.40',
			}
		);
		expect( answer.status() ).toBe( 200 );
		expect( ( await answer.json() ).new_version ).toBe( '2.0.0' );
	} );

	test( 'erasing the customer erases their sites decisions', async ( {
		request,
	} ) => {
		const { headers, product, newLicense } = await setup( request );
		const email = `${ randomUUID().slice( 0, 8 ) }@erase.example`;
		const license = await newLicense( { customer_email: email } );
		const site = uniqueSite();
		await check( request, product.slug, license.license_key, site );
		await settled( request );
		expect(
			( await scanPersonalData( request, new URL( site ).host ) )
				.svc_update_decisions
		).toBe( 1 );
		const erased = await request.post( `${ ADMIN }/privacy/erase`, {
			headers,
			data: { email },
		} );
		expect( erased.status() ).toBe( 200 );
		expect( ( await erased.json() ).records_affected ).toMatchObject( {
			update_decisions: 1,
		} );
		expect(
			( await scanPersonalData( request, new URL( site ).host ) )
				.svc_update_decisions ?? 0
		).toBe( 0 );
	} );
} );
