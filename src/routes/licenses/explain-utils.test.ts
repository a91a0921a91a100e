import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DecisionStep } from '../../api/types';
import {
	explainQueryOf,
	outcomeLabel,
	stepDetail,
	stepName,
} from './explain-utils';

test( 'the search box leads to an explanation for a site URL or a whole licence key', () => {
	assert.deepEqual( explainQueryOf( ' https://shop.example.com/en ' ), {
		site: 'https://shop.example.com/en',
	} );
	assert.deepEqual( explainQueryOf( 'shop.example.com' ), {
		site: 'shop.example.com',
	} );
	assert.deepEqual( explainQueryOf( 'localhost.test:8080/wp' ), {
		site: 'localhost.test:8080/wp',
	} );
	assert.deepEqual( explainQueryOf( 'abcd-efgh-jkmn-pqrs' ), {
		license_key: 'ABCD-EFGH-JKMN-PQRS',
	} );
	// Anything the list's own search is for: a name, an email, a key fragment.
	for ( const other of [
		'Jane Doe',
		'jane@example.com',
		'ABCD',
		'ABCD-EFGH',
		'J. Doe',
		'',
	] ) {
		assert.equal( explainQueryOf( other ), null, other );
	}
} );

const step = ( facts: Partial< DecisionStep > & { step: string } ) =>
	( { outcome: 'info', ...facts } ) as DecisionStep;

test( 'each step in plain words', () => {
	assert.equal(
		stepDetail(
			step( {
				step: 'rollout',
				outcome: 'fail',
				bucket: 7312,
				percentage: 25,
			} )
		),
		'Bucket 73; the rollout is at 25 %'
	);
	assert.equal(
		stepDetail(
			step( { step: 'requires_php', required: '8.1', reported: null } )
		),
		'Needs 8.1; the site reported nothing'
	);
	assert.equal(
		stepDetail(
			step( {
				step: 'activation',
				activated: true,
				staging: true,
				required: false,
			} )
		),
		'Activated (a staging site)'
	);
	assert.equal(
		stepDetail(
			step( {
				step: 'activation',
				activated: false,
				staging: false,
				required: true,
			} )
		),
		'Not activated, and updates require an activation'
	);
	assert.equal(
		stepDetail( step( { step: 'release', version: null } ) ),
		'No published release'
	);
	assert.equal(
		stepDetail( step( { step: 'pin', version: '1.2.0' } ) ),
		'version: 1.2.0'
	);
	assert.equal( stepName( step( { step: 'requires_php' } ) ), 'PHP needed' );
	assert.equal( stepName( step( { step: 'pin' } ) ), 'pin' );
	assert.equal(
		outcomeLabel( step( { step: 'rollout', outcome: 'fail' } ) ),
		'Stopped the update'
	);
} );
