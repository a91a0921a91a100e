/**
 * Settings: every setting the server has (GET/PUT /admin/settings). The signing secret is write-only.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { FastLaneState, Settings, SettingsUpdate } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { useNotify } from '../../components/notices';
import { BackupCard } from './backup';
import { DataRemovalCard } from './data-removal';
import { StagingHostsCard } from './staging-hosts';
import { RenewalPageField } from './renewal';
import { ScreenHeader } from '../../components/screen';

const LIMIT_LABELS: Record< keyof Settings[ 'rate_limits' ], string > = {
	validate: __( 'Validate (per IP)', 'svc-licensing' ),
	activate: __( 'Activate (per IP)', 'svc-licensing' ),
	deactivate: __( 'Deactivate (per IP)', 'svc-licensing' ),
	updates_check: __( 'Update checks (per IP)', 'svc-licensing' ),
	trials: __( 'Trial requests (per IP)', 'svc-licensing' ),
	webhook: __( 'Webhook deliveries (per sender)', 'svc-licensing' ),
	admin: __( 'Admin API (per key or user)', 'svc-licensing' ),
};

const LANE_STATES: Record< FastLaneState, string > = {
	on: __( 'Active on this server.', 'svc-licensing' ),
	off: __(
		'Off: licence checks, update checks and package downloads take the normal REST route.',
		'svc-licensing'
	),
	unwritable: __(
		'Not active on this server: the loader could not be written to the must-use plugins folder, so checks take the normal REST route. Make that folder writable by the web server (Tools > Site Health has the details).',
		'svc-licensing'
	),
	stale: __(
		'Not active on this server yet: the loader is from another version of the plugin and is rewritten on the next admin page. If this stays, make the must-use plugins folder writable.',
		'svc-licensing'
	),
	multisite: __(
		'Not available on a multisite network: checks take the normal REST route.',
		'svc-licensing'
	),
};

function SettingsForm( {
	client,
	settings,
	onSaved,
}: {
	client: ServiceClient;
	settings: Settings;
	onSaved: ( next: Settings ) => void;
} ) {
	const notify = useNotify();
	const [ draft, setDraft ] = useState( settings );
	const [ secret, setSecret ] = useState( '' );
	const [ proxies, setProxies ] = useState(
		settings.trusted_proxies.join( '\n' )
	);
	const [ busy, setBusy ] = useState( false );
	useEffect( () => setDraft( settings ), [ settings ] );

	const save = ( update: SettingsUpdate ) => {
		setBusy( true );
		return client
			.updateSettings( update )
			.then(
				( next ) => {
					notify.success( __( 'Settings saved.', 'svc-licensing' ) );
					setSecret( '' );
					onSaved( next );
				},
				( error ) =>
					notify.error(
						error,
						__( 'The settings were not saved:', 'svc-licensing' )
					)
			)
			.finally( () => setBusy( false ) );
	};

	return (
		<form
			className="svc-settings"
			onSubmit={ ( event ) => {
				event.preventDefault();
				const update: SettingsUpdate = {
					fingerprinting: draft.fingerprinting,
					updates_require_activation:
						draft.updates_require_activation,
					renewal_page: draft.renewal_page,
					trial_plus_tags_distinct: draft.trial_plus_tags_distinct,
					fast_lane: draft.fast_lane,
					staging_hosts_enabled: draft.staging_hosts_enabled,
					staging_hosts: draft.staging_hosts,
					webhooks_allow_private: draft.webhooks_allow_private,
					currency: draft.currency,
					download_token_ttl: draft.download_token_ttl,
					rate_limits: draft.rate_limits,
					trusted_proxies: proxies
						.split( /\s+/ )
						.map( ( line ) => line.trim() )
						.filter( Boolean ),
				};
				if ( secret !== '' ) {
					update.webhook_signing_secret = secret;
				}
				save( update );
			} }
		>
			<Card>
				<CardHeader>
					<h3>{ __( 'Stripe webhook', 'svc-licensing' ) }</h3>
				</CardHeader>
				<CardBody>
					<p data-testid="svc-secret-state">
						{ settings.webhook_signing_secret_set
							? __( 'A signing secret is set.', 'svc-licensing' )
							: __(
									'No signing secret is set: every delivery is refused.',
									'svc-licensing'
								) }
					</p>
					<TextControl
						label={ __(
							'New signing secret (whsec_…)',
							'svc-licensing'
						) }
						type="password"
						autoComplete="off"
						value={ secret }
						onChange={ setSecret }
						help={ __(
							'Write-only: the stored secret is never shown. Leave empty to keep it.',
							'svc-licensing'
						) }
					/>
					{ settings.webhook_signing_secret_set && (
						<Button
							variant="secondary"
							isDestructive
							disabled={ busy }
							onClick={ () =>
								save( { webhook_signing_secret: '' } )
							}
						>
							{ __( 'Remove the secret', 'svc-licensing' ) }
						</Button>
					) }
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h3>{ __( 'Outbound webhooks', 'svc-licensing' ) }</h3>
				</CardHeader>
				<CardBody>
					<ToggleControl
						label={ __(
							'Allow private and loopback receivers',
							'svc-licensing'
						) }
						help={ __(
							'Off by default: endpoints must be public addresses, so nobody who can add an endpoint can make this server send requests into its own network (127.0.0.1, 10.x, 192.168.x, cloud metadata addresses and the like). Turn it on only for a receiver on this machine or your private network.',
							'svc-licensing'
						) }
						checked={ draft.webhooks_allow_private }
						onChange={ ( value ) =>
							setDraft( {
								...draft,
								webhooks_allow_private: value,
							} )
						}
					/>
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h3>
						{ __(
							'Rate limits (requests per minute)',
							'svc-licensing'
						) }
					</h3>
				</CardHeader>
				<CardBody>
					<div className="svc-form-grid">
						{ (
							Object.keys( LIMIT_LABELS ) as Array<
								keyof Settings[ 'rate_limits' ]
							>
						 ).map( ( route ) => (
							<TextControl
								key={ route }
								label={ LIMIT_LABELS[ route ] }
								type="number"
								min={ 1 }
								value={ String( draft.rate_limits[ route ] ) }
								onChange={ ( value ) =>
									setDraft( {
										...draft,
										rate_limits: {
											...draft.rate_limits,
											[ route ]: Number( value ),
										},
									} )
								}
							/>
						) ) }
					</div>
				</CardBody>
			</Card>
			<StagingHostsCard
				saved={ settings.staging_hosts }
				value={ draft }
				onChange={ ( values ) => setDraft( { ...draft, ...values } ) }
			/>
			<Card>
				<CardHeader>
					<h3>{ __( 'Updates and licences', 'svc-licensing' ) }</h3>
				</CardHeader>
				<CardBody>
					<TextControl
						label={ __(
							'Download link lifetime (seconds)',
							'svc-licensing'
						) }
						type="number"
						min={ 30 }
						max={ 86400 }
						value={ String( draft.download_token_ttl ) }
						onChange={ ( value ) =>
							setDraft( {
								...draft,
								download_token_ttl: Number( value ),
							} )
						}
					/>
					<ToggleControl
						label={ __(
							'Update checks need the site to be activated',
							'svc-licensing'
						) }
						checked={ draft.updates_require_activation }
						onChange={ ( value ) =>
							setDraft( {
								...draft,
								updates_require_activation: value,
							} )
						}
					/>
					<RenewalPageField
						value={ draft.renewal_page }
						onChange={ ( value ) =>
							setDraft( { ...draft, renewal_page: value } )
						}
					/>
					<ToggleControl
						label={ __(
							'Plus-tagged addresses get trials of their own',
							'svc-licensing'
						) }
						help={ __(
							'Off: ada+2@example.com counts as ada@example.com, so one mailbox gets one trial of each product.',
							'svc-licensing'
						) }
						checked={ draft.trial_plus_tags_distinct }
						onChange={ ( value ) =>
							setDraft( {
								...draft,
								trial_plus_tags_distinct: value,
							} )
						}
					/>
					<ToggleControl
						label={ __( 'Server fingerprinting', 'svc-licensing' ) }
						help={ __(
							'Store a fingerprint on activation; validation from another server answers valid: false.',
							'svc-licensing'
						) }
						checked={ draft.fingerprinting }
						onChange={ ( value ) =>
							setDraft( { ...draft, fingerprinting: value } )
						}
					/>
					<TextControl
						label={ __( 'Currency (ISO 4217)', 'svc-licensing' ) }
						value={ draft.currency }
						maxLength={ 3 }
						onChange={ ( value ) =>
							setDraft( {
								...draft,
								currency: value.toUpperCase(),
							} )
						}
					/>
					<TextareaControl
						label={ __(
							'Trusted proxies (one IP or CIDR range per line)',
							'svc-licensing'
						) }
						value={ proxies }
						onChange={ setProxies }
					/>
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h3>{ __( 'Performance', 'svc-licensing' ) }</h3>
				</CardHeader>
				<CardBody>
					<ToggleControl
						label={ __(
							'Fast lane for licence checks',
							'svc-licensing'
						) }
						help={
							<>
								{ __(
									'Answers licence validation, activation, deactivation, update checks and package downloads before other plugins and the theme load, through a small loader the plugin keeps in the must-use plugins folder. The answers are the same; each call costs the server far less.',
									'svc-licensing'
								) }{ ' ' }
								<span data-testid="svc-fast-lane-state">
									{ LANE_STATES[ settings.fast_lane_state ] }
								</span>
							</>
						}
						checked={ draft.fast_lane }
						onChange={ ( value ) =>
							setDraft( { ...draft, fast_lane: value } )
						}
					/>
				</CardBody>
			</Card>
			<Button
				variant="primary"
				type="submit"
				isBusy={ busy }
				disabled={ busy }
			>
				{ __( 'Save settings', 'svc-licensing' ) }
			</Button>
		</form>
	);
}

export function SettingsStage( { client }: { client: ServiceClient } ) {
	const [ loaded, reload ] = useLoad( () => client.settings(), [] );
	const [ saved, setSaved ] = useState< Settings | null >( null );
	return (
		<div className="svc-screen">
			<ScreenHeader />
			{ loaded.kind === 'loading' && <Loading /> }
			{ loaded.kind === 'error' && (
				<LoadError message={ loaded.message } onRetry={ reload } />
			) }
			{ loaded.kind === 'ready' && (
				<SettingsForm
					client={ client }
					settings={ saved ?? loaded.value }
					onSaved={ setSaved }
				/>
			) }
			<BackupCard client={ client } />
			<DataRemovalCard client={ client } />
		</div>
	);
}
