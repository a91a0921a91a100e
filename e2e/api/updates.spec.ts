/**
 * Releases (admin), GET /svc/v1/updates/check and GET /svc/v1/downloads/{slug}: how licensed sites get
 * new versions. Packages are real ZIP uploads; downloads are checked byte for byte against package_hash.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { makeCallers, type CallerName } from '../fixtures/callers';
import { expectError } from '../fixtures/envelope';
import {
	applySuiteSettings,
	createLicense,
	issueDownloadToken,
	keyHeaders,
	setSettings,
} from '../fixtures/test-helpers';
import { baseURL, testToken } from '../fixtures/env';
import { makeZip } from '../fixtures/zip';

const ADMIN = '/wp-json/svc/v1/admin';
const SITE = 'https://client.example.com';
/** A figure for the run's log and the test's annotations. */
const report = ( line: string ) => {
	test.info().annotations.push( { type: 'figure', description: line } );
	process.stdout.write( `      ${ line }\n` );
};
const sha256 = ( bytes: Buffer ) =>
	createHash( 'sha256' ).update( bytes ).digest( 'hex' );

interface Release {
	id: number;
	version: string;
	rollout: number;
	changelog: string;
	status: string;
	is_current: boolean;
	downloads: number;
	package: { type: string; hash: string; size: number | null };
}

/** A product made through the admin API, with a write key for it. */
async function newProduct(
	request: APIRequestContext,
	extra: Record< string, unknown > = {}
) {
	const headers = await keyHeaders( request );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: {
				name: `Updates ${ randomUUID().slice( 0, 8 ) }`,
				homepage_url: 'https://vendor.example.com/plugin',
				requires_wp: '6.2',
				requires_php: '7.4',
				...extra,
			},
		} )
	).json();
	return { headers, product };
}

async function upload(
	request: APIRequestContext,
	headers: Record< string, string >,
	productId: number,
	version: string,
	fields: Record< string, string > = {},
	zip: Buffer = makeZip( { 'plugin/plugin.php': `<?php // ${ version }` } )
) {
	const response = await request.post(
		`${ ADMIN }/products/${ productId }/releases`,
		{
			headers,
			multipart: {
				version,
				...fields,
				package: {
					name: `plugin-${ version }.zip`,
					mimeType: 'application/zip',
					buffer: zip,
				},
			},
		}
	);
	expect( response.status(), await response.text() ).toBe( 201 );
	return { release: ( await response.json() ) as Release, zip };
}

const check = (
	request: APIRequestContext,
	query: {
		product_slug: string;
		license_key: string;
		current_version: string;
		site_url?: string;
	}
) =>
	request.get( '/wp-json/svc/v1/updates/check', {
		params: { site_url: SITE, ...query },
	} );

async function offer(
	request: APIRequestContext,
	query: Parameters< typeof check >[ 1 ]
) {
	const response = await check( request, query );
	expect( response.status(), await response.text() ).toBe( 200 );
	return response.json();
}

async function licenseFor(
	request: APIRequestContext,
	headers: Record< string, string >,
	productId: number
): Promise< { id: number; license_key: string } > {
	const response = await request.post( `${ ADMIN }/licenses`, {
		headers,
		data: { product_id: productId, customer_email: 'buyer@example.com' },
	} );
	expect( response.status() ).toBe( 201 );
	return response.json();
}

