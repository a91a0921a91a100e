/**
 * Types of the /svc/v1 API, shared by the admin panel and the end-to-end tests.
 */

export const NAMESPACE = 'svc/v1';

export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface HealthCheck {
	name: 'database' | 'file_storage' | 'payment_webhook';
	status: CheckStatus;
	message?: string;
}

export interface Health {
	status: CheckStatus;
	version: string;
	timestamp: string;
	checks: HealthCheck[];
}

/** Every error under /svc/v1 has this shape. */
export interface ErrorEnvelope {
	code: string;
	message: string;
	data: { status: number } & Record< string, unknown >;
}

export function isErrorEnvelope( value: unknown ): value is ErrorEnvelope {
	if ( typeof value !== 'object' || value === null ) {
		return false;
	}
	const candidate = value as Partial< ErrorEnvelope >;
	return (
		typeof candidate.code === 'string' &&
		typeof candidate.message === 'string' &&
		typeof candidate.data === 'object' &&
		candidate.data !== null &&
		typeof candidate.data.status === 'number'
	);
}

export type LicenseStatus =
	'active' | 'expired' | 'suspended' | 'revoked' | 'trial' | 'cancelled';

export const LICENSE_STATUSES: LicenseStatus[] = [
	'active',
	'trial',
	'expired',
	'suspended',
	'cancelled',
	'revoked',
];

export type Permission = 'read' | 'write' | 'admin';

export interface Tier {
	id: number;
	label: string;
	features: string[];
}

export interface Price {
	id: number;
	processor_price_id: string;
	product_id: number;
	tier_id: number | null;
	activation_limit: number;
	period: 'month' | 'year' | 'lifetime';
	/** What the price costs in minor units (admin-entered, or read from a paid invoice's Stripe price); null when unknown. */
	unit_amount: number | null;
	/** unit_amount in major units (19.99), as people read it; null when unknown. */
	amount: number | null;
	/** ISO 4217 code of unit_amount, upper case; null when unknown. */
	currency: string | null;
}

/** A product's multisite counting (docs/api-decisions.md, Multisite networks). */
export type MultisiteActivation = 'network' | 'site';

export interface Product {
	id: number;
	name: string;
	slug: string;
	description: string;
	homepage_url: string;
	current_version: string;
	requires_wp: string;
	requires_php: string;
	is_active: boolean;
	trial_enabled: boolean;
	trial_days: number;
	trial_activation_limit: number;
	/** How a multisite network counts: one site for the network (network) or each of its sites (site). */
	multisite_activation: MultisiteActivation;
	/** Release channels, safest first (stable first). */
	channels: string[];
	created_at: string;
}

export interface License {
	id: number;
	license_key_masked: string;
	product_id: number;
	product_name: string;
	customer_name: string;
	customer_email: string;
	status: LicenseStatus;
	activation_limit: number;
	activation_count: number;
	expires: string | null;
	created_at: string;
	is_trial: boolean;
	trial_ends: string | null;
	tier: { label: string; features: string[] } | null;
	tier_id: number | null;
	price_id: number | null;
	/** Release channel the licence follows (null: stable); a site's own choice beats it (docs/rollouts.md). */
	channel: string | null;
	/** Never offer a version above this one (null: no pin). */
	pinned_version: string | null;
}

export interface CreatedLicense extends License {
	license_key: string;
}

export interface Activation {
	id: number;
	site_url: string;
	server_fingerprint: string | null;
	activated_at: string;
	last_checked: string;
	/** The site's host matched a staging pattern when it activated: it uses none of the licence's slots. */
	is_staging: boolean;
	/** The site's own release channel and pin, which beat the licence's (null: the licence's). */
	channel: string | null;
	pinned_version: string | null;
}

/** One row of the event log (GET /admin/events). */
export interface LoggedEvent {
	id: number;
	type: string;
	subject: { type: string; id: number };
	actor: {
		kind: 'user' | 'api_key' | 'customer' | 'payment' | 'system';
		label: string;
	};
	product_id: number | null;
	payload: Record< string, unknown >;
	created_at: string;
}

