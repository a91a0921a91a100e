/**
 * The three charts of the stats screen, drawn with Recharts.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import {
	Bar,
	BarChart,
	CartesianGrid,
	Line,
	LineChart,
	ResponsiveContainer,
	Tooltip,
	XAxis,
	YAxis,
} from 'recharts';
import type { DailyStats, Stats } from '../../api/types';
import { formatMoney } from '../../components/format';
import { statusLabel as licenceStatus } from '../licenses/fields';
import { dayLabel, statusRows } from './view-utils';

const ACCENT = 'var(--wp-admin-theme-color, #3858e9)';

function ChartCard( {
	title,
	testId,
	children,
}: {
	title: string;
	testId: string;
	children: JSX.Element;
} ) {
	return (
		<Card>
			<CardHeader>
				<h3>{ title }</h3>
			</CardHeader>
			<CardBody>
				<div
					style={ { width: '100%', height: 240 } }
					data-testid={ testId }
					role="img"
					aria-label={ title }
				>
					<ResponsiveContainer>{ children }</ResponsiveContainer>
				</div>
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
	const days = daily.days.map( ( day ) => ( {
		...day,
		label: dayLabel( day.date ),
	} ) );
	const statuses = statusRows( stats.licenses ).map( ( row ) => ( {
		...row,
		label: licenceStatus( row.status ),
	} ) );
	return (
		<div className="svc-charts">
			<ChartCard
				title={ __( 'Licences by status', 'svc-licensing' ) }
				testId="svc-chart-status"
			>
				<BarChart data={ statuses }>
					<CartesianGrid strokeDasharray="3 3" />
					<XAxis dataKey="label" />
					<YAxis allowDecimals={ false } />
					<Tooltip />
					<Bar
						dataKey="count"
						name={ __( 'Licences', 'svc-licensing' ) }
						fill={ ACCENT }
						isAnimationActive={ false }
					/>
				</BarChart>
			</ChartCard>
			<ChartCard
				title={ __( 'Activations per day (30 days)', 'svc-licensing' ) }
				testId="svc-chart-activations"
			>
				<LineChart data={ days }>
					<CartesianGrid strokeDasharray="3 3" />
					<XAxis dataKey="label" minTickGap={ 16 } />
					<YAxis allowDecimals={ false } />
					<Tooltip />
					<Line
						dataKey="activations"
						name={ __( 'Activations', 'svc-licensing' ) }
						stroke={ ACCENT }
						dot={ false }
						isAnimationActive={ false }
					/>
				</LineChart>
			</ChartCard>
			<ChartCard
				title={ __( 'Revenue per day (30 days)', 'svc-licensing' ) }
				testId="svc-chart-revenue"
			>
				<BarChart data={ days }>
					<CartesianGrid strokeDasharray="3 3" />
					<XAxis dataKey="label" minTickGap={ 16 } />
					<YAxis />
					<Tooltip
						formatter={ ( value: number ) =>
							formatMoney( value, daily.currency )
						}
					/>
					<Bar
						dataKey="revenue"
						name={ __( 'Revenue', 'svc-licensing' ) }
						fill={ ACCENT }
						isAnimationActive={ false }
					/>
				</BarChart>
			</ChartCard>
		</div>
	);
}
