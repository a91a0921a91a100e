/**
 * Types for the editor packages the blocks use. WordPress provides them at run time (wp.blocks, wp.blockEditor,
 * wp.serverSideRender: the build leaves them out), and their npm releases ship no types, so the few names the blocks
 * use are declared here, as WordPress 6.5 defines them.
 */
declare module '@wordpress/blocks' {
	import type { ComponentType } from 'react';

	export function registerBlockType(
		name: string,
		settings: {
			edit: ComponentType< any >;
			save: () => null;
		}
	): unknown;
}

declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;

	export const InspectorControls: ComponentType< {
		children?: ReactNode;
		group?: string;
	} >;
}

declare module '@wordpress/server-side-render' {
	import type { ComponentType } from 'react';

	const ServerSideRender: ComponentType< {
		block: string;
		attributes?: Record< string, unknown >;
		httpMethod?: 'GET' | 'POST';
		skipBlockSupportAttributes?: boolean;
	} >;
	export default ServerSideRender;
}

declare module '*.scss';
