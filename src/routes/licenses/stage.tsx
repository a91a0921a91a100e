/**
 * Licences: a DataViews table with server-side filters, search, sorting and pagination.
 */
import { Button } from '@wordpress/components';
import { DataViews, paginationOf } from '../../components/data-views';
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import { LoadError, useLoad } from '../../components/async';
import { useLicenseActions } from './actions';
import { licenseFields } from './fields';
import { CreateLicenseModal } from './form';
import { DEFAULT_VIEW, queryOf, type ListView } from './view-utils';
import { ScreenHeader } from '../../components/screen';
import { OnboardingChecklist } from '../onboarding/checklist';

export function LicensesStage( { client }: { client: ServiceClient } ) {
	const [ view, setView ] = useState< ListView >( DEFAULT_VIEW );
	const [ creating, setCreating ] = useState( false );
	const query = useMemo( () => queryOf( view ), [ view ] );
	const [ products ] = useLoad( () => client.products(), [] );
	const [ page, reload ] = useLoad(
		() => client.licenses( query ),
		[ JSON.stringify( query ) ]
	);
	const productList = useMemo(
		() => ( products.kind === 'ready' ? products.value.items : [] ),
		[ products ]
	);
	const fields = useMemo(
		() => licenseFields( productList ),
		[ productList ]
	);
	const actions = useLicenseActions( client, reload );
	const rows = page.kind === 'ready' ? page.value.data : [];

	return (
		<div className="svc-screen">
			<ScreenHeader>
				<Button
					variant="primary"
					onClick={ () => setCreating( true ) }
					disabled={ productList.length === 0 }
				>
					{ __( 'Add licence', 'svc-licensing' ) }
				</Button>
			</ScreenHeader>
			<OnboardingChecklist client={ client } />
			{ page.kind === 'error' && (
				<LoadError message={ page.message } onRetry={ reload } />
			) }
			{ page.kind === 'ready' &&
				page.value.total === 0 &&
				! view.search &&
				view.filters.length === 0 && (
					<p className="svc-empty">
						{ productList.length === 0
							? __(
									'No licences yet. Add a product first, then a licence.',
									'svc-licensing'
								)
							: __( 'No licences yet.', 'svc-licensing' ) }
					</p>
				) }
			<DataViews
				view={ view }
				onChangeView={ ( next: ListView ) => setView( next ) }
				fields={ fields }
				data={ rows }
				actions={ actions }
				isLoading={ page.kind === 'loading' }
				getItemId={ ( item: { id: number } ) => String( item.id ) }
				paginationInfo={ paginationOf( page ) }
				supportedLayouts={ [ 'table' ] }
				searchLabel={ __(
					'Search key, name or email',
					'svc-licensing'
				) }
			/>
			{ creating && (
				<CreateLicenseModal
					client={ client }
					products={ productList }
					onClose={ () => setCreating( false ) }
					onCreated={ reload }
				/>
			) }
		</div>
	);
}
