/**
 * Hostile: an admin API key scoped to product A, turned on everything of product B through every admin route
 * and method in the route list. Each answer is a refusal, or a success that shows nothing of B; afterwards B's
 * product, licence, activations, release and price read back exactly as before.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createApiKey, keyHeaders } from '../fixtures/test-helpers';
import {
	discoverEndpoints,
	expectSafeAnswer,
	isAdmin,
	pathOf,
	reportCoverage,
} from './routes';

const ADMIN = '/wp-json/svc/v1/admin';

async function makeProduct(
	request: APIRequestContext,
	headers: Record< string, string >,
	tag: string
) {
	const post = async ( path: string, data: unknown ) => {
		const response = await request.post( `${ ADMIN }/${ path }`, {
			headers,
			data,
		} );
		expect( response.status(), path ).toBe( 201 );
		return response.json();
	};
	const product = await post( 'products', { name: `scope ${ tag }` } );
	const license = await post( 'licenses', {
		product_id: product.id,
		customer_email: `${ tag }@example.com`,
		customer_name: `Owner ${ tag }`,
		activation_limit: 3,
	} );
	const activated = await request.post( '/wp-json/svc/v1/licenses/activate', {
		data: {
			license_key: license.license_key,
			product_slug: product.slug,
			site_url: `${ tag }.example.com`,
		},
	} );
	expect( activated.status() ).toBe( 200 );
	const release = await post( `products/${ product.id }/releases`, {
		version: '2.0.0',
		package_url: `https://downloads.example.com/${ tag }.zip`,
		package_sha256: 'b'.repeat( 64 ),
		publish: true,
	} );
	const price = await post( 'prices', {
		product_id: product.id,
		processor_price_id: `price_${ tag }`,
	} );
	return {
		tag,
		product,
		license,
		release,
		price,
		activation: ( await activated.json() ).activation_id as number,
	};
}

test( 'hostile: a key scoped to one product reaches nothing of another', async ( {
	request,
} ) => {
	test.setTimeout( 120_000 );
	const admin = await keyHeaders( request, 'admin' );
	const mine = await makeProduct(
		request,
		admin,
		`a${ randomUUID().slice( 0, 8 ) }`
	);
	const theirs = await makeProduct(
		request,
		admin,
		`b${ randomUUID().slice( 0, 8 ) }`
	);
	const scoped = await keyHeaders( request, 'admin', mine.product.id );
	// An unscoped key of the site: the scoped key must not revoke it.
	const victim = await createApiKey( request, {
		permissions: 'read',
		label: 'victim',
	} );

	const snapshot = async () => {
		const read = async ( path: string ) =>
			(
				await request.get( `${ ADMIN }/${ path }`, { headers: admin } )
			).json();
		return {
			product: await read( `products/${ theirs.product.id }` ),
			license: await read( `licenses/${ theirs.license.id }` ),
			activations: await read(
				`licenses/${ theirs.license.id }/activations`
			),
			release: await read( `releases/${ theirs.release.id }` ),
			price: await read( `prices/${ theirs.price.id }` ),
			licenses: (
				await read( `licenses?product_id=${ theirs.product.id }` )
			).total,
		};
	};
	const before = await snapshot();

	const ids: Record< string, number > = {
		products: theirs.product.id,
		licenses: theirs.license.id,
		activations: theirs.activation,
		releases: theirs.release.id,
		prices: theirs.price.id,
		'api-keys': victim.id,
	};
	// A body aimed at B for whatever the route creates or changes.
	const body = {
		product_id: theirs.product.id,
		name: 'taken over',
		label: 'taken over',
		customer_email: `${ theirs.tag }@example.com`,
		email: `${ theirs.tag }@example.com`,
		processor_price_id: `price_taken_${ theirs.tag }`,
		version: '9.9.9',
		package_url: 'https://downloads.example.com/taken.zip',
		package_sha256: 'c'.repeat( 64 ),
		permissions: 'admin',
		status: 'revoked',
		rollout: 0,
		remove_on_uninstall: true,
		confirm: 'taken over',
		url: 'https://hooks.example.com/taken',
		event_types: [ 'license.created' ],
		dismissed: true,
		// A move of their activated site (issue 44).
		from_site_url: `${ theirs.tag }.example.com`,
		site_url: `taken-${ theirs.tag }.example.com`,
	};
	const endpoints = ( await discoverEndpoints( request ) ).filter( ( e ) =>
		isAdmin( e.route )
	);
	let refused = 0;
	let answeredWithoutTheirs = 0;
	for ( const endpoint of endpoints ) {
		const values: Record< string, number > = {};
		for ( const match of endpoint.route.matchAll(
			/([a-z-]+)\/\(\?P<(\w+)>/g
		) ) {
			values[ match[ 2 ] ] = ids[ match[ 1 ] ] ?? theirs.product.id;
		}
		const url = pathOf( endpoint.route, values );
		const label = `${ endpoint.method } ${ url } with a key of product ${ mine.product.id }`;
		const query =
			endpoint.method === 'GET'
				? // site: what GET /admin/explain needs to look (their activated site).
					`?product_id=${ theirs.product.id }&search=${ theirs.tag }&site=${ theirs.tag }.example.com`
				: '';
		const response = await request.fetch( url + query, {
			method: endpoint.method,
			headers: scoped,
			data: endpoint.method === 'GET' ? undefined : body,
		} );
		await expectSafeAnswer( response, label, false );
		if ( response.status() >= 400 ) {
			expect(
				[ 403, 404 ],
				`${ label }: ${ await response.text() }`
			).toContain( response.status() );
			refused++;
			continue;
		}
		const text = ( await response.text() ).toLowerCase();
		for ( const marker of [ theirs.tag, `scope ${ theirs.tag }` ] ) {
			expect( text, `${ label } shows product B` ).not.toContain(
				marker
			);
		}
		answeredWithoutTheirs++;
	}
	expect( await snapshot(), 'product B after every call' ).toEqual( before );
	reportCoverage(
		'scoped key against another product',
		`${ endpoints.length } admin route × method pairs: ${ refused } refused, ${ answeredWithoutTheirs } answered without product B's data; product B unchanged`
	);
} );
