/**
 * What `npm test` reads from Playwright's JSON reports at the end: the tests that failed and then passed on their
 * rerun (flaky: defects to fix, named, never passed over in silence), why each failed attempt failed, and the time
 * each spec file took.
 */

interface JsonResult {
	duration: number;
	status: string;
	error?: { message?: string };
}
interface JsonTest {
	projectName?: string;
	status: string;
	results: JsonResult[];
}
interface JsonSpec {
	title: string;
	file: string;
	line: number;
	tests: JsonTest[];
}
interface JsonSuite {
	title: string;
	file?: string;
	specs?: JsonSpec[];
	suites?: JsonSuite[];
}
export interface JsonReport {
	suites?: JsonSuite[];
}

export interface RunReport {
	/** "file:line › title" of each test that failed first and passed on its rerun. */
	flaky: string[];
	/** Each attempt that failed (of a flaky test or one that failed in the end): its test and the first lines of its error. */
	failures: Array< { test: string; attempt: number; error: string } >;
	/** Seconds per spec file, every attempt counted. */
	specSeconds: Record< string, number >;
}

/** Every spec below a file's suites, with the titles of the describe blocks around it. */
function* specsOf(
	suites: JsonSuite[],
	titles: string[]
): Generator< { spec: JsonSpec; titles: string[] } > {
	for ( const suite of suites ) {
		const inner = [ ...titles, suite.title ];
		for ( const spec of suite.specs ?? [] ) {
			yield { spec, titles: inner };
		}
		yield* specsOf( suite.suites ?? [], inner );
	}
}

/** The first lines of an error, without the terminal's colours: enough to say why, short enough for a summary. */
export function errorGist( message: string | undefined, lines = 6 ): string {
	return ( message ?? '(no error message)' )
		.replace( /\u001b\[[0-9;]*m/g, '' )
		.split( '\n' )
		.map( ( line ) => line.trimEnd() )
		.filter( ( line ) => line !== '' )
		.slice( 0, lines )
		.join( '\n' );
}

export function readRunReport( report: JsonReport ): RunReport {
	const flaky: string[] = [];
	const failures: RunReport[ 'failures' ] = [];
	const specSeconds: Record< string, number > = {};
	// The top suites are the spec files.
	for ( const fileSuite of report.suites ?? [] ) {
		const found = [
			...( fileSuite.specs ?? [] ).map( ( spec ) => ( {
				spec,
				titles: [] as string[],
			} ) ),
			...specsOf( fileSuite.suites ?? [], [] ),
		];
		for ( const { spec, titles } of found ) {
			const file = spec.file.startsWith( 'e2e/' )
				? spec.file
				: `e2e/${ spec.file }`;
			for ( const test of spec.tests ) {
				specSeconds[ file ] =
					( specSeconds[ file ] ?? 0 ) +
					test.results.reduce( ( sum, r ) => sum + r.duration, 0 ) /
						1000;
				const name = `${ file }:${ spec.line } › ${ [ ...titles, spec.title ].join( ' › ' ) }`;
				if ( test.status === 'flaky' ) {
					flaky.push( name );
				}
				if ( test.status === 'flaky' || test.status === 'unexpected' ) {
					test.results.forEach( ( r, attempt ) => {
						if ( r.status !== 'passed' && r.status !== 'skipped' ) {
							failures.push( {
								test: name,
								attempt: attempt + 1,
								error: errorGist( r.error?.message ),
							} );
						}
					} );
				}
			}
		}
	}
	return { flaky, failures, specSeconds };
}

/** The slowest spec files over several runs, each run's time named by its label. */
export function slowestSpecs(
	runs: Array< { label: string; report: RunReport } >,
	count = 10
): Array< { spec: string; label: string; seconds: number } > {
	return runs
		.flatMap( ( { label, report } ) =>
			Object.entries( report.specSeconds ).map(
				( [ spec, seconds ] ) => ( {
					spec,
					label,
					seconds,
				} )
			)
		)
		.sort( ( a, b ) => b.seconds - a.seconds )
		.slice( 0, count );
}
