/**
 * The latest-release block in the editor: the product picker, what to show, and a preview of the product's
 * current release from the admin API (the page itself is rendered on the server, from the same release).
 */
import apiFetch from '@wordpress/api-fetch';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { Notice, PanelBody, ToggleControl } from '@wordpress/components';
import { RawHTML, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { Release } from '../../src/api/types';
import {
	ProductPicker,
	pickedProduct,
	useProducts,
	type Product,
} from '../shared/products';

export interface LatestReleaseAttributes {
	productId: number;
	showRequirements: boolean;
	showChangelog: boolean;
}

/** Why a product cannot be picked, or null. */
const notOnSale = ( product: Product ): string | null =>
	product.is_active ? null : __( 'Not on sale', 'svc-licensing' );

/** The product's current release: undefined while loading, null when it has none. */
function useCurrentRelease( productId: number ): Release | null | undefined {
	const [ release, setRelease ] = useState< Release | null | undefined >();
	useEffect( () => {
		let live = true;
		setRelease( undefined );
		if ( productId > 0 ) {
			apiFetch< Release[] >( {
				path: `/svc/v1/admin/products/${ productId }/releases`,
			} ).then(
				( releases ) =>
					live &&
					setRelease(
						releases.find( ( item ) => item.is_current ) ?? null
					),
				() => live && setRelease( null )
			);
		}
		return () => {
			live = false;
		};
	}, [ productId ] );
	return release;
}

function Preview( {
	product,
	release,
	attributes,
}: {
	product: Product;
	release: Release | null;
	attributes: LatestReleaseAttributes;
} ) {
	if ( release === null ) {
		return (
			<section>
				<h2 className="wp-block-svc-licensing-latest-release__title">
					{ product.name }
				</h2>
				<p>
					{ __(
						'No release has been published yet.',
						'svc-licensing'
					) }
				</p>
			</section>
		);
	}
	const facts: [ string, string ][] = [
		[ __( 'Version', 'svc-licensing' ), release.version ],
	];
	if ( release.published_at ) {
		facts.push( [
			__( 'Released', 'svc-licensing' ),
			// The page uses the site's date format; the preview, the browser's long date.
			new Date( release.published_at ).toLocaleDateString( undefined, {
				dateStyle: 'long',
			} ),
		] );
	}
	if ( attributes.showRequirements ) {
		for ( const [ label, value ] of [
			[ __( 'Requires WordPress', 'svc-licensing' ), release.requires ],
			[ __( 'Requires PHP', 'svc-licensing' ), release.requires_php ],
			[ __( 'Tested up to', 'svc-licensing' ), release.tested ],
		] ) {
			if ( value ) {
				facts.push( [ label, value ] );
			}
		}
	}
	return (
		<section>
			<h2 className="wp-block-svc-licensing-latest-release__title">
				{ sprintf(
					/* translators: 1: product name, 2: version. */
					__( '%1$s %2$s', 'svc-licensing' ),
					product.name,
					release.version
				) }
			</h2>
			<dl className="wp-block-svc-licensing-latest-release__facts">
				{ facts.map( ( [ label, value ] ) => (
					<div key={ label }>
						<dt>{ label }</dt>
						<dd>{ value }</dd>
					</div>
				) ) }
			</dl>
			{ attributes.showChangelog && release.changelog.trim() !== '' && (
				<>
					<h3 className="wp-block-svc-licensing-latest-release__changelog-title">
						{ __( 'Changelog', 'svc-licensing' ) }
					</h3>
					{ /* Stored through wp_kses_post(), as the page shows it. */ }
					<RawHTML className="wp-block-svc-licensing-latest-release__changelog">
						{ release.changelog }
					</RawHTML>
				</>
			) }
		</section>
	);
}

export default function Edit( {
	attributes,
	setAttributes,
}: {
	attributes: LatestReleaseAttributes;
	setAttributes: ( next: Partial< LatestReleaseAttributes > ) => void;
} ) {
	const blockProps = useBlockProps();
	const list = useProducts();
	const product = pickedProduct( list, attributes.productId );
	const release = useCurrentRelease( product ? product.id : 0 );

	let canvas;
	if ( list.state === 'loading' || ( product && release === undefined ) ) {
		canvas = <p>{ __( 'Loading…', 'svc-licensing' ) }</p>;
	} else if ( ! product || notOnSale( product ) !== null ) {
		canvas = (
			<Notice status="warning" isDismissible={ false }>
				{ product
					? sprintf(
							/* translators: %s: product name. */
							__(
								'%s is not on sale, so visitors see nothing here. Pick another product in the block settings.',
								'svc-licensing'
							),
							product.name
						)
					: __(
							'Pick a product in the block settings to show its latest release.',
							'svc-licensing'
						) }
			</Notice>
		);
	} else {
		canvas = (
			<Preview
				product={ product }
				release={ release ?? null }
				attributes={ attributes }
			/>
		);
	}

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Release', 'svc-licensing' ) }>
					<ProductPicker
						list={ list }
						value={ attributes.productId }
						onChange={ ( productId ) =>
							setAttributes( { productId } )
						}
						reasonFor={ notOnSale }
						help={ __(
							"The page shows this product's current release and follows each publish.",
							'svc-licensing'
						) }
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show requirements', 'svc-licensing' ) }
						checked={ attributes.showRequirements }
						onChange={ ( showRequirements: boolean ) =>
							setAttributes( { showRequirements } )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the changelog', 'svc-licensing' ) }
						checked={ attributes.showChangelog }
						onChange={ ( showChangelog: boolean ) =>
							setAttributes( { showChangelog } )
						}
					/>
				</PanelBody>
			</InspectorControls>
			<div { ...blockProps }>{ canvas }</div>
		</>
	);
}
