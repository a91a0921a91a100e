/**
 * Settings: rate limits: requests per minute for each limited route, and how IPv6 clients are counted.
 * Part of the settings form (settings-form.tsx), saved with it.
 */
import { Card, CardBody, CardHeader, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import {
	LIMIT_LABELS,
	LIMIT_ROUTES,
	type SettingsFormState,
} from './form-values';

export function RateLimitsCard( { form }: { form: SettingsFormState } ) {
	const { values: draft, set, fieldProps } = form;
	return (
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
	);
}
