/**
 * The settings form's values: from the settings as stored (formValues), checked on the client (settingsRules),
 * and what PUT /admin/settings gets from them (updateOf). The signing secret is write-only: empty in the form,
 * sent only when typed.
 */
import { __ } from '@wordpress/i18n';
import type { Settings, SettingsUpdate } from '../../api/types';
import type { useForm } from '../../components/mutation';
import { rules } from '../../components/validate';
import { protocolUpdate, protocolValues } from './old-protocols';

/** The rate-limited routes, each with its field's label. */
export const LIMIT_LABELS: Record< keyof Settings[ 'rate_limits' ], string > = {
	validate: __( 'Validate (per IP)', 'svc-licensing' ),
	activate: __( 'Activate (per IP)', 'svc-licensing' ),
	deactivate: __( 'Deactivate (per IP)', 'svc-licensing' ),
	updates_check: __( 'Update checks (per IP)', 'svc-licensing' ),
	trials: __( 'Trial requests (per IP)', 'svc-licensing' ),
	webhook: __( 'Payment events from Stripe (per sender)', 'svc-licensing' ),
	admin: __( 'Admin API (per key or user)', 'svc-licensing' ),
	portal_link: __( 'Portal sign-in links (per IP)', 'svc-licensing' ),
	portal_link_email: __(
		'Portal sign-in links (per email address)',
		'svc-licensing'
	),
};

export const LIMIT_ROUTES = Object.keys( LIMIT_LABELS ) as Array<
	keyof Settings[ 'rate_limits' ]
>;

/** The form's fields as text and switches, from the settings as stored (the secret is write-only: empty). */
export function formValues( settings: Settings ) {
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
		lease_lifetime_days: String( settings.lease_lifetime_days ),
		portal_releases_per_month: String( settings.portal_releases_per_month ),
		site_moves_per_month: String( settings.site_moves_per_month ),
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

export type FormValues = ReturnType< typeof formValues >;

const lines = ( text: string ) =>
	text
		.split( '\n' )
		.map( ( line ) => line.trim() )
		.filter( Boolean );

/** What PUT /admin/settings gets from the form. */
export function updateOf( values: FormValues ): SettingsUpdate {
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
		lease_lifetime_days: Number( values.lease_lifetime_days ),
		portal_releases_per_month: Number( values.portal_releases_per_month ),
		site_moves_per_month: Number( values.site_moves_per_month ),
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

/** The client's checks of the form's fields (the server checks again). */
export const settingsRules = () => ( {
	currency: [ rules.currency() ],
	download_token_ttl: [ rules.intRange( 30, 86400 ) ],
	lease_lifetime_days: [ rules.intRange( 1, 90 ) ],
	portal_releases_per_month: [ rules.intRange( 0, 1000 ) ],
	site_moves_per_month: [ rules.intRange( 0, 1000 ) ],
	rate_limit_ipv6_prefix: [ rules.intRange( 32, 128 ) ],
	renewal_page: [ rules.url() ],
	...Object.fromEntries(
		LIMIT_ROUTES.map( ( route ) => [
			`rate_limits_${ route }`,
			[ rules.intRange( 1, 1000000 ) ],
		] )
	),
} );

/** The form's state, as each card of the form gets it. */
export type SettingsFormState = ReturnType< typeof useForm< FormValues > >;
