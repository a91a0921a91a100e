/**
 * One release: its version, state and downloads, its package, changelog, rollout and actions.
 */
import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Release } from '../../../api/types';
import { formatDate } from '../../../components/format';
import { Changelog } from './changelog';
import { ReleaseActions } from './release-actions';
import { ReleaseHealth } from './release-health';
import { ReleaseRollout } from './release-rollout';
import { ReleaseState } from './release-state';

export function ReleaseCard( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const published = release.status === 'published';
	return (
		<Card
			className="svc-release"
			data-testid={ `svc-release-${ release.version }` }
			size="small"
		>
			<CardHeader>
				<h3 className="svc-release-title">
					{ release.version }{ ' ' }
					{ release.is_current && (
						<span className="svc-status is-active">
							{ __( 'Current', 'svc-licensing' ) }
						</span>
					) }
					{ ! published && (
						<span className="svc-status">
							{ __( 'Draft', 'svc-licensing' ) }
						</span>
					) }
				</h3>
				<span>
					{ published
						? sprintf(
								/* translators: %s: date. */
								__( 'Published %s', 'svc-licensing' ),
								formatDate( release.published_at )
							)
						: __( 'Not published', 'svc-licensing' ) }
					{ ' · ' }
					{ sprintf(
						/* translators: %d: downloads. */
						__( '%d downloads', 'svc-licensing' ),
						release.downloads
					) }
				</span>
			</CardHeader>
			<CardBody>
				<p className="svc-release-package">
					{ release.package.type === 'upload'
						? release.package.filename
						: release.package.url }{ ' ' }
					<code title={ release.package.hash }>
						{ release.package.hash.slice( 0, 19 ) }…
					</code>
				</p>
				<Changelog
					client={ client }
					release={ release }
					onChanged={ onChanged }
				/>
				<ReleaseHealth release={ release } />
				<ReleaseState
					client={ client }
					release={ release }
					onChanged={ onChanged }
				/>
				{ release.rollout_plan === null && (
					<ReleaseRollout
						client={ client }
						release={ release }
						onChanged={ onChanged }
					/>
				) }
				<ReleaseActions
					client={ client }
					release={ release }
					onChanged={ onChanged }
				/>
			</CardBody>
		</Card>
	);
}
