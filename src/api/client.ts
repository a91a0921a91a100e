/**
 * The typed client for /svc/v1. It talks through a Transport, so the panel uses @wordpress/api-fetch
 * (cookie + nonce) and the end-to-end tests use Playwright's request context, with the same methods.
 */
import {
	NAMESPACE,
	isErrorEnvelope,
	type Activation,
	type ApiKey,
	type BackupInfo,
	type CreatedLicense,
	type DataRemoval,
	type DailyStats,
	type DeliveryQuery,
	type CreatedWebhookEndpoint,
	type ErrorEnvelope,
	type Explanation,
	type Health,
	type ImportSource,
	type LeaseKey,
	type LeaseKeyOverview,
	type License,
	type LoggedEvent,
	type Onboarding,
	type Page,
	type Price,
	type PrivacyErase,
	type PrivacyExport,
	type Product,
	type Release,
	type Settings,
	type SettingsUpdate,
	type Stats,
	type Tier,
	type WebhookDelivery,
	type WebhookDeliveryDetail,
	type WebhookEndpoint,
	type WebhookEvent,
	type WebhookStatus,
} from './types';

type Query = TransportRequest[ 'query' ];

export interface LicenseQuery {
	page?: number;
	per_page?: number;
	status?: string;
	product_id?: number;
	search?: string;
	/** ISO 8601 bounds of the expiry, inclusive; lifetime licences match neither. */
	expires_after?: string;
	expires_before?: string;
	orderby?: string;
	order?: 'asc' | 'desc';
}

/** GET /admin/licenses/status-counts: the list's status views for its filters. */
export interface LicenseStatusCounts {
	total: number;
	statuses: Record< string, number >;
}

export interface TransportRequest {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** Path below the namespace, e.g. /health. */
	path: string;
	query?: Record< string, string | number | boolean | undefined >;
	/** JSON, or a FormData for a multipart upload. */
	body?: unknown;
	/** Upload progress from 0 to 1, for a FormData body. */
	onProgress?: ( fraction: number ) => void;
}

export interface TransportResponse {
	status: number;
	headers: Record< string, string >;
	body: unknown;
}

export type Transport = (
	request: TransportRequest
) => Promise< TransportResponse >;

/** A response of the service that is an error envelope. */
export class ServiceError extends Error {
	constructor(
		readonly status: number,
		readonly envelope: ErrorEnvelope
	) {
		super( envelope.message );
		this.name = 'ServiceError';
	}

	get code(): string {
		return this.envelope.code;
	}
}

export function routePath(
	path: string,
	query: TransportRequest[ 'query' ] = {}
): string {
	const params = new URLSearchParams();
	for ( const [ key, value ] of Object.entries( query ) ) {
		if ( value !== undefined ) {
			params.set( key, String( value ) );
		}
	}
	const search = params.toString();
	return `/${ NAMESPACE }${ path }${ search ? `?${ search }` : '' }`;
}

export class ServiceClient {
	constructor( private readonly transport: Transport ) {}

	/** GET /health. A 503 still carries a health body, so it is returned, not thrown. */
	async health(): Promise< Health > {
		const response = await this.transport( {
			method: 'GET',
			path: '/health',
		} );
		if ( response.status === 200 || response.status === 503 ) {
			return response.body as Health;
		}
		throw this.error( response );
	}

	/** One call: the body of a 2xx answer, or a ServiceError carrying the error envelope. */
	async call< T >(
		method: TransportRequest[ 'method' ],
		path: string,
		options: {
			query?: Query;
			body?: unknown;
			onProgress?: ( fraction: number ) => void;
		} = {}
	): Promise< T > {
		const response = await this.transport( { method, path, ...options } );
		if ( response.status >= 200 && response.status < 300 ) {
			return response.body as T;
		}
		throw this.error( response );
	}

