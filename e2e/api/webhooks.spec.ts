/**
 * POST /svc/v1/webhooks/payment with payloads signed by Stripe's own library; idempotency under parallel
 * deliveries; licences created, renewed, cancelled and revoked as the validate endpoint sees them; retries
 * run by the real job on a controllable clock; manual reprocessing; an interrupted job.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { makeCallers, type CallerName } from '../fixtures/callers';
import { race } from '../fixtures/race';
import { expectError } from '../fixtures/envelope';
import {
	deliver,
	event,
	invoice,
	nowSeconds,
	signature,
	unique,
	type Sale,
} from '../fixtures/stripe';
import {
	applySuiteSettings,
	armCrash,
	clearMails,
	keyHeaders,
	readMails,
	runWebhookRetryJob,
	scanPersonalData,
	setSettings,
} from '../fixtures/test-helpers';

const ADMIN = '/wp-json/svc/v1/admin';
const SECRET = `whsec_${ unique( 'e2e' ) }`;
const DAY = 86400;

interface StoredEvent {
	id: number;
	event_id: string;
	event_type: string;
	status: 'processed' | 'pending_retry' | 'failed';
	processed_at: string | null;
	processing_error: string | null;
	retry_count: number;
	next_retry_at: string | null;
	payload?: unknown;
}

const iso = ( unix: number ) =>
	new Date( unix * 1000 ).toISOString().replace( /\.\d{3}Z$/, 'Z' );

/** A product with a tier and a mapped Stripe price, made through the admin API. */
async function catalogue( request: APIRequestContext ) {
	const headers = await keyHeaders( request );
	const product = await (
		await request.post( `${ ADMIN }/products`, {
			headers,
			data: { name: unique( 'Stripe product' ) },
		} )
	).json();
	const tier = await (
		await request.post( `${ ADMIN }/tiers`, {
			headers,
			data: { label: 'Business', features: [ 'updates', 'support' ] },
		} )
	).json();
	const price = unique( 'price' );
	const mapped = await request.post( `${ ADMIN }/prices`, {
		headers,
		data: {
			processor_price_id: price,
			product_id: product.id,
			tier_id: tier.id,
			activation_limit: 3,
			period: 'month',
		},
	} );
	expect( mapped.status() ).toBe( 201 );
	return { headers, product, price };
}

async function storedEvent(
	request: APIRequestContext,
	headers: Record< string, string >,
	eventId: string
): Promise< StoredEvent > {
	const page = await (
		await request.get( `${ ADMIN }/webhooks`, {
			headers,
			params: { event_id: eventId },
		} )
	).json();
	expect( page.data, `event ${ eventId } is stored` ).toHaveLength( 1 );
	return (
		await request.get( `${ ADMIN }/webhooks/${ page.data[ 0 ].id }`, {
			headers,
		} )
	).json();
}

async function isStored(
	request: APIRequestContext,
	headers: Record< string, string >,
	eventId: string
) {
	const page = await (
		await request.get( `${ ADMIN }/webhooks`, {
			headers,
			params: { event_id: eventId },
		} )
	).json();
	return page.total === 1;
}

/** The key emailed for a sale, from the test site's captured mail. */
async function mailedKey( request: APIRequestContext, email: string ) {
	const mails = ( await readMails( request ) ).filter(
		( mail ) => mail.to === email
	);
	expect( mails ).toHaveLength( 1 );
	const key = mails[ 0 ].message.match(
		/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/
	);
	expect( key ).not.toBeNull();
	return ( key as RegExpMatchArray )[ 0 ];
}

const validate = async (
	request: APIRequestContext,
	key: string,
	slug: string
) =>
	(
		await request.post( '/wp-json/svc/v1/licenses/validate', {
			data: {
				license_key: key,
				product_slug: slug,
				site_url: 'https://customer.example.com',
			},
		} )
	).json();

async function licensesOf(
	request: APIRequestContext,
	headers: Record< string, string >,
	email: string
) {
	return (
		await (
			await request.get( `${ ADMIN }/licenses`, {
				headers,
				params: { search: email },
			} )
		).json()
	).data;
}

