/**
 * Reads the closing counts of each test runner used by `npm test`.
 */

/**
 * Test counts as each runner prints them: PHPUnit, node's test runner, Playwright's list reporter, our smoke test.
 */
export function countTests( output: string ): {
	passed: number;
	failed: number;
} {
	const plain = output.replace( /\x1b\[[0-9;]*m/g, '' );
	const grab = ( pattern: RegExp ) => {
		const match = pattern.exec( plain );
		return match ? Number( match[ 1 ] ) : null;
	};
	const phpunitOk = /^OK \((\d+) tests?,/m.exec( plain );
	if ( phpunitOk ) {
		return { passed: Number( phpunitOk[ 1 ] ), failed: 0 };
	}
	const phpunitTotal = grab( /^Tests: (\d+), Assertions/m );
	if ( phpunitTotal !== null ) {
		const failed =
			( grab( /Failures: (\d+)/ ) ?? 0 ) +
			( grab( /Errors: (\d+)/ ) ?? 0 );
		return { passed: phpunitTotal - failed, failed };
	}
	const nodePass = grab( /^# pass (\d+)$/m );
	if ( nodePass !== null ) {
		return { passed: nodePass, failed: grab( /^# fail (\d+)$/m ) ?? 0 };
	}
	const playwrightPassed = grab( /^\s+(\d+) passed \(/m );
	const playwrightFailed = grab( /^\s+(\d+) failed$/m );
	if ( playwrightPassed !== null || playwrightFailed !== null ) {
		return { passed: playwrightPassed ?? 0, failed: playwrightFailed ?? 0 };
	}
	const plainLine = /^[\w -]*: (\d+) passed, (\d+) failed/m.exec( plain );
	if ( plainLine ) {
		return {
			passed: Number( plainLine[ 1 ] ),
			failed: Number( plainLine[ 2 ] ),
		};
	}
	return { passed: 0, failed: 0 };
}