	/** A list with WordPress' X-WP-Total header. */
	private async list< T >(
		path: string,
		query: Query = {}
	): Promise< { items: T[]; total: number } > {
		const response = await this.transport( {
			method: 'GET',
			path,
			query,
		} );
		if ( response.status !== 200 ) {
			throw this.error( response );
		}
		const items = response.body as T[];
		const total = Number(
			response.headers[ 'x-wp-total' ] ?? items.length
		);
		return { items, total };
	}

	/** The first-run checklist (admin-only route, docs/api-decisions.md). */
	onboarding = () => this.call< Onboarding >( 'GET', '/admin/onboarding' );
	setOnboardingDismissed = ( dismissed: boolean ) =>
		this.call< Onboarding >( 'PUT', '/admin/onboarding', {
			body: { dismissed },
		} );

	stats = () => this.call< Stats >( 'GET', '/admin/stats' );
	dailyStats = ( days = 30 ) =>
		this.call< DailyStats >( 'GET', '/admin/stats/daily', {
			query: { days },
		} );

	licenses = ( query: LicenseQuery = {} ) =>
		this.call< Page< License > >( 'GET', '/admin/licenses', {
			query: { ...query },
		} );
	licenseStatusCounts = ( query: LicenseQuery = {} ) =>
		this.call< LicenseStatusCounts >(
			'GET',
			'/admin/licenses/status-counts',
			{
				query: { ...query },
			}
		);
	license = ( id: number ) =>
		this.call< License >( 'GET', `/admin/licenses/${ id }` );
	createLicense = ( body: Record< string, unknown > ) =>
		this.call< CreatedLicense >( 'POST', '/admin/licenses', { body } );
	updateLicense = ( id: number, body: Record< string, unknown > ) =>
		this.call< License >( 'PUT', `/admin/licenses/${ id }`, { body } );
	rotateKey = ( id: number ) =>
		this.call< {
			id: number;
			new_license_key: string;
			previous_key_prefix: string;
			rotated_at: string;
		} >( 'POST', `/admin/licenses/${ id }/rotate-key` );
	cancelLicense = ( id: number ) =>
		this.call< License >( 'DELETE', `/admin/licenses/${ id }` );
	deleteLicense = ( id: number ) =>
		this.call< { deleted: boolean } >(
			'DELETE',
			`/admin/licenses/${ id }`,
			{
				query: { force: true },
			}
		);
	activations = ( licenseId: number ) =>
		this.call< Activation[] >(
			'GET',
			`/admin/licenses/${ licenseId }/activations`
		);
	licenseHistory = ( licenseId: number ) =>
		this.call< Page< LoggedEvent > >( 'GET', '/admin/events', {
			query: {
				subject_type: 'license',
				subject_id: licenseId,
				per_page: 100,
			},
		} );
	deactivateSite = ( licenseId: number, activationId: number ) =>
		this.call< unknown >(
			'DELETE',
			`/admin/licenses/${ licenseId }/activations/${ activationId }`
		);

	/** Why a site did or did not get an update: by site URL, licence key or licence id (docs/explain.md). */
	explain = (
		query:
			{ site: string } | { license_key: string } | { license_id: number }
	) =>
		this.call< Explanation >( 'GET', '/admin/explain', {
			query: { ...query },
		} );

	products = ( query: Query = { per_page: 100 } ) =>
		this.list< Product >( '/admin/products', query );
	product = ( id: number ) =>
		this.call< Product >( 'GET', `/admin/products/${ id }` );
	createProduct = ( body: Record< string, unknown > ) =>
		this.call< Product >( 'POST', '/admin/products', { body } );
	updateProduct = ( id: number, body: Record< string, unknown > ) =>
		this.call< Product >( 'PUT', `/admin/products/${ id }`, { body } );
	deleteProduct = ( id: number ) =>
		this.call< { deleted: boolean } >(
			'DELETE',
			`/admin/products/${ id }`
		);

