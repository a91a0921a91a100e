/**
 * The free-trial block in the editor: the product picker (only products with trials on can be picked) and a
 * preview of the visitor's form, or a notice saying why there is none.
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import {
	Notice,
	PanelBody,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useId } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	ProductPicker,
	pickedProduct,
	useProducts,
	type Product,
} from '../shared/products';

export interface FreeTrialAttributes {
	productId: number;
	showName: boolean;
	buttonLabel: string;
}

const TRIALS_OFF = __( 'Trials are off for this product', 'svc-licensing' );

/** Why a product cannot be picked, or null. */
export function trialRefusal( product: Product ): string | null {
	if ( ! product.is_active ) {
		return __( 'Not on sale', 'svc-licensing' );
	}
	return product.trial_enabled && product.trial_days > 0 ? null : TRIALS_OFF;
}

export default function Edit( {
	attributes,
	setAttributes,
}: {
	attributes: FreeTrialAttributes;
	setAttributes: ( next: Partial< FreeTrialAttributes > ) => void;
} ) {
	const blockProps = useBlockProps();
	const id = useId();
	const list = useProducts();
	const product = pickedProduct( list, attributes.productId );
	const refusal = product ? trialRefusal( product ) : null;

	let canvas;
	if ( list.state === 'loading' ) {
		canvas = <p>{ __( 'Loading products…', 'svc-licensing' ) }</p>;
	} else if ( ! product ) {
		canvas = (
			<Notice status="warning" isDismissible={ false }>
				{ attributes.productId > 0 && list.state === 'ready'
					? __(
							'The product of this trial form no longer exists. Pick another one in the block settings.',
							'svc-licensing'
						)
					: __(
							'Pick a product with trials on in the block settings: the form shows once a product is picked.',
							'svc-licensing'
						) }
			</Notice>
		);
	} else if ( refusal !== null ) {
		canvas = (
			<Notice status="warning" isDismissible={ false }>
				{ sprintf(
					/* translators: 1: product name, 2: the reason, such as "Trials are off for this product". */
					__(
						'%1$s: %2$s. Visitors see no form until you switch trials on in Licence Service → Products, or pick another product.',
						'svc-licensing'
					),
					product.name,
					refusal
				) }
			</Notice>
		);
	} else {
		canvas = (
			<form
				className="wp-block-svc-licensing-free-trial__form"
				aria-label={ sprintf(
					/* translators: %s: product name. */
					__( 'Free trial of %s (preview)', 'svc-licensing' ),
					product.name
				) }
				onSubmit={ ( event ) => event.preventDefault() }
			>
				<p className="wp-block-svc-licensing-free-trial__field">
					<label htmlFor={ `${ id }-email` }>
						{ __( 'Email address', 'svc-licensing' ) }
					</label>
					<input id={ `${ id }-email` } type="email" disabled />
				</p>
				{ attributes.showName && (
					<p className="wp-block-svc-licensing-free-trial__field">
						<label htmlFor={ `${ id }-name` }>
							{ __( 'Name (optional)', 'svc-licensing' ) }
						</label>
						<input id={ `${ id }-name` } type="text" disabled />
					</p>
				) }
				<p className="wp-block-svc-licensing-free-trial__submit">
					<button
						type="submit"
						className="wp-element-button"
						disabled
					>
						{ attributes.buttonLabel ||
							__( 'Start my free trial', 'svc-licensing' ) }
					</button>
				</p>
			</form>
		);
	}

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Trial', 'svc-licensing' ) }>
					<ProductPicker
						list={ list }
						value={ attributes.productId }
						onChange={ ( productId ) =>
							setAttributes( { productId } )
						}
						reasonFor={ trialRefusal }
						help={ sprintf(
							/* translators: %s: "Trials are off for this product". */
							__(
								'Visitors get a trial of this product. Products marked "%s" cannot be picked: switch trials on in Licence Service → Products.',
								'svc-licensing'
							),
							TRIALS_OFF
						) }
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Ask for a name', 'svc-licensing' ) }
						help={ __(
							'An optional name field beside the email address.',
							'svc-licensing'
						) }
						checked={ attributes.showName }
						onChange={ ( showName: boolean ) =>
							setAttributes( { showName } )
						}
					/>
					<TextControl
						__nextHasNoMarginBottom
						label={ __( 'Button label', 'svc-licensing' ) }
						placeholder={ __(
							'Start my free trial',
							'svc-licensing'
						) }
						value={ attributes.buttonLabel }
						onChange={ ( buttonLabel: string ) =>
							setAttributes( { buttonLabel } )
						}
					/>
				</PanelBody>
			</InspectorControls>
			<div { ...blockProps }>{ canvas }</div>
		</>
	);
}
