import assert from 'node:assert/strict';
import { test } from 'node:test';
import { integrationSnippet, sdkDownloadUrl } from './integrate-snippet';

test( 'pretty permalinks under /wp-json/: the call names the server and the slug, no rest_root', () => {
	assert.equal(
		integrationSnippet( {
			homeUrl: 'https://seller.example',
			restUrl: 'https://seller.example/wp-json/',
			slug: 'acme-widgets',
		} ),
		[
			"require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';",
			'svc_licensing_client(',
			'\tarray(',
			"\t\t'server'  => 'https://seller.example',",
			"\t\t'product' => 'acme-widgets',",
			"\t\t'file'    => __FILE__,",
			'\t)',
			');',
		].join( '\n' )
	);
} );

test( 'a home in a folder keeps the folder, and a trailing slash is dropped', () => {
	const snippet = integrationSnippet( {
		homeUrl: 'https://seller.example/shop/',
		restUrl: 'https://seller.example/shop/wp-json/',
		slug: 'gallery',
	} );
	assert.match(
		snippet,
		/'server' {2}=> 'https:\/\/seller\.example\/shop',/
	);
	assert.doesNotMatch( snippet, /rest_root/ );
} );

test( 'plain permalinks (?rest_route=) or another REST prefix: rest_root names the /svc/v1 root', () => {
	const plain = integrationSnippet( {
		homeUrl: 'http://localhost:8889',
		restUrl: 'http://localhost:8889/?rest_route=/',
		slug: 'acme-widgets',
	} );
	assert.match(
		plain,
		/\t\t'rest_root' => 'http:\/\/localhost:8889\/\?rest_route=\/svc\/v1',\n/
	);
	assert.match( plain, /\t\t'server' {4}=> 'http:\/\/localhost:8889',\n/ );
	const prefixed = integrationSnippet( {
		homeUrl: 'https://seller.example',
		restUrl: 'https://seller.example/api/',
		slug: 'x',
	} );
	assert.match(
		prefixed,
		/'rest_root' => 'https:\/\/seller\.example\/api\/svc\/v1'/
	);
} );

test( 'quotes and backslashes cannot end the PHP string', () => {
	const snippet = integrationSnippet( {
		homeUrl: "https://seller.example/o'brien\\",
		restUrl: "https://seller.example/o'brien\\/wp-json/",
		slug: 'x',
	} );
	assert.match(
		snippet,
		/'server' {2}=> 'https:\/\/seller\.example\/o\\'brien\\\\',/
	);
} );

test( 'the download link carries the REST nonce, for either form of REST root', () => {
	assert.equal(
		sdkDownloadUrl( 'https://seller.example/wp-json/', 'abc123' ),
		'https://seller.example/wp-json/svc/v1/admin/sdk?_wpnonce=abc123'
	);
	assert.equal(
		sdkDownloadUrl( 'http://localhost:8889/?rest_route=/', 'abc123' ),
		'http://localhost:8889/?rest_route=%2Fsvc%2Fv1%2Fadmin%2Fsdk&_wpnonce=abc123'
	);
} );
