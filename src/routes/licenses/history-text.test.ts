import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LoggedEvent } from '../../api/types';
import { actorText, eventText } from './history-text';

const event = ( over: Partial< LoggedEvent > ): LoggedEvent => ( {
	id: 1,
	type: 'license.created',
	subject: { type: 'license', id: 9 },
	actor: { kind: 'system', label: 'expiry' },
	product_id: 3,
	payload: {},
	created_at: '2026-01-01T00:00:00Z',
	...over,
} );

test( 'an activation names its site; other events their change', () => {
	assert.equal(
		eventText(
			event( {
				type: 'license.activated',
				payload: { site_url: 'https://shop.example' },
			} )
		),
		'Activated on https://shop.example'
	);
	assert.equal(
		eventText( event( { type: 'license.rotated' } ) ),
		'Key replaced'
	);
	assert.equal(
		eventText( event( { type: 'license.future' } ) ),
		'license.future'
	);
} );

test( 'a move names both addresses, and a missing one reads as a dash', () => {
	assert.equal(
		eventText(
			event( {
				type: 'license.moved',
				payload: {
					from_site_url: 'a.example',
					site_url: 'b.example',
					via: 'site',
				},
			} )
		),
		'Moved from a.example to b.example'
	);
	assert.equal(
		eventText(
			event( {
				type: 'license.moved',
				payload: { site_url: '[erased]' },
			} )
		),
		'Moved from — to [erased]'
	);
} );

test( 'the actor reads as a person would say it', () => {
	assert.equal(
		actorText( event( { actor: { kind: 'user', label: '1:admin' } } ) ),
		'User admin'
	);
	assert.equal(
		actorText( event( { actor: { kind: 'api_key', label: 'sk_ab12' } } ) ),
		'API key sk_ab12…'
	);
	assert.equal(
		actorText( event( { actor: { kind: 'payment', label: 'evt_1' } } ) ),
		'Payment event evt_1'
	);
	assert.equal(
		actorText(
			event( { actor: { kind: 'customer', label: '[erased]' } } )
		),
		'Customer ([erased])'
	);
	assert.equal( actorText( event( {} ) ), 'The service (scheduled job)' );
} );
