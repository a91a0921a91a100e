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
import {
	FormError,
	useForm,
	useMutation,
	useUnsavedChanges,
} from '../../components/mutation';
import { rules } from '../../components/validate';
import { BackupCard } from './backup';
import { DataRemovalCard } from './data-removal';
import { StagingHostsCard } from './staging-hosts';
import { RenewalPageField } from './renewal';
import { ScreenHeader } from '../../components/screen';
import { ImportWizard } from '../import/wizard';
import {
	OldProtocolsCard,
	protocolUpdate,
	protocolValues,
} from './old-protocols';
import { SettingsTabs, currentTab } from './tabs';

const LIMIT_LABELS: Record< keyof Settings[ 'rate_limits' ], string > = {
	validate: __( 'Validate (per IP)', 'svc-licensing' ),
	activate: __( 'Activate (per IP)', 'svc-licensing' ),
	deactivate: __( 'Deactivate (per IP)', 'svc-licensing' ),
	updates_check: __( 'Update checks (per IP)', 'svc-licensing' ),
	trials: __( 'Trial requests (per IP)', 'svc-licensing' ),
	webhook: __( 'Webhook deliveries (per sender)', 'svc-licensing' ),
	admin: __( 'Admin API (per key or user)', 'svc-licensing' ),
	portal_link: __( 'Portal sign-in links (per IP)', 'svc-licensing' ),
	portal_link_email: __(
		'Portal sign-in links (per email address)',
		'svc-licensing'
	),
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
		'Not active on this server yet: the loader is from another version of the plugin and is rewritten the next time an administrator opens an admin page. If this stays, make the must-use plugins folder writable.',
		'svc-licensing'
	),
	multisite: __(
		'Not available on a multisite network: checks take the normal REST route.',
		'svc-licensing'
	),
	file_mods_disallowed: __(
		'Off on this server: the site sets DISALLOW_FILE_MODS, so the plugin does not write its loader to the must-use plugins folder, and checks take the normal REST route.',
		'svc-licensing'
	),
};

const LIMIT_ROUTES = Object.keys( LIMIT_LABELS ) as Array<
	keyof Settings[ 'rate_limits' ]
>;

/** The form's fields as text and switches, from the settings as stored (the secret is write-only: empty). */
function formValues( settings: Settings ) {
	return {
		webhook_signing_secret: '',
		webhooks_allow_private: settings.webhooks_allow_private,
		...( Object.fromEntries(
			LIMIT_ROUTES.map( ( route ) => [
				`rate_limits_${ route }`,
				String( settings.rate_limits[ route ] ),
			] )
		) as Record<
			`rate_limits_${ keyof Settings[ 'rate_limits' ] }`,
			string
		> ),
		staging_hosts_enabled: settings.staging_hosts_enabled,
		staging_hosts: settings.staging_hosts.join( '\n' ),
		download_token_ttl: String( settings.download_token_ttl ),
		portal_releases_per_month: String( settings.portal_releases_per_month ),
		portal_trust_accounts: settings.portal_trust_accounts,
		updates_require_activation: settings.updates_require_activation,
		renewal_page: settings.renewal_page,
		trial_plus_tags_distinct: settings.trial_plus_tags_distinct,
		trial_mailbox_provider_rules: settings.trial_mailbox_provider_rules,
		fingerprinting: settings.fingerprinting,
		currency: settings.currency,
		trusted_proxies: settings.trusted_proxies.join( '\n' ),
		rate_limit_ipv6_prefix: String( settings.rate_limit_ipv6_prefix ),
		fast_lane: settings.fast_lane,
		...protocolValues( settings ),
	};
}

type FormValues = ReturnType< typeof formValues >;

const lines = ( text: string ) =>
	text
		.split( '\n' )
		.map( ( line ) => line.trim() )
		.filter( Boolean );

/** What PUT /admin/settings gets from the form. */
function updateOf( values: FormValues ): SettingsUpdate {
	const update: SettingsUpdate = {
		fingerprinting: values.fingerprinting,
		updates_require_activation: values.updates_require_activation,
		renewal_page: values.renewal_page,
		trial_plus_tags_distinct: values.trial_plus_tags_distinct,
		trial_mailbox_provider_rules: values.trial_mailbox_provider_rules,
		fast_lane: values.fast_lane,
		staging_hosts_enabled: values.staging_hosts_enabled,
		staging_hosts: values.staging_hosts.split( '\n' ),
		webhooks_allow_private: values.webhooks_allow_private,
		currency: values.currency.trim(),
		download_token_ttl: Number( values.download_token_ttl ),
		portal_releases_per_month: Number( values.portal_releases_per_month ),
		portal_trust_accounts: values.portal_trust_accounts,
		rate_limits: Object.fromEntries(
			LIMIT_ROUTES.map( ( route ) => [
				route,
				Number( values[ `rate_limits_${ route }` ] ),
			] )
		),
		trusted_proxies: lines( values.trusted_proxies ),
		rate_limit_ipv6_prefix: Number( values.rate_limit_ipv6_prefix ),
		...protocolUpdate( values ),
	};
	if ( values.webhook_signing_secret !== '' ) {
		update.webhook_signing_secret = values.webhook_signing_secret;
	}
	return update;
}

