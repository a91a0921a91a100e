/**
 * Products > a product > Pricing: the tiers (what a licence grants; shared by every product) and this product's
 * prices (a Stripe price mapped to a tier, an activation limit and a period, with what it costs). The product is
 * the page's, so a price can never be sent without one.
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Price, Product } from '../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatMoney } from '../../components/format';
import { useNotify } from '../../components/notices';
import { ConfirmButton } from './confirm-button';

const PERIODS: { value: Price[ 'period' ]; label: string }[] = [
	{ value: 'month', label: __( 'Monthly', 'svc-licensing' ) },
	{ value: 'year', label: __( 'Yearly', 'svc-licensing' ) },
	{ value: 'lifetime', label: __( 'Lifetime', 'svc-licensing' ) },
];

/** "$19.00 per year", "€49.00 once (lifetime)", or the period alone when the amount is unknown. */
export function priceText( price: Price ): string {
	const period = {
		month: __( 'per month', 'svc-licensing' ),
		year: __( 'per year', 'svc-licensing' ),
		lifetime: __( 'once (lifetime)', 'svc-licensing' ),
	}[ price.period ];
	if ( price.amount === null || price.currency === null ) {
		return sprintf(
			/* translators: %s: billing period, e.g. "per year". */
			__( 'Amount not known yet, %s', 'svc-licensing' ),
			period
		);
	}
	return `${ formatMoney( price.amount, price.currency ) } ${ period }`;
}

const EMPTY_PRICE = {
	processor_price_id: '',
	tier_id: '',
	activation_limit: '1',
	period: 'year' as Price[ 'period' ],
	amount: '',
	currency: '',
};

