/**
 * DataViews with the prop types it accepts. Version 1.2.0 (the one WordPress 6.5's components run) ships
 * types inferred from JavaScript defaults, which type searchLabel as undefined; this is the one cast.
 */
import { DataViews as WordPressDataViews } from '@wordpress/dataviews';
import type { ComponentType } from 'react';

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
	const Component = WordPressDataViews as unknown as ComponentType<
		DataViewsProps< Item >
	>;
	return <Component { ...props } />;
}
