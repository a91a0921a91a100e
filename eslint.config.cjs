/**
 * ESLint: WordPress' own configuration from @wordpress/scripts, plus two local choices: no @param tags that
 * would only repeat TypeScript's types, and console in tools/, which are command-line programs.
 */
const wordpress = require( '@wordpress/scripts/config/eslint.config.cjs' );

module.exports = [
	...wordpress,
	{ ignores: [ 'plugin/build/**', 'artifacts/**', '.stack/**', '.cache/**', 'vendor/**' ] },
	{
		// TypeScript signatures carry the parameter types; JSDoc documents only what needs words.
		files: [ '**/*.ts', '**/*.tsx' ],
		rules: { 'jsdoc/require-param': 'off' },
	},
	{
		files: [ 'tools/**/*.ts' ],
		rules: { 'no-console': 'off' },
	},
];
