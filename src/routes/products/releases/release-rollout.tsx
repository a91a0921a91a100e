/**
 * A release's rollout: the share of licences offered it, saved when changed.
 */
import { Button, RangeControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Release } from '../../../api/types';
import { useMutation } from '../../../components/mutation';

export function ReleaseRollout( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const [ rollout, setRollout ] = useState( release.rollout );
	return (
		<div className="svc-release-rollout">
			<RangeControl
				label={ sprintf(
					/* translators: %s: version. */
					__( 'Rollout of %s', 'svc-licensing' ),
					release.version
				) }
				value={ rollout }
				onChange={ ( value ) => setRollout( value ?? release.rollout ) }
				min={ 0 }
				max={ 100 }
				__nextHasNoMarginBottom
			/>
			{ rollout !== release.rollout && (
				<Button
					variant="secondary"
					size="small"
					onClick={ () =>
						mutate(
							() =>
								client.updateRelease( release.id, {
									rollout,
								} ),
							{
								success: __(
									'Rollout saved.',
									'svc-licensing'
								),
								reload: onChanged,
							}
						)
					}
				>
					{ __( 'Save rollout', 'svc-licensing' ) }
				</Button>
			) }
		</div>
	);
}
