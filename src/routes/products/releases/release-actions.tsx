/**
 * A release's actions: publish a draft, roll back to an earlier release, unpublish, download its package, delete.
 * The current release can only be downloaded.
 */
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Release } from '../../../api/types';
import { useMutation } from '../../../components/mutation';
import { panelConfig } from '../../../panel-config';
import { ConfirmButton } from '../confirm-button';
import { restFileUrl } from '../integrate-snippet';

export function ReleaseActions( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const act = ( run: () => Promise< unknown >, message: string ) =>
		mutate( run, { success: message, reload: onChanged } );
	const { restUrl, nonce } = panelConfig();
	const download =
		release.package.type === 'upload'
			? restFileUrl(
					restUrl,
					nonce,
					`svc/v1/admin/releases/${ release.id }/package`
				)
			: ( release.package.url ?? '' );
	const published = release.status === 'published';
	return (
		<div className="svc-actions-row">
			{ ! release.is_current && ! published && (
				<Button
					variant="secondary"
					size="small"
					onClick={ () =>
						act(
							() => client.publishRelease( release.id ),
							__( 'Release published.', 'svc-licensing' )
						)
					}
				>
					{ __( 'Publish', 'svc-licensing' ) }
				</Button>
			) }
			{ ! release.is_current &&
				published &&
				release.channel === 'stable' && (
					<ConfirmButton
						destructive={ false }
						title={ sprintf(
							/* translators: %s: version. */
							__( 'Roll back to %s?', 'svc-licensing' ),
							release.version
						) }
						text={ __(
							'This release becomes the current version: sites are offered it at their next update check.',
							'svc-licensing'
						) }
						confirmLabel={ __( 'Roll back', 'svc-licensing' ) }
						run={ () =>
							act(
								() => client.publishRelease( release.id ),
								sprintf(
									/* translators: %s: version. */
									__( 'Rolled back to %s.', 'svc-licensing' ),
									release.version
								)
							)
						}
					>
						{ __( 'Roll back to this', 'svc-licensing' ) }
					</ConfirmButton>
				) }
			{ ! release.is_current && published && (
				<ConfirmButton
					destructive={ false }
					title={ sprintf(
						/* translators: %s: version. */
						__( 'Unpublish %s?', 'svc-licensing' ),
						release.version
					) }
					text={ __(
						'It becomes a draft: no site is offered it until you publish it again.',
						'svc-licensing'
					) }
					confirmLabel={ __( 'Unpublish', 'svc-licensing' ) }
					run={ () =>
						act(
							() => client.unpublishRelease( release.id ),
							__( 'Release unpublished.', 'svc-licensing' )
						)
					}
				>
					{ __( 'Unpublish', 'svc-licensing' ) }
				</ConfirmButton>
			) }
			{ download !== '' && (
				<Button
					variant="secondary"
					size="small"
					href={ download }
					download
				>
					{ __( 'Download', 'svc-licensing' ) }
				</Button>
			) }
			{ ! release.is_current && (
				<ConfirmButton
					title={ sprintf(
						/* translators: %s: version. */
						__( 'Delete release %s?', 'svc-licensing' ),
						release.version
					) }
					text={ __(
						'The release and its package file are deleted. Its version cannot be used again.',
						'svc-licensing'
					) }
					confirmLabel={ __( 'Delete release', 'svc-licensing' ) }
					run={ () =>
						act(
							() => client.deleteRelease( release.id ),
							__( 'Release deleted.', 'svc-licensing' )
						)
					}
				>
					{ __( 'Delete', 'svc-licensing' ) }
				</ConfirmButton>
			) }
		</div>
	);
}
