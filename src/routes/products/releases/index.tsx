/**
 * Products > a product > Releases (loaded on demand, its own script chunk): the form that adds a release
 * (new-release.tsx: a ZIP dropped or picked, with progress, or an external package) above the list of releases,
 * each a card (release-card.tsx) with its changelog, rollout and actions. Uploads go through the typed client like
 * every other call.
 */
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Product } from '../../../api/types';
import { Empty, LoadError, Loading, useLoad } from '../../../components/async';
import { NewRelease } from './new-release';
import { ReleaseCard } from './release-card';

export function Releases( {
	client,
	product,
	onChanged,
}: {
	client: ServiceClient;
	product: Product;
	/** Called after every change, so the page can show the new current version. */
	onChanged: () => void;
} ) {
	const [ releases, refresh ] = useLoad(
		() => client.releases( product.id ),
		[ product.id ]
	);
	const reload = () => {
		refresh();
		onChanged();
	};
	return (
		<div className="svc-releases">
			<NewRelease
				client={ client }
				product={ product }
				onCreated={ reload }
			/>
			<h3>{ __( 'Releases', 'svc-licensing' ) }</h3>
			{ releases.kind === 'loading' && <Loading /> }
			{ releases.kind === 'error' && (
				<LoadError message={ releases.message } onRetry={ reload } />
			) }
			{ releases.kind === 'ready' && releases.value.length === 0 && (
				<Empty>{ __( 'No releases yet.', 'svc-licensing' ) }</Empty>
			) }
			{ releases.kind === 'ready' &&
				releases.value.map( ( release ) => (
					<ReleaseCard
						key={ `${ release.id }-${ release.rollout }-${ release.status }-${ release.paused_at }-${ release.withdrawn_at }` }
						client={ client }
						release={ release }
						onChanged={ reload }
					/>
				) ) }
		</div>
	);
}
