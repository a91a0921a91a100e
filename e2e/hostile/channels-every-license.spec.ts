/**
 * Issue 40, lows, written down as a decision (docs/api-decisions.md, "Release channels are open to every licence"):
 * every channel a product lists is a preview any customer of it may choose for an activated site; there are no
 * seller-only channels. A build for some customers only belongs on a product (or a tier) of its own, which a licence
 * of the first product cannot reach. This spec shows both halves of the rule from one customer's seat.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import { keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const ADMIN = '/wp-json/svc/v1/admin';

async function product(
	request: APIRequestContext,
	headers: Record< string, string >,
	channels: string,
	releases: { version: string; channel: string }[]
): Promise< { id: number; slug: string } > {
	const made = await request.post( `${ ADMIN }/products`, {
		headers,
		data: { name: `Channels ${ randomUUID().slice( 0, 8 ) }`, channels },
	} );
	expect( made.status(), await made.text() ).toBe( 201 );
	const created = await made.json();
	for ( const release of releases ) {
		const uploaded = await request.post(
			`${ ADMIN }/products/${ created.id }/releases`,
			{
				headers,
				multipart: {
					...release,
					package: {
						name: `plugin-${ release.version }.zip`,
						mimeType: 'application/zip',
						buffer: makeZip( {
							'plugin/plugin.php': `<?php // ${ release.version }`,
						} ),
					},
				},
			}
		);
		expect( uploaded.status(), await uploaded.text() ).toBe( 201 );
	}
	return created;
}

test.describe( 'hostile: release channels from one customer’s seat', () => {
	test( 'any channel the product lists is the customer’s to choose; a private build on another product stays out of reach', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const widgets = await product(
			request,
			headers,
			'stable,beta,nightly',
			[
				{ version: '1.0.0', channel: 'stable' },
				{ version: '1.1.0-nightly.1', channel: 'nightly' },
			]
		);
		// The seller's build for one customer: a product of its own.
		const privateBuild = await product( request, headers, 'stable', [
			{ version: '9.0.0', channel: 'stable' },
		] );
		const issued = await request.post( `${ ADMIN }/licenses`, {
			headers,
			data: {
				product_id: widgets.id,
				customer_email: `channels-${ randomUUID().slice( 0, 8 ) }@example.com`,
			},
		} );
		expect( issued.status(), await issued.text() ).toBe( 201 );
		const key = ( await issued.json() ).license_key as string;
		const call = {
			license_key: key,
			product_slug: widgets.slug,
			site_url: 'https://one-customer.example',
		};
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{ data: call }
		);
		expect( activated.status(), await activated.text() ).toBe( 200 );

		// The customer picks the product's last channel, which the seller set on nobody: allowed, and offered.
		const chosen = await request.post( '/wp-json/svc/v1/licenses/channel', {
			data: { ...call, channel: 'nightly' },
		} );
		expect( chosen.status(), await chosen.text() ).toBe( 200 );
		expect( await chosen.json() ).toEqual( {
			channel: 'nightly',
			channels: [ 'stable', 'beta', 'nightly' ],
		} );
		const check = await request.get( '/wp-json/svc/v1/updates/check', {
			params: { ...call, current_version: '1.0.0' },
		} );
		expect( check.status(), await check.text() ).toBe( 200 );
		expect( await check.json() ).toMatchObject( {
			new_version: '1.1.0-nightly.1',
			channel: 'nightly',
		} );

		// A channel the product does not list is refused; the private build's product does not know this key.
		await expectError(
			await request.post( '/wp-json/svc/v1/licenses/channel', {
				data: { ...call, channel: 'private' },
			} ),
			400,
			'invalid_params'
		);
		await expectError(
			await request.get( '/wp-json/svc/v1/updates/check', {
				params: {
					...call,
					product_slug: privateBuild.slug,
					current_version: '1.0.0',
				},
			} ),
			404,
			'license_not_found'
		);
	} );
} );
