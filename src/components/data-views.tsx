/**
 * DataViews with the prop types it accepts. Version 1.2.0 (the one WordPress 6.5's components run) ships
 * types inferred from JavaScript defaults, which type searchLabel as undefined; this is the one cast.
 *
 * It also writes aria-sort="false" on every column header but the sorted one (an invalid ARIA value that axe
 * reports and screen readers may read out); the wrapper removes that attribute whenever it appears.
 */
import { DataViews as WordPressDataViews } from '@wordpress/dataviews';
import { useEffect, useRef } from '@wordpress/element';
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
}

export function DataViews< Item >( props: DataViewsProps< Item > ) {
	const wrapper = useRef< HTMLDivElement >( null );
	useEffect( () => {
		const root = wrapper.current;
		if ( ! root ) {
			return undefined;
		}
		const strip = () =>
			root
				.querySelectorAll( '[aria-sort="false"]' )
				.forEach( ( header ) => header.removeAttribute( 'aria-sort' ) );
		strip();
		const observer = new MutationObserver( strip );
		observer.observe( root, {
			subtree: true,
			childList: true,
			attributes: true,
			attributeFilter: [ 'aria-sort' ],
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
