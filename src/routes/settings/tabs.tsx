/**
 * Settings' sections as core's own screens show theirs: tabs under the heading, each an address (tab=…), so a
 * reload or a shared link opens the same one.
 */
import { __ } from '@wordpress/i18n';
import { screenLink } from '../../panel-config';

export type SettingsTab = 'settings' | 'import';

const TABS: Array< [ SettingsTab, string ] > = [
	[ 'settings', __( 'Settings', 'svc-licensing' ) ],
	[ 'import', __( 'Import', 'svc-licensing' ) ],
];

/** The tab the address names. */
export const currentTab = (): SettingsTab =>
	new URLSearchParams( window.location.search ).get( 'tab' ) === 'import'
		? 'import'
		: 'settings';

export function SettingsTabs( { current }: { current: SettingsTab } ) {
	const base = screenLink( 'settings' )?.url ?? window.location.href;
	return (
		<nav
			className="nav-tab-wrapper svc-settings-tabs"
			aria-label={ __( 'Settings sections', 'svc-licensing' ) }
		>
			{ TABS.map( ( [ tab, label ] ) => {
				const url = new URL( base, window.location.href );
				if ( tab !== 'settings' ) {
					url.searchParams.set( 'tab', tab );
				}
				return (
					<a
						key={ tab }
						href={ url.toString() }
						className={ `nav-tab${
							tab === current ? ' nav-tab-active' : ''
						}` }
						aria-current={ tab === current ? 'page' : undefined }
					>
						{ label }
					</a>
				);
			} ) }
		</nav>
	);
}
