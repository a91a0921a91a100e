/**
 * A screen's heading, as core's list screens have it: the one h1 of the page (its title from the PHP side's list of
 * screens, or given), with the screen's main actions beside it.
 */
import type { ReactNode } from 'react';
import { panelConfig, screenLink } from '../panel-config';

export function ScreenHeader( {
	title,
	children,
}: {
	/** Defaults to the current screen's title. */
	title?: string;
	children?: ReactNode;
} ) {
	const heading = title ?? screenLink( panelConfig().screen )?.title ?? '';
	return (
		<div className="svc-screen-header">
			<h1 className="wp-heading-inline">{ heading }</h1>
			{ children }
		</div>
	);
}
