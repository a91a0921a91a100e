/**
 * The editor side's product picker, shared by the blocks that show one product: the admin API's product list
 * (through @wordpress/api-fetch, which carries the editor's REST nonce), every page of it, and a select in the
 * block's settings where a product the block cannot use is listed but disabled, with the reason beside its name.
 */
import apiFetch from '@wordpress/api-fetch';
import { SelectControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { Product } from '../../src/api/types';

export type { Product };

export type ProductList =
	| { state: 'loading' }
	| { state: 'failed'; message: string }
	| { state: 'ready'; products: Product[] };

const PER_PAGE = 100;

/** Every product the signed-in user may see, by name. */
async function allProducts(): Promise< Product[] > {
	const products: Product[] = [];
	for ( let page = 1; ; page++ ) {
		const response = ( await apiFetch( {
			path: `/svc/v1/admin/products?per_page=${ PER_PAGE }&page=${ page }`,
			parse: false,
		} ) ) as Response;
		products.push( ...( ( await response.json() ) as Product[] ) );
		const pages = Number( response.headers.get( 'X-WP-TotalPages' ) ?? 1 );
		if ( page >= pages ) {
			break;
		}
	}
	return products.sort( ( a, b ) => a.name.localeCompare( b.name ) );
}

/** The product list, loaded once per editor instance of a block. */
export function useProducts(): ProductList {
	const [ list, setList ] = useState< ProductList >( { state: 'loading' } );
	useEffect( () => {
		let live = true;
		allProducts().then(
			( products ) => live && setList( { state: 'ready', products } ),
			( error: unknown ) => {
				const message =
					error instanceof Response
						? __(
								'The products could not be loaded: your account may not manage the licence service.',
								'svc-licensing'
							)
						: __(
								'The products could not be loaded. Reload the editor to try again.',
								'svc-licensing'
							);
				if ( live ) {
					setList( { state: 'failed', message } );
				}
			}
		);
		return () => {
			live = false;
		};
	}, [] );
	return list;
}

/** The picked product, when the list has it. */
export const pickedProduct = (
	list: ProductList,
	id: number
): Product | undefined =>
	list.state === 'ready'
		? list.products.find( ( product ) => product.id === id )
		: undefined;

/**
 * The product select of a block's settings. `reasonFor` answers why a product cannot be picked (shown after
 * its name, and the option disabled), or null when it can.
 */
export function ProductPicker( {
	list,
	value,
	onChange,
	reasonFor,
	help,
}: {
	list: ProductList;
	value: number;
	onChange: ( id: number ) => void;
	reasonFor: ( product: Product ) => string | null;
	help: string;
} ) {
	if ( list.state === 'failed' ) {
		return <p role="alert">{ list.message }</p>;
	}
	const products = list.state === 'ready' ? list.products : [];
	return (
		<SelectControl
			__nextHasNoMarginBottom
			label={ __( 'Product', 'svc-licensing' ) }
			help={ help }
			value={ String( value ) }
			disabled={ list.state === 'loading' }
			onChange={ ( id: string ) => onChange( Number( id ) ) }
			options={ [
				{
					label:
						list.state === 'loading'
							? __( 'Loading products…', 'svc-licensing' )
							: __( 'Pick a product', 'svc-licensing' ),
					value: '0',
					disabled: true,
				},
				...products.map( ( product ) => {
					const reason = reasonFor( product );
					return {
						label:
							reason === null
								? product.name
								: `${ product.name } — ${ reason }`,
						value: String( product.id ),
						disabled: reason !== null,
					};
				} ),
			] }
		/>
	);
}
