/**
 * The Integrate tab's text: the seller's one call to the client SDK for a product, and the SDK download link.
 */

/** A PHP single-quoted string literal. */
const phpString = ( value: string ) =>
	`'${ value.replace( /\\/g, '\\\\' ).replace( /'/g, "\\'" ) }'`;

/**
 * The call, as sdk/README.md shows it: `server` is this site's home address; the SDK assumes the API at
 * `<server>/wp-json/svc/v1`, so `rest_root` is added only where this site's REST root is elsewhere (plain
 * permalinks answer at `?rest_route=`, a filter can rename the prefix).
 */
export function integrationSnippet( {
	homeUrl,
	restUrl,
	slug,
}: {
	/** home_url() */
	homeUrl: string;
	/** rest_url(), with its trailing slash. */
	restUrl: string;
	slug: string;
} ): string {
	const server = homeUrl.replace( /\/+$/, '' );
	const root = `${ restUrl }svc/v1`;
	const fields: [ string, string ][] = [
		[ 'server', phpString( server ) ],
		...( root === `${ server }/wp-json/svc/v1`
			? []
			: [ [ 'rest_root', phpString( root ) ] as [ string, string ] ] ),
		[ 'product', phpString( slug ) ],
		[ 'file', '__FILE__' ],
	];
	const width = Math.max( ...fields.map( ( [ key ] ) => key.length ) ) + 2;
	return [
		"require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';",
		'svc_licensing_client(',
		'\tarray(',
		...fields.map(
			( [ key, value ] ) =>
				`\t\t${ `'${ key }'`.padEnd( width ) } => ${ value },`
		),
		'\t)',
		');',
	].join( '\n' );
}

/** GET /svc/v1/admin/sdk as a link the browser follows with the admin's cookie and the REST nonce. */
export function sdkDownloadUrl( restUrl: string, nonce: string ): string {
	return restFileUrl( restUrl, nonce, 'svc/v1/admin/sdk' );
}

/**
 * A link to a REST route that answers with a file (the SDK, a release's package), with the REST nonce in the
 * URL, as a link cannot send the header: works with pretty permalinks and with ?rest_route=.
 */
export function restFileUrl(
	restUrl: string,
	nonce: string,
	route: string
): string {
	const url = new URL( restUrl );
	const base = url.searchParams.get( 'rest_route' );
	if ( base !== null ) {
		url.searchParams.set( 'rest_route', `${ base }${ route }` );
	} else {
		url.pathname = `${ url.pathname }${ route }`;
	}
	url.searchParams.set( '_wpnonce', nonce );
	return url.toString();
}
