/**
 * Settings > Import: the move-in from EDD Software Licensing or Software License Manager (docs/moving-in.md). Choose
 * the source -> the dry run's report (what would arrive, every refused row with its reason) -> Import, with its
 * progress streamed from the run itself -> the result, with a link to the licences. The step and the source live
 * in the URL (tab=import&source=…&step=report|done). The run is Core\MoveIn::run(), the one `wp svc import` makes.
 */
import {
	Button,
	Card,
	CardBody,
	Notice,
	RadioControl,
	SelectControl,
} from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type {
	ImportReport,
	ImportSource,
	ImportSourceName,
} from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { errorMessage } from '../../components/notices';
import { useQueryState } from '../../components/url-state';
import { screenLink } from '../../panel-config';
import { ImportReportTables } from './report';
import { streamImport, type ImportProgress } from './stream';
import './style.scss';

const SOURCE_NAMES: Record< ImportSourceName, string > = {
	'edd-sl': __( 'EDD Software Licensing', 'svc-licensing' ),
	slm: __( 'Software License Manager', 'svc-licensing' ),
};

const NOT_FOUND: Record< ImportSourceName, string > = {
	'edd-sl': __(
		'No EDD Software Licensing tables found on this site.',
		'svc-licensing'
	),
	slm: __(
		'No Software License Manager tables found on this site.',
		'svc-licensing'
	),
};

const PHASES: Record< string, string > = {
	products: __( 'Products', 'svc-licensing' ),
	licences: __( 'Licences', 'svc-licensing' ),
	activations: __( 'Activations', 'svc-licensing' ),
};

const isSource = ( name: string | null ): name is ImportSourceName =>
	name === 'edd-sl' || name === 'slm';

/** "Licences: 42,000 of 100,000". */
const progressText = ( line: ImportProgress ) =>
	sprintf(
		/* translators: 1: what is read (Licences, Activations), 2: rows done, 3: rows in all. */
		__( '%1$s: %2$s of %3$s', 'svc-licensing' ),
		PHASES[ line.phase ] ?? line.phase,
		line.done.toLocaleString(),
		line.total.toLocaleString()
	);

type Run =
	| { kind: 'idle' }
	| { kind: 'running'; dryRun: boolean; lines: ImportProgress[] }
	| { kind: 'report'; report: ImportReport }
	| { kind: 'done'; report: ImportReport; lines: ImportProgress[] }
	| { kind: 'error'; message: string };

/** The last line of each phase, in the order they came. */
function withLine( lines: ImportProgress[], line: ImportProgress ) {
	return [ ...lines.filter( ( l ) => l.phase !== line.phase ), line ];
}

function Progress( {
	lines,
	finished,
}: {
	lines: ImportProgress[];
	finished: boolean;
} ) {
	const current = lines[ lines.length - 1 ];
	let value = 0;
	if ( finished ) {
		value = 100;
	} else if ( current && current.total > 0 ) {
		value = Math.floor( ( current.done / current.total ) * 100 );
	}
	return (
		<div className="svc-import-progress">
			{ /* Core's ProgressBar is not in every WordPress this panel runs on; the element it draws, drawn alike. */ }
			<progress
				className="svc-progress-bar"
				max={ 100 }
				value={ value }
				aria-label={ __( 'Import', 'svc-licensing' ) }
			/>
			<ul aria-live="polite">
				{ lines.map( ( line ) => (
					<li key={ line.phase }>{ progressText( line ) }</li>
				) ) }
			</ul>
		</div>
	);
}

