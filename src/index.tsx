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
 * A screen: the default export of routes/<name>/stage.tsx, for each name of the one list (plugin/src/Admin/
 * screens.json, handed to us by PHP as `screen`). Each screen is its own chunk, loaded when it is opened, so the
 * first screen's script carries only itself.
 */
const loadStage = ( name: string ): Promise< { default: Stage } > =>
	import(
		/* webpackInclude: /[\\/]routes[\\/][^\\/]+[\\/]stage\.tsx$/ */
		/* webpackChunkName: "screen-[request]" */
		`./routes/${ name }/stage`
	);

const root = document.getElementById( 'svc-licensing-root' );
if ( root ) {
	const Stage = lazy( () => loadStage( panelConfig().screen ) );
	createRoot( root ).render(
		<NoticesProvider>
			<Suspense fallback={ <Loading /> }>
				<Stage client={ client } />
			</Suspense>
		</NoticesProvider>
	);
}
