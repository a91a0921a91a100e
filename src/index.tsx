/**
 * The admin panel's entry point, mounted on the plugin's wp-admin screen.
 */
import { createRoot } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ServiceClient } from './api/client';
import { apiFetchTransport } from './api/api-fetch-transport';
import { OverviewStage } from './routes/overview/stage';

const client = new ServiceClient( apiFetchTransport );

function App() {
	return (
		<>
			<h1>{ __( 'Licence Service', 'svc-licensing' ) }</h1>
			<OverviewStage client={ client } />
		</>
	);
}

const root = document.getElementById( 'svc-licensing-root' );
if ( root ) {
	createRoot( root ).render( <App /> );
}
