/**
 * Settings: what deleting the plugin does with the data. Kept by default; erasing on delete is turned on only
 * by typing the site's name (GET/PUT /admin/settings/data-removal).
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	Notice,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { DataRemoval } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { useNotify } from '../../components/notices';

/** What deleting would erase: as a choice to make, or (once made) as what it means. */
function describe( state: DataRemoval ): string {
	const { licenses, products, release_files: files } = state.would_erase;
	const counts = [
		sprintf(
			/* translators: %d: number of licences. */
			_n( '%d licence', '%d licences', licenses, 'svc-licensing' ),
			licenses
		),
		sprintf(
			/* translators: %d: number of products. */
			_n( '%d product', '%d products', products, 'svc-licensing' ),
			products
		),
		sprintf(
			/* translators: %d: number of release files. */
			_n( '%d release file', '%d release files', files, 'svc-licensing' ),
			files
		),
	] as const;
	if ( state.opted_in ) {
		return sprintf(
			/* translators: 1: licences, 2: products, 3: release files, each "N things". */
			__(
				'That is %1$s, %2$s and %3$s, with every activation, API key, setting and the secret that checks keys. Customer sites will see their keys as not found.',
				'svc-licensing'
			),
			...counts
		);
	}
	return sprintf(
		/* translators: 1: licences, 2: products, 3: release files, each "N things". */
		__(
			'Deleting the plugin will erase %1$s, %2$s and %3$s, with every activation, API key, setting and the secret that checks keys. Customer sites will see their keys as not found.',
			'svc-licensing'
		),
		...counts
	);
}

function DataRemovalForm( {
	client,
	initial,
}: {
	client: ServiceClient;
	initial: DataRemoval;
} ) {
	const notify = useNotify();
	const [ state, setState ] = useState( initial );
	const [ typed, setTyped ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const change = ( remove: boolean ) => {
		setBusy( true );
		client
			.setDataRemoval( { remove_on_uninstall: remove, confirm: typed } )
			.then(
				( next ) => {
					setState( next );
					setTyped( '' );
					notify.success(
						remove
							? __(
									'Deleting the plugin will now erase all its data.',
									'svc-licensing'
								)
							: __(
									'Deleting the plugin will keep all its data.',
									'svc-licensing'
								)
					);
				},
				( error ) =>
					notify.error(
						error,
						__( 'The choice was not saved:', 'svc-licensing' )
					)
			)
			.finally( () => setBusy( false ) );
	};
	return (
		<CardBody>
			{ state.forced_by_constant && (
				<Notice status="warning" isDismissible={ false }>
					{ sprintf(
						/* translators: %s: a PHP constant name. */
						__(
							'%s is set in wp-config.php: deleting the plugin erases all its data whatever is chosen here.',
							'svc-licensing'
						),
						state.constant
					) }
				</Notice>
			) }
			{ state.opted_in ? (
				<>
					<p className="svc-data-removal-status">
						<strong>
							{ __(
								'Deleting the plugin will erase all its data.',
								'svc-licensing'
							) }
						</strong>{ ' ' }
						{ describe( state ) }
					</p>
					<Button
						variant="secondary"
						isBusy={ busy }
						disabled={ busy }
						onClick={ () => change( false ) }
					>
						{ __(
							'Keep the data when the plugin is deleted',
							'svc-licensing'
						) }
					</Button>
				</>
			) : (
				<form
					onSubmit={ ( event ) => {
						event.preventDefault();
						change( true );
					} }
				>
					<p className="svc-data-removal-status">
						<strong>
							{ __(
								'Deleting the plugin keeps all its data.',
								'svc-licensing'
							) }
						</strong>{ ' ' }
						{ __(
							'Licences, products, releases and settings stay in the database, so reinstalling the plugin brings the service back as it was. To erase everything on delete instead, type the site name below.',
							'svc-licensing'
						) }
					</p>
					<p>{ describe( state ) }</p>
					<div className="svc-data-removal-confirm">
						<TextControl
							label={ sprintf(
								/* translators: %s: the site's name. */
								__(
									'Type the site name, %s, to confirm',
									'svc-licensing'
								),
								state.confirm_phrase
							) }
							value={ typed }
							onChange={ setTyped }
							autoComplete="off"
						/>
					</div>
					<Button
						variant="secondary"
						isDestructive
						type="submit"
						isBusy={ busy }
						disabled={
							busy || typed.trim() !== state.confirm_phrase
						}
					>
						{ __(
							'Erase all data when the plugin is deleted',
							'svc-licensing'
						) }
					</Button>
				</form>
			) }
		</CardBody>
	);
}

export function DataRemovalCard( { client }: { client: ServiceClient } ) {
	const [ loaded, reload ] = useLoad( () => client.dataRemoval(), [] );
	return (
		<Card className="svc-data-removal">
			<CardHeader>
				<h3>{ __( 'When the plugin is deleted', 'svc-licensing' ) }</h3>
			</CardHeader>
			{ loaded.kind === 'loading' && <Loading /> }
			{ loaded.kind === 'error' && (
				<LoadError message={ loaded.message } onRetry={ reload } />
			) }
			{ loaded.kind === 'ready' && (
				<DataRemovalForm client={ client } initial={ loaded.value } />
			) }
		</Card>
	);
}