	releases = ( productId: number ) =>
		this.call< Release[] >(
			'GET',
			`/admin/products/${ productId }/releases`
		);
	createExternalRelease = (
		productId: number,
		body: Record< string, unknown >
	) =>
		this.call< Release >(
			'POST',
			`/admin/products/${ productId }/releases`,
			{
				body,
			}
		);
	/** A release with its uploaded ZIP (multipart field "package"), reporting the upload's progress. */
	uploadRelease = (
		productId: number,
		fields: Record< string, string >,
		file: File,
		onProgress: ( fraction: number ) => void
	) => {
		const form = new FormData();
		for ( const [ name, value ] of Object.entries( fields ) ) {
			form.append( name, value );
		}
		form.append( 'package', file, file.name );
		return this.call< Release >(
			'POST',
			`/admin/products/${ productId }/releases`,
			{
				body: form,
				onProgress,
			}
		);
	};
	updateRelease = ( id: number, body: Record< string, unknown > ) =>
		this.call< Release >( 'PUT', `/admin/releases/${ id }`, { body } );
	publishRelease = ( id: number ) =>
		this.call< Release >( 'POST', `/admin/releases/${ id }/publish` );
	unpublishRelease = ( id: number ) =>
		this.call< Release >( 'POST', `/admin/releases/${ id }/unpublish` );
	pauseRelease = ( id: number, reason: string ) =>
		this.call< Release >( 'POST', `/admin/releases/${ id }/pause`, {
			body: { reason },
		} );
	resumeRelease = ( id: number ) =>
		this.call< Release >( 'POST', `/admin/releases/${ id }/resume` );
	rollbackRelease = ( id: number ) =>
		this.call< { release: Release; restored: Release | null } >(
			'POST',
			`/admin/releases/${ id }/rollback`
		);
	updateActivation = (
		licenseId: number,
		activationId: number,
		body: { channel?: string | null; pinned_version?: string | null }
	) =>
		this.call< Activation >(
			'PUT',
			`/admin/licenses/${ licenseId }/activations/${ activationId }`,
			{ body }
		);
	deleteRelease = ( id: number ) =>
		this.call< { deleted: boolean } >(
			'DELETE',
			`/admin/releases/${ id }`
		);

	tiers = () => this.call< Tier[] >( 'GET', '/admin/tiers' );
	createTier = ( body: { label: string; features: string[] } ) =>
		this.call< Tier >( 'POST', '/admin/tiers', { body } );
	deleteTier = ( id: number ) =>
		this.call< unknown >( 'DELETE', `/admin/tiers/${ id }` );
	prices = () => this.call< Price[] >( 'GET', '/admin/prices' );
	createPrice = ( body: Record< string, unknown > ) =>
		this.call< Price >( 'POST', '/admin/prices', { body } );
	deletePrice = ( id: number ) =>
		this.call< unknown >( 'DELETE', `/admin/prices/${ id }` );

	apiKeys = () => this.call< ApiKey[] >( 'GET', '/admin/api-keys' );
	createApiKey = ( body: {
		label: string;
		permissions: string;
		product_id: number | null;
	} ) =>
		this.call< ApiKey & { api_key: string } >( 'POST', '/admin/api-keys', {
			body,
		} );
	revokeApiKey = ( id: number ) =>
		this.call< { deleted: boolean; id: number } >(
			'DELETE',
			`/admin/api-keys/${ id }`
		);

	webhooks = ( query: {
		page?: number;
		per_page?: number;
		status?: WebhookStatus;
		event_id?: string;
	} ) =>
		this.call< Page< WebhookEvent > >( 'GET', '/admin/webhooks', {
			query: { ...query },
		} );
	webhook = ( id: number ) =>
		this.call< WebhookEvent >( 'GET', `/admin/webhooks/${ id }` );
	reprocessWebhook = ( id: number ) =>
		this.call< WebhookEvent >(
			'POST',
			`/admin/webhooks/${ id }/reprocess`
		);

