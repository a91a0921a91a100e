/**
 * Settings: offline leases (docs/leases.md). The lease lifetime is saved with the rest of the form; the signing
 * keys are rotated here at once, each step through the admin API (GET/POST /admin/lease-keys, POST …/promote,
 * DELETE …/{kid}), the same service `wp svc lease-key` uses.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Modal,
	Notice,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { LeaseKey, LeaseKeyOverview } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { ConfirmActions } from '../../components/confirm';
import { formatDate } from '../../components/format';
import { useMutation } from '../../components/mutation';
import { errorMessage } from '../../components/notices';
import type { SettingsFormState } from './form-values';

const STATUS_LABELS: Record< LeaseKey[ 'status' ], string > = {
	next: __( 'Next (published, not signing yet)', 'svc-licensing' ),
	active: __( 'Active (signs new leases)', 'svc-licensing' ),
	retired: __( 'Retired (its leases still verify)', 'svc-licensing' ),
};

/** What the storage's state means, when no lease can be signed (missing or replaced keys), else null. */
function storageProblem( state: LeaseKeyOverview[ 'state' ] ): string | null {
	if ( state === 'missing' ) {
		return __(
			'The lease keys are missing: answers carry no lease, GET /keys answers 503 and keys cannot be rotated. Restore the option svc_licensing_lease_keys from a backup, or the whole service from an export file; client sites count their licence valid until their last lease runs out.',
			'svc-licensing'
		);
	}
	if ( state === 'mismatch' ) {
		return __(
			'The lease keys were replaced or damaged: they are not the ones recorded, so answers carry no lease, GET /keys answers 503 and keys cannot be rotated. Restore the option svc_licensing_lease_keys from a backup, or the whole service from an export file.',
			'svc-licensing'
		);
	}
	return null;
}

type Confirming = { kind: 'promote' } | { kind: 'remove'; kid: string } | null;

