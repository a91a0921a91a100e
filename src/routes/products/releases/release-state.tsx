/**
 * Where a release's rollout stands: its channel, its schedule with the step in force, the percentage offered now,
 * a pause and its reason, a withdrawal; and the seller's Pause (with a reason), Resume and Roll back, each confirmed.
 */
import { Button, Modal, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Release } from '../../../api/types';
import { formatDate } from '../../../components/format';
import { FormActions } from '../../../components/confirm';
import { useMutation } from '../../../components/mutation';
import { ConfirmButton } from '../confirm-button';
import { channelLabel } from './channel-label';

function PauseButton( {
	release,
	run,
}: {
	release: Release;
	run: ( reason: string ) => Promise< unknown >;
} ) {
	const [ open, setOpen ] = useState( false );
	const [ reason, setReason ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	return (
		<>
			<Button
				variant="secondary"
				size="small"
				onClick={ () => setOpen( true ) }
			>
				{ __( 'Pause', 'svc-licensing' ) }
			</Button>
			{ open && (
				<Modal
					title={ sprintf(
						/* translators: %s: version. */
						__( 'Pause the rollout of %s?', 'svc-licensing' ),
						release.version
					) }
					size="small"
					onRequestClose={ () => setOpen( false ) }
				>
					<form
						onSubmit={ ( event ) => {
							event.preventDefault();
							setBusy( true );
							run( reason ).finally( () => {
								setBusy( false );
								setOpen( false );
							} );
						} }
					>
						<p>
							{ __(
								'Sites that already have it keep it; no more licences are added to it until you resume.',
								'svc-licensing'
							) }
						</p>
						<TextControl
							label={ __(
								'Reason (shown here)',
								'svc-licensing'
							) }
							value={ reason }
							maxLength={ 255 }
							onChange={ setReason }
							__nextHasNoMarginBottom
						/>
						<FormActions
							onCancel={ () => setOpen( false ) }
							submitLabel={ __(
								'Pause rollout',
								'svc-licensing'
							) }
							busy={ busy }
						/>
					</form>
				</Modal>
			) }
		</>
	);
}

export function ReleaseState( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const act = ( run: () => Promise< unknown >, message: string ) =>
		mutate( run, { success: message, reload: onChanged } );
	const published = release.status === 'published';
	const withdrawn = release.withdrawn_at !== null;
	const plan = release.rollout_plan ?? [];
	return (
		<div className="svc-release-state">
			<p>
				<span
					className={ `svc-status svc-channel is-${ release.channel }` }
				>
					{ channelLabel( release.channel ) }
				</span>{ ' ' }
				{ withdrawn && (
					<span className="svc-status is-revoked">
						{ sprintf(
							/* translators: %s: date. */
							__( 'Withdrawn %s', 'svc-licensing' ),
							formatDate( release.withdrawn_at )
						) }
					</span>
				) }{ ' ' }
				{ release.paused_at && (
					<span className="svc-status is-suspended">
						{ __( 'Paused', 'svc-licensing' ) }
					</span>
				) }{ ' ' }
				{ sprintf(
					/* translators: %d: percentage. */
					__( 'Offered now to %d %% of licences.', 'svc-licensing' ),
					release.rollout_percentage
				) }
			</p>
			{ plan.length > 0 && (
				<table className="widefat striped svc-rollout-steps">
					<caption>
						{ __( 'Rollout schedule', 'svc-licensing' ) }
					</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Step', 'svc-licensing' ) }
							</th>
							<th scope="col">
								{ __( 'Percentage', 'svc-licensing' ) }
							</th>
							<th scope="col">
								{ __( 'From', 'svc-licensing' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ plan.map( ( step, index ) => (
							<tr
								key={ step.at }
								aria-current={
									index === release.rollout_step
										? 'step'
										: undefined
								}
								className={
									index === release.rollout_step
										? 'is-current'
										: ''
								}
							>
								<td>
									{ index + 1 }
									{ index === release.rollout_step &&
										` (${ __( 'current', 'svc-licensing' ) })` }
								</td>
								<td>{ `${ step.percentage } %` }</td>
								<td>{ formatDate( step.at ) }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			{ published && ! withdrawn && (
				<div className="svc-actions-row">
					{ release.paused_at ? (
						<ConfirmButton
							destructive={ false }
							title={ sprintf(
								/* translators: %s: version. */
								__(
									'Resume the rollout of %s?',
									'svc-licensing'
								),
								release.version
							) }
							text={ __(
								'The schedule runs on from the step whose time has come.',
								'svc-licensing'
							) }
							confirmLabel={ __( 'Resume', 'svc-licensing' ) }
							run={ () =>
								act(
									() => client.resumeRelease( release.id ),
									__( 'Rollout resumed.', 'svc-licensing' )
								)
							}
						>
							{ __( 'Resume', 'svc-licensing' ) }
						</ConfirmButton>
					) : (
						<PauseButton
							release={ release }
							run={ ( reason ) =>
								act(
									() =>
										client.pauseRelease(
											release.id,
											reason
										),
									__( 'Rollout paused.', 'svc-licensing' )
								)
							}
						/>
					) }
					<ConfirmButton
						title={ sprintf(
							/* translators: %s: version. */
							__( 'Roll back %s?', 'svc-licensing' ),
							release.version
						) }
						text={ __(
							'It is withdrawn: no site is offered it any more, and sites that installed it are offered the previous release of its channel as an update.',
							'svc-licensing'
						) }
						confirmLabel={ __( 'Roll back', 'svc-licensing' ) }
						run={ () =>
							act(
								() => client.rollbackRelease( release.id ),
								sprintf(
									/* translators: %s: version. */
									__( '%s rolled back.', 'svc-licensing' ),
									release.version
								)
							)
						}
					>
						{ __( 'Roll back', 'svc-licensing' ) }
					</ConfirmButton>
				</div>
			) }
		</div>
	);
}
