/**
 * The admin panel's entry point: one wp-admin submenu page per screen, all mounted here.
 */
import { createRoot } from '@wordpress/element';
import { ServiceClient } from './api/client';
import { apiFetchTransport } from './api/api-fetch-transport';
import { NoticesProvider } from './components/notices';
import { panelConfig } from './panel-config';
import { ApiKeysStage } from './routes/api-keys/stage';
import { LicensesStage } from './routes/licenses/stage';
import { PrivacyStage } from './routes/privacy/stage';
import { ProductsStage } from './routes/products/stage';
import { SettingsStage } from './routes/settings/stage';
import { StatsStage } from './routes/stats/stage';
import { WebhooksStage } from './routes/webhooks/stage';
import './style.scss';

const client = new ServiceClient( apiFetchTransport );

/** The component of each screen Admin/Screens.php declares (names, titles, addresses and levels live there). */
const STAGES: Record<
	string,
	( props: { client: ServiceClient } ) => JSX.Element
> = {
	licenses: LicensesStage,
	products: ProductsStage,
	'api-keys': ApiKeysStage,
	webhooks: WebhooksStage,
	stats: StatsStage,
	settings: SettingsStage,
	privacy: PrivacyStage,
};

const root = document.getElementById( 'svc-licensing-root' );
if ( root ) {
	const Stage = STAGES[ panelConfig().screen ] ?? LicensesStage;
	createRoot( root ).render(
		<NoticesProvider>
			<Stage client={ client } />
		</NoticesProvider>
	);
}
