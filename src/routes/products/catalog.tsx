/**
 * Products > a product > Pricing: the tiers (what a licence grants; shared by every product) and this product's
 * prices (a Stripe price mapped to a tier, an activation limit and a period, with what it costs). The product is
 * the page's, so a price can never be sent without one.
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Price, Product } from '../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatMoney } from '../../components/format';
import { FormError, useForm, useMutation } from '../../components/mutation';
import { rules, type Rule } from '../../components/validate';
import { ConfirmButton } from './confirm-button';

const PERIODS: { value: string; label: string }[] = [
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
	period: 'year' as string,
	amount: '',
	currency: '',
};

/** A rule for a field that may stay empty. */
const optional =
	( rule: Rule ): Rule =>
	( value ) =>
		value.trim() === '' ? null : rule( value );

const amountRule: Rule = ( value ) =>
	/^\d+([.,]\d{1,2})?$/.test( value.trim() )
		? null
		: __(
				'Enter the amount as a number, such as 49 or 49.99.',
				'svc-licensing'
			);

export function Catalog( {
	client,
	product,
}: {
	client: ServiceClient;
	product: Product;
} ) {
	const mutate = useMutation();
	const [ loaded, reload ] = useLoad(
		() => Promise.all( [ client.tiers(), client.prices() ] ),
		[]
	);
	const tierForm = useForm(
		{ label: '', features: '' },
		{ label: [ rules.required( __( 'Tier label', 'svc-licensing' ) ) ] }
	);
	const priceForm = useForm( EMPTY_PRICE, {
		processor_price_id: [
			rules.required( __( 'Stripe price id', 'svc-licensing' ) ),
		],
		amount: [ optional( amountRule ) ],
		currency: [ optional( rules.currency() ) ],
		activation_limit: [ rules.intRange( 1, 1000000 ) ],
	} );
	const price = priceForm.values;
	const setPrice = priceForm.set;
	const act = ( run: () => Promise< unknown >, message: string ) =>
		mutate( run, { success: message, reload } );

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
												() =>
													client.deletePrice(
														row.id
													),
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
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
					priceForm.submit(
						( current ) => {
							const amount = current.amount
								.trim()
								.replace( ',', '.' );
							return client.createPrice( {
								processor_price_id:
									current.processor_price_id.trim(),
								product_id: product.id,
								tier_id:
									current.tier_id === ''
										? null
										: Number( current.tier_id ),
								activation_limit: Number(
									current.activation_limit
								),
								period: current.period,
								amount: amount === '' ? null : Number( amount ),
								currency:
									current.currency.trim() === ''
										? null
										: current.currency.trim(),
							} );
						},
						{
							success: __( 'Price added.', 'svc-licensing' ),
							onDone: () => {
								priceForm.setValues( EMPTY_PRICE );
								reload();
							},
						}
					);
				} }
			>
				<FormError message={ priceForm.formError } />
				<TextControl
					label={ __( 'Stripe price id', 'svc-licensing' ) }
					value={ price.processor_price_id }
					onChange={ setPrice( 'processor_price_id' ) }
					placeholder="price_…"
					{ ...priceForm.fieldProps( 'processor_price_id' ) }
				/>
				<TextControl
					label={ __( 'Amount', 'svc-licensing' ) }
					inputMode="decimal"
					value={ price.amount }
					onChange={ setPrice( 'amount' ) }
					{ ...priceForm.fieldProps(
						'amount',
						__(
							'As on the Stripe price, e.g. 49.00. Filled in by the first payment when left empty.',
							'svc-licensing'
						)
					) }
				/>
				<TextControl
					label={ __( 'Currency', 'svc-licensing' ) }
					placeholder="USD"
					value={ price.currency }
					onChange={ setPrice( 'currency' ) }
					{ ...priceForm.fieldProps( 'currency' ) }
				/>
				<SelectControl
					label={ __( 'Period', 'svc-licensing' ) }
					value={ price.period }
					options={ PERIODS }
					onChange={ setPrice( 'period' ) }
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
					onChange={ setPrice( 'tier_id' ) }
					__nextHasNoMarginBottom
				/>
				<TextControl
					label={ __( 'Activation limit', 'svc-licensing' ) }
					type="number"
					min={ 1 }
					value={ price.activation_limit }
					onChange={ setPrice( 'activation_limit' ) }
					{ ...priceForm.fieldProps( 'activation_limit' ) }
				/>
				<Button
					variant="secondary"
					type="submit"
					isBusy={ priceForm.busy }
					disabled={ priceForm.busy }
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
												() =>
													client.deleteTier(
														tier.id
													),
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
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
					tierForm.submit(
						( current ) =>
							client.createTier( {
								label: current.label.trim(),
								features: current.features
									.split( ',' )
									.map( ( f ) => f.trim() )
									.filter( Boolean ),
							} ),
						{
							success: __( 'Tier added.', 'svc-licensing' ),
							onDone: () => {
								tierForm.setValues( {
									label: '',
									features: '',
								} );
								reload();
							},
						}
					);
				} }
			>
				<FormError message={ tierForm.formError } />
				<TextControl
					label={ __( 'Tier label', 'svc-licensing' ) }
					value={ tierForm.values.label }
					onChange={ tierForm.set( 'label' ) }
					{ ...tierForm.fieldProps( 'label' ) }
				/>
				<TextControl
					label={ __(
						'Features (comma-separated)',
						'svc-licensing'
					) }
					value={ tierForm.values.features }
					onChange={ tierForm.set( 'features' ) }
					{ ...tierForm.fieldProps( 'features' ) }
				/>
				<Button
					variant="secondary"
					type="submit"
					isBusy={ tierForm.busy }
					disabled={ tierForm.busy }
				>
					{ __( 'Add tier', 'svc-licensing' ) }
				</Button>
			</form>
		</div>
	);
}
