/**
 * The licence screen's state in the page's query string: the list's view (status, preset, search, filters, sort,
 * page) and the open licence. A real navigation (a view, a filter, a page, opening a licence) pushes a history
 * entry, typing in the search replaces it, and Back/Forward re-render from the URL.
 *
 * Same shape as the foundation's useQueryState( names ), which replaces this once it lands.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';

export type QueryArgs = Record< string, string | undefined >;

function read( names: readonly string[] ): QueryArgs {
	const params = new URLSearchParams( window.location.search );
	const args: QueryArgs = {};
	for ( const name of names ) {
		const value = params.get( name );
		if ( value !== null && value !== '' ) {
			args[ name ] = value;
		}
	}
	return args;
}

/** The URL of the current page with these arguments set (undefined or '' removes one). */
export function urlWith( args: QueryArgs ): string {
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

const listeners = new Set< () => void >();

export function useQueryState(
	names: readonly string[]
): [ QueryArgs, ( args: QueryArgs, options?: { push?: boolean } ) => void ] {
	const key = names.join( ',' );
	const [ args, setState ] = useState< QueryArgs >( () => read( names ) );
	useEffect( () => {
		const sync = () => setState( read( key.split( ',' ) ) );
		window.addEventListener( 'popstate', sync );
		listeners.add( sync );
		return () => {
			window.removeEventListener( 'popstate', sync );
			listeners.delete( sync );
		};
	}, [ key ] );
	const setArgs = useCallback(
		( next: QueryArgs, options: { push?: boolean } = {} ) => {
			const url = urlWith( next );
			if ( url === window.location.href ) {
				return;
			}
			if ( options.push ) {
				window.history.pushState( null, '', url );
			} else {
				window.history.replaceState( window.history.state, '', url );
			}
			listeners.forEach( ( listener ) => listener() );
		},
		[]
	);
	return [ args, setArgs ];
}