test.describe( 'updates and downloads', () => {
	test.beforeEach( async ( { request } ) => {
		await applySuiteSettings( request );
	} );

	test( 'an uploaded release is offered with every field, and the download hashes to package_hash', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const first = await upload( request, headers, product.id, '1.0.0' );
		expect( first.release ).toMatchObject( {
			version: '1.0.0',
			status: 'published',
			is_current: true,
			rollout: 100,
			requires: '6.2',
			requires_php: '7.4',
			package: {
				type: 'upload',
				hash: `sha256:${ sha256( first.zip ) }`,
				size: first.zip.length,
			},
		} );
		const moved = await (
			await request.get( `${ ADMIN }/products/${ product.id }`, {
				headers,
			} )
		).json();
		expect( moved.current_version ).toBe( '1.0.0' );

		const license = await licenseFor( request, headers, product.id );
		const query = {
			product_slug: product.slug,
			license_key: license.license_key,
		};
		expect(
			await offer( request, { ...query, current_version: '1.0.0' } )
		).toEqual( {} );

		const zip = makeZip( {
			'plugin/plugin.php': '<?php // 1.1.0',
			'plugin/readme.txt': 'x'.repeat( 70000 ),
		} );
		const second = await upload(
			request,
			headers,
			product.id,
			'1.1.0',
			{
				changelog:
					'<h4>1.1.0</h4><ul><li><strong>New:</strong> faster</li></ul><script>alert(1)</script>',
				tested: '6.7',
			},
			zip
		);
		expect( second.release.changelog ).not.toContain( '<script' );
		const answer = await offer( request, {
			...query,
			current_version: '1.0.0',
		} );
		expect( Object.keys( answer ).sort() ).toEqual(
			[
				'new_version',
				'url',
				'package',
				'package_hash',
				'tested',
				'requires',
				'requires_php',
				'rollout',
				'sections',
				'channel',
				'lease',
			].sort()
		);
		expect( answer ).toMatchObject( {
			new_version: '1.1.0',
			url: 'https://vendor.example.com/plugin',
			package_hash: `sha256:${ sha256( zip ) }`,
			tested: '6.7',
			requires: '6.2',
			requires_php: '7.4',
			rollout: { percentage: 100, in_rollout: true },
			sections: {
				changelog:
					'<h4>1.1.0</h4><ul><li><strong>New:</strong> faster</li></ul>alert(1)',
			},
		} );
		expect( answer.package ).toContain(
			`/svc/v1/downloads/${ product.slug }`
		);
		expect( new URL( answer.package ).searchParams.get( 'token' ) ).toMatch(
			/^[\w-]+\.[\w-]+$/
		);

		const download = await request.get( answer.package );
		expect( download.status() ).toBe( 200 );
		expect( download.headers()[ 'content-type' ] ).toBe(
			'application/zip'
		);
		expect( download.headers()[ 'content-length' ] ).toBe(
			String( zip.length )
		);
		expect( download.headers()[ 'content-disposition' ] ).toBe(
			'attachment; filename="plugin-1.1.0.zip"'
		);
		const bytes = await download.body();
		expect( `sha256:${ sha256( bytes ) }` ).toBe( answer.package_hash );
		expect( bytes.equals( zip ) ).toBe( true );

		const listed: Release[] = await (
			await request.get( `${ ADMIN }/products/${ product.id }/releases`, {
				headers,
			} )
		).json();
		expect(
			listed.map( ( r ) => [ r.version, r.is_current, r.downloads ] )
		).toEqual( [
			[ '1.1.0', true, 1 ],
			[ '1.0.0', false, 0 ],
		] );
	} );

	test( 'versions compare by semver, pre-releases included', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const license = await licenseFor( request, headers, product.id );
		const newVersion = async ( installed: string ) =>
			(
				await offer( request, {
					product_slug: product.slug,
					license_key: license.license_key,
					current_version: installed,
				} )
			).new_version ?? 'none';

		await upload( request, headers, product.id, '1.10.0' );
		expect( await newVersion( '1.9.0' ) ).toBe( '1.10.0' );
		expect( await newVersion( '1.9' ) ).toBe( '1.10.0' );
		expect( await newVersion( '1.10.0' ) ).toBe( 'none' );
		expect( await newVersion( '1.10.0-rc.1' ) ).toBe( '1.10.0' );
		expect( await newVersion( '1.11.0' ) ).toBe( 'none' );
		expect( await newVersion( 'v1.2' ) ).toBe( '1.10.0' );

		await upload( request, headers, product.id, '2.0.0-beta.1' );
		expect( await newVersion( '1.10.0' ) ).toBe( '2.0.0-beta.1' );
		expect( await newVersion( '2.0.0-beta.1' ) ).toBe( 'none' );
		expect( await newVersion( '2.0.0-alpha.9' ) ).toBe( '2.0.0-beta.1' );
		expect( await newVersion( '2.0.0' ) ).toBe( 'none' );

		await upload( request, headers, product.id, '2.0.0' );
		expect( await newVersion( '2.0.0-beta.1' ) ).toBe( '2.0.0' );
		expect( await newVersion( '2.0.0-rc.2' ) ).toBe( '2.0.0' );
		expect( await newVersion( '2.0.0' ) ).toBe( 'none' );

		await expectError(
			await check( request, {
				product_slug: product.slug,
				license_key: license.license_key,
				current_version: 'latest',
			} ),
			400,
			'invalid_params'
		);
		const taken = await request.post(
			`${ ADMIN }/products/${ product.id }/releases`,
			{
				headers,
				data: {
					version: '2.0.0',
					package_url: 'https://cdn.example.com/p.zip',
					package_sha256: 'a'.repeat( 64 ),
				},
			}
		);
		await expectError( taken, 409, 'release_exists' );
		for ( const version of [ '2.0', 'v2.1.0', '02.1.0', '2.1.0-' ] ) {
			await expectError(
				await request.post(
					`${ ADMIN }/products/${ product.id }/releases`,
					{
						headers,
						data: {
							version,
							package_url: 'https://cdn.example.com/p.zip',
							package_sha256: 'a'.repeat( 64 ),
						},
					}
				),
				400,
				'invalid_params'
			);
		}
	} );

	test( '1,000 licences at 30 % rollout: 30 % ± 5 % in, and everyone in at 30 % is still in at 60 %', async ( {
		request,
	} ) => {
		test.setTimeout( 240_000 );
		const { headers, product } = await newProduct( request );
		const fixture = await createLicense(
			request,
			{ slug: product.slug },
			{ count: 1000 }
		);
		expect( fixture.licenses ).toHaveLength( 1000 );
		const { release } = await upload(
			request,
			headers,
			product.id,
			'3.0.0',
			{
				rollout: '30',
			}
		);
		expect( release.rollout ).toBe( 30 );

		type License = ( typeof fixture.licenses )[ number ];
		/** Whether an answer for a licence is in the rollout, its shape checked. */
		const inRolloutOf = ( answer: Record< string, unknown > ) => {
			expect( answer.new_version ).toBe( '3.0.0' );
			const rollout = answer.rollout as { in_rollout: boolean };
			if ( rollout.in_rollout ) {
				expect( answer.package ).toContain( 'token=' );
			} else {
				expect( answer ).not.toHaveProperty( 'package' );
				expect( answer ).not.toHaveProperty( 'url' );
			}
			return rollout.in_rollout;
		};
		// Every licence, through the batch form (50 items a request, each decided as the single check decides it).
		const answers = async ( keys: License[] = fixture.licenses ) => {
			const inRollout = new Map< number, boolean >();
			for ( let i = 0; i < keys.length; i += 50 ) {
				const batch = keys.slice( i, i + 50 );
				const response = await request.post(
					'/wp-json/svc/v1/updates/check',
					{
						data: {
							site_url: 'https://rollout.example.com',
							items: batch.map( ( license ) => ( {
								product_slug: product.slug,
								license_key: license.license_key,
								current_version: '2.9.0',
							} ) ),
						},
					}
				);
				expect( response.status(), await response.text() ).toBe( 200 );
				const { items } = await response.json();
				batch.forEach( ( license, index ) => {
					expect( items[ index ].status ).toBe( 200 );
					inRollout.set(
						license.license_id,
						inRolloutOf( items[ index ].body )
					);
				} );
			}
			return inRollout;
		};
		// Some licences through the single check, 25 at a time.
		const singleAnswers = async ( keys: License[] ) => {
			const inRollout = new Map< number, boolean >();
			for ( let i = 0; i < keys.length; i += 25 ) {
				await Promise.all(
					keys.slice( i, i + 25 ).map( async ( license ) => {
						const answer = await offer( request, {
							product_slug: product.slug,
							license_key: license.license_key,
							current_version: '2.9.0',
						} );
						inRollout.set(
							license.license_id,
							inRolloutOf( answer )
						);
					} )
				);
			}
			return inRollout;
		};

		const at30 = await answers();
		const in30 = [ ...at30.values() ].filter( Boolean ).length;
		report( `rollout 30 %: ${ in30 } of 1000 licences in` );
		expect( in30 ).toBeGreaterThanOrEqual( 250 );
		expect( in30 ).toBeLessThanOrEqual( 350 );

		// The same licence gets the same answer every time, from the single check too (every fifth licence).
		const again = await singleAnswers(
			fixture.licenses.filter( ( _, index ) => index % 5 === 0 )
		);
		const sorted = ( found: Map< number, boolean > ) =>
			[ ...found.entries() ].sort( ( a, b ) => a[ 0 ] - b[ 0 ] );
		expect( again.size ).toBe( 200 );
		expect( sorted( again ) ).toEqual(
			sorted( at30 ).filter( ( [ id ] ) => again.has( id ) )
		);

		const raised = await request.put(
			`${ ADMIN }/releases/${ release.id }`,
			{
				headers,
				data: { rollout: 60 },
			}
		);
		expect( ( await raised.json() ).rollout ).toBe( 60 );
		const at60 = await answers();
		const in60 = [ ...at60.values() ].filter( Boolean ).length;
		report( `rollout 60 %: ${ in60 } of 1000 licences in` );
		expect( in60 ).toBeGreaterThanOrEqual( 550 );
		expect( in60 ).toBeLessThanOrEqual( 650 );
		const dropped = [ ...at30.entries() ].filter(
			( [ id, wasIn ] ) => wasIn && ! at60.get( id )
		);
		expect( dropped ).toEqual( [] );
	} );

	test( 'an external package is offered with its declared hash and downloads as a 302', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const digest = sha256( Buffer.from( 'external package' ) );
		const created = await request.post(
			`${ ADMIN }/products/${ product.id }/releases`,
			{
				headers,
				data: {
					version: '4.0.0',
					package_url: 'https://cdn.example.com/plugin-4.0.0.zip',
					package_sha256: `sha256:${ digest.toUpperCase() }`,
				},
			}
		);
		expect( created.status() ).toBe( 201 );
		expect( ( await created.json() ).package ).toMatchObject( {
			type: 'url',
			url: 'https://cdn.example.com/plugin-4.0.0.zip',
			hash: `sha256:${ digest }`,
		} );
		const license = await licenseFor( request, headers, product.id );
		const answer = await offer( request, {
			product_slug: product.slug,
			license_key: license.license_key,
			current_version: '3.9.9',
		} );
		expect( answer.package_hash ).toBe( `sha256:${ digest }` );
		const download = await request.get( answer.package, {
			maxRedirects: 0,
		} );
		expect( download.status() ).toBe( 302 );
		expect( download.headers().location ).toBe(
			'https://cdn.example.com/plugin-4.0.0.zip'
		);
	} );

	test( 'a package must be exactly one ZIP upload or one URL with its hash', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const releases = `${ ADMIN }/products/${ product.id }/releases`;
		const notZip = await request.post( releases, {
			headers,
			multipart: {
				version: '1.0.0',
				package: {
					name: 'plugin.zip',
					mimeType: 'application/zip',
					buffer: Buffer.from( '%PDF-1.7 pretending to be a zip' ),
				},
			},
		} );
		expect(
			( await expectError( notZip, 400, 'invalid_params' ) ).message
		).toBe( 'The package is not a ZIP archive.' );
		await expectError(
			await request.post( releases, {
				headers,
				data: { version: '1.0.0' },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.post( releases, {
				headers,
				multipart: {
					version: '1.0.0',
					package_url: 'https://cdn.example.com/p.zip',
					package_sha256: 'b'.repeat( 64 ),
					package: {
						name: 'p.zip',
						mimeType: 'application/zip',
						buffer: makeZip( { a: 'a' } ),
					},
				},
			} ),
			400,
			'invalid_params'
		);
		const noHash = await request.post( releases, {
			headers,
			data: {
				version: '1.0.0',
				package_url: 'https://cdn.example.com/p.zip',
			},
		} );
		expect(
			( await expectError( noHash, 400, 'invalid_params' ) ).data
		).toMatchObject( { params: { package_sha256: expect.any( String ) } } );
		await expectError(
			await request.post( releases, {
				headers,
				data: {
					version: '1.0.0',
					package_url: 'ftp://cdn.example.com/p.zip',
					package_sha256: 'b'.repeat( 64 ),
				},
			} ),
			400,
			'invalid_params'
		);
		const none: Release[] = await (
			await request.get( releases, { headers } )
		).json();
		expect( none ).toEqual( [] );
	} );

	test( 'a draft is not offered; publishing an earlier release rolls back; the current release cannot be deleted', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const license = await licenseFor( request, headers, product.id );
		const installed = async ( version: string ) =>
			(
				await offer( request, {
					product_slug: product.slug,
					license_key: license.license_key,
					current_version: version,
				} )
			).new_version ?? 'none';
		const { release: one } = await upload(
			request,
			headers,
			product.id,
			'1.0.0'
		);
		const { release: draft } = await upload(
			request,
			headers,
			product.id,
			'1.1.0',
			{ publish: 'false' }
		);
		expect( draft ).toMatchObject( { status: 'draft', is_current: false } );
		expect( await installed( '0.9.0' ) ).toBe( '1.0.0' );

		const published = await (
			await request.post( `${ ADMIN }/releases/${ draft.id }/publish`, {
				headers,
			} )
		).json();
		expect( published ).toMatchObject( {
			status: 'published',
			is_current: true,
		} );
		expect( await installed( '1.0.0' ) ).toBe( '1.1.0' );
		const token = new URL(
			(
				await offer( request, {
					product_slug: product.slug,
					license_key: license.license_key,
					current_version: '1.0.0',
				} )
			).package
		).searchParams.get( 'token' );

		const rolledBack = await request.post(
			`${ ADMIN }/releases/${ one.id }/publish`,
			{ headers }
		);
		expect( ( await rolledBack.json() ).is_current ).toBe( true );
		const product2 = await (
			await request.get( `${ ADMIN }/products/${ product.id }`, {
				headers,
			} )
		).json();
		expect( product2.current_version ).toBe( '1.0.0' );
		expect( await installed( '1.1.0' ) ).toBe( 'none' );
		expect( await installed( '0.9.0' ) ).toBe( '1.0.0' );

		await expectError(
			await request.delete( `${ ADMIN }/releases/${ one.id }`, {
				headers,
			} ),
			409,
			'release_is_current'
		);
		const deleted = await request.delete(
			`${ ADMIN }/releases/${ draft.id }`,
			{ headers }
		);
		expect( await deleted.json() ).toMatchObject( {
			deleted: true,
			previous: { version: '1.1.0' },
		} );
		// A link handed out for the deleted release no longer works.
		const gone = await request.get(
			`/wp-json/svc/v1/downloads/${ product.slug }`,
			{ params: { token: token ?? '' } }
		);
		expect(
			( await expectError( gone, 403, 'invalid_download_token' ) ).message
		).toContain( 'no longer available' );
	} );

	test( 'update checks need a usable licence; the activation requirement is a setting', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		await upload( request, headers, product.id, '5.0.0' );
		const license = await licenseFor( request, headers, product.id );
		const query = {
			product_slug: product.slug,
			license_key: license.license_key,
			current_version: '4.0.0',
		};
		await expectError(
			await check( request, {
				...query,
				license_key: 'AAAA-BBBB-CCCC-DDDD',
			} ),
			404,
			'license_not_found'
		);
		await expectError(
			await check( request, { ...query, license_key: 'nope' } ),
			400,
			'invalid_license_key'
		);
		await expectError(
			await check( request, {
				...query,
				product_slug: 'no-such-product',
			} ),
			404,
			'product_not_found'
		);
		await expectError(
			await request.get( '/wp-json/svc/v1/updates/check', {
				params: { product_slug: product.slug },
			} ),
			400,
			'invalid_params'
		);

		await setSettings( request, { updates_require_activation: true } );
		try {
			await expectError(
				await check( request, query ),
				403,
				'site_not_activated'
			);
			const activated = await request.post(
				'/wp-json/svc/v1/licenses/activate',
				{
					data: {
						license_key: license.license_key,
						product_slug: product.slug,
						site_url: 'https://www.Client.example.com/',
					},
				}
			);
			expect( activated.status() ).toBe( 200 );
			expect( ( await offer( request, query ) ).new_version ).toBe(
				'5.0.0'
			);
		} finally {
			await setSettings( request, { updates_require_activation: false } );
		}

		await request.put( `${ ADMIN }/licenses/${ license.id }`, {
			headers,
			data: { status: 'suspended' },
		} );
		const refused = await expectError(
			await check( request, query ),
			403,
			'license_not_active'
		);
		expect( refused.data.license_status ).toBe( 'suspended' );
	} );

	test( 'every bad download token is 403 invalid_download_token', async ( {
		request,
	} ) => {
		const { headers, product } = await newProduct( request );
		const { release } = await upload(
			request,
			headers,
			product.id,
			'1.2.0'
		);
		const license = await licenseFor( request, headers, product.id );
		const link = async ( slug: string, key: string ) =>
			new URL(
				(
					await offer( request, {
						product_slug: slug,
						license_key: key,
						current_version: '1.0.0',
					} )
				).package
			);
		const good = await link( product.slug, license.license_key );
		const token = good.searchParams.get( 'token' ) ?? '';
		const download = ( slug: string, value: string ) =>
			request.get( `/wp-json/svc/v1/downloads/${ slug }`, {
				params: { token: value },
			} );
		expect( ( await download( product.slug, token ) ).status() ).toBe(
			200
		);

		const [ body, signature ] = token.split( '.' );
		const claims = JSON.parse(
			Buffer.from( body, 'base64url' ).toString()
		);
		const forged = Buffer.from(
			JSON.stringify( { ...claims, v: '9.9.9' } )
		).toString( 'base64url' );
		const flipped =
			signature.slice( 0, -2 ) +
			( signature.at( -2 ) === 'A' ? 'B' : 'A' ) +
			signature.slice( -1 );

		const other = await newProduct( request );
		await upload( request, other.headers, other.product.id, '1.2.0' );
		const otherLicense = await licenseFor(
			request,
			other.headers,
			other.product.id
		);
		const otherToken =
			(
				await link( other.product.slug, otherLicense.license_key )
			).searchParams.get( 'token' ) ?? '';

		const expired = await issueDownloadToken( request, {
			product_id: product.id,
			license_id: license.id,
			version: release.version,
			expires: Math.floor( Date.now() / 1000 ) - 1,
		} );
		const stillValid = await issueDownloadToken( request, {
			product_id: product.id,
			license_id: license.id,
			version: release.version,
			expires: Math.floor( Date.now() / 1000 ) + 60,
		} );
		expect( ( await download( product.slug, stillValid ) ).status() ).toBe(
			200
		);

		const cases: Array< [ string, string, string, string ] > = [
			[ 'garbage', product.slug, 'not-a-token', 'malformed' ],
			[
				'tampered claims',
				product.slug,
				`${ forged }.${ signature }`,
				'altered',
			],
			[
				'tampered signature',
				product.slug,
				`${ body }.${ flipped }`,
				'altered',
			],
			[ 'expired', product.slug, expired, 'expired' ],
			[
				"another product's token",
				product.slug,
				otherToken,
				'not for this product',
			],
			[
				'this token on another product',
				other.product.slug,
				token,
				'not for this product',
			],
			[
				'unknown product',
				'no-such-product',
				token,
				'not for this product',
			],
		];
		for ( const [ name, slug, value, says ] of cases ) {
			const refused = await expectError(
				await download( slug, value ),
				403,
				'invalid_download_token'
			);
			expect( refused.message, name ).toContain( says );
		}
		await expectError(
			await request.get( `/wp-json/svc/v1/downloads/${ product.slug }` ),
			400,
			'invalid_params'
		);

		// A licence revoked after the link was issued stops the download.
		await request.put( `${ ADMIN }/licenses/${ license.id }`, {
			headers,
			data: { status: 'revoked' },
		} );
		const revoked = await expectError(
			await download( product.slug, token ),
			403,
			'invalid_download_token'
		);
		expect( revoked.message ).toContain( 'no longer active' );
	} );

	test( 'permission matrix of the release routes', async ( { request } ) => {
		const setup = await keyHeaders( request );
		const mine = ( await newProduct( request ) ).product;
		const other = ( await newProduct( request ) ).product;
		const callers = await makeCallers( request, other.id );
		let minor = 0;
		const external = ( publish = true ) => ( {
			version: `1.${ ++minor }.0`,
			package_url: 'https://cdn.example.com/p.zip',
			package_sha256: 'c'.repeat( 64 ),
			publish,
		} );
		const fresh = async ( publish = true ) =>
			(
				await (
					await request.post(
						`${ ADMIN }/products/${ mine.id }/releases`,
						{
							headers: setup,
							data: external( publish ),
						}
					)
				).json()
			).id;
		const expected: Record< CallerName, number[] > = {
			none: Array( 6 ).fill( 401 ),
			'read key': [ 200, 403, 200, 403, 403, 403 ],
			'write key': [ 200, 201, 200, 200, 200, 403 ],
			'admin key': [ 200, 201, 200, 200, 200, 200 ],
			'key of another product': Array( 6 ).fill( 403 ),
			'revoked key': Array( 6 ).fill( 401 ),
			'cookie without nonce': Array( 6 ).fill( 401 ),
			'cookie with nonce': [ 200, 201, 200, 200, 200, 200 ],
			'subscriber cookie with nonce': Array( 6 ).fill( 403 ),
		};
		for ( const caller of callers ) {
			const routes: Array< [ string, string, unknown? ] > = [
				[ 'GET', `products/${ mine.id }/releases` ],
				[ 'POST', `products/${ mine.id }/releases`, external() ],
				[ 'GET', `releases/${ await fresh() }` ],
				[ 'PUT', `releases/${ await fresh() }`, { rollout: 50 } ],
				[ 'POST', `releases/${ await fresh( false ) }/publish` ],
				[ 'DELETE', `releases/${ await fresh( false ) }` ],
			];
			const statuses: number[] = [];
			for ( const [ method, path, data ] of routes ) {
				statuses.push(
					(
						await caller.context.fetch( `${ ADMIN }/${ path }`, {
							method,
							headers: caller.headers,
							data,
						} )
					).status()
				);
			}
			expect( statuses, caller.name ).toEqual( expected[ caller.name ] );
		}
	} );

	test( 'deleting a product removes its releases', async ( { request } ) => {
		const { headers, product } = await newProduct( request );
		const { release } = await upload(
			request,
			headers,
			product.id,
			'1.0.0'
		);
		const removed = await request.delete(
			`${ ADMIN }/products/${ product.id }`,
			{
				headers,
			}
		);
		expect( removed.status() ).toBe( 200 );
		await expectError(
			await request.get( `${ ADMIN }/releases/${ release.id }`, {
				headers,
			} ),
			404,
			'not_found'
		);
	} );

	test( 'behind a proxy that ends TLS, an https home gets https package and product URLs, though the request came over http', async ( {
		request,
	} ) => {
		// The service's own address: home is http://localhost:<port> on the test site.
		const own = new URL( baseURL );
		const { headers, product } = await newProduct( request, {
			homepage_url: `${ own.origin }/acme/`,
		} );
		await upload( request, headers, product.id, '1.0.0' );
		await upload( request, headers, product.id, '1.1.0' );
		const license = await licenseFor( request, headers, product.id );
		const query = {
			product_slug: product.slug,
			license_key: license.license_key,
			current_version: '1.0.0',
			site_url: SITE,
		};
		const behindProxy = { 'X-Svc-Test-Home-Https': testToken };
		// The test switch works: WordPress' own index names an https home for such a request.
		const index = await request.get( '/wp-json/', {
			headers: behindProxy,
		} );
		expect( ( await index.json() ).home ).toMatch( /^https:\/\// );

		const secure = own.origin.replace( /^http:/, 'https:' );
		const single = await request.get( '/wp-json/svc/v1/updates/check', {
			params: query,
			headers: behindProxy,
		} );
		expect( single.status(), await single.text() ).toBe( 200 );
		const answer = await single.json();
		expect( answer.package ).toMatch(
			new RegExp( `^${ secure.replace( /[.]/g, '\\.' ) }/` )
		);
		expect( answer.url ).toBe( `${ secure }/acme/` );

		const batch = await request.post( '/wp-json/svc/v1/updates/check', {
			data: {
				site_url: SITE,
				items: [
					{
						product_slug: product.slug,
						license_key: license.license_key,
						current_version: '1.0.0',
					},
				],
			},
			headers: behindProxy,
		} );
		expect( batch.status(), await batch.text() ).toBe( 200 );
		const item = ( await batch.json() ).items[ 0 ].body;
		expect( item.package ).toMatch(
			new RegExp( `^${ secure.replace( /[.]/g, '\\.' ) }/` )
		);
		expect( item.url ).toBe( `${ secure }/acme/` );

		// With an http home the URLs stay as they are: nothing is made up.
		const plain = await offer( request, query );
		expect( plain.package ).toMatch( /^http:\/\// );
		expect( plain.url ).toBe( `${ own.origin }/acme/` );
	} );
} );
