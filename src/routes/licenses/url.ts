/**
 * Links within the licence screen: the current URL with some query arguments changed, for an <a href> that
 * opens in a new tab as it would in this one (the click itself goes through useQueryState).
 */

/** The URL of the current page with these arguments set (undefined or '' removes one). */
export function urlWith( args: Record< string, string | undefined > ): string {
	const url = new URL( window.location.href );
	for ( const [ name, value ] of Object.entries( args ) ) {
		if ( value === undefined || value === '' ) {
			url.searchParams.delete( name );
		} else {
			url.searchParams.set( name, value );
		}
	}
	return url.toString();
}
