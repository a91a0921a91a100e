/**
 * `wp svc license import`: 240 licences from a CSV file in one command, then each validated over HTTP;
 * a dry run that writes nothing (no licence, no event); a file with bad rows reports every one by line and
 * imports nothing.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { keyHeaders } from '../fixtures/test-helpers';
import { cliLines, wp } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/**
 * Every kind of row (the product by slug or by id, a key brought or a new one) 40 times over. The file was 1,000 rows
 * until the WP-CLI runs over them took most of a minute per pass (about 22 s for each of the dry run, the import and
 * the re-run on SQLite under CI's load); the rows are checked one by one, so more of the same kinds add no case.
 */
const ROWS = 240;

/** A key of the service's form, as another system's export would carry it. */
const randomKey = () =>
	Array.from( { length: 4 }, () =>
		Array.from(
			{ length: 4 },
			() => ALPHABET[ randomInt( ALPHABET.length ) ]
		).join( '' )
	).join( '-' );

function writeCsv( name: string, lines: string[] ): string {
	const file = path.join(
		os.tmpdir(),
		`svc-cli-${ randomUUID() }-${ name }.csv`
	);
	fs.writeFileSync( file, lines.join( '\n' ) + '\n' );
	return file;
}

async function counts(
	request: APIRequestContext,
	headers: Record< string, string >,
	productId: number
) {
	const licenses = await (
		await request.get(
			`${ ADMIN }/licenses?product_id=${ productId }&per_page=1`,
			{ headers }
		)
	).json();
	const events = await (
		await request.get(
			`${ ADMIN }/events?type=license.created&product_id=${ productId }&per_page=1`,
			{
				headers,
			}
		)
	).json();
	return {
		licences: licenses.total as number,
		events: events.total as number,
	};
}

