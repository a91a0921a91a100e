import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outcomeOf, waitMessage, type Messages } from './outcome.ts';

const messages: Messages = {
	sending: 'Sending…',
	sent: 'Check your inbox: sent to %s.',
	alreadyUsed: 'Already had a trial of %s.',
	trialsOff: 'Trials of %s are off.',
	invalidEmail: 'Enter a valid email.',
	waitSecond: 'Wait 1 second.',
	waitSeconds: 'Wait %d seconds.',
	waitMinutes: 'Wait %d minutes.',
	failed: 'Could not send.',
};
const request = { email: 'ann@example.com', productName: 'Acme' };
const envelope = ( code: string, message = 'Server words.', params = {} ) => ( {
	code,
	message,
	data: { status: 400, params },
} );

test( '202 (a new address or a repeat, alike) says check your inbox', () => {
	assert.deepEqual(
		outcomeOf(
			202,
			{ sent: true, message: 'Server words.' } as never,
			null,
			request,
			messages
		),
		{
			message: 'Check your inbox: sent to ann@example.com.',
			isError: false,
			emailInvalid: false,
		}
	);
} );

test( '201 says check your inbox and never shows the key', () => {
	const outcome = outcomeOf(
		201,
		{ license_key: 'ABCD-EFGH-JKLM-NPQR' } as never,
		null,
		request,
		messages
	);
	assert.deepEqual( outcome, {
		message: 'Check your inbox: sent to ann@example.com.',
		isError: false,
		emailInvalid: false,
	} );
	assert.ok( ! outcome.message.includes( 'ABCD' ) );
} );

test( 'each refusal in its own words', () => {
	const of = ( code: string, params = {} ) =>
		outcomeOf(
			400,
			envelope( code, 'x', params ),
			'30',
			request,
			messages
		);
	assert.equal(
		of( 'trial_already_used' ).message,
		'Already had a trial of Acme.'
	);
	assert.equal(
		of( 'trial_not_available' ).message,
		'Trials of Acme are off.'
	);
	assert.equal(
		of( 'product_not_found' ).message,
		'Trials of Acme are off.'
	);
	assert.equal( of( 'rate_limit_exceeded' ).message, 'Wait 30 seconds.' );
	assert.deepEqual( of( 'invalid_params', { email: 'bad' } ), {
		message: 'Enter a valid email.',
		isError: true,
		emailInvalid: true,
	} );
	// The honeypot's refusal and anything unforeseen: the server's message, else the generic one.
	assert.deepEqual( of( 'invalid_params', { website: 'Leave empty.' } ), {
		message: 'x',
		isError: true,
		emailInvalid: false,
	} );
	assert.equal(
		outcomeOf( 502, null, null, request, messages ).message,
		'Could not send.'
	);
} );

test( 'the wait reads in seconds, one second, or minutes; a missing header is a minute', () => {
	assert.equal( waitMessage( '1', messages ), 'Wait 1 second.' );
	assert.equal( waitMessage( '0', messages ), 'Wait 1 second.' );
	assert.equal( waitMessage( '59', messages ), 'Wait 59 seconds.' );
	assert.equal( waitMessage( '119', messages ), 'Wait 119 seconds.' );
	assert.equal( waitMessage( '150', messages ), 'Wait 3 minutes.' );
	assert.equal( waitMessage( null, messages ), 'Wait 60 seconds.' );
} );