export interface Page< Item > {
	data: Item[];
	total: number;
	page: number;
	per_page: number;
	total_pages: number;
	/** The licence list: false when a search found more than it counts (total is then the cap, 10,000). */
	total_exact?: boolean;
	/** The licence list: the cursor of the page after this one, or null on the last page. */
	next_cursor?: string | null;
}

export interface ApiKey {
	id: number;
	label: string;
	key_prefix: string;
	permissions: Permission;
	product_id: number | null;
	last_used_at: string | null;
	created_at: string;
	is_active: boolean;
}

export interface Release {
	id: number;
	product_id: number;
	version: string;
	changelog: string;
	tested: string;
	requires: string;
	requires_php: string;
	rollout: number;
	package: {
		type: 'upload' | 'url';
		url: string | null;
		filename: string | null;
		size: number | null;
		hash: string;
	};
	downloads: number;
	/** The client sites' health reports (docs/rollouts-gate.md). */
	reports: { installed: number; failed: number };
	/** The failure-rate gate: pause over `threshold` % failed with at least `min_reports` reports. */
	gate: { threshold: number; min_reports: number };
	paused_at: string | null;
	pause_reason: string;
	/** How many sites' last update check offered this release (docs/explain.md). */
	offered: number;
	status: 'draft' | 'published';
	is_current: boolean;
	published_at: string | null;
	created_at: string;
	channel: string;
	/** The rollout schedule (null: the plain rollout percentage holds). */
	rollout_plan: RolloutStep[] | null;
	/** Index of the step in force (null before the first, or without a plan). */
	rollout_step: number | null;
	/** The percentage offered now: the plan's step, frozen while paused. */
	rollout_percentage: number;
	/** Set by a rollback: the release is offered no more. */
	withdrawn_at: string | null;
}

export interface RolloutStep {
	percentage: number;
	/** ISO 8601, UTC. */
	at: string;
}

export type WebhookStatus = 'processed' | 'pending_retry' | 'failed';

export interface WebhookEvent {
	id: number;
	event_id: string;
	event_type: string;
	source: string;
	status: WebhookStatus;
	processed_at: string | null;
	processing_error: string | null;
	retry_count: number;
	next_retry_at: string | null;
	created_at: string;
	payload?: unknown;
}

/** GET /admin/webhook-endpoints: never the secret, which only the creation answers. */
export interface WebhookEndpoint {
	id: number;
	url: string;
	description: string;
	event_types: string[];
	product_id: number | null;
	is_active: boolean;
	failing_since: string | null;
	disabled_at: string | null;
	disabled_reason: string | null;
	created_at: string;
}

export interface CreatedWebhookEndpoint extends WebhookEndpoint {
	/** svcwh_…: the signing secret, answered this once. */
	secret: string;
}

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

export const DELIVERY_STATUSES: DeliveryStatus[] = [
	'pending',
	'delivering',
	'succeeded',
	'failed',
];

/** GET /admin/webhook-deliveries: one delivery of one event to one endpoint, without its body. */
export interface WebhookDelivery {
	id: number;
	delivery_id: string;
	endpoint_id: number;
	event_id: number | null;
	event_type: string;
	status: DeliveryStatus;
	attempts: number;
	next_attempt_at: string | null;
	last_status_code: number | null;
	last_error: string | null;
	replay_of: number | null;
	delivered_at: string | null;
	created_at: string;
}

export interface DeliveryAttempt {
	attempt: number;
	status_code: number | null;
	error: string | null;
	duration_ms: number;
	/** The answer's first 512 bytes. */
	response_excerpt: string;
	created_at: string;
}

/** GET /admin/webhook-deliveries/{id}, and the answer of a test or a replay. */
export interface WebhookDeliveryDetail extends WebhookDelivery {
	/** The body as sent, the same bytes on every attempt. */
	body: string;
	attempts_log: DeliveryAttempt[];
}

