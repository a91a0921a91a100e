/**
 * ESLint: WordPress' own configuration from @wordpress/scripts, plus one local rule: tools/ are command-line
 * programs, so they talk to the terminal with console.
 */
const wordpress = require( '@wordpress/scripts/config/eslint.config.cjs' );

module.exports = [
	...wordpress,
	{ ignores: [ 'plugin/build/**', 'artifacts/**', '.stack/**', '.cache/**', 'vendor/**' ] },
	{
		files: [ 'tools/**/*.ts' ],
		rules: { 'no-console': 'off' },
	},
];
