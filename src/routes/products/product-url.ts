/**
 * Where the Products screen is: the list, or one product's page and its tab (`product=<id>&tab=<tab>`). Opening a
 * product and switching tabs push a history entry, so Back and Forward step through them and a reload or a shared
 * link opens the same page; the screen re-renders on popstate.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';

export const PRODUCT_TABS = [
	'details',
	'releases',
	'pricing',
	'integrate',
] as const;
export type ProductTab = ( typeof PRODUCT_TABS )[ number ];

export interface ProductPlace {
	/** The product's id, or null on the list. */
	product: number | null;
	tab: ProductTab;
}

/** Reads the place from a query string. */
export function placeOf( search: string ): ProductPlace {
	const args = new URLSearchParams( search );
	const id = Number( args.get( 'product' ) ?? '' );
	const tab = args.get( 'tab' ) ?? '';
	return {
		product: Number.isInteger( id ) && id > 0 ? id : null,
		tab: ( PRODUCT_TABS as readonly string[] ).includes( tab )
			? ( tab as ProductTab )
			: 'details',
	};
}

/** The query string of a place, keeping the other arguments (page=…) of the current one. */
export function searchOf( search: string, place: ProductPlace ): string {
	const args = new URLSearchParams( search );
	if ( place.product === null ) {
		args.delete( 'product' );
		args.delete( 'tab' );
	} else {
		args.set( 'product', String( place.product ) );
		args.set( 'tab', place.tab );
	}
	return `?${ args.toString() }`;
}

export function useProductPlace(): [
	ProductPlace,
	( place: ProductPlace ) => void,
] {
	const [ place, setPlace ] = useState( () =>
		placeOf( window.location.search )
	);
	useEffect( () => {
		const follow = () => setPlace( placeOf( window.location.search ) );
		window.addEventListener( 'popstate', follow );
		return () => window.removeEventListener( 'popstate', follow );
	}, [] );
	const go = useCallback( ( next: ProductPlace ) => {
		const search = searchOf( window.location.search, next );
		if ( search !== window.location.search ) {
			window.history.pushState( null, '', search );
		}
		setPlace( next );
	}, [] );
	return [ place, go ];
}

/** The href of a product's page (for a real link: open in a new tab, copy the address). */
export const productHref = ( id: number, tab: ProductTab = 'details' ) =>
	searchOf( window.location.search, { product: id, tab } );
