/**
 * A release's health: sites offered it (when the explainer knows), the client sites' installed / failed reports,
 * and the pause with its reason (the failure-rate gate's, or one by hand). docs/rollouts-gate.md.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import type { Release } from '../../../api/types';
import { formatDate } from '../../../components/format';

export function ReleaseHealth( { release }: { release: Release } ) {
	const figures = [
		...( typeof release.offered === 'number'
			? [
					sprintf(
						/* translators: %d: sites offered the release. */
						__( '%d offered', 'svc-licensing' ),
						release.offered
					),
				]
			: [] ),
		sprintf(
			/* translators: %d: sites that reported the update installed. */
			__( '%d installed', 'svc-licensing' ),
			release.reports.installed
		),
		sprintf(
			/* translators: %d: sites that reported the update failed. */
			__( '%d failed', 'svc-licensing' ),
			release.reports.failed
		),
	];
	return (
		<div className="svc-release-health">
			<p data-testid={ `svc-release-reports-${ release.version }` }>
				{ figures.join( ' · ' ) }
				<span className="svc-release-gate">
					{ ' — ' }
					{ sprintf(
						/* translators: 1: failure rate threshold in percent, 2: number of reports. */
						_n(
							'pauses itself over %1$d %% failed, after %2$d report',
							'pauses itself over %1$d %% failed, after %2$d reports',
							release.gate.min_reports,
							'svc-licensing'
						),
						release.gate.threshold,
						release.gate.min_reports
					) }
				</span>
			</p>
			{ release.paused_at !== null && (
				<p
					className="svc-release-paused svc-pause-reason"
					data-testid={ `svc-release-paused-${ release.version }` }
				>
					<span className="svc-status">
						{ __( 'Paused', 'svc-licensing' ) }
					</span>{ ' ' }
					{ sprintf(
						/* translators: 1: date, 2: reason. */
						__( '%1$s: %2$s', 'svc-licensing' ),
						formatDate( release.paused_at ),
						release.pause_reason ||
							__( 'Paused by hand.', 'svc-licensing' )
					) }
				</p>
			) }
		</div>
	);
}
