/**
 * Screen state kept in the page's query string, so a reload or a shared link opens the same view. Replaces the
 * history entry: the panel's tabs are views of one screen, not pages to step back through.
 */
export const queryArg = ( name: string ): string | null =>
	new URLSearchParams( window.location.search ).get( name );

/** Sets (or, with null, removes) query arguments of the current URL. */
export function setQueryArgs( args: Record< string, string | null > ): void {
	const url = new URL( window.location.href );
	for ( const [ name, value ] of Object.entries( args ) ) {
		if ( value === null ) {
			url.searchParams.delete( name );
		} else {
			url.searchParams.set( name, value );
		}
	}
	window.history.replaceState( window.history.state, '', url );
}
