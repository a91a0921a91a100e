/**
 * DataViews with the prop types it accepts. Version 1.2.0 (the one WordPress 6.5's components run) ships
 * types inferred from JavaScript defaults, which type searchLabel as undefined; this is the one cast.
 *
 * It also writes aria-sort="false" on every column header but the sorted one (an invalid ARIA value that axe
 * reports and screen readers may read out); the wrapper removes that attribute whenever it appears.
 *
 * Its row menu button is named "Actions" in every row, so a screen reader's list of buttons says "Actions" twenty
 * times. With `rowName`, the wrapper names each one for its row ("Actions for product Acme Widgets"), rows being in
 * the order of `data`.
 */
import { DataViews as WordPressDataViews } from '@wordpress/dataviews';
import { useEffect, useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ComponentType } from 'react';
import type { Page } from '../api/types';
import type { Loaded } from './async';

export interface DataViewsProps< Item > {
	view: object;
	onChangeView: ( view: never ) => void;
	fields: object[];
	data: Item[];
	actions?: object[];
	isLoading?: boolean;
	getItemId: ( item: Item ) => string;
	paginationInfo: { totalItems: number; totalPages: number };
	supportedLayouts: string[];
	search?: boolean;
	searchLabel?: string;
	/** What a row is called, for its menu button's name: "product Acme Widgets". */
	rowName?: ( item: Item ) => string;
}

export function DataViews< Item >( {
	rowName,
	...props
}: DataViewsProps< Item > ) {
	const wrapper = useRef< HTMLDivElement >( null );
	const rows = useRef( { data: props.data, rowName } );
	rows.current = { data: props.data, rowName };
	useEffect( () => {
		const root = wrapper.current;
		if ( ! root ) {
			return undefined;
		}
		const repair = () => {
			root.querySelectorAll( '[aria-sort="false"]' ).forEach(
				( header ) => header.removeAttribute( 'aria-sort' )
			);
			const { data, rowName: name } = rows.current;
			if ( ! name ) {
				return;
			}
			root.querySelectorAll( 'tbody tr' ).forEach( ( row, index ) => {
				const item = data[ index ];
				const button = row.querySelector(
					'button.dataviews-all-actions-button'
				);
				if ( item === undefined || ! button ) {
					return;
				}
				const label = sprintf(
					/* translators: %s: what the row is, e.g. "product Acme Widgets". */
					__( 'Actions for %s', 'svc-licensing' ),
					name( item )
				);
				if ( button.getAttribute( 'aria-label' ) !== label ) {
					button.setAttribute( 'aria-label', label );
				}
			} );
		};
		repair();
		const observer = new MutationObserver( repair );
		observer.observe( root, {
			subtree: true,
			childList: true,
			attributes: true,
			attributeFilter: [ 'aria-sort', 'aria-label' ],
		} );
		return () => observer.disconnect();
	}, [] );
	const Component = WordPressDataViews as unknown as ComponentType<
		DataViewsProps< Item >
	>;
	return (
		<div ref={ wrapper } className="svc-dataviews">
			<Component { ...props } />
		</div>
	);
}

/** DataViews' pagination info for a page of a paginated list, nothing while it loads or failed. */
export function paginationOf< Item >(
	page: Loaded< Page< Item > >
): DataViewsProps< Item >[ 'paginationInfo' ] {
	return page.kind === 'ready'
		? { totalItems: page.value.total, totalPages: page.value.total_pages }
		: { totalItems: 0, totalPages: 0 };
}
