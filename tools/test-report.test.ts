import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readRunReport, slowestSpecs, type JsonReport } from './test-report.ts';

const result = ( status: string, duration: number, message?: string ) => ( {
	status,
	duration,
	...( message ? { error: { message } } : {} ),
} );

const REPORT: JsonReport = {
	suites: [
		{
			title: 'api/licenses.spec.ts',
			file: 'api/licenses.spec.ts',
			specs: [],
			suites: [
				{
					title: 'licence validation',
					file: 'api/licenses.spec.ts',
					specs: [
						{
							title: 'a race',
							file: 'api/licenses.spec.ts',
							line: 12,
							tests: [
								{
									status: 'flaky',
									results: [
										result(
											'failed',
											3000,
											'\u001b[2mexpect(\u001b[22mreceived).toBe(expected)\n\nExpected: 201\nReceived: 404\n    at seed.ts:40'
										),
										result( 'passed', 2000 ),
									],
								},
							],
						},
						{
							title: 'steady',
							file: 'api/licenses.spec.ts',
							line: 40,
							tests: [
								{
									status: 'expected',
									results: [ result( 'passed', 500 ) ],
								},
							],
						},
					],
				},
			],
		},
		{
			title: 'admin/stats.spec.ts',
			file: 'admin/stats.spec.ts',
			specs: [
				{
					title: 'charts',
					file: 'admin/stats.spec.ts',
					line: 7,
					tests: [
						{
							status: 'unexpected',
							results: [
								result(
									'failed',
									9000,
									'Test timeout of 30000ms exceeded.'
								),
								result( 'timedOut', 9000 ),
							],
						},
					],
				},
			],
		},
	],
};

test( 'a test that failed and then passed on its rerun is named as flaky; one that failed twice is not', () => {
	assert.deepEqual( readRunReport( REPORT ).flaky, [
		'e2e/api/licenses.spec.ts:12 › licence validation › a race',
	] );
} );

test( 'every failed attempt of a flaky or failed test is named with the first lines of its error, uncoloured', () => {
	assert.deepEqual( readRunReport( REPORT ).failures, [
		{
			test: 'e2e/api/licenses.spec.ts:12 › licence validation › a race',
			attempt: 1,
			error: 'expect(received).toBe(expected)\nExpected: 201\nReceived: 404\n    at seed.ts:40',
		},
		{
			test: 'e2e/admin/stats.spec.ts:7 › charts',
			attempt: 1,
			error: 'Test timeout of 30000ms exceeded.',
		},
		{
			test: 'e2e/admin/stats.spec.ts:7 › charts',
			attempt: 2,
			error: '(no error message)',
		},
	] );
} );

test( 'spec files are timed over every attempt, and the slowest come first across runs', () => {
	const report = readRunReport( REPORT );
	assert.deepEqual( report.specSeconds, {
		'e2e/api/licenses.spec.ts': 5.5,
		'e2e/admin/stats.spec.ts': 18,
	} );
	assert.deepEqual(
		slowestSpecs(
			[
				{ label: 'sqlite', report },
				{
					label: 'mariadb',
					report: {
						flaky: [],
						failures: [],
						specSeconds: { 'e2e/api/licenses.spec.ts': 7 },
					},
				},
			],
			2
		),
		[
			{ spec: 'e2e/admin/stats.spec.ts', label: 'sqlite', seconds: 18 },
			{ spec: 'e2e/api/licenses.spec.ts', label: 'mariadb', seconds: 7 },
		]
	);
} );
