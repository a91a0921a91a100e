import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { License } from '../../api/types';
import {
	canRotate,
	extendedExpiry,
	extensionOf,
	isUnlimited,
	licensesCsv,
} from './license-utils';

const now = new Date( '2026-03-01T12:00:00Z' );

test( 'an extension by days counts from the expiry, or from now once it passed', () => {
	assert.equal(
		extendedExpiry( '2026-04-01T00:00:00Z', { days: 30 }, now ),
		'2026-05-01T00:00:00Z'
	);
	assert.equal(
		extendedExpiry( '2025-01-01T00:00:00Z', { days: 1 }, now ),
		'2026-03-02T12:00:00Z'
	);
	assert.equal(
		extendedExpiry( '2026-04-01T00:00:00Z', { date: '2027-01-31' }, now ),
		'2027-01-31T23:59:59Z'
	);
	assert.equal( extendedExpiry( null, { days: 30 }, now ), null );
} );

test( 'an extension must be 1 to 3650 whole days, or a date', () => {
	assert.deepEqual( extensionOf( 'days', '30', '' ), { days: 30 } );
	assert.equal( extensionOf( 'days', '0', '' ), null );
	assert.equal( extensionOf( 'days', '2.5', '' ), null );
	assert.equal( extensionOf( 'date', '', '' ), null );
	assert.deepEqual( extensionOf( 'date', '', '2027-01-31' ), {
		date: '2027-01-31',
	} );
} );

test( 'the limit of a million sites reads as unlimited; a cancelled licence is not rotated', () => {
	assert.ok( isUnlimited( 1000000 ) );
	assert.ok( ! isUnlimited( 5 ) );
	assert.ok( ! canRotate( { status: 'cancelled' } as License ) );
	assert.ok( ! canRotate( { status: 'revoked' } as License ) );
	assert.ok( canRotate( { status: 'suspended' } as License ) );
} );

test( 'the CSV quotes what needs quoting and defuses formulas', () => {
	const csv = licensesCsv( [
		{
			id: 3,
			license_key_masked: 'XXXX-XXXX-XXXX-2XSK',
			product_name: 'Widgets, "Pro"',
			customer_name: '=cmd()',
			customer_email: 'ada@example.com',
			status: 'active',
			activation_count: 1,
			activation_limit: 2,
			expires: null,
			created_at: '2026-01-01T00:00:00Z',
		} as unknown as License,
	] );
	assert.equal(
		csv,
		'id,license_key_masked,product_name,customer_name,customer_email,status,activation_count,activation_limit,expires,created_at\r\n' +
			'3,XXXX-XXXX-XXXX-2XSK,"Widgets, ""Pro""",\'=cmd(),ada@example.com,active,1,2,,2026-01-01T00:00:00Z\r\n'
	);
} );
