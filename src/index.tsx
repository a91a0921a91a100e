/**
 * The admin panel's entry point: one wp-admin submenu page per screen, all mounted here.
 */
import { Suspense, createRoot, lazy } from '@wordpress/element';
import { ServiceClient } from './api/client';
import { apiFetchTransport } from './api/api-fetch-transport';
import { Loading } from './components/async';
import { NoticesProvider } from './components/notices';
import { panelConfig } from './panel-config';
import './style.scss';

const client = new ServiceClient( apiFetchTransport );

type Stage = ( props: { client: ServiceClient } ) => JSX.Element;

/**
 * The component of each screen Admin/Screens.php declares (names, titles, addresses and levels live there). Each
 * screen is its own chunk, loaded when it is opened, so the first screen's script carries only itself.
 */
const STAGES: Record< string, () => Promise< { default: Stage } > > = {
	licenses: () =>
		import(
			/* webpackChunkName: "screen-licenses" */ './routes/licenses/stage'
		).then( ( m ) => ( {
			default: m.LicensesStage,
		} ) ),
	products: () =>
		import(
			/* webpackChunkName: "screen-products" */ './routes/products/stage'
		).then( ( m ) => ( {
			default: m.ProductsStage,
		} ) ),
	'api-keys': () =>
		import(
			/* webpackChunkName: "screen-api-keys" */ './routes/api-keys/stage'
		).then( ( m ) => ( {
			default: m.ApiKeysStage,
		} ) ),
	webhooks: () =>
		import(
			/* webpackChunkName: "screen-webhooks" */ './routes/webhooks/stage'
		).then( ( m ) => ( {
			default: m.WebhooksStage,
		} ) ),
	stats: () =>
		import(
			/* webpackChunkName: "screen-stats" */ './routes/stats/stage'
		).then( ( m ) => ( {
			default: m.StatsStage,
		} ) ),
	settings: () =>
		import(
			/* webpackChunkName: "screen-settings" */ './routes/settings/stage'
		).then( ( m ) => ( {
			default: m.SettingsStage,
		} ) ),
	privacy: () =>
		import(
			/* webpackChunkName: "screen-privacy" */ './routes/privacy/stage'
		).then( ( m ) => ( {
			default: m.PrivacyStage,
		} ) ),
};

const root = document.getElementById( 'svc-licensing-root' );
if ( root ) {
	const Stage = lazy( STAGES[ panelConfig().screen ] ?? STAGES.licenses );
	createRoot( root ).render(
		<NoticesProvider>
			<Suspense fallback={ <Loading /> }>
				<Stage client={ client } />
			</Suspense>
		</NoticesProvider>
	);
}
