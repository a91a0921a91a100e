import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countTests } from './test-counts.ts';

test( 'PHPUnit success and failure summaries', () => {
	assert.deepEqual( countTests( 'OK (25 tests, 36 assertions)\n' ), {
		passed: 25,
		failed: 0,
	} );
	assert.deepEqual(
		countTests(
			'FAILURES!\nTests: 25, Assertions: 36, Failures: 2, Errors: 1.\n'
		),
		{ passed: 22, failed: 3 }
	);
} );

test( "node's test runner summary", () => {
	assert.deepEqual( countTests( '# tests 14\n# pass 13\n# fail 1\n' ), {
		passed: 13,
		failed: 1,
	} );
} );

test( 'Playwright list reporter, with colour codes', () => {
	assert.deepEqual( countTests( '  \x1b[32m15 passed\x1b[39m (12.3s)\n' ), {
		passed: 15,
		failed: 0,
	} );
	assert.deepEqual(
		countTests( '  2 failed\n    [api] › x\n  13 passed (18.9s)\n' ),
		{ passed: 13, failed: 2 }
	);
} );

test( 'the plain closing line, and output without any count', () => {
	assert.deepEqual(
		countTests( 'wp-env smoke test: 1 passed, 0 failed (13.9 s)\n' ),
		{ passed: 1, failed: 0 }
	);
	assert.deepEqual(
		countTests( 'php -l: 20 files, 0 with syntax errors\n' ),
		{ passed: 0, failed: 0 }
	);
} );
