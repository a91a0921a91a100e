/**
 * Tiers (what a licence grants) and prices (a processor price mapped to product, tier and limit).
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product } from '../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { useNotify } from '../../components/notices';

export function Catalog( {
	client,
	products,
}: {
	client: ServiceClient;
	products: Product[];
} ) {
	const notify = useNotify();
	const [ loaded, reload ] = useLoad(
		() => Promise.all( [ client.tiers(), client.prices() ] ),
		[]
	);
	const [ label, setLabel ] = useState( '' );
	const [ features, setFeatures ] = useState( '' );
	const [ price, setPrice ] = useState( {
		processor_price_id: '',
		product_id: String( products[ 0 ]?.id ?? '' ),
		tier_id: '',
		activation_limit: '1',
		period: 'year' as 'month' | 'year' | 'lifetime',
	} );
	const act = ( run: Promise< unknown >, message: string ) =>
		run.then(
			() => {
				notify.success( message );
				reload();
			},
			( error ) => notify.error( error )
		);

	if ( loaded.kind === 'loading' ) {
		return <Loading />;
	}
	if ( loaded.kind === 'error' ) {
		return <LoadError message={ loaded.message } onRetry={ reload } />;
	}
	const [ tiers, prices ] = loaded.value;
	const productName = ( id: number ) =>
		products.find( ( p ) => p.id === id )?.name ?? `#${ id }`;
	const tierName = ( id: number | null ) =>
		id === null
			? '—'
			: ( tiers.find( ( t ) => t.id === id )?.label ?? `#${ id }` );

	return (
		<div className="svc-catalog">
			<h3>{ __( 'Tiers', 'svc-licensing' ) }</h3>
			{ tiers.length === 0 ? (
				<Empty>{ __( 'No tiers yet.', 'svc-licensing' ) }</Empty>
			) : (
				<table className="widefat striped">
					<thead>
						<tr>
							<th>{ __( 'Label', 'svc-licensing' ) }</th>
							<th>{ __( 'Features', 'svc-licensing' ) }</th>
							<th>{ __( 'Actions', 'svc-licensing' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ tiers.map( ( tier ) => (
							<tr key={ tier.id }>
								<td>{ tier.label }</td>
								<td>{ tier.features.join( ', ' ) }</td>
								<td>
									<Button
										variant="tertiary"
										isDestructive
										size="small"
										onClick={ () =>
											act(
												client.deleteTier( tier.id ),
												__(
													'Tier deleted.',
													'svc-licensing'
												)
											)
										}
									>
										{ __( 'Delete', 'svc-licensing' ) }
									</Button>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<form
				className="svc-form-grid"
				onSubmit={ ( event ) => {
					event.preventDefault();
					act(
						client.createTier( {
							label,
							features: features
								.split( ',' )
								.map( ( f ) => f.trim() )
								.filter( Boolean ),
						} ),
						__( 'Tier added.', 'svc-licensing' )
					).then( () => {
						setLabel( '' );
						setFeatures( '' );
					} );
				} }
			>
				<TextControl
					label={ __( 'Tier label', 'svc-licensing' ) }
					value={ label }
					onChange={ setLabel }
					required
				/>
				<TextControl
					label={ __(
						'Features (comma-separated)',
						'svc-licensing'
					) }
					value={ features }
					onChange={ setFeatures }
				/>
				<Button
					variant="secondary"
					type="submit"
					disabled={ label === '' }
				>
					{ __( 'Add tier', 'svc-licensing' ) }
				</Button>
			</form>

			<h3>{ __( 'Prices', 'svc-licensing' ) }</h3>
			{ prices.length === 0 ? (
				<Empty>
					{ __(
						'No prices yet. Map each Stripe price to a product so payments create licences.',
						'svc-licensing'
					) }
				</Empty>
			) : (
				<table className="widefat striped">
					<thead>
						<tr>
							<th>{ __( 'Stripe price', 'svc-licensing' ) }</th>
							<th>{ __( 'Product', 'svc-licensing' ) }</th>
							<th>{ __( 'Tier', 'svc-licensing' ) }</th>
							<th>{ __( 'Sites', 'svc-licensing' ) }</th>
							<th>{ __( 'Period', 'svc-licensing' ) }</th>
							<th>{ __( 'Actions', 'svc-licensing' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ prices.map( ( row ) => (
							<tr key={ row.id }>
								<td>
									<code>{ row.processor_price_id }</code>
								</td>
								<td>{ productName( row.product_id ) }</td>
								<td>{ tierName( row.tier_id ) }</td>
								<td>{ row.activation_limit }</td>
								<td>{ row.period }</td>
								<td>
									<Button
										variant="tertiary"
										isDestructive
										size="small"
										onClick={ () =>
											act(
												client.deletePrice( row.id ),
												__(
													'Price deleted.',
													'svc-licensing'
												)
											)
										}
									>
										{ __( 'Delete', 'svc-licensing' ) }
									</Button>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<form
				className="svc-form-grid"
				onSubmit={ ( event ) => {
					event.preventDefault();
					act(
						client.createPrice( {
							processor_price_id: price.processor_price_id,
							product_id: Number( price.product_id ),
							tier_id:
								price.tier_id === ''
									? null
									: Number( price.tier_id ),
							activation_limit: Number( price.activation_limit ),
							period: price.period,
						} ),
						__( 'Price added.', 'svc-licensing' )
					);
				} }
			>
				<TextControl
					label={ __( 'Stripe price id', 'svc-licensing' ) }
					value={ price.processor_price_id }
					onChange={ ( value ) =>
						setPrice( { ...price, processor_price_id: value } )
					}
					required
				/>
				<SelectControl
					label={ __( 'Product', 'svc-licensing' ) }
					value={ price.product_id }
					options={ products.map( ( p ) => ( {
						value: String( p.id ),
						label: p.name,
					} ) ) }
					onChange={ ( value ) =>
						setPrice( { ...price, product_id: value } )
					}
					__nextHasNoMarginBottom
				/>
				<SelectControl
					label={ __( 'Tier', 'svc-licensing' ) }
					value={ price.tier_id }
					options={ [
						{ value: '', label: __( 'None', 'svc-licensing' ) },
						...tiers.map( ( t ) => ( {
							value: String( t.id ),
							label: t.label,
						} ) ),
					] }
					onChange={ ( value ) =>
						setPrice( { ...price, tier_id: value } )
					}
					__nextHasNoMarginBottom
				/>
				<TextControl
					label={ __( 'Activation limit', 'svc-licensing' ) }
					type="number"
					min={ 1 }
					value={ price.activation_limit }
					onChange={ ( value ) =>
						setPrice( { ...price, activation_limit: value } )
					}
				/>
				<SelectControl
					label={ __( 'Period', 'svc-licensing' ) }
					value={ price.period }
					options={ [
						{
							value: 'month',
							label: __( 'Monthly', 'svc-licensing' ),
						},
						{
							value: 'year',
							label: __( 'Yearly', 'svc-licensing' ),
						},
						{
							value: 'lifetime',
							label: __( 'Lifetime', 'svc-licensing' ),
						},
					] }
					onChange={ ( value ) =>
						setPrice( { ...price, period: value } )
					}
					__nextHasNoMarginBottom
				/>
				<Button
					variant="secondary"
					type="submit"
					disabled={
						price.processor_price_id === '' || products.length === 0
					}
				>
					{ __( 'Add price', 'svc-licensing' ) }
				</Button>
			</form>
		</div>
	);
}
