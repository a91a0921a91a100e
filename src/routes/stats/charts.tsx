/**
 * The stats screen's drawings, with Recharts. This module is loaded on demand (figures.tsx imports it with
 * import()), so Recharts is a chunk of its own that only the Stats screen fetches, never the first screen.
 * The drawings are decorative: each figure carries its numbers as text (figures.tsx).
 */
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
import { formatMoney } from '../../components/format';
import type { DayRow } from './view-utils';

const ACCENT = 'var(--wp-admin-theme-color, #3858e9)';

export type Drawing =
	| {
			kind: 'status';
			rows: Array< { label: string; count: number } >;
			name: string;
	  }
	| { kind: 'activations'; rows: DayRow[]; name: string }
	| { kind: 'revenue'; rows: DayRow[]; name: string; currency: string };

function chartOf( drawing: Drawing ): JSX.Element {
	switch ( drawing.kind ) {
		case 'status':
			return (
				<BarChart data={ drawing.rows }>
					<CartesianGrid strokeDasharray="3 3" />
					<XAxis dataKey="label" />
					<YAxis allowDecimals={ false } />
					<Tooltip />
					<Bar
						dataKey="count"
						name={ drawing.name }
						fill={ ACCENT }
						isAnimationActive={ false }
					/>
				</BarChart>
			);
		case 'activations':
			return (
				<LineChart data={ drawing.rows }>
					<CartesianGrid strokeDasharray="3 3" />
					<XAxis dataKey="label" minTickGap={ 16 } />
					<YAxis allowDecimals={ false } />
					<Tooltip />
					<Line
						dataKey="activations"
						name={ drawing.name }
						stroke={ ACCENT }
						dot={ false }
						isAnimationActive={ false }
					/>
				</LineChart>
			);
		case 'revenue':
			return (
				<BarChart data={ drawing.rows }>
					<CartesianGrid strokeDasharray="3 3" />
					<XAxis dataKey="label" minTickGap={ 16 } />
					<YAxis />
					<Tooltip
						formatter={ ( value: number ) =>
							formatMoney( value, drawing.currency )
						}
					/>
					<Bar
						dataKey="revenue"
						name={ drawing.name }
						fill={ ACCENT }
						isAnimationActive={ false }
					/>
				</BarChart>
			);
	}
}

export default function ChartDrawing( { drawing }: { drawing: Drawing } ) {
	return <ResponsiveContainer>{ chartOf( drawing ) }</ResponsiveContainer>;
}