function LeaseKeys( {
	client,
	overview,
	reload,
}: {
	client: ServiceClient;
	overview: LeaseKeyOverview;
	reload: () => void;
} ) {
	const mutate = useMutation();
	const [ busy, setBusy ] = useState( false );
	const [ confirming, setConfirming ] = useState< Confirming >( null );
	const [ refusal, setRefusal ] = useState< string | null >( null );
	const problem = storageProblem( overview.state );
	const hasNext = overview.keys.some( ( key ) => key.status === 'next' );
	/** Runs a step: a snackbar either way, and a refusal kept in the card until the next step. */
	const step = ( run: () => Promise< unknown >, success: string ) => {
		setRefusal( null );
		return mutate(
			() =>
				run().catch( ( error: unknown ) => {
					setRefusal( errorMessage( error ) );
					throw error;
				} ),
			{ success, reload }
		);
	};
	const close = () => setConfirming( null );

	return (
		<>
			<h3>{ __( 'Signing keys', 'svc-licensing' ) }</h3>
			{ problem && (
				<div
					className="notice notice-error inline"
					data-testid="svc-lease-keys-problem"
				>
					<p>{ problem }</p>
				</div>
			) }
			{ refusal && (
				<Notice
					status="error"
					onRemove={ () => setRefusal( null ) }
					className="svc-lease-keys-refusal"
				>
					{ refusal }
				</Notice>
			) }
			<table className="widefat striped svc-lease-keys">
				<caption className="screen-reader-text">
					{ __( 'Lease signing keys', 'svc-licensing' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ __( 'Key id', 'svc-licensing' ) }</th>
						<th scope="col">{ __( 'Status', 'svc-licensing' ) }</th>
						<th scope="col">
							{ __( 'Created', 'svc-licensing' ) }
						</th>
						<th scope="col">
							{ __( 'Endorsed by', 'svc-licensing' ) }
						</th>
						<th scope="col">
							<span className="screen-reader-text">
								{ __( 'Actions', 'svc-licensing' ) }
							</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{ overview.keys.length === 0 && (
						<tr>
							<td colSpan={ 5 }>
								{ __(
									'No keys can be listed.',
									'svc-licensing'
								) }
							</td>
						</tr>
					) }
					{ overview.keys.map( ( key ) => (
						<tr key={ key.kid } data-status={ key.status }>
							<td>
								<code>{ key.kid }</code>
							</td>
							<td>{ STATUS_LABELS[ key.status ] }</td>
							<td>{ formatDate( key.created_at ) }</td>
							<td>
								{ key.endorsed_by ? (
									<code>{ key.endorsed_by }</code>
								) : (
									__( '—', 'svc-licensing' )
								) }
							</td>
							<td>
								{ key.status === 'retired' && (
									<Button
										variant="secondary"
										isDestructive
										disabled={ busy }
										onClick={ () =>
											setConfirming( {
												kind: 'remove',
												kid: key.kid,
											} )
										}
										aria-label={ sprintf(
											/* translators: %s: key id. */
											__(
												'Remove key %s',
												'svc-licensing'
											),
											key.kid
										) }
									>
										{ __( 'Remove', 'svc-licensing' ) }
									</Button>
								) }
							</td>
						</tr>
					) ) }
				</tbody>
			</table>
			<p className="svc-lease-keys-actions">
				{ hasNext ? (
					<Button
						variant="secondary"
						disabled={ busy || problem !== null }
						onClick={ () => setConfirming( { kind: 'promote' } ) }
					>
						{ __(
							'Start signing with the next key',
							'svc-licensing'
						) }
					</Button>
				) : (
					<Button
						variant="secondary"
						isBusy={ busy }
						disabled={ busy || problem !== null }
						onClick={ () => {
							setBusy( true );
							step(
								() => client.prepareLeaseKey(),
								__(
									'The next key is prepared and published.',
									'svc-licensing'
								)
							).finally( () => setBusy( false ) );
						} }
					>
						{ __( 'Prepare next key', 'svc-licensing' ) }
					</Button>
				) }
			</p>
			{ confirming?.kind === 'promote' && (
				<Modal
					title={ __(
						'Start signing with the next key?',
						'svc-licensing'
					) }
					onRequestClose={ close }
				>
					<ConfirmActions
						destructive={ false }
						text={ __(
							'Leases signed from now on carry the next key. Sites verify them only if their copy of the SDK trusts that key: a copy downloaded after the key was prepared has it, and an older copy trusts it through the active key’s endorsement once the site has fetched the published keys. The active key is retired and stays published, so the leases it signed keep verifying until they run out.',
							'svc-licensing'
						) }
						label={ __(
							'Start signing with the next key',
							'svc-licensing'
						) }
						close={ close }
						run={ () =>
							step(
								() => client.promoteLeaseKey(),
								__(
									'New leases are signed with the new key.',
									'svc-licensing'
								)
							)
						}
					/>
				</Modal>
			) }
			{ confirming?.kind === 'remove' && (
				<Modal
					title={ sprintf(
						/* translators: %s: key id. */
						__( 'Remove key %s?', 'svc-licensing' ),
						confirming.kid
					) }
					onRequestClose={ close }
				>
					<ConfirmActions
						text={ __(
							'The key is taken off the published list, and sites refuse the leases it signed. This is refused while those leases may still be valid, that is for one lease lifetime after the key was retired.',
							'svc-licensing'
						) }
						label={ __( 'Remove', 'svc-licensing' ) }
						close={ close }
						run={ () =>
							step(
								() => client.removeLeaseKey( confirming.kid ),
								__( 'The key was removed.', 'svc-licensing' )
							)
						}
					/>
				</Modal>
			) }
		</>
	);
}

export function OfflineLeasesCard( {
	client,
	form,
}: {
	client: ServiceClient;
	form: SettingsFormState;
} ) {
	const { values: draft, set, fieldProps } = form;
	const [ loaded, reload ] = useLoad( () => client.leaseKeys(), [] );
	return (
		<Card className="svc-offline-leases">
			<CardHeader>
				<h2>{ __( 'Offline leases', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<p>
					{ __(
						'Every licence check answers with a lease: a signed statement the SDK verifies offline with the public keys shipped in your product. A site that cannot reach the service keeps its licence for one lease lifetime. To rotate the key, prepare the next key, download the SDK again and ship it, then start signing with it; remove the retired key after one lease lifetime. The guide “Signed offline leases” (docs/leases.md) has the details.',
						'svc-licensing'
					) }
				</p>
				<TextControl
					label={ __( 'Lease lifetime (days)', 'svc-licensing' ) }
					type="number"
					min={ 1 }
					max={ 90 }
					value={ draft.lease_lifetime_days }
					onChange={ set( 'lease_lifetime_days' ) }
					{ ...fieldProps(
						'lease_lifetime_days',
						__(
							'From 1 to 90 days. Longer forgives a longer outage, and also keeps a refunded or revoked licence working that long on a site that stops calling. Applies to leases signed from then on.',
							'svc-licensing'
						)
					) }
				/>
				{ loaded.kind === 'loading' && <Loading /> }
				{ loaded.kind === 'error' && (
					<LoadError message={ loaded.message } onRetry={ reload } />
				) }
				{ loaded.kind === 'ready' && (
					<LeaseKeys
						client={ client }
						overview={ loaded.value }
						reload={ reload }
					/>
				) }
			</CardBody>
		</Card>
	);
}
