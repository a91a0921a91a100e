/**
 * ESLint: WordPress' own configuration from @wordpress/scripts, plus three local choices: no @param tags that
 * would only repeat TypeScript's types, console in tools/, which are command-line programs, and snake_case wire fields in e2e/.
 */
const wordpress = require( '@wordpress/scripts/config/eslint.config.cjs' );

module.exports = [
	...wordpress,
	{
		ignores: [
			'plugin/build/**',
			'artifacts/**',
			'.stack/**',
			'.cache/**',
			'vendor/**',
		],
	},
	{
		// TypeScript signatures carry the parameter types; JSDoc documents only what needs words.
		files: [ '**/*.ts', '**/*.tsx' ],
		rules: { 'jsdoc/require-param': 'off' },
	},
	{
		// End-to-end tests speak the API's wire format, whose fields are snake_case (license_key, site_url).
		files: [ 'e2e/**/*.ts' ],
		rules: { camelcase: 'off' },
	},
	{
		files: [ 'tools/**/*.ts' ],
		rules: { 'no-console': 'off' },
	},
];
