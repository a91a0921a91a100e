/**
 * The fast lane answers exactly as WordPress does. Each request is sent twice: as it is (the lane answers it
 * when the lane is on) and with WordPress' harmless test cookie, which makes the lane step aside so the full
 * route answers the same request. Status, body and headers must match, except the ones that differ between
 * any two requests (Date, the rate-limit counter, which both requests count, Retry-After, the signed download
 * token in an update offer, whose expiry moves with the clock, and the signed lease, whose issued_at does).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { fastLane } from '../fixtures/env';
import { createLicense, keyHeaders } from '../fixtures/test-helpers';
import { makeZip } from '../fixtures/zip';

const FULL_ROUTE = { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' };
// Differ between any two requests. The test sites' own x-svc-test-* headers are left out too.
const VARYING = [
	'date',
	'x-ratelimit-remaining',
	'retry-after',
	'connection',
	'keep-alive',
	'transfer-encoding',
	'content-length',
	'server',
	'x-powered-by',
	'host',
];
// Signed leases carry issued_at, a second later on the second request when the clock ticks between them: the
// header is compared as present or not, the body without the lease (leases.spec.ts verifies both answers').
const LEASE = 'x-svc-lease';

interface Sent {
	method: 'GET' | 'POST';
	path: string;
	data?: unknown;
	form?: Record< string, string >;
	headers?: Record< string, string >;
}

async function send(
	request: APIRequestContext,
	sent: Sent,
	extra: Record< string, string > = {}
) {
	const answer = await request.fetch( sent.path, {
		method: sent.method,
		data: sent.data,
		form: sent.form,
		headers: { ...sent.headers, ...extra },
	} );
	const headers = Object.fromEntries(
		Object.entries( answer.headers() )
			.filter(
				( [ name ] ) =>
					! VARYING.includes( name ) &&
					! name.startsWith( 'x-svc-test-' )
			)
			.map( ( [ name, value ] ) => [
				name,
				name === LEASE ? '<lease>' : value,
			] )
	);
	return {
		status: answer.status(),
		headers,
		// A download token carries its expiry, a second later on the second request: compared without it.
		body: ( await answer.text() )
			.replace( /token=[A-Za-z0-9._-]+/g, 'token=<signed>' )
			.replace(
				/"lease":"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"/g,
				'"lease":"<lease>"'
			),
		lane: answer.headers()[ 'x-svc-test-lane' ],
	};
}

test( 'the lane and the full route give the same status, body and headers, error cases included', async ( {
	request,
} ) => {
	const slug = `parity-${ randomUUID().slice( 0, 8 ) }`;
	const { license_key, product_id } = await createLicense(
		request,
		{ slug, current_version: '2.0.0' },
		{ activation_limit: 5 }
	);
	const body = {
		license_key,
		product_slug: slug,
		site_url: 'https://parity.example',
	};
	await request.post( '/wp-json/svc/v1/licenses/activate', { data: body } );
	// An install whose copy elsewhere asks without saying what it is (issue 44: moves and clones).
	const install = 'ab'.repeat( 32 );
	await request.post( '/wp-json/svc/v1/licenses/activate', {
		data: {
			...body,
			site_url: 'https://parity-original.example',
			server_fingerprint: install,
		},
	} );
	const copy = {
		...body,
		site_url: 'https://parity-copy.example',
		server_fingerprint: install,
	};
	// A release 2.1.0 with a package, so the update check offers a download link.
	const uploaded = await request.post(
		`/wp-json/svc/v1/admin/products/${ product_id }/releases`,
		{
			headers: await keyHeaders( request ),
			multipart: {
				version: '2.1.0',
				package: {
					name: 'parity.zip',
					mimeType: 'application/zip',
					buffer: makeZip( {
						'parity/parity.php': '<?php // 2.1.0',
					} ),
				},
			},
		}
	);
	expect( uploaded.status(), await uploaded.text() ).toBe( 201 );
	const offer = await (
		await request.get( '/wp-json/svc/v1/updates/check', {
			params: { ...body, current_version: '2.0.0' },
			headers: FULL_ROUTE,
		} )
	).json();
	const packageUrl = new URL( offer.package );

	const cases: Record< string, Sent > = {
		'validate, active': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/validate',
			data: body,
		},
		'validate, unknown key': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/validate',
			data: { ...body, license_key: 'AAAA-BBBB-CCCC-DDDD' },
		},
		'validate, missing fields': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/validate',
			data: { product_slug: slug },
		},
		'validate, malformed JSON': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/validate',
			data: '{"license_key":',
			headers: { 'Content-Type': 'application/json' },
		},
		'validate, as a form': {
			method: 'POST',
			path: '/?rest_route=/svc/v1/licenses/validate',
			form: body,
		},
		'validate, GET': {
			method: 'GET',
			path: '/wp-json/svc/v1/licenses/validate',
		},
		'validate, a REST nonce header without a login': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/validate',
			data: body,
			headers: { 'X-WP-Nonce': 'not-a-nonce' },
		},
		'validate, a REST nonce in a form body without a login': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/validate',
			form: { ...body, _wpnonce: 'not-a-nonce' },
		},
		'activate, already active': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/activate',
			data: body,
		},
		'activate, a copy without an answer': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/activate',
			data: copy,
		},
		'activate, a temporary copy on a host that is not staging': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/activate',
			data: { ...copy, site_change: 'copy' },
		},
		'move, from a site not activated': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/move',
			data: {
				...body,
				from_site_url: 'https://nowhere.example',
				site_url: 'https://parity-new.example',
			},
		},
		'move, the same site': {
			method: 'POST',
			path: '/wp-json/svc/v1/licenses/move',
			data: { ...body, from_site_url: 'http://www.parity.example' },
		},
		'update check': {
			method: 'GET',
			path: `/wp-json/svc/v1/updates/check?${ new URLSearchParams( {
				...body,
				current_version: '1.0.0',
			} ) }`,
		},
		download: {
			method: 'GET',
			path: packageUrl.pathname + packageUrl.search,
		},
		'download, a token that is not': {
			method: 'GET',
			path: `/wp-json/svc/v1/downloads/${ slug }?token=not-a-token`,
		},
		'download, as rest_route': {
			method: 'GET',
			path: `/?rest_route=/svc/v1/downloads/${ slug }&${ packageUrl.searchParams }`,
		},
		'batch update check, with a refused item': {
			method: 'POST',
			path: '/wp-json/svc/v1/updates/check',
			data: {
				site_url: body.site_url,
				items: [
					{ ...body, site_url: undefined, current_version: '1.0.0' },
					{
						product_slug: slug,
						license_key: 'AAAA-BBBB-CCCC-DDDD',
						current_version: '1.0.0',
					},
				],
			},
		},
		'batch update check, too many items': {
			method: 'POST',
			path: '/wp-json/svc/v1/updates/check',
			data: {
				site_url: body.site_url,
				items: Array( 51 ).fill( {
					product_slug: slug,
					license_key,
					current_version: '1.0.0',
				} ),
			},
		},
		'update check, bad version': {
			method: 'GET',
			path: `/wp-json/svc/v1/updates/check?${ new URLSearchParams( {
				...body,
				current_version: 'one',
			} ) }`,
		},
	};
	for ( const [ name, sent ] of Object.entries( cases ) ) {
		const lane = await send( request, sent );
		const full = await send( request, sent, FULL_ROUTE );
		expect( full.lane, `${ name }: the cookie takes the full route` ).toBe(
			'0'
		);
		expect( { name, ...lane, lane: undefined } ).toEqual( {
			name,
			...full,
			lane: undefined,
		} );
	}
	// The lane really answered the plain requests it can answer, so the comparison above compared two paths.
	for ( const name of [
		'validate, active',
		'activate, a copy without an answer',
		'move, from a site not activated',
		'download',
		'update check',
		'batch update check, with a refused item',
	] ) {
		const plain = await send( request, cases[ name ] );
		expect( plain.lane, name ).toBe( fastLane ? '1' : '0' );
	}
} );
