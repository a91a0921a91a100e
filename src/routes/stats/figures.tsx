/**
 * The stats screen's three charts as figures: a title, a sentence with the numbers (the figure's caption), the
 * numbers again as a table for screen readers, and the drawing, loaded on demand (charts.tsx, its own chunk).
 * A chart with nothing to show says so instead of drawing an empty frame.
 */
import { Card, CardBody, CardHeader, Spinner } from '@wordpress/components';
import { Suspense, lazy, useId } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { DailyStats, Stats } from '../../api/types';
import { formatMoney } from '../../components/format';
import { statusLabel as licenseStatus } from '../licenses/fields';
import type { Drawing } from './charts';
import {
	busiestDay,
	dayLabel,
	hasData,
	statusRows,
	sum,
	type DayRow,
} from './view-utils';

const ChartDrawing = lazy(
	() => import( /* webpackChunkName: "stats-charts" */ './charts' )
);

function ChartFigure( {
	title,
	testId,
	summary,
	empty,
	table,
	drawing,
}: {
	title: string;
	testId: string;
	/** One sentence with the chart's numbers. */
	summary: string;
	/** What to say instead of the chart when it has no data; null when there is data. */
	empty: string | null;
	table: { headers: [ string, string ]; rows: Array< [ string, string ] > };
	drawing: Drawing;
} ) {
	const titleId = useId();
	return (
		<Card>
			<CardHeader>
				<h2 className="svc-chart-title" id={ titleId }>
					{ title }
				</h2>
			</CardHeader>
			<CardBody>
				<figure
					className="svc-chart"
					aria-labelledby={ titleId }
					data-testid={ `${ testId }-figure` }
				>
					{ empty !== null ? (
						<p
							className="svc-chart-empty"
							data-testid={ `${ testId }-empty` }
						>
							{ empty }
						</p>
					) : (
						<>
							<div
								className="svc-chart-drawing"
								data-testid={ testId }
								aria-hidden="true"
							>
								<Suspense fallback={ <Spinner /> }>
									<ChartDrawing drawing={ drawing } />
								</Suspense>
							</div>
							<figcaption data-testid={ `${ testId }-summary` }>
								{ summary }
							</figcaption>
							<table className="screen-reader-text">
								<caption>{ title }</caption>
								<thead>
									<tr>
										<th scope="col">
											{ table.headers[ 0 ] }
										</th>
										<th scope="col">
											{ table.headers[ 1 ] }
										</th>
									</tr>
								</thead>
								<tbody>
									{ table.rows.map( ( [ label, value ] ) => (
										<tr key={ label }>
											<th scope="row">{ label }</th>
											<td>{ value }</td>
										</tr>
									) ) }
								</tbody>
							</table>
						</>
					) }
				</figure>
			</CardBody>
		</Card>
	);
}

export function Charts( {
	stats,
	daily,
}: {
	stats: Stats;
	daily: DailyStats;
} ) {
	const days: DayRow[] = daily.days.map( ( day ) => ( {
		date: day.date,
		label: dayLabel( day.date ),
		activations: day.activations,
		revenue: day.revenue,
	} ) );
	const statuses = statusRows( stats.licenses ).map( ( row ) => ( {
		...row,
		label: licenseStatus( row.status ),
	} ) );
	const licenses = sum( statuses.map( ( row ) => row.count ) );
	const activations = sum( days.map( ( day ) => day.activations ) );
	const revenue = sum( days.map( ( day ) => day.revenue ) );
	const mostActivations = busiestDay( days, ( day ) => day.activations );
	const mostRevenue = busiestDay( days, ( day ) => day.revenue );
	const money = ( amount: number ) => formatMoney( amount, daily.currency );
	const dayHeader = __( 'Day', 'svc-licensing' );

	return (
		<div className="svc-charts">
			<ChartFigure
				title={ __( 'Licences by status', 'svc-licensing' ) }
				testId="svc-chart-status"
				empty={
					hasData( statuses.map( ( row ) => row.count ) )
						? null
						: __( 'No licences yet.', 'svc-licensing' )
				}
				summary={ sprintf(
					/* translators: 1: number of licences, 2: "3 Active, 1 Trial, …" */
					_n(
						'%1$d licence: %2$s.',
						'%1$d licences: %2$s.',
						licenses,
						'svc-licensing'
					),
					licenses,
					statuses
						.map( ( row ) => `${ row.count } ${ row.label }` )
						.join( ', ' )
				) }
				table={ {
					headers: [
						__( 'Status', 'svc-licensing' ),
						__( 'Licences', 'svc-licensing' ),
					],
					rows: statuses.map( ( row ) => [
						row.label,
						String( row.count ),
					] ),
				} }
				drawing={ {
					kind: 'status',
					rows: statuses,
					name: __( 'Licences', 'svc-licensing' ),
				} }
			/>
			<ChartFigure
				title={ __( 'Activations per day (30 days)', 'svc-licensing' ) }
				testId="svc-chart-activations"
				empty={
					hasData( days.map( ( day ) => day.activations ) )
						? null
						: __(
								'No activations in the last 30 days.',
								'svc-licensing'
							)
				}
				summary={ sprintf(
					/* translators: 1: number of activations, 2: a day ("3 Nov"), 3: that day's activations */
					_n(
						'%1$d activation in the last 30 days; the most on %2$s (%3$d).',
						'%1$d activations in the last 30 days; the most on %2$s (%3$d).',
						activations,
						'svc-licensing'
					),
					activations,
					mostActivations?.label ?? '',
					mostActivations?.value ?? 0
				) }
				table={ {
					headers: [
						dayHeader,
						__( 'Activations', 'svc-licensing' ),
					],
					rows: days.map( ( day ) => [
						day.label,
						String( day.activations ),
					] ),
				} }
				drawing={ {
					kind: 'activations',
					rows: days,
					name: __( 'Activations', 'svc-licensing' ),
				} }
			/>
			<ChartFigure
				title={ __( 'Revenue per day (30 days)', 'svc-licensing' ) }
				testId="svc-chart-revenue"
				empty={
					hasData( days.map( ( day ) => day.revenue ) )
						? null
						: __(
								'No revenue in the last 30 days.',
								'svc-licensing'
							)
				}
				summary={ sprintf(
					/* translators: 1: an amount of money, 2: a day ("3 Nov"), 3: that day's amount */
					__(
						'%1$s in the last 30 days; the most on %2$s (%3$s).',
						'svc-licensing'
					),
					money( revenue ),
					mostRevenue?.label ?? '',
					money( mostRevenue?.value ?? 0 )
				) }
				table={ {
					headers: [ dayHeader, __( 'Revenue', 'svc-licensing' ) ],
					rows: days.map( ( day ) => [
						day.label,
						money( day.revenue ),
					] ),
				} }
				drawing={ {
					kind: 'revenue',
					rows: days,
					name: __( 'Revenue', 'svc-licensing' ),
					currency: daily.currency,
				} }
			/>
		</div>
	);
}