const sale = ( price: string, extra: Partial< Sale > = {} ): Sale => ( {
	invoice: unique( 'in' ),
	subscription: unique( 'sub' ),
	price,
	email: `${ unique( 'buyer' ).toLowerCase() }@example.com`,
	periodEnd: nowSeconds() + 30 * DAY,
	...extra,
} );

test.describe.configure( { mode: 'serial' } );

test.describe( 'payment webhooks', () => {
	test.beforeAll( async ( { request } ) => {
		await applySuiteSettings( request );
		await setSettings( request, { webhook_signing_secret: SECRET } );
	} );
	test.afterAll( async ( { request } ) => {
		// Later specs (the panel's health) expect the fresh site's state: no secret.
		await setSettings( request, { webhook_signing_secret: '' } );
	} );

	test( 'signatures: valid, tampered, wrong secret, stale, future, v0 only, two v1 entries', async ( {
		request,
	} ) => {
		const { headers, price } = await catalogue( request );
		const body = ( id: string ) =>
			JSON.stringify(
				event( 'invoice.paid', invoice( sale( price ), 'classic' ), id )
			);
		const v1Of = ( header: string ) =>
			header.split( ',' ).find( ( part ) => part.startsWith( 'v1=' ) );

		const refused: Array< [ string, string, string ] > = [];
		const tampered = body( unique( 'evt' ) );
		refused.push( [
			'tampered body',
			tampered.replace( '"amount_paid":4900', '"amount_paid":1' ),
			signature( tampered, SECRET ),
		] );
		const other = body( unique( 'evt' ) );
		refused.push( [
			'wrong secret',
			other,
			signature( other, 'whsec_wrong' ),
		] );
		const stale = body( unique( 'evt' ) );
		refused.push( [
			'stale',
			stale,
			signature( stale, SECRET, { timestamp: nowSeconds() - 330 } ),
		] );
		const future = body( unique( 'evt' ) );
		refused.push( [
			'future',
			future,
			signature( future, SECRET, { timestamp: nowSeconds() + 330 } ),
		] );
		const v0 = body( unique( 'evt' ) );
		refused.push( [
			'v0 only',
			v0,
			signature( v0, SECRET, { scheme: 'v0' } ),
		] );
		const none = body( unique( 'evt' ) );
		refused.push( [ 'no header', none, '' ] );

		for ( const [ name, payload, header ] of refused ) {
			await test.step( name, async () => {
				const response = await deliver(
					request,
					payload,
					SECRET,
					header
				);
				const error = await expectError(
					response,
					403,
					'invalid_signature'
				);
				expect( error.message ).not.toContain( SECRET );
				expect(
					await isStored( request, headers, JSON.parse( payload ).id )
				).toBe( false );
			} );
		}

		const valid = body( unique( 'evt' ) );
		const accepted = await deliver( request, valid, SECRET );
		expect( accepted.status() ).toBe( 200 );
		expect( await accepted.json() ).toMatchObject( {
			received: true,
			duplicate: false,
			status: 'processed',
		} );

		// While a secret is rolled, Stripe sends one v1 per secret; either matching is enough.
		const rolled = body( unique( 'evt' ) );
		const timestamp = nowSeconds();
		const twoV1 = `t=${ timestamp },${ v1Of(
			signature( rolled, 'whsec_previous', { timestamp } )
		) },${ v1Of( signature( rolled, SECRET, { timestamp } ) ) }`;
		expect( twoV1.match( /v1=/g ) ).toHaveLength( 2 );
		expect(
			( await deliver( request, rolled, SECRET, twoV1 ) ).status()
		).toBe( 200 );
		expect(
			await isStored( request, headers, JSON.parse( rolled ).id )
		).toBe( true );
	} );

	test( 'a malformed body with a valid signature is 400; with a bad one, 403 first', async ( {
		request,
	} ) => {
		const bodies = [
			'{"id": "evt_broken", ',
			'[1, 2, 3]',
			JSON.stringify( { type: 'invoice.paid', data: { object: {} } } ),
			JSON.stringify( { id: unique( 'evt' ), data: { object: {} } } ),
			JSON.stringify( { id: unique( 'evt' ), type: 'invoice.paid' } ),
			JSON.stringify( {
				id: unique( 'evt' ),
				type: 'invoice.paid',
				data: { object: 'in_1' },
			} ),
		];
		for ( const body of bodies ) {
			await expectError(
				await deliver( request, body, SECRET ),
				400,
				'invalid_params'
			);
			await expectError(
				await deliver(
					request,
					body,
					SECRET,
					't=1,v1=' + 'a'.repeat( 64 )
				),
				403,
				'invalid_signature'
			);
		}
	} );

	test( '50 parallel deliveries of one event give one licence, one transaction and one email', async ( {
		request,
	} ) => {
		await race( request, '50 deliveries of one event', {
			setup: async () => {
				const { headers, product, price } = await catalogue( request );
				const paid = sale( price, { amount: 2500 } );
				const payload = JSON.stringify(
					event( 'invoice.paid', invoice( paid, 'classic' ) )
				);
				await clearMails( request );
				return { headers, product, paid, payload };
			},
			fire: ( fresh, { payload } ) =>
				Array.from( { length: 50 }, () =>
					deliver( fresh, payload, SECRET )
				),
			check: async ( answers, { headers, product, paid } ) => {
				expect( answers.map( ( a ) => a.status ) ).toEqual(
					Array( 50 ).fill( 200 )
				);
				expect(
					answers.filter( ( a ) => ! a.json.duplicate )
				).toHaveLength( 1 );

				const licenses = await licensesOf(
					request,
					headers,
					paid.email
				);
				expect( licenses ).toHaveLength( 1 );
				expect( licenses[ 0 ] ).toMatchObject( {
					product_id: product.id,
					status: 'active',
					activation_limit: 3,
					tier: {
						label: 'Business',
						features: [ 'updates', 'support' ],
					},
				} );
				const exported = await (
					await request.post( `${ ADMIN }/privacy/export`, {
						headers,
						data: { email: paid.email },
					} )
				).json();
				expect( exported.export.transactions ).toEqual( [
					expect.objectContaining( {
						kind: 'payment',
						reference: paid.invoice,
						amount: 25,
						currency: 'USD',
					} ),
				] );
				await mailedKey( request, paid.email );
			},
		} );
	} );

	test( 'create, renew, cancel and refund, seen through the validate endpoint', async ( {
		request,
	} ) => {
		const { headers, product, price } = await catalogue( request );
		await clearMails( request );
		const first = sale( price, { amount: 4900 } );

		// Create: the first paid invoice of a subscription, in the classic shape.
		const creation = event( 'invoice.paid', invoice( first, 'classic' ) );
		const created = await deliver( request, creation, SECRET );
		expect( ( await created.json() ).status ).toBe( 'processed' );
		const key = await mailedKey( request, first.email );
		expect( await validate( request, key, product.slug ) ).toMatchObject( {
			valid: true,
			status: 'active',
			expires: iso( first.periodEnd ),
			activation_limit: 3,
		} );

		// invoice.payment_succeeded for the same invoice, in the basil shape: no second extension or payment.
		await deliver(
			request,
			event( 'invoice.payment_succeeded', invoice( first, 'basil' ) ),
			SECRET
		);
		expect( ( await validate( request, key, product.slug ) ).expires ).toBe(
			iso( first.periodEnd )
		);

		// Renew: the next invoice of the subscription (basil shape) moves expires to its period end.
		const renewal = {
			...first,
			invoice: unique( 'in' ),
			periodEnd: first.periodEnd + 30 * DAY,
		};
		const renewing = event( 'invoice.paid', invoice( renewal, 'basil' ) );
		await deliver( request, renewing, SECRET );
		expect( ( await validate( request, key, product.slug ) ).expires ).toBe(
			iso( renewal.periodEnd )
		);
		// A late, older invoice never moves expiry back.
		await deliver(
			request,
			event(
				'invoice.paid',
				invoice( { ...first, invoice: unique( 'in' ) }, 'classic' )
			),
			SECRET
		);
		expect( ( await validate( request, key, product.slug ) ).expires ).toBe(
			iso( renewal.periodEnd )
		);
		expect(
			await licensesOf( request, headers, first.email )
		).toHaveLength( 1 );
		expect( await readMails( request ) ).toHaveLength( 1 );

		// Cancel: the subscription is deleted.
		const cancelling = event( 'customer.subscription.deleted', {
			id: first.subscription,
			object: 'subscription',
			status: 'canceled',
		} );
		await deliver( request, cancelling, SECRET );
		expect( await validate( request, key, product.slug ) ).toMatchObject( {
			valid: false,
			status: 'cancelled',
		} );

		// Refund: another customer's charge is refunded in full.
		await clearMails( request );
		const refunded = sale( price, {
			amount: 9900,
			charge: unique( 'ch' ),
			paymentIntent: unique( 'pi' ),
		} );
		await deliver(
			request,
			event( 'invoice.paid', invoice( refunded, 'classic' ) ),
			SECRET
		);
		const refundedKey = await mailedKey( request, refunded.email );
		expect(
			( await validate( request, refundedKey, product.slug ) ).status
		).toBe( 'active' );
		const refunding = event( 'charge.refunded', {
			id: refunded.charge,
			object: 'charge',
			invoice: refunded.invoice,
			payment_intent: refunded.paymentIntent,
			amount: 9900,
			amount_refunded: 9900,
			refunded: true,
		} );
		const refund = await deliver( request, refunding, SECRET );
		expect( ( await refund.json() ).status ).toBe( 'processed' );
		expect(
			await validate( request, refundedKey, product.slug )
		).toMatchObject( {
			valid: false,
			status: 'revoked',
		} );

		// The event log names each payment event; the repeated and the late invoice changed nothing and wrote nothing.
		const history = async ( email: string ) => {
			const [ { id } ] = await licensesOf( request, headers, email );
			const log = await (
				await request.get( `${ ADMIN }/events`, {
					headers,
					params: { subject_type: 'license', subject_id: id },
				} )
			).json();
			return log.data.map(
				( e: {
					type: string;
					actor: { kind: string; label: string };
				} ) => [ e.type, e.actor.kind, e.actor.label ]
			);
		};
		expect( await history( first.email ) ).toEqual( [
			[ 'license.cancelled', 'payment', cancelling.id ],
			[ 'license.renewed', 'payment', renewing.id ],
			[ 'license.created', 'payment', creation.id ],
		] );
		expect( ( await history( refunded.email ) )[ 0 ] ).toEqual( [
			'license.revoked',
			'payment',
			refunding.id,
		] );

		// Revenue of this product over 30 days: 49 + 49 + 49 + 99 − 99 (payments minus the refund).
		const scoped = await keyHeaders( request, 'read', product.id );
		const stats = await (
			await request.get( `${ ADMIN }/stats`, { headers: scoped } )
		).json();
		expect( stats.revenue ).toEqual( {
			period: '30d',
			total: 147,
			currency: 'USD',
		} );

		// A failed payment and an unrelated type are stored and answered 200 with nothing done.
		for ( const type of [ 'invoice.payment_failed', 'customer.created' ] ) {
			const stored = await deliver(
				request,
				event( type, { id: unique( 'obj' ) } ),
				SECRET
			);
			expect( stored.status() ).toBe( 200 );
		}
	} );

	test( 'an unmapped price is 202 with a retry; once mapped, the retry job processes it', async ( {
		request,
	} ) => {
		const { headers, product } = await catalogue( request );
		const price = unique( 'price_later' );
		const paid = sale( price );
		const payload = event( 'invoice.paid', invoice( paid, 'classic' ) );
		const received = nowSeconds();
		const response = await deliver( request, payload, SECRET );
		const answered = nowSeconds();
		expect( response.status() ).toBe( 202 );
		const body = await response.json();
		expect( body ).toMatchObject( {
			received: true,
			status: 'pending_retry',
			retry_count: 1,
		} );
		expect( body.processing_error ).toContain( price );
		const next = Date.parse( body.next_retry_at ) / 1000;
		// A minute after the server received it: between the test's clock before the request and after the answer.
		expect( next ).toBeGreaterThanOrEqual( received + 59 );
		expect( next ).toBeLessThanOrEqual( answered + 60 );

		// Not due yet: the job leaves it alone.
		await runWebhookRetryJob( request, received + 30 );
		expect(
			( await storedEvent( request, headers, payload.id ) ).retry_count
		).toBe( 1 );

		await request.post( `${ ADMIN }/prices`, {
			headers,
			data: { processor_price_id: price, product_id: product.id },
		} );
		await clearMails( request );
		await runWebhookRetryJob( request, next + 1 );
		const stored = await storedEvent( request, headers, payload.id );
		expect( stored ).toMatchObject( {
			status: 'processed',
			processing_error: null,
			next_retry_at: null,
		} );
		expect( stored.processed_at ).not.toBeNull();
		const key = await mailedKey( request, paid.email );
		expect( ( await validate( request, key, product.slug ) ).valid ).toBe(
			true
		);
	} );

	test( 'retries follow 1, 5, 15, 60 and 240 minutes; after the fifth failure the event is failed', async ( {
		request,
	} ) => {
		const { headers } = await catalogue( request );
		const payload = event(
			'invoice.paid',
			invoice( sale( unique( 'price_never' ) ), 'classic' )
		);
		expect( ( await deliver( request, payload, SECRET ) ).status() ).toBe(
			202
		);
		let stored = await storedEvent( request, headers, payload.id );
		const counts = [ stored.retry_count ];
		const delays: Array< number | null > = [];
		let clock = nowSeconds();
		while ( stored.next_retry_at !== null && counts.length < 10 ) {
			const due = Date.parse( stored.next_retry_at ) / 1000;
			delays.push( Math.round( ( due - clock ) / 60 ) );
			clock = due + 1;
			await runWebhookRetryJob( request, clock );
			stored = await storedEvent( request, headers, payload.id );
			counts.push( stored.retry_count );
		}
		expect( delays ).toEqual( [ 1, 5, 15, 60, 240 ] );
		expect( counts ).toEqual( [ 1, 2, 3, 4, 5, 5 ] );
		expect( stored ).toMatchObject( {
			status: 'failed',
			next_retry_at: null,
			processed_at: null,
		} );
		expect( stored.processing_error ).toContain( 'is mapped to a product' );

		// Exhausted: later runs leave it as it is.
		await runWebhookRetryJob( request, clock + 7 * DAY );
		expect( await storedEvent( request, headers, payload.id ) ).toEqual(
			stored
		);
		const failed = await (
			await request.get( `${ ADMIN }/webhooks`, {
				headers,
				params: { status: 'failed' },
			} )
		).json();
		expect(
			failed.data.map( ( row: StoredEvent ) => row.event_id )
		).toContain( payload.id );
		expect(
			failed.data.every( ( row: StoredEvent ) => row.status === 'failed' )
		).toBe( true );
	} );

	test( 'one job run handles at most 10 due events, oldest first', async ( {
		request,
	} ) => {
		const { headers, product } = await catalogue( request );
		const price = unique( 'price_batch' );
		const ids: string[] = [];
		for ( let i = 0; i < 12; i++ ) {
			const payload = event(
				'invoice.paid',
				invoice( sale( price ), 'classic' )
			);
			ids.push( payload.id );
			expect(
				( await deliver( request, payload, SECRET ) ).status()
			).toBe( 202 );
		}
		await request.post( `${ ADMIN }/prices`, {
			headers,
			data: { processor_price_id: price, product_id: product.id },
		} );
		const clock = nowSeconds() + 61;
		await runWebhookRetryJob( request, clock );
		const after = await Promise.all(
			ids.map( ( id ) => storedEvent( request, headers, id ) )
		);
		expect( after.map( ( e ) => e.status ) ).toEqual( [
			...Array( 10 ).fill( 'processed' ),
			'pending_retry',
			'pending_retry',
		] );
		await runWebhookRetryJob( request, clock + 1 );
		const rest = await Promise.all(
			ids.slice( 10 ).map( ( id ) => storedEvent( request, headers, id ) )
		);
		expect( rest.map( ( e ) => e.status ) ).toEqual( [
			'processed',
			'processed',
		] );
	} );

	test( 'an admin reprocesses a failed event; the payload is shown as received', async ( {
		request,
	} ) => {
		const { headers, product } = await catalogue( request );
		const price = unique( 'price_manual' );
		const paid = sale( price );
		const payload = event( 'invoice.paid', invoice( paid, 'basil' ) );
		expect( ( await deliver( request, payload, SECRET ) ).status() ).toBe(
			202
		);
		const stored = await storedEvent( request, headers, payload.id );
		expect( stored.payload ).toEqual( payload );

		// Still unmapped: the manual attempt fails, keeps the schedule and says why.
		const early = await request.post(
			`${ ADMIN }/webhooks/${ stored.id }/reprocess`,
			{ headers }
		);
		expect( early.status() ).toBe( 200 );
		expect( await early.json() ).toMatchObject( {
			status: 'pending_retry',
			retry_count: 1,
			next_retry_at: stored.next_retry_at,
		} );

		await request.post( `${ ADMIN }/prices`, {
			headers,
			data: { processor_price_id: price, product_id: product.id },
		} );
		const readOnly = await keyHeaders( request, 'read' );
		await expectError(
			await request.post(
				`${ ADMIN }/webhooks/${ stored.id }/reprocess`,
				{
					headers: readOnly,
				}
			),
			403,
			'forbidden'
		);
		await clearMails( request );
		const done = await request.post(
			`${ ADMIN }/webhooks/${ stored.id }/reprocess`,
			{ headers }
		);
		expect( await done.json() ).toMatchObject( {
			status: 'processed',
			processing_error: null,
			next_retry_at: null,
		} );
		const key = await mailedKey( request, paid.email );
		expect( ( await validate( request, key, product.slug ) ).valid ).toBe(
			true
		);
		await expectError(
			await request.post(
				`${ ADMIN }/webhooks/${ stored.id }/reprocess`,
				{
					headers,
				}
			),
			409,
			'already_processed'
		);
		await expectError(
			await request.get( `${ ADMIN }/webhooks/999999999`, { headers } ),
			404,
			'not_found'
		);
	} );

	test( 'a job that dies half-way leaves the event retryable, and it takes effect once', async ( {
		request,
	} ) => {
		const { headers, product } = await catalogue( request );
		const price = unique( 'price_crash' );
		const paid = sale( price );
		const payload = event( 'invoice.paid', invoice( paid, 'classic' ) );
		expect( ( await deliver( request, payload, SECRET ) ).status() ).toBe(
			202
		);
		await request.post( `${ ADMIN }/prices`, {
			headers,
			data: { processor_price_id: price, product_id: product.id },
		} );
		await clearMails( request );

		// The process ends after the licence and transaction are written, before the event is marked processed.
		await armCrash( request, 'SET processed_at' );
		const clock = nowSeconds() + 61;
		const crashed = await runWebhookRetryJob( request, clock, false );
		expect( crashed ).not.toContain( '"ran"' );
		const interrupted = await storedEvent( request, headers, payload.id );
		expect( interrupted ).toMatchObject( {
			status: 'pending_retry',
			processed_at: null,
			retry_count: 1,
		} );
		expect( await licensesOf( request, headers, paid.email ) ).toEqual(
			[]
		);
		expect( await readMails( request ) ).toEqual( [] );

		// Leased for two minutes: a run inside the lease skips it, the next one processes it.
		await runWebhookRetryJob( request, clock + 60 );
		expect(
			( await storedEvent( request, headers, payload.id ) ).status
		).toBe( 'pending_retry' );
		await runWebhookRetryJob( request, clock + 121 );
		expect(
			( await storedEvent( request, headers, payload.id ) ).status
		).toBe( 'processed' );
		expect( await licensesOf( request, headers, paid.email ) ).toHaveLength(
			1
		);
		await mailedKey( request, paid.email );
	} );

	test( 'privacy: the transactions of a buyer are exported, and erase clears the email from transactions and stored payloads', async ( {
		request,
	} ) => {
		const { headers, price } = await catalogue( request );
		const buyer = sale( price, { amount: 1999 } );
		const shouted = buyer.email.toUpperCase();
		await deliver(
			request,
			event(
				'invoice.paid',
				invoice( { ...buyer, email: shouted }, 'classic' )
			),
			SECRET
		);
		const exported = await (
			await request.post( `${ ADMIN }/privacy/export`, {
				headers,
				data: { email: buyer.email },
			} )
		).json();
		expect( exported.export.licenses ).toHaveLength( 1 );
		expect( exported.export.transactions ).toEqual( [
			expect.objectContaining( { amount: 19.99, currency: 'USD' } ),
		] );
		expect( exported.export.total_records ).toBe( 2 );
		const before = await scanPersonalData( request, buyer.email );
		expect( before ).toMatchObject( {
			svc_licenses: 1,
			svc_transactions: 1,
			svc_webhook_events: 1,
		} );

		const erased = await (
			await request.post( `${ ADMIN }/privacy/erase`, {
				headers,
				data: { email: buyer.email },
			} )
		).json();
		expect( erased.records_affected ).toMatchObject( {
			licenses: 1,
			transactions: 1,
			webhook_events: 1,
		} );
		const after = await scanPersonalData( request, buyer.email );
		expect( Object.values( after ).every( ( n ) => n === 0 ) ).toBe( true );
	} );

	test( 'list: status filter and pagination; permission matrix of the webhook routes', async ( {
		request,
	} ) => {
		const setup = await keyHeaders( request );
		const page = await (
			await request.get( `${ ADMIN }/webhooks`, {
				headers: setup,
				params: { per_page: 2, page: 2 },
			} )
		).json();
		expect( Object.keys( page ).sort() ).toEqual( [
			'data',
			'page',
			'per_page',
			'total',
			'total_pages',
		] );
		expect( page ).toMatchObject( { page: 2, per_page: 2 } );
		expect( page.data ).toHaveLength( 2 );
		expect( page.total_pages ).toBe( Math.ceil( page.total / 2 ) );
		expect( page.data[ 0 ] ).not.toHaveProperty( 'payload' );
		for ( const status of [ 'processed', 'pending_retry', 'failed' ] ) {
			const filtered = await (
				await request.get( `${ ADMIN }/webhooks`, {
					headers: setup,
					params: { status, per_page: 100 },
				} )
			).json();
			expect(
				filtered.data.every(
					( row: StoredEvent ) => row.status === status
				)
			).toBe( true );
		}
		await expectError(
			await request.get( `${ ADMIN }/webhooks`, {
				headers: setup,
				params: { status: 'done' },
			} ),
			400,
			'invalid_params'
		);

		const payload = event(
			'invoice.paid',
			invoice( sale( unique( 'price_matrix' ) ), 'classic' )
		);
		await deliver( request, payload, SECRET );
		const stored = await storedEvent( request, setup, payload.id );
		const product = await (
			await request.post( `${ ADMIN }/products`, {
				headers: setup,
				data: { name: unique( 'matrix' ) },
			} )
		).json();
		const callers = await makeCallers( request, product.id );
		const expected: Record< CallerName, number[] > = {
			none: [ 401, 401, 401 ],
			'read key': [ 200, 200, 403 ],
			'write key': [ 200, 200, 403 ],
			'admin key': [ 200, 200, 200 ],
			'key of another product': [ 403, 403, 403 ],
			'revoked key': [ 401, 401, 401 ],
			'cookie without nonce': [ 401, 401, 401 ],
			'cookie with nonce': [ 200, 200, 200 ],
			'subscriber cookie with nonce': [ 403, 403, 403 ],
		};
		for ( const caller of callers ) {
			const statuses = [];
			for ( const [ method, path ] of [
				[ 'GET', 'webhooks' ],
				[ 'GET', `webhooks/${ stored.id }` ],
				[ 'POST', `webhooks/${ stored.id }/reprocess` ],
			] ) {
				statuses.push(
					(
						await caller.context.fetch( `${ ADMIN }/${ path }`, {
							method,
							headers: caller.headers,
						} )
					).status()
				);
			}
			expect( statuses, caller.name ).toEqual( expected[ caller.name ] );
		}
	} );
} );
