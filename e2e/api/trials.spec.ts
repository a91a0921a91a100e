/**
 * POST /svc/v1/trials/request: one trial per mailbox and product. The key goes by mail only: a visitor's answer is
 * 202 saying a mail was sent, alike for a new address and a repeat; an API key of write permission gets the spec's
 * 201 with the key, and 409 trial_already_used on a repeat (docs/api-decisions.md, "Trials").
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { race } from '../fixtures/race';
import { expectError } from '../fixtures/envelope';
import {
	clearMails,
	createLicense,
	keyHeaders,
	readMails,
	setSettings,
} from '../fixtures/test-helpers';

const slug = () => `trial-${ randomUUID().slice( 0, 8 ) }`;
const requestTrial = (
	request: APIRequestContext,
	data: Record< string, unknown >,
	headers: Record< string, string > = {}
) => request.post( '/wp-json/svc/v1/trials/request', { data, headers } );

/** The key in a trial's mail. */
const keyIn = ( message: string ) =>
	/[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}/.exec( message )?.[ 0 ];

/** A product offering trials (the fixture needs a licence; a paid one will do). */
async function trialProduct(
	request: APIRequestContext,
	days = 14,
	limit = 2
): Promise< string > {
	const product = slug();
	await createLicense( request, {
		slug: product,
		trial_enabled: true,
		trial_days: days,
		trial_activation_limit: limit,
	} );
	return product;
}

