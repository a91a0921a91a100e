/**
 * What the PHP side hands the panel (wp_localize_script in Admin/AdminPage.php).
 */
/** A screen's name, as Admin/Screens.php declares it (the one list of screens). */
export type Screen = string;

export interface ScreenLink {
	name: Screen;
	title: string;
	url: string;
}

export interface PanelConfig {
	screen: Screen;
	/** The screens this user may open, in menu order, with their titles and addresses. */
	screens: ScreenLink[];
	/** The user's permission level: read, write or admin. */
	level: 'none' | 'read' | 'write' | 'admin';
	/** home_url(): this site's address, the `server` of the SDK's call. */
	homeUrl: string;
	restUrl: string;
	nonce: string;
	/** The event log's types, in order (Domain\Event\EventType::ALL): what an outbound endpoint may ask for. */
	eventTypes: string[];
}

declare global {
	interface Window {
		svcLicensingPanel?: PanelConfig;
	}
}

export const panelConfig = (): PanelConfig =>
	window.svcLicensingPanel ?? {
		screen: 'licenses',
		screens: [],
		level: 'none',
		homeUrl: window.location.origin,
		restUrl: '/wp-json/',
		nonce: '',
		eventTypes: [],
	};

/** A screen's title and address, from the PHP side's list. */
export const screenLink = ( name: Screen ): ScreenLink | undefined =>
	panelConfig().screens.find( ( screen ) => screen.name === name );
