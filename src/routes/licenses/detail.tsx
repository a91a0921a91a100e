/**
 * A licence's own page (admin.php?page=svc-licensing&licence=<id>): its fields, what can be done to it, the sites
 * using it (staging sites apart: they use no slot), the customer's other licences, and its history.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Activation, License } from '../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatDate } from '../../components/format';
import { useNotify } from '../../components/notices';
import { ScreenHeader } from '../../components/screen';
import {
	LicenseActionDialog,
	licenseActions,
	type LicenseActionId,
} from './actions';
import { LicenseDecisions } from './explain';
import { sitesText } from './fields';
import { LicenseHistory } from './history';
import { UpdateChoices } from './update-choices';
import { channelLabel } from '../products/releases/channel-label';
import { isUnlimited, licenseName, statusLabel } from './license-utils';

/**
 * "1 of 3 sites used, plus 2 staging sites (they use no slot)." Counted from the list just loaded, so it stays
 * true after a site is deactivated here.
 */
export function sitesUsed( limit: number, sites: Activation[] ): string {
	const staging = sites.filter( ( site ) => site.is_staging ).length;
	const used = isUnlimited( limit )
		? sprintf(
				/* translators: %d: sites using a slot. */
				__( '%d sites used of unlimited', 'svc-licensing' ),
				sites.length - staging
			)
		: sprintf(
				/* translators: 1: sites using a slot, 2: activation limit. */
				__( '%1$d of %2$d sites used', 'svc-licensing' ),
				sites.length - staging,
				limit
			);
	if ( staging === 0 ) {
		return `${ used }.`;
	}
	return sprintf(
		/* translators: 1: "1 of 3 sites used", 2: number of staging sites. */
		_n(
			'%1$s, plus %2$d staging site (it uses no slot).',
			'%1$s, plus %2$d staging sites (they use no slot).',
			staging,
			'svc-licensing'
		),
		used,
		staging
	);
}

/** A site's own channel and pin, or that it follows the licence's. */
function siteChoices( site: Activation ): string {
	const parts = [
		site.channel ? channelLabel( site.channel ) : '',
		site.pinned_version
			? sprintf(
					/* translators: %s: version. */
					__( 'pinned to %s', 'svc-licensing' ),
					site.pinned_version
				)
			: '',
	].filter( ( part ) => part !== '' );
	return parts.length
		? parts.join( ', ' )
		: __( 'As the licence', 'svc-licensing' );
}

function SitesTable( {
	caption,
	sites,
	onDeactivate,
}: {
	caption: string;
	sites: Activation[];
	onDeactivate: ( site: Activation ) => void;
} ) {
	return (
		<table className="widefat striped svc-activations">
			<caption className="screen-reader-text">{ caption }</caption>
			<thead>
				<tr>
					<th scope="col">{ __( 'Site', 'svc-licensing' ) }</th>
					<th scope="col">{ __( 'Activated', 'svc-licensing' ) }</th>
					<th scope="col">{ __( 'Last check', 'svc-licensing' ) }</th>
					<th scope="col">{ __( 'Updates', 'svc-licensing' ) }</th>
					<th scope="col">
						<span className="screen-reader-text">
							{ __( 'Actions', 'svc-licensing' ) }
						</span>
					</th>
				</tr>
			</thead>
			<tbody>
				{ sites.map( ( site ) => (
					<tr key={ site.id }>
						<td>{ site.site_url }</td>
						<td>{ formatDate( site.activated_at ) }</td>
						<td>{ formatDate( site.last_checked ) }</td>
						<td>{ siteChoices( site ) }</td>
						<td>
							<Button
								variant="secondary"
								isDestructive
								size="small"
								aria-label={ sprintf(
									/* translators: %s: site URL. */
									__( 'Deactivate %s', 'svc-licensing' ),
									site.site_url
								) }
								onClick={ () => onDeactivate( site ) }
							>
								{ __( 'Deactivate', 'svc-licensing' ) }
							</Button>
						</td>
					</tr>
				) ) }
			</tbody>
		</table>
	);
}

