/**
 * Issue 42, "a repeated call writes nothing": a validate, a repeat activate (the site is already active) and an
 * update check from a site that asked before write no row. Every statement of each repeated call that is not a read
 * is recorded by the test site (e2e/mu-plugins/svc-test-writes.php), those run after the answer was sent included
 * (the update check's decision is written then). The only writes let through are the rate-limit counter's, and
 * only while its store is the database: one upsert on svc_rate_limits per call (on SQLite inside BEGIN/COMMIT) and
 * the sweep of old windows that about one request in a hundred runs. The api project runs this on SQLite and
 * MariaDB, with the fast lane on and off.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { database, fastLane } from '../fixtures/env';
import { seedService } from '../fixtures/seed';
import {
	clearWrites,
	keyHeaders,
	readWrites,
	writeLogHeaders,
	type RecordedWrites,
} from '../fixtures/test-helpers';

const API = '/wp-json/svc/v1';

/** The rate-limit counter's upsert (RateLimitRepository::hit). */
const COUNTER_UPSERT = /^INSERT INTO `?\w*svc_rate_limits`? /i;
/** Its sweep of old windows, on about one request in a hundred. */
const COUNTER_SWEEP =
	/^DELETE FROM `?\w*svc_rate_limits`? WHERE window_start </i;
const TRANSACTION_START = /^(START TRANSACTION|BEGIN)\b/i;
const TRANSACTION_END = /^(COMMIT|ROLLBACK)\b/i;
/**
 * WordPress' own WP-Cron lock (the doing_cron transient), which whichever request comes first once a job is due
 * writes, at most once a minute for the whole site: not the call's.
 */
const CRON_SPAWN = /\bspawn_cron\b/;

/** A statement as the failure message shows it: the SQL, then who ran it. */
const shown = ( writes: RecordedWrites, i: number ) =>
	`${ writes.statements[ i ] }\n      by ${ writes.callers[ i ] }`;

/**
 * The statements the issue does not allow: all of them, except the rate-limit counter's while its store is the
 * database (one upsert per call, the occasional sweep, and on SQLite the transaction around them).
 */
function notAllowed( writes: RecordedWrites ): number[] {
	const counted = writes.store === 'database';
	const left: number[] = [];
	let upserts = 0;
	const counterWrite = ( i: number ) => {
		const sql = writes.statements[ i ];
		if ( COUNTER_UPSERT.test( sql ) ) {
			upserts++;
			return counted && upserts === 1;
		}
		return counted && COUNTER_SWEEP.test( sql );
	};
	let transaction: number[] | null = null;
	writes.statements.forEach( ( sql, i ) => {
		if ( CRON_SPAWN.test( writes.callers[ i ] ) ) {
			return;
		}
		if ( TRANSACTION_START.test( sql ) && transaction === null ) {
			transaction = [ i ];
		} else if ( TRANSACTION_END.test( sql ) && transaction !== null ) {
			const inside: number[] = transaction.slice( 1 );
			transaction.push( i );
			// A transaction passes only when it holds the counter's writes and nothing else.
			if ( inside.length === 0 || ! inside.every( counterWrite ) ) {
				left.push( ...transaction );
			}
			transaction = null;
		} else if ( transaction !== null ) {
			transaction.push( i );
		} else if ( ! counterWrite( i ) ) {
			left.push( i );
		}
	} );
	if ( transaction !== null ) {
		left.push( ...( transaction as number[] ) );
	}
	return left;
}

/** What a token's request wrote, once it has ended (its work after the answer included). */
async function writesOf(
	request: APIRequestContext,
	token: string
): Promise< RecordedWrites > {
	let writes: RecordedWrites | undefined;
	await expect
		.poll(
			async () =>
				( writes = await readWrites( request, token ) ).requests,
			{
				message: `the request with write log ${ token } ended`,
				timeout: 3_000,
				intervals: [ 100, 200, 300 ],
			}
		)
		.toBe( 1 );
	return writes as RecordedWrites;
}

test( 'a repeated validate, activate and update check write nothing but the rate-limit counter (issue 42)', async ( {
	request,
} ) => {
	// A product with release 1.2.0 and a licence activated on one site.
	const seeded = await seedService(
		request,
		await keyHeaders( request ),
		'Writes',
		1
	);
	const body = {
		license_key: seeded.licenses[ 0 ].key,
		product_slug: seeded.product.slug,
		site_url: seeded.licenses[ 0 ].site,
	};
	const calls = [
		{
			name: 'validate',
			send: ( headers: Record< string, string > ) =>
				request.post( `${ API }/licenses/validate`, {
					data: body,
					headers,
				} ),
		},
		{
			name: 'activate',
			send: ( headers: Record< string, string > ) =>
				request.post( `${ API }/licenses/activate`, {
					data: body,
					headers,
				} ),
		},
		{
			name: 'update check',
			send: ( headers: Record< string, string > ) =>
				request.get( `${ API }/updates/check`, {
					params: { ...body, current_version: '1.0.0' },
					headers,
				} ),
		},
	];
	const run = randomUUID().slice( 0, 8 );
	const tokens: string[] = [];
	/** Sends each call with a token of its own; answers what each wrote. */
	const round = async ( label: string ) => {
		const sent = [];
		for ( const call of calls ) {
			const token = `w-${ run }-${ label }-${ call.name.replace( ' ', '-' ) }`;
			tokens.push( token );
			const answer = await call.send( writeLogHeaders( token ) );
			expect( answer.status(), await answer.text() ).toBe( 200 );
			expect(
				answer.headers()[ 'x-svc-test-lane' ],
				`${ call.name }: answered by the lane`
			).toBe( fastLane ? '1' : '0' );
			sent.push( { name: call.name, token } );
		}
		const written = [];
		for ( const { name, token } of sent ) {
			written.push( { name, writes: await writesOf( request, token ) } );
		}
		return written;
	};

	try {
		// The first calls may write (the update decision, this minute's counter row); waiting for each to end
		// lets their work after the answer finish before the repeats.
		await round( 'first' );
		const again = await round( 'again' );
		const where = `${ database }, lane ${ fastLane ? 'on' : 'off' }, counters in ${ again[ 0 ].writes.store }`;
		// The run's log says what each repeat ran, also when it passes.
		process.stdout.write(
			`      repeated calls (${ where }): ${ again
				.map(
					( { name, writes } ) =>
						`${ name } ${ writes.statements.length }`
				)
				.join( ', ' ) } statements that are not reads\n`
		);
		for ( const { name, writes } of again ) {
			const left = notAllowed( writes );
			expect
				.soft(
					left.map( ( i ) => writes.statements[ i ] ),
					[
						`a repeated ${ name } (${ where }) wrote:`,
						...left.map( ( i ) => `  ${ shown( writes, i ) }` ),
						`every statement it ran that is not a read (${ writes.statements.length }):`,
						...writes.statements.map(
							( _, i ) => `  ${ shown( writes, i ) }`
						),
					].join( '\n' )
				)
				.toEqual( [] );
		}
	} finally {
		for ( const token of tokens ) {
			await clearWrites( request, token );
		}
	}
} );
