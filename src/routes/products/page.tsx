/**
 * A product's own page: its name, a way back to the list, and the tabs Details, Releases, Pricing and Integrate.
 * The Releases tab's code (the upload form, the release editor) is loaded when it is first opened.
 */
import { Button, Spinner, TabPanel } from '@wordpress/components';
import {
	Suspense,
	lazy,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import { LoadError, Loading, useLoad } from '../../components/async';
import { ScreenHeader } from '../../components/screen';
import { Catalog } from './catalog';
import { Details } from './details';
import { Integrate } from './integrate';
import type { ProductPlace, ProductTab } from './product-url';
import './style.scss';

const Releases = lazy( () =>
	import( /* webpackChunkName: "product-releases" */ './releases' ).then(
		( module ) => ( { default: module.Releases } )
	)
);

const TABS: { name: ProductTab; title: string }[] = [
	{ name: 'details', title: __( 'Details', 'svc-licensing' ) },
	{ name: 'releases', title: __( 'Releases', 'svc-licensing' ) },
	{ name: 'pricing', title: __( 'Pricing', 'svc-licensing' ) },
	{ name: 'integrate', title: __( 'Integrate', 'svc-licensing' ) },
];

export function ProductPage( {
	client,
	id,
	tab,
	go,
}: {
	client: ServiceClient;
	id: number;
	tab: ProductTab;
	go: ( place: ProductPlace ) => void;
} ) {
	const [ loaded, reload ] = useLoad( () => client.product( id ), [ id ] );
	// The tab the TabPanel itself selected; a tab that arrives otherwise (Back, Forward) remounts it on that tab.
	const selected = useRef( tab );
	const [ round, setRound ] = useState( 0 );
	useEffect( () => {
		if ( tab !== selected.current ) {
			selected.current = tab;
			setRound( ( n ) => n + 1 );
		}
	}, [ tab ] );
	const back = (
		<Button
			variant="link"
			href="?"
			onClick={ ( event: { preventDefault: () => void } ) => {
				event.preventDefault();
				go( { product: null, tab: 'details' } );
			} }
		>
			{ __( '← All products', 'svc-licensing' ) }
		</Button>
	);
	if ( loaded.kind === 'loading' ) {
		return (
			<>
				<ScreenHeader title={ __( 'Product', 'svc-licensing' ) } />
				{ back }
				<Loading />
			</>
		);
	}
	if ( loaded.kind === 'error' ) {
		return (
			<>
				<ScreenHeader title={ __( 'Product', 'svc-licensing' ) } />
				{ back }
				<LoadError message={ loaded.message } onRetry={ reload } />
			</>
		);
	}
	const product = loaded.value;
	return (
		<div className="svc-product-page">
			<p className="svc-breadcrumb">{ back }</p>
			<ScreenHeader title={ product.name }>
				<span
					className={
						product.is_active
							? 'svc-status is-active'
							: 'svc-status'
					}
				>
					{ product.is_active
						? __( 'Active', 'svc-licensing' )
						: __( 'Inactive', 'svc-licensing' ) }
				</span>
			</ScreenHeader>
			<TabPanel
				key={ round }
				initialTabName={ tab }
				onSelect={ ( name ) => {
					selected.current = name as ProductTab;
					if ( name !== tab ) {
						go( { product: id, tab: name as ProductTab } );
					}
				} }
				tabs={ TABS }
			>
				{ ( current ) => {
					if ( current.name === 'releases' ) {
						return (
							<Suspense fallback={ <Spinner /> }>
								<Releases
									client={ client }
									product={ product }
									onChanged={ reload }
								/>
							</Suspense>
						);
					}
					if ( current.name === 'pricing' ) {
						return (
							<Catalog client={ client } product={ product } />
						);
					}
					if ( current.name === 'integrate' ) {
						return <Integrate product={ product } />;
					}
					return (
						<Details
							client={ client }
							product={ product }
							onChanged={ reload }
							onDeleted={ () =>
								go( { product: null, tab: 'details' } )
							}
						/>
					);
				} }
			</TabPanel>
		</div>
	);
}
