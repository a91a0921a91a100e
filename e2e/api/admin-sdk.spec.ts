/**
 * GET /admin/sdk: the client SDK as a zip, built from the copy the plugin ships (plugin/sdk/, made by its build
 * from sdk/): one top folder, no lint files, the version in the file name and in the entry file; refused
 * without the read level; served as well by a site whose plugin is a copy, not a link to the checkout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIResponse } from '@playwright/test';
import { makeCallers, signIn, type CallerName } from '../fixtures/callers';
import { ADMIN, copySite } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';
import { SDK_DIR, checkoutSdkVersion, sdkVersionOf } from '../fixtures/sdk';
import { readZip } from '../fixtures/zip';
import { publishedKeys } from '../fixtures/lease';

const SDK = SDK_DIR;
const DEV_FILES = [ 'phpcs.xml.dist', 'phpstan.neon.dist' ];

/** The checkout's SDK files as the zip should name them. */
const expectedEntries = (): string[] =>
	fs
		.readdirSync( SDK, { recursive: true, withFileTypes: true } )
		.filter( ( entry ) => entry.isFile() )
		.map( ( entry ) =>
			path.relative( SDK, path.join( entry.parentPath, entry.name ) )
		)
		.filter( ( name ) => ! DEV_FILES.includes( name ) )
		.map(
			( name ) =>
				`svc-licensing-client/${ name.split( path.sep ).join( '/' ) }`
		)
		// Written into each download: the site's lease keys (docs/leases.md).
		.concat( 'svc-licensing-client/trusted-keys.php' )
		.sort();

/** The keys trusted-keys.php returns, read from its `'<kid>' => '<key>',` lines. */
const trustedKeys = ( source: string ): Record< string, string > =>
	Object.fromEntries(
		[ ...source.matchAll( /^\t'([\w-]+)' => '([\w-]+)',$/gm ) ].map(
			( match ) => [ match[ 1 ], match[ 2 ] ]
		)
	);

async function expectSdkZip( response: APIResponse ): Promise< void > {
	expect( response.status(), await response.text() ).toBe( 200 );
	const version = checkoutSdkVersion();
	const headers = response.headers();
	expect( headers[ 'content-type' ] ).toBe( 'application/zip' );
	expect( headers[ 'content-disposition' ] ).toBe(
		`attachment; filename="svc-licensing-client-${ version }.zip"`
	);
	const zip = readZip( await response.body() );
	expect( zip.tested, 'unzip -t passes' ).toBe( true );
	expect( zip.names ).toContain(
		'svc-licensing-client/svc-licensing-client.php'
	);
	expect( zip.names ).toContain( 'svc-licensing-client/README.md' );
	expect( zip.names ).toContain( 'svc-licensing-client/src/autoload.php' );
	for ( const dev of DEV_FILES ) {
		expect( zip.names.join( '\n' ) ).not.toContain( dev );
	}
	expect( [ ...zip.names ].sort() ).toEqual( expectedEntries() );
	const entry = zip.text( 'svc-licensing-client/svc-licensing-client.php' );
	expect( sdkVersionOf( entry ) ).toBe( version );
	expect( entry ).toBe(
		fs.readFileSync( path.join( SDK, 'svc-licensing-client.php' ), 'utf8' )
	);
}

test.describe( 'admin SDK download', () => {
	test( "the zip's trusted-keys.php returns the active and next lease keys /keys publishes", async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request );
		const download = async () =>
			trustedKeys(
				readZip(
					await (
						await request.get( '/wp-json/svc/v1/admin/sdk', {
							headers,
						} )
					).body()
				).text( 'svc-licensing-client/trusted-keys.php' )
			);
		const published = async () =>
			Object.fromEntries(
				( await publishedKeys( request ) )
					.filter( ( key ) => key.status !== 'retired' )
					.map( ( key ) => [ key.kid, key.public_key ] )
			);
		const before = await published();
		expect( Object.keys( before ) ).toHaveLength( 1 );
		expect( await download() ).toEqual( before );

		const prepared = await request.post(
			'/wp-json/svc/v1/admin/lease-keys',
			{ headers }
		);
		expect( prepared.status() ).toBe( 201 );
		const next = await prepared.json();
		try {
			const both = await published();
			expect( Object.keys( both ) ).toHaveLength( 2 );
			expect( both[ next.kid ] ).toBe( next.public_key );
			expect( await download() ).toEqual( both );
		} finally {
			expect(
				(
					await request.delete(
						`/wp-json/svc/v1/admin/lease-keys/${ next.kid }`,
						{ headers }
					)
				).status()
			).toBe( 204 );
		}
		expect( await download() ).toEqual( before );
	} );

	test( 'a read key gets the SDK zip: one top folder, no lint files, the version in its name and entry file', async ( {
		request,
	} ) => {
		await expectSdkZip(
			await request.get( '/wp-json/svc/v1/admin/sdk', {
				headers: await keyHeaders( request, 'read' ),
			} )
		);
	} );

	test( 'HEAD answers the headers without a body', async ( { request } ) => {
		const response = await request.head( '/wp-json/svc/v1/admin/sdk', {
			headers: await keyHeaders( request, 'read' ),
		} );
		expect( response.status() ).toBe( 200 );
		expect( response.headers()[ 'content-type' ] ).toBe(
			'application/zip'
		);
		expect( ( await response.body() ).length ).toBe( 0 );
	} );

	test( 'permission matrix: the read level is enough, no caller or no level is refused', async ( {
		request,
	} ) => {
		const other = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers: await keyHeaders( request ),
				data: { name: `sdk-other-${ Date.now() }` },
			} )
		).json();
		const expected: Record< CallerName, number > = {
			none: 401,
			'read key': 200,
			'write key': 200,
			'admin key': 200,
			'key of another product': 200,
			'revoked key': 401,
			'cookie without nonce': 401,
			'cookie with nonce': 200,
			'subscriber cookie with nonce': 403,
		};
		for ( const caller of await makeCallers( request, other.id ) ) {
			const response = await caller.context.get(
				'/wp-json/svc/v1/admin/sdk',
				{ headers: caller.headers }
			);
			if ( expected[ caller.name ] === 200 ) {
				await expectSdkZip( response );
			} else {
				await expectError(
					response,
					expected[ caller.name ],
					expected[ caller.name ] === 401
						? 'unauthorized'
						: 'forbidden'
				);
			}
		}
	} );

	test( 'the copy site, whose plugin folder is a copy and has no checkout beside it, serves the same zip', async () => {
		// Signed in, not with an API key: a key would be a row in the copy site, which the backup spec needs empty.
		const admin = await signIn(
			ADMIN.user,
			ADMIN.password,
			copySite.baseURL
		);
		try {
			await expectSdkZip(
				await admin.context.get( '/wp-json/svc/v1/admin/sdk', {
					headers: { 'X-WP-Nonce': admin.nonce },
				} )
			);
		} finally {
			await admin.context.dispose();
		}
	} );
} );