function Activations( {
	client,
	license,
	onChanged,
}: {
	client: ServiceClient;
	license: License;
	onChanged: () => void;
} ) {
	const notify = useNotify();
	const [ sites, reload ] = useLoad(
		() => client.activations( license.id ),
		[ license ]
	);
	const deactivate = ( site: Activation ) =>
		client.deactivateSite( license.id, site.id ).then(
			() => {
				notify.success( __( 'Site deactivated.', 'svc-licensing' ) );
				reload();
				onChanged();
			},
			( error ) => notify.error( error )
		);
	if ( sites.kind === 'loading' ) {
		return <Loading />;
	}
	if ( sites.kind === 'error' ) {
		return <LoadError message={ sites.message } onRetry={ reload } />;
	}
	if ( sites.value.length === 0 ) {
		return (
			<Empty>
				{ __( 'No site uses this licence.', 'svc-licensing' ) }
			</Empty>
		);
	}
	const production = sites.value.filter( ( site ) => ! site.is_staging );
	const staging = sites.value.filter( ( site ) => site.is_staging );
	return (
		<>
			<p data-testid="svc-sites-used">
				{ sitesUsed( license.activation_limit, sites.value ) }
			</p>
			{ production.length > 0 && (
				<SitesTable
					caption={ __( 'Sites', 'svc-licensing' ) }
					sites={ production }
					onDeactivate={ deactivate }
				/>
			) }
			{ staging.length > 0 && (
				<section
					className="svc-staging-sites"
					aria-labelledby="svc-staging-sites-title"
				>
					<h3 id="svc-staging-sites-title">
						{ __(
							'Staging sites (they use no slot)',
							'svc-licensing'
						) }
					</h3>
					<SitesTable
						caption={ __( 'Staging sites', 'svc-licensing' ) }
						sites={ staging }
						onDeactivate={ deactivate }
					/>
				</section>
			) }
		</>
	);
}

/** The customer's other licences (same email), each a link to its page. */
function OtherLicenses( {
	client,
	license,
	href,
	onOpen,
}: {
	client: ServiceClient;
	license: License;
	href: ( id: number ) => string;
	onOpen: ( id: number ) => void;
} ) {
	const email = license.customer_email;
	const [ others ] = useLoad(
		() =>
			email
				? client
						.licenses( { search: email, per_page: 100 } )
						.then( ( page ) =>
							page.data.filter(
								( other ) =>
									other.id !== license.id &&
									other.customer_email === email
							)
						)
				: Promise.resolve( [] as License[] ),
		[ license.id, email ]
	);
	if ( others.kind === 'loading' ) {
		return <Loading />;
	}
	if ( others.kind === 'error' ) {
		return <Empty>{ others.message }</Empty>;
	}
	if ( others.value.length === 0 ) {
		return (
			<Empty>
				{ __( 'This customer has no other licence.', 'svc-licensing' ) }
			</Empty>
		);
	}
	return (
		<ul className="svc-other-licences">
			{ others.value.map( ( other ) => (
				<li key={ other.id }>
					<a
						href={ href( other.id ) }
						onClick={ ( event ) => {
							if (
								event.button !== 0 ||
								event.metaKey ||
								event.ctrlKey ||
								event.shiftKey
							) {
								return;
							}
							event.preventDefault();
							onOpen( other.id );
						} }
					>
						<code>{ other.license_key_masked }</code>
					</a>
					{ ' — ' }
					{ other.product_name }
					{ ', ' }
					{ statusLabel( other.status ) }
				</li>
			) ) }
		</ul>
	);
}

