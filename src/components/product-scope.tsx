/**
 * The product a thing is limited to, or every product: one select for the forms that scope by product (API
 * keys, outbound webhook endpoints). Its value is the product's id as text, '' for all products.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { Product } from '../api/types';

export function ProductScopeSelect( {
	label,
	help,
	products,
	value,
	onChange,
}: {
	label: string;
	help?: string;
	products: Product[];
	value: string;
	onChange: ( value: string ) => void;
} ) {
	return (
		<SelectControl
			label={ label }
			help={ help }
			value={ value }
			options={ [
				{ value: '', label: __( 'All products', 'svc-licensing' ) },
				...products.map( ( product ) => ( {
					value: String( product.id ),
					label: product.name,
				} ) ),
			] }
			onChange={ onChange }
			__nextHasNoMarginBottom
		/>
	);
}