export interface DeliveryQuery {
	page?: number;
	per_page?: number;
	endpoint_id?: number;
	status?: DeliveryStatus;
	event_id?: number;
}

export interface Stats {
	products: { total: number; active: number };
	licenses: {
		total: number;
		active: number;
		expired: number;
		suspended: number;
		cancelled: number;
		trial: number;
	};
	activations: { total: number; active: number };
	revenue: { period: string; total: number; currency: string };
}

export interface DailyStats {
	currency: string;
	days: Array< {
		date: string;
		revenue: number;
		licenses: number;
		activations: number;
	} >;
}

export interface Settings {
	webhook_signing_secret_set: boolean;
	fingerprinting: boolean;
	currency: string;
	trusted_proxies: string[];
	rate_limits: Record<
		| 'validate'
		| 'activate'
		| 'deactivate'
		| 'updates_check'
		| 'trials'
		| 'webhook'
		| 'admin'
		| 'portal_link'
		| 'portal_link_email',
		number
	>;
	download_token_ttl: number;
	/** Days a signed lease stays valid offline (1–90, default 14; docs/leases.md, "Lifetime"). */
	lease_lifetime_days: number;
	/** Sites a customer may deactivate from the portal, per licence and calendar month (0: none). */
	portal_releases_per_month: number;
	/** Moves of a site to a new address a customer may make per licence and calendar month (0: none; default 3). */
	site_moves_per_month: number;
	/** The IPv6 prefix length per-IP rate limits count a client by (32–128, default 64). */
	rate_limit_ipv6_prefix: number;
	/** Whether a signed-in account's email opens its portal without a mailed link (off by default). */
	portal_trust_accounts: boolean;
	updates_require_activation: boolean;
	trial_plus_tags_distinct: boolean;
	trial_mailbox_provider_rules: boolean;
	/** Where client sites send a customer to renew; {product} is the product's slug, '' the product's homepage. */
	renewal_page: string;
	/** The fast lane (README: Fast lane): answers licence checks before the rest of WordPress loads. */
	fast_lane: boolean;
	/** Read-only: whether the fast lane is active on this server (the Site Health test's state). */
	fast_lane_state: FastLaneState;
	/** Sites whose host matches one of these patterns activate without using a slot (when enabled). */
	staging_hosts: string[];
	staging_hosts_enabled: boolean;
	/** Outbound webhooks may go to private and loopback addresses (off by default: no server-side request forgery). */
	webhooks_allow_private: boolean;
	/** Whether the store answers EDD Software Licensing's old client protocol (on after a written EDD SL import). */
	edd_sl_protocol: boolean;
	/** Whether it answers Software License Manager's old client protocol (on after a written SLM import). */
	slm_protocol: boolean;
	/** Read-only: whether SLM's verification secret is kept (write-only slm_secret_key). */
	slm_secret_key_set: boolean;
}

/**
 * on: active; off: the setting; unwritable: the loader could not be written; stale: a loader of another version;
 * file_mods_disallowed: the site sets DISALLOW_FILE_MODS, so no loader is written.
 */
export type FastLaneState =
	| 'on'
	| 'off'
	| 'unwritable'
	| 'stale'
	| 'multisite'
	| 'file_mods_disallowed';

/** GET /admin/backup: a fresh download link for the export file. */
export interface BackupInfo {
	export_url: string;
	counts: { licenses: number; products: number; release_files: number };
	can_restore: boolean;
}

/** POST /admin/backup/restore. */
export interface Restored {
	restored: true;
	rows: number;
	files: number;
	tables: Record< string, number >;
	created_at: string;
	source: string;
}

/** GET|PUT /admin/settings/data-removal: what deleting the plugin does on this site. */
export interface DataRemoval {
	remove_on_uninstall: boolean;
	opted_in: boolean;
	forced_by_constant: boolean;
	constant: string;
	confirm_phrase: string;
	would_erase: { licenses: number; products: number; release_files: number };
}