export function LicensePage( {
	client,
	id,
	listHref,
	onBack,
	href,
	onOpen,
}: {
	client: ServiceClient;
	id: number;
	listHref: string;
	onBack: () => void;
	href: ( id: number ) => string;
	onOpen: ( id: number ) => void;
} ) {
	const [ loaded, reload ] = useLoad( () => client.license( id ), [ id ] );
	const [ action, setAction ] = useState< LicenseActionId | null >( null );
	const back = (
		<p className="svc-back">
			<a
				href={ listHref }
				onClick={ ( event ) => {
					event.preventDefault();
					onBack();
				} }
			>
				{ __( '← All licences', 'svc-licensing' ) }
			</a>
		</p>
	);
	if ( loaded.kind === 'loading' ) {
		return (
			<div className="svc-screen svc-licence-page">
				{ back }
				<ScreenHeader title={ __( 'Licence', 'svc-licensing' ) } />
				<Loading />
			</div>
		);
	}
	if ( loaded.kind === 'error' ) {
		return (
			<div className="svc-screen svc-licence-page">
				{ back }
				<ScreenHeader title={ __( 'Licence', 'svc-licensing' ) } />
				<LoadError message={ loaded.message } onRetry={ reload } />
			</div>
		);
	}
	const license = loaded.value;
	const rows: Array< [ string, string ] > = [
		[ __( 'Key', 'svc-licensing' ), license.license_key_masked ],
		[ __( 'Product', 'svc-licensing' ), license.product_name ],
		[ __( 'Status', 'svc-licensing' ), statusLabel( license.status ) ],
		[ __( 'Customer', 'svc-licensing' ), license.customer_name || '—' ],
		[ __( 'Email', 'svc-licensing' ), license.customer_email || '—' ],
		[ __( 'Sites', 'svc-licensing' ), sitesText( license ) ],
		[
			__( 'Expires', 'svc-licensing' ),
			formatDate( license.expires, __( 'Never', 'svc-licensing' ) ),
		],
		[ __( 'Created', 'svc-licensing' ), formatDate( license.created_at ) ],
		[
			__( 'Trial', 'svc-licensing' ),
			license.is_trial
				? formatDate( license.trial_ends )
				: __( 'No', 'svc-licensing' ),
		],
		[
			__( 'Tier', 'svc-licensing' ),
			license.tier
				? `${ license.tier.label }${
						license.tier.features.length
							? ` (${ license.tier.features.join( ', ' ) })`
							: ''
					}`
				: '—',
		],
	];
	return (
		<div className="svc-screen svc-licence-page">
			{ back }
			<ScreenHeader
				title={ sprintf(
					/* translators: %s: last group of the licence key. */
					__( 'Licence …%s', 'svc-licensing' ),
					license.license_key_masked.slice( -4 )
				) }
			>
				<span className={ `svc-status is-${ license.status }` }>
					{ statusLabel( license.status ) }
				</span>
			</ScreenHeader>
			<div
				className="svc-licence-actions"
				role="group"
				aria-label={ __( 'Licence actions', 'svc-licensing' ) }
			>
				{ licenseActions()
					.filter( ( item ) => item.isEligible( license ) )
					.map( ( item ) => (
						<Button
							key={ item.id }
							variant={
								item.id === 'edit' ? 'primary' : 'secondary'
							}
							isDestructive={ item.isDestructive }
							onClick={ () => setAction( item.id ) }
						>
							{ item.label }
						</Button>
					) ) }
			</div>
			<dl className="svc-fields">
				{ rows.map( ( [ term, value ] ) => (
					<div key={ term }>
						<dt>{ term }</dt>
						<dd>{ value }</dd>
					</div>
				) ) }
			</dl>
			<UpdateChoices
				key={ `${ license.channel }-${ license.pinned_version }` }
				client={ client }
				license={ license }
				onChanged={ reload }
			/>
			<h2>{ __( 'Activations', 'svc-licensing' ) }</h2>
			<Activations
				client={ client }
				license={ license }
				onChanged={ reload }
			/>
			<LicenseDecisions client={ client } licenseId={ license.id } />
			<h2>{ __( 'Customer’s other licences', 'svc-licensing' ) }</h2>
			<OtherLicenses
				client={ client }
				license={ license }
				href={ href }
				onOpen={ onOpen }
			/>
			<LicenseHistory
				client={ client }
				licenseId={ license.id }
				license={ license }
				sites={ null }
			/>
			{ action && (
				<LicenseActionDialog
					action={ action }
					client={ client }
					license={ license }
					onClose={ () => setAction( null ) }
					onChanged={ reload }
					onDeleted={ onBack }
				/>
			) }
		</div>
	);
}

/** The accessible name of a licence in lists: "licence …2XSK". */
export { licenseName };
