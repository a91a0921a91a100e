/**
 * One presenter per resource (`plugin/src/View/`): what `wp svc … --format=json` prints is the admin API's object,
 * field by field, for every resource the commands print. A list command shows a few fields by default; asked for
 * every field the REST object has (`--fields=`), it prints that object. The one documented difference, the event
 * log's terminal line (`EventView::line`), is checked as a function of the REST object.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { makeZip } from '../fixtures/zip';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import { keyHeaders, setSettings } from '../fixtures/test-helpers';
import { wpOk } from './wp';

const ADMIN = '/wp-json/svc/v1/admin';

type Row = Record< string, unknown >;

const json = async ( args: string[] ) =>
	JSON.parse( await wpOk( [ ...args, '--format=json' ] ) );

/** A list command asked for every field of the REST object: its JSON rows. */
const everyField = ( args: string[], restObject: Row ): Promise< Row[] > =>
	json( [ ...args, `--fields=${ Object.keys( restObject ).join( ',' ) }` ] );

async function get(
	request: APIRequestContext,
	url: string,
	headers: Record< string, string >
) {
	const answer = await request.get( `${ ADMIN }${ url }`, { headers } );
	expect( answer.status(), url ).toBe( 200 );
	return answer.json();
}

test.describe( 'wp svc prints the admin API objects', () => {
	// Each `wp` boots WordPress (about a second on a busy machine).
	test.describe.configure( { timeout: 180_000 } );

	test( 'product, licence, release, activation, API key and event log: the same object as REST', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const slug = unique( 'same-object' );
		const product = await json( [
			'svc',
			'product',
			'create',
			`--name=${ slug }`,
			`--slug=${ slug }`,
			'--current_version=1.0.0',
		] );

		// Product: get, and the create's answer.
		const productOverHttp = await get(
			request,
			`/products/${ product.id }`,
			headers
		);
		expect( product ).toEqual( productOverHttp );
		expect( await json( [ 'svc', 'product', 'get', slug ] ) ).toEqual(
			productOverHttp
		);

		// Licence: get, and a rotation's answer has the REST answer's fields.
		const license = await json( [
			'svc',
			'license',
			'create',
			`--product=${ slug }`,
			'--customer_email=same@example.com',
			'--activation_limit=3',
		] );
		const licenseOverHttp = await get(
			request,
			`/licenses/${ license.id }`,
			headers
		);
		expect(
			await json( [ 'svc', 'license', 'get', String( license.id ) ] )
		).toEqual( licenseOverHttp );
		const { license_key: createdKey, ...createdObject } = license;
		expect( createdKey ).toEqual( expect.any( String ) );
		expect( createdObject ).toEqual( licenseOverHttp );

		// Activations: every field of the REST list, row by row.
		const rotated = await json( [
			'svc',
			'license',
			'rotate',
			String( license.id ),
		] );
		for ( const site of [ 'one.example.com', 'two.example.com' ] ) {
			const activated = await request.post(
				'/wp-json/svc/v1/licenses/activate',
				{
					data: {
						license_key: rotated.new_license_key,
						product_slug: slug,
						site_url: site,
					},
				}
			);
			expect( activated.status() ).toBeLessThan( 300 );
		}
		const restRotated = await (
			await request.post(
				`${ ADMIN }/licenses/${ license.id }/rotate-key`,
				{
					headers,
				}
			)
		).json();
		expect( Object.keys( rotated ) ).toEqual( Object.keys( restRotated ) );
		expect( rotated.id ).toBe( restRotated.id );
		const activationsOverHttp: Row[] = await get(
			request,
			`/licenses/${ license.id }/activations`,
			headers
		);
		expect( activationsOverHttp ).toHaveLength( 2 );
		const activations = await everyField(
			[ 'svc', 'activation', 'list', String( license.id ) ],
			activationsOverHttp[ 0 ]
		);
		expect(
			[ ...activations ].sort(
				( a, b ) => Number( a.id ) - Number( b.id )
			)
		).toEqual(
			[ ...activationsOverHttp ].sort(
				( a, b ) => Number( a.id ) - Number( b.id )
			)
		);

		// Releases: the publish's answer, and the list with every field, each as GET /admin/releases/{id}.
		const zip = path.join( os.tmpdir(), `svc-same-${ randomUUID() }.zip` );
		fs.writeFileSync(
			zip,
			makeZip( { [ `${ slug }/${ slug }.php` ]: '<?php // v' } )
		);
		const published = await json( [
			'svc',
			'release',
			'publish',
			slug,
			zip,
			'--version=1.1.0',
		] );
		const draft = await json( [
			'svc',
			'release',
			'publish',
			slug,
			zip,
			'--version=1.2.0',
			'--draft',
		] );
		fs.rmSync( zip );
		const releasesOverHttp = [
			await get( request, `/releases/${ draft.id }`, headers ),
			await get( request, `/releases/${ published.id }`, headers ),
		];
		expect( published ).toEqual( releasesOverHttp[ 1 ] );
		const releases = await everyField(
			[ 'svc', 'release', 'list', slug ],
			releasesOverHttp[ 0 ]
		);
		expect(
			[ ...releases ].sort( ( a, b ) => Number( a.id ) - Number( b.id ) )
		).toEqual(
			[ ...releasesOverHttp ].sort(
				( a, b ) => Number( a.id ) - Number( b.id )
			)
		);

		// API keys: a key made by the command, never used, listed as GET /admin/api-keys lists it; the creation's
		// answer has the REST creation's fields.
		const created = await json( [
			'svc',
			'key',
			'create',
			'--label=same object',
			'--permissions=read',
			`--product=${ slug }`,
		] );
		const restCreated = await (
			await request.post( `${ ADMIN }/api-keys`, {
				headers,
				data: { label: 'same object, REST', permissions: 'read' },
			} )
		).json();
		expect( Object.keys( created ) ).toEqual( Object.keys( restCreated ) );
		const keysOverHttp: Row[] = await get( request, '/api-keys', headers );
		const keyOverHttp = keysOverHttp.find( ( k ) => k.id === created.id );
		expect( keyOverHttp ).toBeDefined();
		const keys = await everyField(
			[ 'svc', 'key', 'list' ],
			keyOverHttp as Row
		);
		expect( keys.find( ( k ) => k.id === created.id ) ).toEqual(
			keyOverHttp
		);

		// The event log: `event tail` prints each REST event as one terminal line, subject and actor as kind:value
		// and the payload as JSON text; every other field as REST has it.
		const eventsOverHttp = await get(
			request,
			`/events?subject_type=license&subject_id=${ license.id }`,
			headers
		);
		expect( eventsOverHttp.data.length ).toBeGreaterThanOrEqual( 4 );
		const tail: Row[] = await json( [
			'svc',
			'event',
			'tail',
			`--subject=license:${ license.id }`,
			'--fields=id,created_at,type,subject,actor,product_id,payload',
		] );
		expect( tail ).toHaveLength( eventsOverHttp.data.length );
		const asLine = ( e: {
			id: number;
			created_at: string;
			type: string;
			subject: { type: string; id: number };
			actor: { kind: string; label: string };
			product_id: number | null;
			payload: Row;
		} ) => ( {
			id: e.id,
			created_at: e.created_at,
			type: e.type,
			subject: `${ e.subject.type }:${ e.subject.id }`,
			actor: `${ e.actor.kind }:${ e.actor.label }`,
			product_id: e.product_id,
			payload: e.payload,
		} );
		expect(
			tail.map( ( line ) => ( {
				...line,
				payload: JSON.parse( String( line.payload ) ),
			} ) )
		).toEqual( [ ...eventsOverHttp.data ].reverse().map( asLine ) );
	} );

	test( 'a received payment event: webhook list prints GET /admin/webhooks, field by field', async ( {
		request,
	} ) => {
		const headers = await keyHeaders( request, 'admin' );
		const secret = `whsec_${ unique( 'same' ) }`;
		await setSettings( request, { webhook_signing_secret: secret } );
		// A price nobody sells: the event is stored and waits for a retry, with its error.
		const payload = event(
			'invoice.paid',
			invoice(
				{
					invoice: unique( 'in' ),
					subscription: unique( 'sub' ),
					price: unique( 'price_same' ),
					email: `${ unique( 'buyer' ) }@example.com`,
					periodEnd: nowSeconds() + 30 * 86400,
				},
				'basil'
			)
		);
		expect( ( await deliver( request, payload, secret ) ).status() ).toBe(
			202
		);
		const overHttp = await get(
			request,
			`/webhooks?event_id=${ encodeURIComponent( payload.id ) }`,
			headers
		);
		expect( overHttp.data ).toHaveLength( 1 );
		const stored: Row = overHttp.data[ 0 ];
		expect( stored.processing_error ).toEqual( expect.any( String ) );
		const listed = await everyField(
			[
				'svc',
				'webhook',
				'list',
				'--type=invoice.paid',
				'--per-page=1000',
			],
			stored
		);
		expect( listed.find( ( e ) => e.id === stored.id ) ).toEqual( stored );
	} );
} );