/** A lease signing key as GET /admin/lease-keys and GET /keys publish it (docs/leases.md, "The keys"). */
export interface LeaseKey {
	kid: string;
	alg: 'Ed25519';
	public_key: string;
	status: 'next' | 'active' | 'retired';
	created_at: string;
	/** The key id whose signature endorses this one, or null (the first key). */
	endorsed_by: string | null;
	endorsement: string | null;
}

/**
 * GET /admin/lease-keys: the keys and their storage's state (ok, new, unrecorded: fine; missing, mismatch: the
 * keys are gone or not the ones recorded, and no lease is signed).
 */
export interface LeaseKeyOverview {
	state: 'ok' | 'new' | 'unrecorded' | 'missing' | 'mismatch';
	lease_lifetime_days: number;
	keys: LeaseKey[];
}

export type SettingsUpdate = Partial<
	Omit<
		Settings,
		| 'webhook_signing_secret_set'
		| 'rate_limits'
		| 'fast_lane_state'
		| 'slm_secret_key_set'
	>
> & {
	webhook_signing_secret?: string;
	rate_limits?: Partial< Settings[ 'rate_limits' ] >;
};

export interface PrivacyExport {
	email: string;
	export: {
		licenses: Array< {
			id: number;
			customer_name: string;
			product: string;
			status: string;
			created_at: string;
			activations: number;
		} >;
		transactions: Array< Record< string, unknown > >;
		total_records: number;
		exported_at: string;
	};
}

export interface PrivacyErase {
	erased: boolean;
	records_affected: Record< string, number >;
	erased_at: string;
}

/** GET /admin/onboarding: the first-run checklist (Core/Onboarding.php), its steps in order. */
export type OnboardingStep =
	'product' | 'release' | 'stripe_secret' | 'price' | 'license';

export interface Onboarding {
	steps: Array< { id: OnboardingStep; done: boolean } >;
	complete: boolean;
	dismissed: boolean;
}

/** The plugins the import moves in from (Domain\MoveIn\Source). */
export type ImportSourceName = 'edd-sl' | 'slm';

/** GET /admin/import/sources: whether this site has each source's tables, and how many rows they hold. */
export interface ImportSource {
	source: ImportSourceName;
	present: boolean;
	missing: string[];
	counts: { licences: number; activations: number } | null;
}

/** POST /admin/import: what arrived (or would), per kind, and every refused row with its reason. */
export interface ImportReport {
	source: ImportSourceName;
	dry_run: boolean;
	written: boolean;
	arrived: Record<
		string,
		{
			new: number;
			changed: number;
			unchanged: number;
			/** Activations only: sites the old plugin released since they moved in, released here. */
			released?: number;
		}
	>;
	refused: {
		kind: string;
		old_id: string;
		reason: string;
		message: string;
	}[];
	secrets: string[];
}

/** A line of POST /admin/import's streamed answer (progress: true). */
export type ImportLine =
	| { phase: string; done: number; total: number }
	| { report: ImportReport }
	| { error: ErrorEnvelope };

/** One step of an update check's decision: its name, what it did, and its facts (docs/explain.md). */
export interface DecisionStep {
	step: string;
	outcome: 'pass' | 'fail' | 'info';
	[ fact: string ]: string | number | boolean | null;
}

/** The last update check of one product on one site (GET /admin/explain). */
export interface UpdateDecision {
	product_id: number;
	product_slug: string;
	product_name: string;
	site_url: string;
	license_id: number;
	activation_id: number | null;
	checked_at: string;
	installed_version: string;
	offered_version: string | null;
	answer: 'offered' | 'not_in_rollout' | 'current' | 'refused';
	error_code: string | null;
	summary: string;
	wp_version: string | null;
	php_version: string | null;
	steps: DecisionStep[];
}

/** GET /admin/explain: the decisions for a site, or for a licence's sites. */
export interface Explanation {
	site_url: string | null;
	license_id: number | null;
	decisions: UpdateDecision[];
}
