/**
 * GET /svc/v1/products/{slug}/latest-release: public and read-only, the release the seller's Latest release block
 * shows (the published release of the product's current version), for the client SDK's "View details" of an
 * up-to-date plugin. No key; a slug no product on sale has is 404 product_not_found.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const ADMIN = '/wp-json/svc/v1/admin';
const latest = ( slug: string ) =>
	`/wp-json/svc/v1/products/${ slug }/latest-release`;

test( 'a product’s latest public release, null before its first publish, and 404 for a slug not on sale', async ( {
	request,
} ) => {
	const headers = await keyHeaders( request );
	const name = `Latest ${ randomUUID().slice( 0, 8 ) }`;
	const created = await request.post( `${ ADMIN }/products`, {
		headers,
		data: { name, requires_wp: '6.2', requires_php: '7.4' },
	} );
	expect( created.status(), await created.text() ).toBe( 201 );
	const product = await created.json();

	const before = await request.get( latest( product.slug ) );
	expect( before.status(), await before.text() ).toBe( 200 );
	expect( await before.json() ).toEqual( {
		product: { name, slug: product.slug },
		release: null,
	} );

	for ( const [ version, changelog ] of [
		[ '1.0.0', '<h4>1.0.0</h4><p>First</p>' ],
		[ '1.1.0', '<h4>1.1.0</h4><p>Second</p>' ],
	] ) {
		const uploaded = await request.post(
			`${ ADMIN }/products/${ product.id }/releases`,
			{
				headers,
				multipart: {
					version,
					changelog,
					tested: '6.7',
					package: {
						name: `p-${ version }.zip`,
						mimeType: 'application/zip',
						buffer: makeZip( {
							'p/p.php': `<?php // ${ version }`,
						} ),
					},
				},
			}
		);
		expect( uploaded.status(), await uploaded.text() ).toBe( 201 );
	}
	const answer = await request.get( latest( product.slug ) );
	expect( answer.status() ).toBe( 200 );
	const body = await answer.json();
	expect( body.product ).toEqual( { name, slug: product.slug } );
	expect( body.release ).toMatchObject( {
		version: '1.1.0',
		requires_wp: '6.2',
		requires_php: '7.4',
		tested: '6.7',
		changelog: '<h4>1.1.0</h4><p>Second</p>',
	} );
	expect( typeof body.release.released ).toBe( 'string' );
	expect( Object.keys( body.release ).sort() ).toEqual( [
		'changelog',
		'released',
		'requires_php',
		'requires_wp',
		'tested',
		'version',
	] );

	await expectError(
		await request.get( latest( `no-such-${ product.slug }` ) ),
		404,
		'product_not_found'
	);
	const off = await request.put( `${ ADMIN }/products/${ product.id }`, {
		headers,
		data: { is_active: false },
	} );
	expect( off.status(), await off.text() ).toBe( 200 );
	await expectError(
		await request.get( latest( product.slug ) ),
		404,
		'product_not_found'
	);
} );