export function Catalog( {
	client,
	product,
}: {
	client: ServiceClient;
	product: Product;
} ) {
	const notify = useNotify();
	const [ loaded, reload ] = useLoad(
		() => Promise.all( [ client.tiers(), client.prices() ] ),
		[]
	);
	const [ label, setLabel ] = useState( '' );
	const [ features, setFeatures ] = useState( '' );
	const [ price, setPrice ] = useState( EMPTY_PRICE );
	const act = ( run: Promise< unknown >, message: string ) =>
		run.then(
			() => {
				notify.success( message );
				reload();
				return true;
			},
			( error ) => {
				notify.error( error );
				return false;
			}
		);

	if ( loaded.kind === 'loading' ) {
		return <Loading />;
	}
	if ( loaded.kind === 'error' ) {
		return <LoadError message={ loaded.message } onRetry={ reload } />;
	}
	const [ tiers, allPrices ] = loaded.value;
	const prices = allPrices.filter( ( row ) => row.product_id === product.id );
	const tierName = ( id: number | null ) =>
		id === null
			? '—'
			: ( tiers.find( ( t ) => t.id === id )?.label ?? `#${ id }` );

	return (
		<div className="svc-catalog">
			<h3>{ __( 'Prices', 'svc-licensing' ) }</h3>
			{ prices.length === 0 ? (
				<Empty>
					{ __(
						'No prices yet. Map each Stripe price of this product so payments create licences.',
						'svc-licensing'
					) }
				</Empty>
			) : (
				<table className="widefat striped">
					<thead>
						<tr>
							<th>{ __( 'Stripe price', 'svc-licensing' ) }</th>
							<th>{ __( 'Amount', 'svc-licensing' ) }</th>
							<th>{ __( 'Tier', 'svc-licensing' ) }</th>
							<th>{ __( 'Sites', 'svc-licensing' ) }</th>
							<th>{ __( 'Actions', 'svc-licensing' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ prices.map( ( row ) => (
							<tr key={ row.id }>
								<td>
									<code>{ row.processor_price_id }</code>
								</td>
								<td>{ priceText( row ) }</td>
								<td>{ tierName( row.tier_id ) }</td>
								<td>{ row.activation_limit }</td>
								<td>
									<ConfirmButton
										label={ sprintf(
											/* translators: %s: Stripe price id. */
											__(
												'Delete price %s',
												'svc-licensing'
											),
											row.processor_price_id
										) }
										title={ __(
											'Delete this price?',
											'svc-licensing'
										) }
										text={ sprintf(
											/* translators: %s: Stripe price id. */
											__(
												'Payments for %s will no longer create or renew licences. A price that licences use cannot be deleted.',
												'svc-licensing'
											),
											row.processor_price_id
										) }
										confirmLabel={ __(
											'Delete price',
											'svc-licensing'
										) }
										run={ () =>
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
									</ConfirmButton>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<form
				className="svc-form-grid"
				aria-label={ __( 'Add a price', 'svc-licensing' ) }
				onSubmit={ ( event ) => {
					event.preventDefault();
					const amount = price.amount.trim().replace( ',', '.' );
					act(
						client.createPrice( {
							processor_price_id: price.processor_price_id.trim(),
							product_id: product.id,
							tier_id:
								price.tier_id === ''
									? null
									: Number( price.tier_id ),
							activation_limit: Number( price.activation_limit ),
							period: price.period,
							amount: amount === '' ? null : Number( amount ),
							currency:
								price.currency.trim() === ''
									? null
									: price.currency.trim(),
						} ),
						__( 'Price added.', 'svc-licensing' )
					).then( ( added ) => added && setPrice( EMPTY_PRICE ) );
				} }
			>
				<TextControl
					label={ __( 'Stripe price id', 'svc-licensing' ) }
					value={ price.processor_price_id }
					onChange={ ( value ) =>
						setPrice( { ...price, processor_price_id: value } )
					}
					placeholder="price_…"
					required
				/>
				<TextControl
					label={ __( 'Amount', 'svc-licensing' ) }
					help={ __(
						'As on the Stripe price, e.g. 49.00. Filled in by the first payment when left empty.',
						'svc-licensing'
					) }
					inputMode="decimal"
					value={ price.amount }
					onChange={ ( value ) =>
						setPrice( { ...price, amount: value } )
					}
				/>
				<TextControl
					label={ __( 'Currency', 'svc-licensing' ) }
					placeholder="USD"
					value={ price.currency }
					onChange={ ( value ) =>
						setPrice( { ...price, currency: value } )
					}
				/>
				<SelectControl
					label={ __( 'Period', 'svc-licensing' ) }
					value={ price.period }
					options={ PERIODS }
					onChange={ ( value ) =>
						setPrice( {
							...price,
							period: value as Price[ 'period' ],
						} )
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
				<Button
					variant="secondary"
					type="submit"
					disabled={ price.processor_price_id.trim() === '' }
				>
					{ __( 'Add price', 'svc-licensing' ) }
				</Button>
			</form>

			<h3>{ __( 'Tiers', 'svc-licensing' ) }</h3>
			<p className="description">
				{ __(
					'A tier says what a licence grants. Tiers are shared by every product.',
					'svc-licensing'
				) }
			</p>
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
									<ConfirmButton
										label={ sprintf(
											/* translators: %s: tier label. */
											__(
												'Delete tier %s',
												'svc-licensing'
											),
											tier.label
										) }
										title={ __(
											'Delete this tier?',
											'svc-licensing'
										) }
										text={ sprintf(
											/* translators: %s: tier label. */
											__(
												'The tier %s is removed from every product. A tier that licences or prices use cannot be deleted.',
												'svc-licensing'
											),
											tier.label
										) }
										confirmLabel={ __(
											'Delete tier',
											'svc-licensing'
										) }
										run={ () =>
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
									</ConfirmButton>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<form
				className="svc-form-grid"
				aria-label={ __( 'Add a tier', 'svc-licensing' ) }
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
					).then( ( added ) => {
						if ( added ) {
							setLabel( '' );
							setFeatures( '' );
						}
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
		</div>
	);
}
