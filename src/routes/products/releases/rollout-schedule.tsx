/**
 * A rollout schedule editor: steps of "this percentage from this time", times in the browser's time zone and sent
 * as UTC. The server checks the rules (times ascending, percentages never falling, ending at 100) and its refusal
 * shows under the editor; the editor only keeps each row well-formed.
 */
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { RolloutStep } from '../../../api/types';

/** A row as edited: the percentage as typed, the time as a datetime-local value. */
export interface ScheduleRow {
	percentage: string;
	at: string;
}

const pad = ( n: number ) => String( n ).padStart( 2, '0' );

/** A datetime-local value (local time) for a moment. */
export function localInput( date: Date ): string {
	return `${ date.getFullYear() }-${ pad( date.getMonth() + 1 ) }-${ pad(
		date.getDate()
	) }T${ pad( date.getHours() ) }:${ pad( date.getMinutes() ) }`;
}

/** The schedule the API takes, or null when there are no rows (no schedule). */
export function toPlan( rows: ScheduleRow[] ): RolloutStep[] | null {
	if ( rows.length === 0 ) {
		return null;
	}
	return rows.map( ( row ) => {
		const at = new Date( row.at );
		return {
			percentage: Number( row.percentage ),
			at: Number.isNaN( at.getTime() )
				? row.at
				: at.toISOString().replace( /\.\d{3}Z$/, 'Z' ),
		};
	} );
}

/** Rows of a stored schedule. */
export function toRows( plan: RolloutStep[] | null ): ScheduleRow[] {
	return ( plan ?? [] ).map( ( step ) => ( {
		percentage: String( step.percentage ),
		at: localInput( new Date( step.at ) ),
	} ) );
}

/** A first schedule to start from: 5 % now, 25 % tomorrow, 100 % in a week. */
export function startingRows( now = new Date() ): ScheduleRow[] {
	const day = 24 * 60 * 60 * 1000;
	return [
		{ percentage: '5', at: localInput( now ) },
		{
			percentage: '25',
			at: localInput( new Date( now.getTime() + day ) ),
		},
		{
			percentage: '100',
			at: localInput( new Date( now.getTime() + 7 * day ) ),
		},
	];
}

export function RolloutSchedule( {
	rows,
	onChange,
	error,
}: {
	rows: ScheduleRow[];
	onChange: ( rows: ScheduleRow[] ) => void;
	error?: string;
} ) {
	const set = ( index: number, field: keyof ScheduleRow, value: string ) =>
		onChange(
			rows.map( ( row, at ) =>
				at === index ? { ...row, [ field ]: value } : row
			)
		);
	return (
		<fieldset className="svc-rollout-schedule">
			<legend>{ __( 'Rollout schedule', 'svc-licensing' ) }</legend>
			{ rows.length === 0 && (
				<p className="description">
					{ __(
						'No schedule: the rollout percentage holds until you change it.',
						'svc-licensing'
					) }
				</p>
			) }
			{ rows.length > 0 && (
				<p className="description">
					{ __(
						'Each step takes effect at its time (your browser’s time zone). Times ascending, percentages never falling; the last step is 100 %.',
						'svc-licensing'
					) }
				</p>
			) }
			{ rows.map( ( row, index ) => (
				<div className="svc-rollout-step" key={ index }>
					<TextControl
						label={ sprintf(
							/* translators: %d: step number. */
							__( 'Step %d percentage', 'svc-licensing' ),
							index + 1
						) }
						type="number"
						min={ 0 }
						max={ 100 }
						value={ row.percentage }
						onChange={ ( value ) =>
							set( index, 'percentage', value )
						}
						__nextHasNoMarginBottom
					/>
					<TextControl
						label={ sprintf(
							/* translators: %d: step number. */
							__( 'Step %d starts', 'svc-licensing' ),
							index + 1
						) }
						type="datetime-local"
						value={ row.at }
						onChange={ ( value ) => set( index, 'at', value ) }
						__nextHasNoMarginBottom
					/>
					<Button
						variant="tertiary"
						size="small"
						isDestructive
						onClick={ () =>
							onChange( rows.filter( ( _, at ) => at !== index ) )
						}
					>
						{ sprintf(
							/* translators: %d: step number. */
							__( 'Remove step %d', 'svc-licensing' ),
							index + 1
						) }
					</Button>
				</div>
			) ) }
			<Button
				variant="secondary"
				size="small"
				onClick={ () =>
					onChange(
						rows.length === 0
							? startingRows()
							: [
									...rows,
									{
										percentage: '100',
										at: localInput( new Date() ),
									},
								]
					)
				}
			>
				{ rows.length === 0
					? __( 'Add a schedule', 'svc-licensing' )
					: __( 'Add a step', 'svc-licensing' ) }
			</Button>
			{ error && (
				<p className="svc-field-error" role="alert">
					{ error }
				</p>
			) }
		</fieldset>
	);
}