export function ImportWizard( { client }: { client: ServiceClient } ) {
	const [ args, setArgs ] = useQueryState( [
		'source',
		'step',
		'product',
	] as const );
	const source: ImportSourceName = isSource( args.source )
		? args.source
		: 'edd-sl';
	const product = args.product ?? '';
	const [ sources, reload ] = useLoad( () => client.importSources(), [] );
	const [ products ] = useLoad(
		() =>
			source === 'slm' ? client.products() : Promise.resolve( null ),
		[ source ]
	);
	const [ run, setRun ] = useState< Run >( { kind: 'idle' } );
	const top = useRef< HTMLDivElement >( null );

	const found: ImportSource | undefined =
		sources.kind === 'ready'
			? sources.value.sources.find( ( s ) => s.source === source )
			: undefined;

	const start = ( dryRun: boolean ) => {
		setRun( { kind: 'running', dryRun, lines: [] } );
		streamImport(
			{
				source,
				dry_run: dryRun,
				...( product !== '' ? { product } : {} ),
			},
			( line ) =>
				setRun( ( current ) =>
					current.kind === 'running'
						? { ...current, lines: withLine( current.lines, line ) }
						: current
				)
		).then(
			( report ) => {
				setRun( ( current ) =>
					dryRun
						? { kind: 'report', report }
						: {
								kind: 'done',
								report,
								lines:
									current.kind === 'running'
										? current.lines
										: [],
							}
				);
				setArgs( { step: dryRun ? 'report' : 'done' }, { push: true } );
				if ( ! dryRun ) {
					reload();
				}
				top.current?.focus();
			},
			( error: unknown ) => {
				setRun( { kind: 'error', message: errorMessage( error ) } );
				top.current?.focus();
			}
		);
	};

	// A reload on the report step runs the dry run again (nothing is kept between pages); a result cannot be
	// shown again, so that step goes back to the start.
	useEffect( () => {
		if ( run.kind !== 'idle' || sources.kind !== 'ready' ) {
			return;
		}
		if ( args.step === 'report' && found?.present ) {
			start( true );
		} else if ( args.step !== null ) {
			setArgs( { step: null } );
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ sources.kind ] );

	const busy = run.kind === 'running';
	const licenses = screenLink( 'licenses' );
	const summary = ( report: ImportReport ) => {
		const counts = report.arrived.licences ?? {
			new: 0,
			changed: 0,
			unchanged: 0,
		};
		return report.dry_run
			? sprintf(
					/* translators: 1: new licences, 2: changed licences, 3: refused rows. */
					__(
						'%1$d new and %2$d changed licences would arrive; %3$d rows would be refused. Nothing was written.',
						'svc-licensing'
					),
					counts.new,
					counts.changed,
					report.refused.length
				)
			: sprintf(
					/* translators: 1: new licences, 2: changed licences, 3: refused rows. */
					__(
						'Imported %1$d new and %2$d changed licences; %3$d rows were refused.',
						'svc-licensing'
					),
					counts.new,
					counts.changed,
					report.refused.length
				);
	};

	return (
		<div className="svc-import">
			<h2>
				{ __(
					'Import from another licensing plugin',
					'svc-licensing'
				) }
			</h2>
			<div className="svc-import-notices" ref={ top } tabIndex={ -1 }>
				{ run.kind === 'error' && (
					<Notice status="error" isDismissible={ false }>
						{ run.message }
					</Notice>
				) }
				{ run.kind === 'done' && (
					<Notice status="success" isDismissible={ false }>
						<p>{ summary( run.report ) }</p>
						{ licenses && (
							<p>
								<a href={ licenses.url }>
									{ __(
										'See the licences',
										'svc-licensing'
									) }
								</a>
							</p>
						) }
					</Notice>
				) }
				{ found && ! found.present && (
					<Notice status="warning" isDismissible={ false }>
						{ NOT_FOUND[ source ] }
					</Notice>
				) }
			</div>
			<Card>
				<CardBody>
					{ sources.kind === 'loading' && <Loading /> }
					{ sources.kind === 'error' && (
						<LoadError
							message={ sources.message }
							onRetry={ reload }
						/>
					) }
					{ ( run.kind === 'idle' || run.kind === 'error' ) &&
						sources.kind === 'ready' && (
							<div className="svc-import-choose">
								<p>
									{ __(
										'Bring your products, licences and activations over from the old plugin’s tables on this site. The old plugin may be active or not; its tables are only read. First a dry run shows what would arrive and every row that would be refused, and writes nothing.',
										'svc-licensing'
									) }
								</p>
								<RadioControl
									label={ __(
										'Import from',
										'svc-licensing'
									) }
									selected={ source }
									options={ sources.value.sources.map(
										( s ) => ( {
											value: s.source,
											label: SOURCE_NAMES[ s.source ],
										} )
									) }
									onChange={ ( next: string ) =>
										setArgs( {
											source: next,
											product: null,
										} )
									}
								/>
								{ found?.counts && (
									<p>
										{ sprintf(
											/* translators: 1: licences, 2: activations in use. */
											__(
												'%1$s licences and %2$s activations found.',
												'svc-licensing'
											),
											found.counts.licences.toLocaleString(),
											found.counts.activations.toLocaleString()
										) }
									</p>
								) }
								{ source === 'slm' &&
									found?.present &&
									products.kind === 'ready' &&
									products.value && (
										<SelectControl
											label={ __(
												'Product for licences that name none',
												'svc-licensing'
											) }
											help={ __(
												'Software License Manager keeps no products: a licence’s product reference names one of yours. Licences without one go to this product, or are refused.',
												'svc-licensing'
											) }
											value={ product }
											options={ [
												{
													value: '',
													label: __(
														'None: refuse them',
														'svc-licensing'
													),
												},
												...products.value.items.map(
													( p ) => ( {
														value: p.slug,
														label: p.name,
													} )
												),
											] }
											onChange={ ( next: string ) =>
												setArgs( {
													product: next || null,
												} )
											}
											__next40pxDefaultSize
											__nextHasNoMarginBottom
										/>
									) }
								<Button
									variant="primary"
									disabled={ ! found?.present }
									onClick={ () => start( true ) }
								>
									{ __( 'Dry run', 'svc-licensing' ) }
								</Button>
							</div>
						) }
					{ busy && (
						<>
							<p>
								{ run.dryRun
									? __(
											'Dry run: reading the old plugin’s tables. Nothing is written.',
											'svc-licensing'
										)
									: __(
											'Importing. Keep this page open; the import goes on to its end if you leave.',
											'svc-licensing'
										) }
							</p>
							<Progress lines={ run.lines } finished={ false } />
						</>
					) }
					{ run.kind === 'report' && (
						<>
							<p>{ summary( run.report ) }</p>
							<ImportReportTables report={ run.report } />
							<div className="svc-import-actions">
								<Button
									variant="primary"
									onClick={ () => start( false ) }
								>
									{ __( 'Import', 'svc-licensing' ) }
								</Button>
								<Button
									variant="secondary"
									onClick={ () => {
										setRun( { kind: 'idle' } );
										setArgs(
											{ step: null },
											{ push: true }
										);
									} }
								>
									{ __( 'Back', 'svc-licensing' ) }
								</Button>
							</div>
						</>
					) }
					{ run.kind === 'done' && (
						<>
							<Progress lines={ run.lines } finished />
							<ImportReportTables report={ run.report } />
							<Button
								variant="secondary"
								onClick={ () => {
									setRun( { kind: 'idle' } );
									setArgs( { step: null }, { push: true } );
								} }
							>
								{ __( 'Start again', 'svc-licensing' ) }
							</Button>
						</>
					) }
				</CardBody>
			</Card>
		</div>
	);
}
