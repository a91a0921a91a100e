/**
 * Where the Products screen is: the list, or one product's page and its tab (`product=<id>&tab=<tab>`). Opening a
 * product and switching tabs push a history entry, so Back and Forward step through them and a reload or a shared
 * link opens the same page (the panel's useQueryState, which re-renders on popstate).
 */
import { useCallback, useMemo } from '@wordpress/element';
import { useQueryState } from '../../components/url-state';

const NAMES = [ 'product', 'tab' ] as const;

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
	const [ args, setArgs ] = useQueryState( NAMES );
	const place = useMemo(
		() =>
			placeOf(
				searchOf( '', {
					product: Number( args.product ) || null,
					tab: ( args.tab ?? 'details' ) as ProductTab,
				} )
			),
		[ args.product, args.tab ]
	);
	const go = useCallback(
		( next: ProductPlace ) =>
			setArgs(
				next.product === null
					? { product: null, tab: null }
					: { product: String( next.product ), tab: next.tab },
				{ push: true }
			),
		[ setArgs ]
	);
	return [ place, go ];
}

/** The href of a product's page (for a real link: open in a new tab, copy the address). */
export const productHref = ( id: number, tab: ProductTab = 'details' ) =>
	searchOf( window.location.search, { product: id, tab } );