test.describe( 'trials', () => {
	test( 'a visitor gets 202 saying a mail was sent, never the key; the mailed key works with the product’s duration and limit', async ( {
		request,
	} ) => {
		const product = await trialProduct( request, 14, 2 );
		await clearMails( request );
		const before = Date.now();
		const response = await requestTrial( request, {
			product_slug: product,
			email: '  Ann.Lee@Example.COM ',
			name: 'Ann Lee',
		} );
		expect( response.status() ).toBe( 202 );
		const body = await response.json();
		expect( body ).toEqual( {
			sent: true,
			product_slug: product,
			email: 'ann.lee@example.com',
			message: expect.stringContaining( 'ann.lee@example.com' ),
		} );
		expect( JSON.stringify( body ) ).not.toMatch(
			/[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}/
		);

		const mails = await readMails( request );
		expect( mails ).toHaveLength( 1 );
		expect( mails[ 0 ].to ).toBe( 'ann.lee@example.com' );
		const key = keyIn( mails[ 0 ].message );
		expect( key, 'the mail holds the key' ).toBeDefined();

		const validated = await (
			await request.post( '/wp-json/svc/v1/licenses/validate', {
				data: {
					license_key: key,
					product_slug: product,
					site_url: 'trial.example.com',
				},
			} )
		).json();
		expect( validated ).toMatchObject( {
			valid: true,
			status: 'trial',
			is_trial: true,
			activation_limit: 2,
		} );
		const days =
			( Date.parse( validated.trial_ends ) - before ) / 86_400_000;
		expect( days ).toBeGreaterThan( 13.99 );
		expect( days ).toBeLessThan( 14.01 );
	} );

	test( 'a repeat gets the same answer as a new address, and a mail saying it already had its trial', async ( {
		request,
	} ) => {
		const product = await trialProduct( request );
		const email = `rep-${ randomUUID().slice( 0, 8 ) }@example.com`;
		await clearMails( request );
		const first = await requestTrial( request, {
			product_slug: product,
			email,
		} );
		const again = await requestTrial( request, {
			product_slug: product,
			email: ` ${ email.toUpperCase() }`,
		} );
		expect( again.status() ).toBe( first.status() );
		expect( await again.json() ).toEqual( await first.json() );
		const mails = await readMails( request );
		expect( mails ).toHaveLength( 2 );
		expect( keyIn( mails[ 0 ].message ) ).toBeDefined();
		expect( mails[ 1 ].to ).toBe( email );
		expect( mails[ 1 ].message ).toContain( 'already had one' );
		expect( keyIn( mails[ 1 ].message ) ).toBeUndefined();
	} );

	test( 'an API key of write permission gets the spec’s 201 with the key; read permission gets the visitor’s answer', async ( {
		request,
	} ) => {
		const product = await trialProduct( request, 14, 2 );
		const reader = await requestTrial(
			request,
			{ product_slug: product, email: 'reader@example.com' },
			await keyHeaders( request, 'read' )
		);
		expect( reader.status() ).toBe( 202 );
		expect( await reader.json() ).not.toHaveProperty( 'license_key' );

		const response = await requestTrial(
			request,
			{ product_slug: product, email: 'writer@example.com' },
			await keyHeaders( request, 'write' )
		);
		expect( response.status() ).toBe( 201 );
		const body = await response.json();
		expect( Object.keys( body ).sort() ).toEqual( [
			'activation_limit',
			'expires',
			'is_trial',
			'license_key',
			'product_slug',
			'status',
			'trial_ends',
		] );
		expect( body ).toMatchObject( {
			product_slug: product,
			status: 'trial',
			activation_limit: 2,
			is_trial: true,
		} );
		expect( body.license_key ).toMatch(
			/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/
		);
		expect( body.trial_ends ).toBe( body.expires );
	} );

	test( 'with a write key, a repeat for the same email, in any case or spacing, is 409 trial_already_used', async ( {
		request,
	} ) => {
		const writer = await keyHeaders( request, 'write' );
		const product = await trialProduct( request );
		expect(
			(
				await requestTrial(
					request,
					{ product_slug: product, email: 'bob@example.com' },
					writer
				)
			).status()
		).toBe( 201 );
		await expectError(
			await requestTrial(
				request,
				{ product_slug: product, email: ' BOB@example.com' },
				writer
			),
			409,
			'trial_already_used'
		);
		// Another product is another trial.
		const other = await trialProduct( request );
		expect(
			(
				await requestTrial(
					request,
					{ product_slug: other, email: 'bob@example.com' },
					writer
				)
			).status()
		).toBe( 201 );
	} );

	test( '20 parallel requests for one email and product give exactly one 201 (write key)', async ( {
		request,
	} ) => {
		const writer = await keyHeaders( request, 'write' );
		await race( request, '20 trials for one email', {
			setup: () => trialProduct( request ),
			fire: ( fresh, product ) =>
				Array.from( { length: 20 }, () =>
					requestTrial(
						fresh,
						{ product_slug: product, email: 'race@example.com' },
						writer
					)
				),
			check: ( answers ) => {
				const statuses = answers.map( ( a ) => a.status );
				expect( statuses.filter( ( s ) => s === 201 ) ).toHaveLength(
					1
				);
				expect( statuses.filter( ( s ) => s === 409 ) ).toHaveLength(
					19
				);
			},
		} );
	} );

	test( 'errors: bad email, unknown product, product without trials, missing fields', async ( {
		request,
	} ) => {
		const product = await trialProduct( request );
		const badEmail = await expectError(
			await requestTrial( request, {
				product_slug: product,
				email: 'not-an-email',
			} ),
			400,
			'invalid_params'
		);
		expect( Object.keys( badEmail.data.params as object ) ).toEqual( [
			'email',
		] );
		await expectError(
			await requestTrial( request, {
				product_slug: 'no-such-product',
				email: 'a@example.com',
			} ),
			404,
			'product_not_found'
		);
		const noTrials = slug();
		await createLicense( request, { slug: noTrials } );
		await expectError(
			await requestTrial( request, {
				product_slug: noTrials,
				email: 'a@example.com',
			} ),
			400,
			'trial_not_available'
		);
		const missing = await expectError(
			await requestTrial( request, { product_slug: product } ),
			400,
			'invalid_params'
		);
		expect( missing.data.params ).toEqual( [ 'email' ] );
	} );

	test( 'plus-tags are one mailbox for trials unless the setting makes them distinct', async ( {
		request,
	} ) => {
		const writer = await keyHeaders( request, 'write' );
		const tag = randomUUID().slice( 0, 8 );
		const product = await trialProduct( request );
		const first = await requestTrial(
			request,
			{ product_slug: product, email: `ada.${ tag }+1@example.com` },
			writer
		);
		expect( first.status() ).toBe( 201 );
		for ( const email of [
			`ada.${ tag }+2@example.com`,
			`ADA.${ tag }@example.com`,
			`ada.${ tag }+shop+x@example.com`,
		] ) {
			await expectError(
				await requestTrial(
					request,
					{ product_slug: product, email },
					writer
				),
				409,
				'trial_already_used'
			);
		}
		// The key goes to the address as typed, tag included.
		const mails = await readMails( request );
		expect( mails.map( ( mail ) => mail.to ) ).toContain(
			`ada.${ tag }+1@example.com`
		);

		await setSettings( request, { trial_plus_tags_distinct: true } );
		try {
			const other = await trialProduct( request );
			for ( const email of [
				`bob.${ tag }+1@example.com`,
				`bob.${ tag }+2@example.com`,
				`bob.${ tag }@example.com`,
			] ) {
				const response = await requestTrial(
					request,
					{ product_slug: other, email },
					writer
				);
				expect( response.status(), email ).toBe( 201 );
			}
			await expectError(
				await requestTrial(
					request,
					{
						product_slug: other,
						email: `BOB.${ tag }+2@example.com`,
					},
					writer
				),
				409,
				'trial_already_used'
			);
		} finally {
			await setSettings( request, { trial_plus_tags_distinct: false } );
		}
	} );
	test( 'a filled honeypot (website) is 400 invalid_params: no licence, no mail; empty, it is ignored', async ( {
		request,
	} ) => {
		const product = await trialProduct( request );
		await clearMails( request );
		const refused = await expectError(
			await requestTrial( request, {
				product_slug: product,
				email: 'hp@example.com',
				website: 'https://spam.example',
			} ),
			400,
			'invalid_params'
		);
		expect( refused.data.params ).toEqual( {
			website: 'Leave this field empty.',
		} );
		expect( refused.message ).toContain( 'looks automated' );
		// The refusal names nothing about the product: an unknown one is refused the same way.
		const unknown = await expectError(
			await requestTrial( request, {
				product_slug: 'no-such-product-hp',
				email: 'hp@example.com',
				website: 'x',
			} ),
			400,
			'invalid_params'
		);
		expect( unknown.message ).toBe( refused.message );
		expect( await readMails( request ) ).toHaveLength( 0 );

		// No licence was made: the same address still gets its one trial, with the field sent empty.
		const issued = await requestTrial( request, {
			product_slug: product,
			email: 'hp@example.com',
			website: '',
		} );
		expect( issued.status() ).toBe( 202 );
		const mails = await readMails( request );
		expect( mails ).toHaveLength( 1 );
		expect( keyIn( mails[ 0 ].message ) ).toBeDefined();
	} );
} );
