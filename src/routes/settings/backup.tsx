/**
 * Settings: export the whole licence service to one file, or restore one into this (empty) site.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	FormFileUpload,
	Notice,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Restored } from '../../api/types';
import { restoreExport } from '../../api/upload';
import { useNotify } from '../../components/notices';
import { panelConfig } from '../../panel-config';

export function BackupCard( { client }: { client: ServiceClient } ) {
	const notify = useNotify();
	const [ busy, setBusy ] = useState( false );
	const [ progress, setProgress ] = useState( 0 );
	const [ restored, setRestored ] = useState< Restored | null >( null );

	const download = () => {
		setBusy( true );
		// A fresh link (its nonce) each time; the browser then streams the file straight to disk.
		client
			.backup()
			.then(
				( info ) => {
					window.location.assign( info.export_url );
				},
				( error ) =>
					notify.error(
						error,
						__( 'The export could not start:', 'svc-licensing' )
					)
			)
			.finally( () => setBusy( false ) );
	};

	const restore = ( file: File ) => {
		const { restUrl, nonce } = panelConfig();
		setBusy( true );
		setProgress( 0 );
		restoreExport( restUrl, nonce, file, setProgress )
			.then(
				( result ) => {
					setRestored( result );
					notify.success(
						__( 'The export was restored.', 'svc-licensing' )
					);
				},
				( error ) =>
					notify.error(
						error,
						__( 'The export was not restored:', 'svc-licensing' )
					)
			)
			.finally( () => setBusy( false ) );
	};

	return (
		<Card className="svc-backup">
			<CardHeader>
				<h3>
					{ __( 'Back up or move the service', 'svc-licensing' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<p>
					{ __(
						'The export file holds the whole licence service: products, tiers and prices, licences (keys only as hashes), activations, releases with their package files, settings, webhook events, API keys (hashed) and the secret that checks every key. Restore it into a new site to move hosts, or keep it as a backup.',
						'svc-licensing'
					) }
				</p>
				<Notice status="warning" isDismissible={ false }>
					{ __(
						'Anyone who has this file can answer for your licences. Store it like a password: encrypted, out of the web root, and delete copies you no longer need.',
						'svc-licensing'
					) }
				</Notice>
				<div className="svc-backup-actions">
					<Button
						variant="secondary"
						onClick={ download }
						isBusy={ busy }
						disabled={ busy }
					>
						{ __( 'Download export file', 'svc-licensing' ) }
					</Button>
					<FormFileUpload
						accept=".svcexport"
						onChange={ ( event ) => {
							const file = event.currentTarget.files?.[ 0 ];
							if ( file ) {
								restore( file );
							}
						} }
						render={ ( { openFileDialog } ) => (
							<Button
								variant="secondary"
								onClick={ openFileDialog }
								disabled={ busy }
							>
								{ __(
									'Restore from an export file…',
									'svc-licensing'
								) }
							</Button>
						) }
					/>
				</div>
				<p className="description">
					{ __(
						'A restore needs a site without licensing data (a fresh install of the plugin). A damaged, incomplete or changed file is refused before anything is written.',
						'svc-licensing'
					) }
				</p>
				{ busy && progress > 0 && progress < 1 && (
					<p>
						{ sprintf(
							/* translators: %d: percent uploaded. */
							__( 'Uploading: %d%%', 'svc-licensing' ),
							Math.round( progress * 100 )
						) }
					</p>
				) }
				{ restored && (
					<p className="svc-backup-restored">
						{ sprintf(
							/* translators: 1: rows, 2: files, 3: source site, 4: date. */
							__(
								'Restored %1$d rows and %2$d package files from %3$s (exported %4$s).',
								'svc-licensing'
							),
							restored.rows,
							restored.files,
							restored.source,
							restored.created_at
						) }
					</p>
				) }
			</CardBody>
		</Card>
	);
}