test.describe( 'wp svc license import', () => {
	// Each `wp` boots WordPress (about a second on a busy machine); the specs run dozens.
	test.describe.configure( { timeout: 180_000 } );

	test( '240 rows: a dry run writes nothing, the import writes them all and every key validates over HTTP', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers,
				data: { name: `CLI import ${ randomUUID().slice( 0, 8 ) }` },
			} )
		).json();
		// Half the rows bring a key from the old system, half get a new one; by slug and by id.
		const rows = Array.from( { length: ROWS }, ( _, i ) => ( {
			product: i % 3 === 0 ? String( product.id ) : product.slug,
			email: `import-${ i }@example.com`,
			key: i % 2 === 0 ? randomKey() : '',
		} ) );
		const file = writeCsv( 'thousand', [
			'product,customer_email,customer_name,status,expires,max_activations,key',
			...rows.map(
				( row, i ) =>
					`${ row.product },${ row.email },Customer ${ i },active,2030-12-31,2,${ row.key }`
			),
		] );

		const before = await counts( request, headers, product.id );
		expect( before ).toEqual( { licences: 0, events: 0 } );
		const dry = await wp( [
			'svc',
			'license',
			'import',
			file,
			'--dry-run',
		] );
		expect( dry.code ).toBe( 0 );
		expect( dry.stdout ).toContain(
			`Success: Dry run: all ${ ROWS } rows are valid; nothing was written.`
		);
		expect( await counts( request, headers, product.id ) ).toEqual(
			before
		);

		const run = await wp( [
			'svc',
			'license',
			'import',
			file,
			'--format=json',
		] );
		expect( run.code, run.stderr ).toBe( 0 );
		const json = run.stdout.slice( 0, run.stdout.lastIndexOf( ']' ) + 1 );
		const imported: {
			line: number;
			id: number;
			license_key: string;
			customer_email: string;
		}[] = JSON.parse( json );
		expect( run.stdout ).toContain(
			`Success: Imported ${ ROWS } licences.`
		);
		expect( imported ).toHaveLength( ROWS );
		expect( await counts( request, headers, product.id ) ).toEqual( {
			licences: ROWS,
			events: ROWS,
		} );
		imported.forEach( ( license, i ) => {
			expect( license.line ).toBe( i + 2 );
			expect( license.customer_email ).toBe( rows[ i ].email );
			if ( rows[ i ].key !== '' ) {
				expect( license.license_key ).toBe( rows[ i ].key );
			}
		} );

		// Every imported key, brought and new alike, validates over HTTP with its fields (four requests at a time).
		const validate = async ( i: number ) => {
			const answer = await (
				await request.post( '/wp-json/svc/v1/licenses/validate', {
					data: {
						license_key: imported[ i ].license_key,
						product_slug: product.slug,
						site_url: 'example.com',
					},
				} )
			).json();
			expect( answer, `line ${ imported[ i ].line }` ).toMatchObject( {
				valid: true,
				status: 'active',
				activation_limit: 2,
			} );
		};
		for ( let i = 0; i < ROWS; i += 4 ) {
			await Promise.all(
				[ i, i + 1, i + 2, i + 3 ]
					.filter( ( j ) => j < ROWS )
					.map( validate )
			);
		}
		const one = await (
			await request.get( `${ ADMIN }/licenses/${ imported[ 7 ].id }`, {
				headers,
			} )
		).json();
		expect( one ).toMatchObject( {
			customer_name: 'Customer 7',
			expires: '2030-12-31T00:00:00Z',
			activation_limit: 2,
		} );

		// The same file again: every brought key is now taken, so nothing at all is imported.
		const again = await wp( [ 'svc', 'license', 'import', file ] );
		expect( again.code ).toBe( 1 );
		expect( cliLines( again.stderr ) ).toContain(
			'Warning: Line 2: key is already the key of a licence here.'
		);
		expect( cliLines( again.stderr ).at( -1 ) ).toBe(
			`Error: ${ ROWS / 2 } of ${ ROWS } rows have errors; nothing was imported.`
		);
		expect( await counts( request, headers, product.id ) ).toEqual( {
			licences: ROWS,
			events: ROWS,
		} );
	} );

	test( 'bad rows: every error by line, all or nothing, the dry run finds the same', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers,
				data: { name: `CLI bad ${ randomUUID().slice( 0, 8 ) }` },
			} )
		).json();
		const key = randomKey();
		const file = writeCsv( 'bad', [
			'product,customer_email,status,expires,key',
			`${ product.slug },good@example.com,,,`,
			`no-such-product-${ randomUUID() },a@example.com,,,`,
			`${ product.slug },not-an-email,,,`,
			`${ product.slug },b@example.com,paused,,`,
			`${ product.slug },c@example.com,,31/12/2030,`,
			`${ product.slug },d@example.com,,,${ key }`,
			`${ product.slug },e@example.com,,,${ key }`,
		] );
		const expected = [
			'Warning: Line 3: No product has this slug or id.',
			'Warning: Line 4: Customer email: enter an email address with a domain, such as name@example.com.',
			'Warning: Line 5: status must be one of active, expired, suspended, revoked, trial, cancelled.',
			'Warning: Line 6: expires must be a date (2027-01-31) or a date-time (2027-01-31T12:00:00Z).',
			'Warning: Line 8: key is the same as on line 7.',
			'Error: 5 of 7 rows have errors; nothing was imported.',
		];
		for ( const flags of [ [ '--dry-run' ], [] ] ) {
			const result = await wp( [
				'svc',
				'license',
				'import',
				file,
				...flags,
			] );
			expect( result.code ).toBe( 1 );
			expect( cliLines( result.stderr ) ).toEqual( expected );
			expect( await counts( request, headers, product.id ) ).toEqual( {
				licences: 0,
				events: 0,
			} );
		}

		const unreadable = await wp( [
			'svc',
			'license',
			'import',
			path.join( os.tmpdir(), `${ randomUUID() }.csv` ),
		] );
		expect( unreadable.code ).toBe( 1 );
		expect( cliLines( unreadable.stderr )[ 0 ] ).toMatch(
			/^Error: Cannot read the file /
		);
	} );
} );
