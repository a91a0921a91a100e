/**
 * Trial farming, as the security review did it: one inbox spelled four ways (a quoted local part, Gmail's dots,
 * googlemail.com, an address literal) asked for four trials, and each visitor's answer carried the key. Now the key
 * goes only by mail, every spelling of one Gmail inbox is one mailbox (Core\EmailField::mailbox), an address literal
 * is refused, and the seller can switch the provider rules off (docs/api-decisions.md, "Trials").
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectError } from '../fixtures/envelope';
import {
	createLicense,
	keyHeaders,
	readMails,
	setSettings,
	type SentMail,
} from '../fixtures/test-helpers';

const KEY = /[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}/;

const ask = ( request: APIRequestContext, product: string, email: string ) =>
	request.post( '/wp-json/svc/v1/trials/request', {
		data: { product_slug: product, email },
	} );

async function trialProduct( request: APIRequestContext ) {
	const slug = `farm-${ randomUUID().slice( 0, 8 ) }`;
	const { product_id: id } = await createLicense( request, {
		slug,
		trial_enabled: true,
		trial_days: 7,
	} );
	return { slug, id };
}

/** Trial licences of a product (the fixture's paid licence is not one). */
async function trials( request: APIRequestContext, productId: number ) {
	const response = await request.get(
		`/wp-json/svc/v1/admin/licenses?product_id=${ productId }&status=trial&per_page=100`,
		{ headers: await keyHeaders( request, 'read' ) }
	);
	expect( response.status() ).toBe( 200 );
	return ( ( await response.json() ) as { data: unknown[] } ).data.length;
}

const mailsFor = async ( request: APIRequestContext, tag: string ) =>
	( await readMails( request ) ).filter( ( mail: SentMail ) =>
		mail.to.includes( tag )
	);

test.describe( 'trial mailboxes', () => {
	test.describe.configure( { mode: 'serial' } );

	test( 'one Gmail inbox spelled four ways gets one trial, and no answer carries a key', async ( {
		request,
	} ) => {
		const product = await trialProduct( request );
		const tag = randomUUID().slice( 0, 8 );
		const answers = [];
		for ( const email of [
			`ann${ tag }@gmail.com`,
			`"ann${ tag }"@gmail.com`,
			`a.nn${ tag }@gmail.com`,
			`ann${ tag }@googlemail.com`,
		] ) {
			const response = await ask( request, product.slug, email );
			expect( response.status(), email ).toBe( 202 );
			const body = await response.json();
			expect( JSON.stringify( body ), email ).not.toMatch( KEY );
			answers.push( body.message );
		}
		// The literal is no mailbox of a person's: refused, and nothing is issued for it.
		const literal = await expectError(
			await ask( request, product.slug, `ann${ tag }@[1.2.3.4]` ),
			400,
			'invalid_params'
		);
		expect( Object.keys( literal.data.params as object ) ).toEqual( [
			'email',
		] );

		expect( await trials( request, product.id ) ).toBe( 1 );
		const mails = await mailsFor( request, tag );
		expect( mails ).toHaveLength( 4 );
		expect(
			mails.filter( ( mail ) => KEY.test( mail.message ) )
		).toHaveLength( 1 );
		expect(
			mails.filter( ( mail ) =>
				mail.message.includes( 'already had one' )
			)
		).toHaveLength( 3 );
	} );

	test( 'with the provider rules off, Gmail’s dots and googlemail.com are addresses of their own', async ( {
		request,
	} ) => {
		await setSettings( request, { trial_mailbox_provider_rules: false } );
		try {
			const product = await trialProduct( request );
			const tag = randomUUID().slice( 0, 8 );
			for ( const email of [
				`bea${ tag }@gmail.com`,
				`b.ea${ tag }@gmail.com`,
				`bea${ tag }@googlemail.com`,
			] ) {
				expect(
					( await ask( request, product.slug, email ) ).status()
				).toBe( 202 );
			}
			expect( await trials( request, product.id ) ).toBe( 3 );
			// The plus-tag rule is its own switch and still holds.
			expect(
				(
					await ask(
						request,
						product.slug,
						`bea${ tag }+x@gmail.com`
					)
				).status()
			).toBe( 202 );
			expect( await trials( request, product.id ) ).toBe( 3 );
		} finally {
			await setSettings( request, {
				trial_mailbox_provider_rules: true,
			} );
		}
	} );
} );