	webhookEndpoints = ( query: { page?: number; per_page?: number } = {} ) =>
		this.call< Page< WebhookEndpoint > >(
			'GET',
			'/admin/webhook-endpoints',
			{
				query: { per_page: 100, ...query },
			}
		);
	webhookEndpoint = ( id: number ) =>
		this.call< WebhookEndpoint >(
			'GET',
			`/admin/webhook-endpoints/${ id }`
		);
	createWebhookEndpoint = ( body: {
		url: string;
		event_types: string[];
		product_id: number | null;
		description?: string;
	} ) =>
		this.call< CreatedWebhookEndpoint >(
			'POST',
			'/admin/webhook-endpoints',
			{
				body,
			}
		);
	/** Only the given fields change; is_active true clears the failure record. */
	updateWebhookEndpoint = (
		id: number,
		body: Partial<
			Pick<
				WebhookEndpoint,
				'url' | 'event_types' | 'description' | 'is_active'
			>
		>
	) =>
		this.call< WebhookEndpoint >(
			'PUT',
			`/admin/webhook-endpoints/${ id }`,
			{
				body,
			}
		);
	deleteWebhookEndpoint = ( id: number ) =>
		this.call< { deleted: boolean; id: number } >(
			'DELETE',
			`/admin/webhook-endpoints/${ id }`
		);
	/** Sends a webhook.test event now, even to a disabled endpoint. */
	testWebhookEndpoint = ( id: number ) =>
		this.call< WebhookDeliveryDetail >(
			'POST',
			`/admin/webhook-endpoints/${ id }/test`
		);
	webhookDeliveries = ( query: DeliveryQuery = {} ) =>
		this.call< Page< WebhookDelivery > >(
			'GET',
			'/admin/webhook-deliveries',
			{
				query: { ...query },
			}
		);
	webhookDelivery = ( id: number ) =>
		this.call< WebhookDeliveryDetail >(
			'GET',
			`/admin/webhook-deliveries/${ id }`
		);
	/** The same event as a new delivery (new delivery id, replay_of set), sent now. */
	replayWebhookDelivery = ( id: number ) =>
		this.call< WebhookDeliveryDetail >(
			'POST',
			`/admin/webhook-deliveries/${ id }/replay`
		);

	settings = () => this.call< Settings >( 'GET', '/admin/settings' );
	updateSettings = ( body: SettingsUpdate ) =>
		this.call< Settings >( 'PUT', '/admin/settings', { body } );

	leaseKeys = () =>
		this.call< LeaseKeyOverview >( 'GET', '/admin/lease-keys' );
	prepareLeaseKey = () =>
		this.call< LeaseKey >( 'POST', '/admin/lease-keys' );
	promoteLeaseKey = () =>
		this.call< LeaseKey >( 'POST', '/admin/lease-keys/promote' );
	/** Takes a key off the list; the server refuses a retired key whose leases may still be valid. */
	removeLeaseKey = ( kid: string ) =>
		this.call< null >( 'DELETE', `/admin/lease-keys/${ kid }` );

	backup = () => this.call< BackupInfo >( 'GET', '/admin/backup' );

	importSources = () =>
		this.call< { sources: ImportSource[] } >(
			'GET',
			'/admin/import/sources'
		);

	dataRemoval = () =>
		this.call< DataRemoval >( 'GET', '/admin/settings/data-removal' );

	setDataRemoval = ( body: {
		remove_on_uninstall: boolean;
		confirm?: string;
	} ) =>
		this.call< DataRemoval >( 'PUT', '/admin/settings/data-removal', {
			body,
		} );

	exportPersonalData = ( email: string ) =>
		this.call< PrivacyExport >( 'POST', '/admin/privacy/export', {
			body: { email },
		} );
	erasePersonalData = ( email: string ) =>
		this.call< PrivacyErase >( 'POST', '/admin/privacy/erase', {
			body: { email },
		} );

	private error( response: TransportResponse ): Error {
		if ( isErrorEnvelope( response.body ) ) {
			return new ServiceError( response.status, response.body );
		}
		return new Error(
			`Unexpected HTTP ${ response.status } from the service`
		);
	}
}
