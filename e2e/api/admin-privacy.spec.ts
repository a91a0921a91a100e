/**
 * Privacy: export and erase by email, through the admin API and through WordPress core's privacy tools.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { testToken } from '../fixtures/env';
import { expectError } from '../fixtures/envelope';
import {
	armCrash,
	keyHeaders,
	scanPersonalData,
} from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';
const helper = { 'X-Svc-Test-Token': testToken };

async function customerWithLicenses(
	request: APIRequestContext,
	headers: Record< string, string >
) {
	const id = randomUUID().slice( 0, 8 );
	const email = `person-${ id }@example.com`;
	const name = `Person ${ id }`;
	const products = [];
	const keys: string[] = [];
	for ( const label of [ 'Alpha', 'Beta' ] ) {
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers,
				data: { name: `${ label } ${ id }` },
			} )
		).json();
		const license = await (
			await request.post( `${ ADMIN }/licenses`, {
				headers,
				data: {
					product_id: product.id,
					customer_email: email,
					customer_name: name,
					activation_limit: 2,
				},
			} )
		).json();
		await request.post( '/wp-json/svc/v1/licenses/activate', {
			data: {
				license_key: license.license_key,
				product_slug: product.slug,
				site_url: `https://${ id }-${ label.toLowerCase() }.example.com`,
			},
		} );
		products.push( product );
		keys.push( license.license_key );
	}
	return { email, name, id, products, keys };
}

test.describe( 'privacy', () => {
	test( 'export lists every licence of the email', async ( { request } ) => {
		const headers = await keyHeaders( request, 'admin' );
		const person = await customerWithLicenses( request, headers );
		const response = await request.post( `${ ADMIN }/privacy/export`, {
			headers,
			data: { email: ` ${ person.email.toUpperCase() } ` },
		} );
		expect( response.status() ).toBe( 200 );
		const body = await response.json();
		expect( body.email ).toBe( person.email );
		expect( body.export.total_records ).toBe( 2 );
		expect( body.export.exported_at ).toMatch(
			/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
		);
		expect(
			body.export.licenses.map( ( l: { product: string } ) => l.product )
		).toEqual( person.products.map( ( p ) => p.name ) );
		for ( const license of body.export.licenses ) {
			// The spec's fields, and the customer's name (docs/api-decisions.md: the erase clears it, so the export shows it).
			expect( Object.keys( license ).sort() ).toEqual( [
				'activations',
				'created_at',
				'customer_name',
				'id',
				'product',
				'status',
			] );
			expect( license ).toMatchObject( {
				customer_name: person.name,
				status: 'active',
				activations: 1,
			} );
		}
		const core = await (
			await request.post( '/wp-json/svc-test/v1/core-privacy', {
				headers: helper,
				data: { action: 'export', email: person.email },
			} )
		).json();
		expect( core.done ).toBe( true );
		expect( core.data ).toHaveLength( 2 );
		expect( core.data[ 0 ] ).toMatchObject( { group_id: 'svc-licensing' } );
		expect( core.data[ 0 ].data ).toContainEqual( {
			name: 'Customer name',
			value: person.name,
		} );
	} );

	test( 'erase leaves no personal data of the email in any plugin table, and the keys stop working', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const person = await customerWithLicenses( request, headers );
		const bystander = await customerWithLicenses( request, headers );
		const scan = ( needle: string ) => scanPersonalData( request, needle );
		// Each licence row, and each licence's license.created event (its payload names the customer).
		expect(
			Object.values( await scan( person.email ) ).reduce(
				( a: number, b ) => a + ( b as number ),
				0
			)
		).toBe( 4 );
		expect( await scan( person.email ) ).toMatchObject( {
			svc_licenses: 2,
			svc_events: 2,
		} );

		const erased = await request.post( `${ ADMIN }/privacy/erase`, {
			headers,
			data: { email: person.email },
		} );
		expect( erased.status() ).toBe( 200 );
		const body = await erased.json();
		expect( body ).toMatchObject( {
			erased: true,
			records_affected: { licenses: 2, activations: 2 },
		} );
		expect( body.erased_at ).toMatch( /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ );

		for ( const needle of [
			person.email,
			person.name,
			`${ person.id }-alpha.example.com`,
			`${ person.id }-beta.example.com`,
		] ) {
			const found = await scan( needle );
			expect(
				Object.values( found ).every( ( count ) => count === 0 ),
				`${ needle }: ${ JSON.stringify( found ) }`
			).toBe( true );
		}
		for ( const [ i, key ] of person.keys.entries() ) {
			await expectError(
				await request.post( '/wp-json/svc/v1/licenses/validate', {
					data: {
						license_key: key,
						product_slug: person.products[ i ].slug,
						site_url: 'x.example.com',
					},
				} ),
				404,
				'license_not_found'
			);
		}
		const after = await (
			await request.post( `${ ADMIN }/privacy/export`, {
				headers,
				data: { email: person.email },
			} )
		).json();
		expect( after.export.total_records ).toBe( 0 );
		// The other customer is untouched.
		expect(
			(
				await (
					await request.post( `${ ADMIN }/privacy/export`, {
						headers,
						data: { email: bystander.email },
					} )
				).json()
			).export.total_records
		).toBe( 2 );

		const core = await (
			await request.post( '/wp-json/svc-test/v1/core-privacy', {
				headers: helper,
				data: { action: 'erase', email: bystander.email },
			} )
		).json();
		expect( core ).toMatchObject( {
			items_removed: 4,
			items_retained: true,
			done: true,
		} );
		expect(
			Object.values( await scan( bystander.email ) ).every(
				( count ) => count === 0
			)
		).toBe( true );
	} );

	test( 'an erase cut short at its last table leaves every record as it was; run again, it erases all', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const person = await customerWithLicenses( request, headers );
		const site = `${ person.id }-alpha.example.com`;
		expect( await scanPersonalData( request, person.email ) ).toMatchObject(
			{ svc_licenses: 2 }
		);
		expect( await scanPersonalData( request, site ) ).toMatchObject( {
			svc_activations: 1,
		} );

		// The process ends at the erase's last table (the portal's sign-in links), after the licences, their
		// activations, transactions and events were written: one transaction, so all of it rolls back.
		await armCrash( request, 'svc_portal_links` WHERE `email`' );
		const cut = await request.post( `${ ADMIN }/privacy/erase`, {
			headers,
			data: { email: person.email },
		} );
		expect( await cut.text() ).not.toContain( '"erased"' );
		await armCrash( request, '' );
		expect( await scanPersonalData( request, person.email ) ).toMatchObject(
			{ svc_licenses: 2 }
		);
		expect( await scanPersonalData( request, site ) ).toMatchObject( {
			svc_activations: 1,
		} );

		const erased = await request.post( `${ ADMIN }/privacy/erase`, {
			headers,
			data: { email: person.email },
		} );
		expect( await erased.json() ).toMatchObject( {
			erased: true,
			records_affected: { licenses: 2, activations: 2 },
		} );
		expect( await scanPersonalData( request, site ) ).toMatchObject( {
			svc_activations: 0,
		} );
	} );

	test( 'admin only, no product scope, a valid email', async ( {
		request,
	} ) => {
		const write = await keyHeaders( request, 'write' );
		const admin = await keyHeaders( request, 'admin' );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers: admin,
				data: { name: `scoped ${ randomUUID().slice( 0, 6 ) }` },
			} )
		).json();
		const scoped = await keyHeaders( request, 'admin', product.id );
		for ( const action of [ 'export', 'erase' ] ) {
			await expectError(
				await request.post( `${ ADMIN }/privacy/${ action }`, {
					data: { email: 'a@example.com' },
				} ),
				401,
				'unauthorized'
			);
			await expectError(
				await request.post( `${ ADMIN }/privacy/${ action }`, {
					headers: write,
					data: { email: 'a@example.com' },
				} ),
				403,
				'forbidden'
			);
			await expectError(
				await request.post( `${ ADMIN }/privacy/${ action }`, {
					headers: scoped,
					data: { email: 'a@example.com' },
				} ),
				403,
				'product_out_of_scope'
			);
			await expectError(
				await request.post( `${ ADMIN }/privacy/${ action }`, {
					headers: admin,
					data: { email: 'nope' },
				} ),
				400,
				'invalid_params'
			);
		}
	} );
} );
