/**
 * What a correct answer of each bench row looks like. `npm run bench -- --quick` (CI) fails on anything else,
 * and the full bench checks one answer per row before it loads it, so it never measures errors.
 */

export type RowKind =
	| 'hello'
	| 'shortinit'
	| 'trivial'
	| 'health'
	| 'validate'
	| 'activate'
	| 'update'
	| 'admin-list'
	| 'admin-stats';

export interface Answer {
	status: number;
	/** The body as text. */
	text: string;
}

const isObject = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Why an answer is wrong for its row, or null when it is right.
 */
export function checkAnswer(
	kind: RowKind,
	answer: Answer,
	expectedVersion = '1.0.0'
): string | null {
	if ( answer.status < 200 || answer.status > 299 ) {
		return `HTTP ${ answer.status }: ${ answer.text.slice( 0, 200 ) }`;
	}
	if ( kind === 'hello' ) {
		return answer.text === 'hello'
			? null
			: `body is not "hello": ${ answer.text.slice( 0, 80 ) }`;
	}
	let body: unknown;
	try {
		body = JSON.parse( answer.text );
	} catch {
		return `body is not JSON: ${ answer.text.slice( 0, 80 ) }`;
	}
	if ( ! isObject( body ) ) {
		return 'body is not a JSON object';
	}
	const problems: string[] = [];
	const expect = ( ok: boolean, problem: string ) => {
		if ( ! ok ) {
			problems.push( problem );
		}
	};
	// Validate, activate and the update offer each carry a signed lease (docs/leases.md): the rows measure its cost.
	if ( kind === 'validate' || kind === 'activate' || kind === 'update' ) {
		expect(
			typeof body.lease === 'string' &&
				/^[\w-]+\.[\w-]+$/.test( body.lease ),
			'no signed lease'
		);
	}
	switch ( kind ) {
		case 'shortinit':
			expect( body.one === 1, 'one is not 1' );
			break;
		case 'trivial':
			expect( body.ok === true, 'ok is not true' );
			break;
		case 'health':
			expect(
				body.status === 'pass' || body.status === 'warn',
				`status is ${ JSON.stringify( body.status ) }`
			);
			expect( typeof body.version === 'string', 'no version' );
			break;
		case 'validate':
			expect( body.valid === true, 'valid is not true' );
			expect( body.status === 'active', 'status is not active' );
			expect(
				body.already_activated === true,
				'already_activated is not true'
			);
			break;
		case 'activate':
			expect( body.activated === true, 'activated is not true' );
			expect(
				typeof body.activation_id === 'number',
				'no activation_id'
			);
			break;
		case 'update':
			expect(
				body.new_version === expectedVersion,
				`new_version is ${ JSON.stringify( body.new_version ) }`
			);
			expect(
				typeof body.package === 'string' &&
					/[?&]token=/.test( body.package ),
				'package is not a download link with a token'
			);
			expect(
				typeof body.package_hash === 'string' &&
					/^sha256:[0-9a-f]{64}$/.test( body.package_hash ),
				'package_hash is not sha256:<hex>'
			);
			expect(
				isObject( body.sections ) &&
					typeof body.sections.changelog === 'string',
				'no sections.changelog'
			);
			break;
		case 'admin-list':
			expect( Array.isArray( body.data ), 'data is not a list' );
			expect( typeof body.total === 'number', 'total is not a number' );
			expect( typeof body.page === 'number', 'page is not a number' );
			break;
		case 'admin-stats':
			expect(
				isObject( body.licenses ) &&
					typeof body.licenses.total === 'number',
				'licenses.total is not a number'
			);
			expect(
				isObject( body.activations ),
				'activations is not an object'
			);
			break;
	}
	return problems.length === 0 ? null : problems.join( '; ' );
}

/** What the seeded data says one admin row must answer (tools/bench/seed.php). */
export interface AdminExpectation {
	/** `total` of a list, `licenses.total` of the stats. */
	total: number;
	/** A list: the page asked for and how many licences it must hold. */
	page?: number;
	rows?: number;
	/** A list: every licence has this status, or this customer email. */
	status?: string;
	email?: string;
	/** The stats: `activations.total`. */
	activations?: number;
}

/**
 * Why an admin answer is wrong for the seeded data, or null when it is right: the shape (checkAnswer) and then
 * the numbers, so a list that answers 200 with the wrong licences fails too.
 */
export function checkAdminAnswer(
	kind: 'admin-list' | 'admin-stats',
	answer: Answer,
	expected: AdminExpectation
): string | null {
	const shape = checkAnswer( kind, answer );
	if ( shape !== null ) {
		return shape;
	}
	const body = JSON.parse( answer.text );
	const problems: string[] = [];
	const expect = ( ok: boolean, problem: string ) => {
		if ( ! ok ) {
			problems.push( problem );
		}
	};
	if ( kind === 'admin-stats' ) {
		expect(
			body.licenses.total === expected.total,
			`licenses.total is ${ body.licenses.total }, not ${ expected.total }`
		);
		if ( expected.activations !== undefined ) {
			expect(
				body.activations.total === expected.activations,
				`activations.total is ${ body.activations.total }, not ${ expected.activations }`
			);
		}
		return problems.length === 0 ? null : problems.join( '; ' );
	}
	const data = body.data as Array< Record< string, unknown > >;
	expect(
		body.total === expected.total,
		`total is ${ body.total }, not ${ expected.total }`
	);
	if ( expected.page !== undefined ) {
		expect(
			body.page === expected.page,
			`page is ${ body.page }, not ${ expected.page }`
		);
	}
	if ( expected.rows !== undefined ) {
		expect(
			data.length === expected.rows,
			`${ data.length } licences, not ${ expected.rows }`
		);
	}
	const ids = data.map( ( license ) => license.id as number );
	expect(
		ids.every( ( id, i ) => i === 0 || id < ids[ i - 1 ] ),
		'licences are not newest first'
	);
	for ( const [ field, value ] of [
		[ 'status', expected.status ],
		[ 'customer_email', expected.email ],
	] as const ) {
		if ( value !== undefined ) {
			const other = data.find(
				( license ) => license[ field ] !== value
			);
			expect(
				other === undefined,
				`a licence has ${ field } ${ JSON.stringify( other?.[ field ] ) }`
			);
		}
	}
	return problems.length === 0 ? null : problems.join( '; ' );
}
