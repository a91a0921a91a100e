/**
 * "Why no update?": the last update check of each product on each site, its summary line first and its steps as
 * a table. On a licence's page for its sites; from the licence list's search box (?explain=<site or key>) for a
 * site URL or a whole key.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { UpdateDecision } from '../../api/types';
import {
	Empty,
	LoadError,
	Loading,
	useLoad,
	type Loaded,
} from '../../components/async';
import { formatDate } from '../../components/format';
import { ScreenHeader } from '../../components/screen';
import {
	explainQueryOf,
	outcomeLabel,
	stepDetail,
	stepName,
} from './explain-utils';

/** One product on one site: the summary line, when it asked and what it runs, then the steps. */
export function DecisionCard( {
	decision,
	headingLevel = 3,
}: {
	decision: UpdateDecision;
	headingLevel?: 2 | 3;
} ) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3';
	const title = sprintf(
		/* translators: 1: product name, 2: site URL. */
		__( '%1$s on %2$s', 'svc-licensing' ),
		decision.product_name,
		decision.site_url
	);
	return (
		<section
			className={ `svc-decision is-${ decision.answer }` }
			aria-label={ title }
		>
			<Heading>{ title }</Heading>
			<p className="svc-decision-summary">{ decision.summary }</p>
			<p className="svc-decision-meta">
				{ sprintf(
					/* translators: 1: date and time, 2: version the site runs, 3: WordPress version, 4: PHP version. */
					__(
						'Last asked %1$s, running %2$s, on WordPress %3$s and PHP %4$s.',
						'svc-licensing'
					),
					formatDate( decision.checked_at ),
					decision.installed_version,
					decision.wp_version ??
						__( '(not reported)', 'svc-licensing' ),
					decision.php_version ??
						__( '(not reported)', 'svc-licensing' )
				) }
			</p>
			<table className="widefat striped svc-decision-steps">
				<caption className="screen-reader-text">
					{ sprintf(
						/* translators: %s: product on site. */
						__(
							'Steps of the last update check: %s',
							'svc-licensing'
						),
						title
					) }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ __( 'Step', 'svc-licensing' ) }</th>
						<th scope="col">{ __( 'Result', 'svc-licensing' ) }</th>
						<th scope="col">
							{ __( 'Details', 'svc-licensing' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ decision.steps.map( ( step, index ) => (
						<tr key={ `${ step.step }-${ index }` }>
							<th scope="row">{ stepName( step ) }</th>
							<td
								className={ `svc-outcome is-${ step.outcome }` }
							>
								{ outcomeLabel( step ) }
							</td>
							<td>
								{ step.step === 'package' ? (
									<code>{ stepDetail( step ) }</code>
								) : (
									stepDetail( step )
								) }
							</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</section>
	);
}

/** The decisions of a load: its spinner, its error with a retry, a line when there are none, or a card each. */
function Decisions( {
	loaded,
	reload,
	headingLevel,
}: {
	loaded: Loaded< { decisions: UpdateDecision[] } >;
	reload: () => void;
	headingLevel?: 2 | 3;
} ) {
	if ( loaded.kind === 'loading' ) {
		return <Loading />;
	}
	if ( loaded.kind === 'error' ) {
		return <LoadError message={ loaded.message } onRetry={ reload } />;
	}
	if ( loaded.value.decisions.length === 0 ) {
		// A site that never asked is the server's 404 (its words in the error); a licence may have no checks yet.
		return (
			<Empty>
				{ __(
					'No site has asked for an update with this licence yet.',
					'svc-licensing'
				) }
			</Empty>
		);
	}
	return (
		<>
			{ loaded.value.decisions.map( ( decision ) => (
				<DecisionCard
					key={ `${ decision.product_id }-${ decision.site_url }-${ decision.license_id }` }
					decision={ decision }
					headingLevel={ headingLevel }
				/>
			) ) }
		</>
	);
}

/** A licence's page: each site's last update check, per product. */
export function LicenseDecisions( {
	client,
	licenseId,
}: {
	client: ServiceClient;
	licenseId: number;
} ) {
	const [ loaded, reload ] = useLoad(
		() => client.explain( { license_id: licenseId } ),
		[ licenseId ]
	);
	return (
		<section
			className="svc-why-no-update"
			aria-labelledby="svc-why-no-update-title"
		>
			<h2 id="svc-why-no-update-title">
				{ __( 'Why no update?', 'svc-licensing' ) }
			</h2>
			<Decisions loaded={ loaded } reload={ reload } />
		</section>
	);
}

/** The list's search box held a site URL or a whole key: a link to its explanation. */
export function ExplainLink( {
	search,
	href,
	onOpen,
}: {
	search: string;
	href: ( target: string ) => string;
	onOpen: ( target: string ) => void;
} ) {
	const query = explainQueryOf( search );
	if ( ! query ) {
		// The live region stays, so a screen reader hears the link when typing makes it appear.
		return <div className="svc-explain-hint" aria-live="polite" />;
	}
	const target = 'site' in query ? query.site : query.license_key;
	return (
		<div className="svc-explain-hint" aria-live="polite">
			<p className="svc-explain-link">
				<a
					href={ href( target ) }
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
						onOpen( target );
					} }
				>
					{ 'site' in query
						? sprintf(
								/* translators: %s: site URL. */
								__(
									'Why no update? See the last update checks of %s',
									'svc-licensing'
								),
								target
							)
						: __(
								'Why no update? See the last update checks of this licence’s sites',
								'svc-licensing'
							) }
				</a>
			</p>
		</div>
	);
}

/** ?explain=<site URL or key>: every decision for it. */
export function ExplainPage( {
	client,
	target,
	listHref,
	onBack,
}: {
	client: ServiceClient;
	target: string;
	listHref: string;
	onBack: () => void;
} ) {
	const query = explainQueryOf( target ) ?? { site: target };
	const [ loaded, reload ] = useLoad(
		() => client.explain( query ),
		[ target ]
	);
	return (
		<div className="svc-screen svc-licence-page svc-explain-page">
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
			<ScreenHeader title={ __( 'Why no update?', 'svc-licensing' ) } />
			<p>
				{ 'site' in query
					? sprintf(
							/* translators: %s: site URL. */
							__(
								'The last update check of each product on %s.',
								'svc-licensing'
							),
							target
						)
					: __(
							'The last update check of each site of this licence.',
							'svc-licensing'
						) }
			</p>
			<Decisions loaded={ loaded } reload={ reload } headingLevel={ 2 } />
		</div>
	);
}
