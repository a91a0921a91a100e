/**
 * Stats: the statistics object as cards, three charts, and the service's health.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Health, Stats } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { formatMoney } from '../../components/format';
import { Charts } from './figures';
import './style.scss';
import { checkLabel, statusLabel } from './view-utils';
import { ScreenHeader } from '../../components/screen';

function Cards( { stats }: { stats: Stats } ) {
	const cards: Array< [ string, string, string ] > = [
		[
			'products',
			__( 'Products', 'svc-licensing' ),
			`${ stats.products.active } / ${ stats.products.total }`,
		],
		[
			'licenses',
			__( 'Licences', 'svc-licensing' ),
			String( stats.licenses.total ),
		],
		[
			'active',
			__( 'Active', 'svc-licensing' ),
			String( stats.licenses.active ),
		],
		[
			'trial',
			__( 'Trials', 'svc-licensing' ),
			String( stats.licenses.trial ),
		],
		[
			'expired',
			__( 'Expired', 'svc-licensing' ),
			String( stats.licenses.expired ),
		],
		[
			'activations',
			__( 'Active sites', 'svc-licensing' ),
			`${ stats.activations.active } / ${ stats.activations.total }`,
		],
		[
			'revenue',
			__( 'Revenue (30 days)', 'svc-licensing' ),
			formatMoney( stats.revenue.total, stats.revenue.currency ),
		],
	];
	return (
		<div className="svc-cards">
			{ cards.map( ( [ id, label, figure ] ) => (
				<Card key={ id } data-testid={ `svc-card-${ id }` }>
					<CardBody>
						<div>{ label }</div>
						<div className="svc-card-figure">{ figure }</div>
					</CardBody>
				</Card>
			) ) }
		</div>
	);
}

function HealthCard( { health }: { health: Health } ) {
	return (
		<Card>
			<CardHeader>
				<h2 className="svc-chart-title">
					{ __( 'Service health', 'svc-licensing' ) }
				</h2>
				<span data-testid="svc-health-status">
					{ statusLabel( health.status ) }
				</span>
			</CardHeader>
			<CardBody>
				<ul className="svc-health-checks">
					{ health.checks.map( ( check ) => (
						<li
							key={ check.name }
							data-testid={ `svc-check-${ check.name }` }
						>
							<strong>{ checkLabel( check.name ) }</strong>:{ ' ' }
							{ statusLabel( check.status ) }
							{ check.message ? ` — ${ check.message }` : '' }
						</li>
					) ) }
				</ul>
				<p>
					{ __( 'Version', 'svc-licensing' ) } { health.version }
				</p>
			</CardBody>
		</Card>
	);
}

export function StatsStage( { client }: { client: ServiceClient } ) {
	const [ loaded, reload ] = useLoad(
		() =>
			Promise.all( [
				client.stats(),
				client.dailyStats( 30 ),
				client.health(),
			] ),
		[]
	);
	return (
		<div className="svc-screen">
			<ScreenHeader />
			{ loaded.kind === 'loading' && <Loading /> }
			{ loaded.kind === 'error' && (
				<LoadError message={ loaded.message } onRetry={ reload } />
			) }
			{ loaded.kind === 'ready' && (
				<>
					<Cards stats={ loaded.value[ 0 ] } />
					<Charts
						stats={ loaded.value[ 0 ] }
						daily={ loaded.value[ 1 ] }
					/>
					<HealthCard health={ loaded.value[ 2 ] } />
				</>
			) }
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default StatsStage;