function SettingsForm( {
	client,
	settings,
	onSaved,
}: {
	client: ServiceClient;
	settings: Settings;
	onSaved: ( next: Settings ) => void;
} ) {
	const form = useForm( formValues( settings ), {
		currency: [ rules.currency() ],
		download_token_ttl: [ rules.intRange( 30, 86400 ) ],
		portal_releases_per_month: [ rules.intRange( 0, 1000 ) ],
		rate_limit_ipv6_prefix: [ rules.intRange( 32, 128 ) ],
		renewal_page: [ rules.url() ],
		...Object.fromEntries(
			LIMIT_ROUTES.map( ( route ) => [
				`rate_limits_${ route }`,
				[ rules.intRange( 1, 1000000 ) ],
			] )
		),
	} );
	const mutate = useMutation();
	const { values: draft, set, setValues, fieldProps } = form;
	// After a save the form shows the settings as stored (tidied, the secret emptied).
	useEffect(
		() => setValues( formValues( settings ) ),
		[ settings, setValues ]
	);
	// Changed: different from what is stored (useForm's own flag would count the emptied secret as a change).
	const dirty =
		JSON.stringify( draft ) !== JSON.stringify( formValues( settings ) );
	useUnsavedChanges( dirty );

	return (
		<form
			className="svc-settings"
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				form.submit(
					( values ) => client.updateSettings( updateOf( values ) ),
					{
						success: __( 'Settings saved.', 'svc-licensing' ),
						onDone: onSaved,
					}
				);
			} }
		>
			<FormError message={ form.formError } />
			<Card>
				<CardHeader>
					<h2>{ __( 'Stripe webhook', 'svc-licensing' ) }</h2>
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
						value={ draft.webhook_signing_secret }
						onChange={ set( 'webhook_signing_secret' ) }
						{ ...fieldProps(
							'webhook_signing_secret',
							__(
								'Write-only: the stored secret is never shown. Leave empty to keep it.',
								'svc-licensing'
							)
						) }
					/>
					{ settings.webhook_signing_secret_set && (
						<Button
							variant="secondary"
							isDestructive
							disabled={ form.busy }
							onClick={ () =>
								mutate(
									() =>
										client.updateSettings( {
											webhook_signing_secret: '',
										} ),
									{
										success: __(
											'Settings saved.',
											'svc-licensing'
										),
									}
								).then( ( next ) => next && onSaved( next ) )
							}
						>
							{ __( 'Remove the secret', 'svc-licensing' ) }
						</Button>
					) }
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h2>{ __( 'Outbound webhooks', 'svc-licensing' ) }</h2>
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
						onChange={ set( 'webhooks_allow_private' ) }
					/>
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h2>
						{ __(
							'Rate limits (requests per minute)',
							'svc-licensing'
						) }
					</h2>
				</CardHeader>
				<CardBody>
					<div className="svc-form-grid">
						{ LIMIT_ROUTES.map( ( route ) => (
							<TextControl
								key={ route }
								label={ LIMIT_LABELS[ route ] }
								type="number"
								min={ 1 }
								value={ draft[ `rate_limits_${ route }` ] }
								onChange={ set( `rate_limits_${ route }` ) }
								{ ...fieldProps( `rate_limits_${ route }` ) }
							/>
						) ) }
					</div>
					<TextControl
						label={ __(
							'Count IPv6 clients by their network of this prefix length',
							'svc-licensing'
						) }
						type="number"
						min={ 32 }
						max={ 128 }
						value={ draft.rate_limit_ipv6_prefix }
						onChange={ set( 'rate_limit_ipv6_prefix' ) }
						{ ...fieldProps(
							'rate_limit_ipv6_prefix',
							__(
								'64 counts one ordinary subscriber network as one client: a single home or server holds a whole /64 and could otherwise change address for every request. 128 counts each address. IPv4 clients count by their address.',
								'svc-licensing'
							)
						) }
					/>
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h2>{ __( 'Customer portal', 'svc-licensing' ) }</h2>
				</CardHeader>
				<CardBody>
					<TextControl
						label={ __(
							'Sites a customer may deactivate per licence and month',
							'svc-licensing'
						) }
						type="number"
						min={ 0 }
						max={ 1000 }
						value={ draft.portal_releases_per_month }
						onChange={ set( 'portal_releases_per_month' ) }
						{ ...fieldProps(
							'portal_releases_per_month',
							__(
								'In the My licences block, and by the key alone naming a site; a site that frees itself never counts. A small number stops a key being passed from site to site; 0 leaves freeing a site to you.',
								'svc-licensing'
							)
						) }
					/>
					<ToggleControl
						label={ __(
							'Trust the email of a signed-in account',
							'svc-licensing'
						) }
						help={ __(
							'Off by default: an account opens the portal of its email only after it opened a mailed sign-in link once. WordPress does not check that an account owns its email, so anyone who registers a buyer’s address would see and change the buyer’s licences. Turn this on only if every way to make an account on this site confirms the address first.',
							'svc-licensing'
						) }
						checked={ draft.portal_trust_accounts }
						onChange={ set( 'portal_trust_accounts' ) }
					/>
				</CardBody>
			</Card>
			<StagingHostsCard
				enabled={ draft.staging_hosts_enabled }
				text={ draft.staging_hosts }
				onEnabled={ set( 'staging_hosts_enabled' ) }
				onText={ set( 'staging_hosts' ) }
				controlProps={ fieldProps( 'staging_hosts' ) }
			/>
			<OldProtocolsCard draft={ draft } set={ set } stored={ settings } />
			<Card>
				<CardHeader>
					<h2>{ __( 'Updates and licences', 'svc-licensing' ) }</h2>
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
						value={ draft.download_token_ttl }
						onChange={ set( 'download_token_ttl' ) }
						{ ...fieldProps( 'download_token_ttl' ) }
					/>
					<ToggleControl
						label={ __(
							'Update checks need the site to be activated',
							'svc-licensing'
						) }
						checked={ draft.updates_require_activation }
						onChange={ set( 'updates_require_activation' ) }
					/>
					<RenewalPageField
						value={ draft.renewal_page }
						onChange={ set( 'renewal_page' ) }
						error={ form.errors.renewal_page }
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
						onChange={ set( 'trial_plus_tags_distinct' ) }
					/>
					<ToggleControl
						label={ __(
							'Gmail addresses with dots are one mailbox',
							'svc-licensing'
						) }
						help={ __(
							'On: a.da@gmail.com, ada@gmail.com and ada@googlemail.com reach one inbox, so they get one trial of each product. Off: each spelling gets its own.',
							'svc-licensing'
						) }
						checked={ draft.trial_mailbox_provider_rules }
						onChange={ set( 'trial_mailbox_provider_rules' ) }
					/>
					<ToggleControl
						label={ __( 'Server fingerprinting', 'svc-licensing' ) }
						help={ __(
							'Store a fingerprint on activation; validation from another server answers valid: false.',
							'svc-licensing'
						) }
						checked={ draft.fingerprinting }
						onChange={ set( 'fingerprinting' ) }
					/>
					<TextControl
						label={ __( 'Currency (ISO 4217)', 'svc-licensing' ) }
						value={ draft.currency }
						onChange={ set( 'currency' ) }
						{ ...fieldProps(
							'currency',
							__(
								'The three letters of the currency your Stripe prices are in, such as USD or EUR; revenue is reported in it.',
								'svc-licensing'
							)
						) }
					/>
					<TextareaControl
						label={ __(
							'Trusted proxies (one IP or CIDR range per line)',
							'svc-licensing'
						) }
						value={ draft.trusted_proxies }
						onChange={ set( 'trusted_proxies' ) }
						{ ...fieldProps( 'trusted_proxies' ) }
					/>
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h2>{ __( 'Performance', 'svc-licensing' ) }</h2>
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
						onChange={ set( 'fast_lane' ) }
					/>
				</CardBody>
			</Card>
			<Button
				variant="primary"
				type="submit"
				isBusy={ form.busy }
				disabled={ form.busy }
			>
				{ __( 'Save settings', 'svc-licensing' ) }
			</Button>
		</form>
	);
}

export function SettingsStage( { client }: { client: ServiceClient } ) {
	const [ loaded, reload ] = useLoad( () => client.settings(), [] );
	const [ saved, setSaved ] = useState< Settings | null >( null );
	if ( currentTab() === 'import' ) {
		return (
			<div className="svc-screen">
				<ScreenHeader />
				<SettingsTabs current="import" />
				<ImportWizard client={ client } />
			</div>
		);
	}
	return (
		<div className="svc-screen">
			<ScreenHeader />
			<SettingsTabs current="settings" />
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

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default SettingsStage;
