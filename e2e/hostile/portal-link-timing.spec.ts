/**
 * The portal's sign-in link, as the security review timed it: an unknown address was answered after one query, a
 * known one only after its link was stored and mailed, so the answer's timing said whether an address had licences.
 * Now both answers are the same and leave before any of that work: the lookup, the link and the mail run in a job
 * queued for after the response (Core\AfterResponse). The test site makes each such job seem 2 s slower, so the
 * spec can see, for both addresses, that the answer came while the job was still pending (a timing-free proof of
 * the order), and that the known address's mail still arrives.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
	LINK_MESSAGE,
	askForLink,
	mailedToken,
	seedCustomer,
} from '../fixtures/portal';
import {
	afterResponsePending,
	readMails,
	setAfterResponseDelay,
} from '../fixtures/test-helpers';

test.describe( 'portal sign-in link timing', () => {
	test.describe.configure( { mode: 'serial' } );

	test.afterEach( async ( { request } ) => {
		await setAfterResponseDelay( request, 0 );
	} );

	test( 'a known and an unknown address take the same path: the same answer, sent before the lookup and the mail', async ( {
		request,
	} ) => {
		const customer = await seedCustomer( request );
		const unknown = `nobody-${ randomUUID().slice( 0, 8 ) }@example.com`;
		await setAfterResponseDelay( request, 2000 );

		const bodies: unknown[] = [];
		for ( const email of [ customer.email, unknown ] ) {
			const answer = await askForLink( request, email );
			const pid = answer.headers()[ 'x-svc-test-pid' ];
			const pending = await afterResponsePending( request );
			expect( answer.status(), email ).toBe( 202 );
			expect(
				pending[ pid ],
				`${ email }: its job is pending after the answer`
			).toEqual( [ 'portal_link' ] );
			expect( answer.headers()[ 'referrer-policy' ], email ).toBe(
				'no-referrer'
			);
			bodies.push( await answer.json() );
		}
		expect( bodies[ 1 ] ).toEqual( bodies[ 0 ] );
		expect( bodies[ 0 ] ).toMatchObject( { message: LINK_MESSAGE } );

		// The work still happens: the known address gets its link, the unknown one nothing.
		expect(
			( await mailedToken( request, customer.email ) ).token
		).toHaveLength( 43 );
		expect(
			( await readMails( request ) ).filter(
				( mail ) => mail.to === unknown
			)
		).toHaveLength( 0 );
	} );
} );
