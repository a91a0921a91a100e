/**
 * What the PHP side hands the panel (wp_localize_script in Admin/AdminPage.php).
 */
export type Screen =
	| 'licenses'
	| 'products'
	| 'api-keys'
	| 'webhooks'
	| 'stats'
	| 'settings'
	| 'privacy';

export interface PanelConfig {
	screen: Screen;
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
		homeUrl: window.location.origin,
		restUrl: '/wp-json/',
		nonce: '',
		eventTypes: [],
	};
