/**
 * A licence's fields, tier, activations and history; an admin can free a site from here. Staging sites (they use no
 * slot) carry a "Staging" state after their address, the way core's lists mark a draft.
 */
import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Activation, License } from '../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatDate } from '../../components/format';
import { useNotify } from '../../components/notices';
import { statusLabel } from './fields';
import { LicenseHistory } from './history';

/**
 * "1 of 3 sites used, plus 2 staging sites (they use no slot)." Counted from the list just loaded, so it stays
 * true after a site is deactivated here.
 */
export function sitesUsed( limit: number, sites: Activation[] ): string {
	const staging = sites.filter( ( site ) => site.is_staging ).length;
	const used = sprintf(
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

export function LicenseDetail( {
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
		[ license.id ]
	);
	const rows: Array< [ string, string ] > = [
		[ __( 'Key', 'svc-licensing' ), license.license_key_masked ],
		[ __( 'Product', 'svc-licensing' ), license.product_name ],
		[ __( 'Status', 'svc-licensing' ), statusLabel( license.status ) ],
		[ __( 'Customer', 'svc-licensing' ), license.customer_name || '—' ],
		[ __( 'Email', 'svc-licensing' ), license.customer_email || '—' ],
		[
			__( 'Sites', 'svc-licensing' ),
			sprintf(
				/* translators: 1: sites in use, 2: activation limit. */
				__( '%1$d of %2$d', 'svc-licensing' ),
				license.activation_count,
				license.activation_limit
			),
		],
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
		<div className="svc-detail">
			<dl className="svc-fields">
				{ rows.map( ( [ term, value ] ) => (
					<div key={ term }>
						<dt>{ term }</dt>
						<dd>{ value }</dd>
					</div>
				) ) }
			</dl>
			<h3>{ __( 'Activations', 'svc-licensing' ) }</h3>
			{ sites.kind === 'loading' && <Loading /> }
			{ sites.kind === 'error' && (
				<LoadError message={ sites.message } onRetry={ reload } />
			) }
			{ sites.kind === 'ready' && sites.value.length === 0 && (
				<Empty>
					{ __( 'No site uses this licence.', 'svc-licensing' ) }
				</Empty>
			) }
			{ sites.kind === 'ready' && sites.value.length > 0 && (
				<p data-testid="svc-sites-used">
					{ sitesUsed( license.activation_limit, sites.value ) }
				</p>
			) }
			{ sites.kind === 'ready' && sites.value.length > 0 && (
				<table className="widefat striped svc-activations">
					<thead>
						<tr>
							<th>{ __( 'Site', 'svc-licensing' ) }</th>
							<th>{ __( 'Activated', 'svc-licensing' ) }</th>
							<th>{ __( 'Last check', 'svc-licensing' ) }</th>
							<th>
								<span className="screen-reader-text">
									{ __( 'Actions', 'svc-licensing' ) }
								</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{ sites.value.map( ( site ) => (
							<tr key={ site.id }>
								<td>
									{ site.site_url }
									{ site.is_staging && (
										<>
											{ ' — ' }
											<span className="post-state">
												{ __(
													'Staging',
													'svc-licensing'
												) }
											</span>
										</>
									) }
								</td>
								<td>{ formatDate( site.activated_at ) }</td>
								<td>{ formatDate( site.last_checked ) }</td>
								<td>
									<Button
										variant="secondary"
										isDestructive
										size="small"
										aria-label={ sprintf(
											/* translators: %s: site URL. */
											__(
												'Deactivate %s',
												'svc-licensing'
											),
											site.site_url
										) }
										onClick={ () =>
											client
												.deactivateSite(
													license.id,
													site.id
												)
												.then(
													() => {
														notify.success(
															__(
																'Site deactivated.',
																'svc-licensing'
															)
														);
														reload();
														onChanged();
													},
													( error ) =>
														notify.error( error )
												)
										}
									>
										{ __( 'Deactivate', 'svc-licensing' ) }
									</Button>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<LicenseHistory
				client={ client }
				licenseId={ license.id }
				licence={ license }
				sites={ sites.kind === 'ready' ? sites.value : null }
			/>
		</div>
	);
}
