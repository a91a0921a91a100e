/**
 * Hostile: after a privacy erase, no table and no stored payload holds the person's data. The person's email,
 * name, phone, street and sites go in through every door there is (admin API, activation, trial, and Stripe
 * events whose personal fields sit in different places), then every table of the plugin is scanned.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
	keyHeaders,
	scanPersonalData,
	setSettings,
} from '../fixtures/test-helpers';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	unique,
} from '../fixtures/stripe';
import { reportCoverage } from './routes';

const SECRET = `whsec_${ unique( 'hostile' ) }`;

test( 'hostile: erase leaves no personal data in any table or stored payload', async ( {
	request,
} ) => {
	const tag = randomUUID().slice( 0, 8 );
	const person = {
		email: `zelda.${ tag }@example.com`,
		name: `Zelda Quartermain${ tag }`,
		phone: `+44 20 7946 ${ tag.slice( 0, 4 ) }`,
		street: `${ tag } Quince Lane`,
		site: `zq-${ tag }.example.com`,
		customer: `cus_${ tag }Hostile`,
	};
	const address = {
		line1: person.street,
		city: 'London',
		postal_code: 'N1 9GU',
		country: 'GB',
	};
	const admin = await keyHeaders( request, 'admin' );
	await setSettings( request, { webhook_signing_secret: SECRET } );
	try {
		const product = await (
			await request.post( '/wp-json/svc/v1/admin/products', {
				headers: admin,
				data: {
					name: `privacy ${ tag }`,
					trial_enabled: true,
					trial_days: 7,
				},
			} )
		).json();
		const license = await (
			await request.post( '/wp-json/svc/v1/admin/licenses', {
				headers: admin,
				data: {
					product_id: product.id,
					customer_email: person.email,
					customer_name: person.name,
					activation_limit: 3,
				},
			} )
		).json();
		const activated = await request.post(
			'/wp-json/svc/v1/licenses/activate',
			{
				data: {
					license_key: license.license_key,
					product_slug: product.slug,
					site_url: `https://${ person.site }/`,
				},
			}
		);
		expect( activated.status() ).toBe( 200 );
		const trial = await request.post( '/wp-json/svc/v1/trials/request', {
			data: {
				product_slug: product.slug,
				email: person.email,
				name: person.name,
			},
		} );
		expect( trial.status() ).toBe( 202 );

		const sale = {
			invoice: unique( 'in' ),
			subscription: unique( 'sub' ),
			price: unique( 'price_unmapped' ),
			email: person.email,
			name: person.name,
			periodEnd: nowSeconds() + 30 * 86400,
		};
		const events = [
			event( 'invoice.paid', {
				...invoice( sale, 'classic' ),
				customer: person.customer,
				customer_phone: person.phone,
				customer_address: address,
				customer_shipping: {
					name: person.name,
					phone: person.phone,
					address,
				},
			} ),
			event( 'customer.updated', {
				id: person.customer,
				object: 'customer',
				email: person.email,
				name: person.name,
				phone: person.phone,
				address,
				shipping: { name: person.name, address, phone: person.phone },
				metadata: { note: `call ${ person.email }` },
			} ),
			event( 'charge.refunded', {
				id: unique( 'ch' ),
				object: 'charge',
				customer: person.customer,
				amount: 4900,
				amount_refunded: 100,
				currency: 'usd',
				receipt_email: person.email,
				billing_details: {
					name: person.name,
					email: person.email,
					phone: person.phone,
					address,
				},
				shipping: { name: person.name, address, phone: person.phone },
			} ),
			// The same customer, without the email anywhere: found through the customer id.
			event( 'charge.updated', {
				id: unique( 'ch' ),
				object: 'charge',
				customer: person.customer,
				amount: 4900,
				currency: 'usd',
				billing_details: {
					name: person.name,
					email: null,
					phone: person.phone,
					address,
				},
			} ),
		];
		for ( const stripeEvent of events ) {
			const delivered = await deliver( request, stripeEvent, SECRET );
			expect( delivered.status(), stripeEvent.type ).toBeLessThan( 300 );
		}
		const needles = Object.values( person ).filter(
			( v ) => v !== person.customer
		);
		const before = await scanPersonalData( request, person.name );
		expect(
			before.svc_webhook_events,
			'payloads hold the name before erase'
		).toBeGreaterThanOrEqual( events.length );

		const erased = await request.post(
			'/wp-json/svc/v1/admin/privacy/erase',
			{
				headers: admin,
				data: { email: person.email },
			}
		);
		expect( erased.status() ).toBe( 200 );

		let tables = 0;
		for ( const needle of needles ) {
			const found = await scanPersonalData( request, needle );
			tables = Object.keys( found ).length;
			expect( found, `rows still holding "${ needle }"` ).toEqual(
				Object.fromEntries(
					Object.keys( found ).map( ( t ) => [ t, 0 ] )
				)
			);
		}
		// And every stored payload as the admin API shows it.
		const listed = await (
			await request.get( '/wp-json/svc/v1/admin/webhooks?per_page=100', {
				headers: admin,
			} )
		).json();
		let payloads = 0;
		for ( const row of listed.data as { id: number; event_id: string }[] ) {
			if ( ! events.some( ( e ) => e.id === row.event_id ) ) {
				continue;
			}
			const detail = await (
				await request.get(
					`/wp-json/svc/v1/admin/webhooks/${ row.id }`,
					{ headers: admin }
				)
			).text();
			for ( const needle of needles ) {
				expect(
					detail.toLowerCase(),
					`event ${ row.event_id }`
				).not.toContain( needle.toLowerCase() );
			}
			payloads++;
		}
		expect( payloads ).toBe( events.length );
		reportCoverage(
			'personal data after erase',
			`${ tables } tables and ${ payloads } stored payloads scanned for ${ needles.length } personal values, none left`
		);
	} finally {
		await setSettings( request, { webhook_signing_secret: '' } );
	}
} );
