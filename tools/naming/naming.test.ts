import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { namingProblems, toLicense } from './naming.ts';
import { apply, plan } from './rename.ts';

function tree( files: Record< string, string > ): string {
	const root = fs.mkdtempSync( path.join( os.tmpdir(), 'naming-' ) );
	for ( const [ file, text ] of Object.entries( files ) ) {
		fs.mkdirSync( path.dirname( path.join( root, file ) ), {
			recursive: true,
		} );
		fs.writeFileSync( path.join( root, file ), text );
	}
	return root;
}

const CLEAN_PHP = `<?php
// A licence's prose may say licence.
final class Keys {
	/** Licence keys. */
	public function issue( array $license ): string {
		return __( 'Licence issued', 'svc-licensing' ) . get_option( 'svc_licence_note' );
	}
}
`;
const CLEAN_TS = `// The licence screen.
export const label = 'Licence';
export function licenseName( license: { key: string } ) {
	return \`licence \${ license.key }\`;
}
`;

test( 'toLicense keeps each letter case', () => {
	assert.equal( toLicense( 'Licences' ), 'Licenses' );
	assert.equal( toLicense( 'LICENCE_KEY' ), 'LICENSE_KEY' );
	assert.equal( toLicense( 'list_licences' ), 'list_licenses' );
	assert.equal( toLicense( 'licenseName' ), 'licenseName' );
} );

test( 'strings and comments may say licence; identifiers and file names may not', () => {
	const clean = tree( {
		'plugin/src/Keys.php': CLEAN_PHP,
		'src/name.ts': CLEAN_TS,
	} );
	assert.deepEqual( namingProblems( clean ), [] );

	const planted = tree( {
		'plugin/src/Keys.php': CLEAN_PHP.replace(
			'array $license',
			'array $licence'
		),
		'src/name.ts': CLEAN_TS.replace( 'licenseName', 'licenceName' ),
		'e2e/licence.spec.ts': 'export {};\n',
		'sdk/src/LicenceRecord.php':
			'<?php\nnamespace Svc\\LicensingClient;\nfinal class LicenceRecord {}\n',
	} );
	assert.deepEqual( namingProblems( planted ), [
		'e2e/licence.spec.ts: file name says "licence"; identifiers and file names say "license"',
		'sdk/src/LicenceRecord.php: file name says "licence"; identifiers and file names say "license"',
		'plugin/src/Keys.php:5: identifier $licence (say $license)',
		'sdk/src/LicenceRecord.php:3: identifier LicenceRecord (say LicenseRecord)',
		'src/name.ts:3: identifier licenceName (say licenseName)',
	] );
} );

test( 'the rename script fixes identifiers, callables named in strings and files, and leaves prose and wire names', () => {
	const root = tree( {
		'plugin/src/Core/Licences.php': `<?php
namespace Svc\\Licensing\\Core;

/** Licence use cases (\`Licences\`); see LicenceAdmin::issue. */
final class Licences {
	/**
	 * @var LicenseRepository
	 */
	public $licenses;

	/**
	 * @param LicenseRepository $licenses Licences.
	 */
	public function __construct( LicenseRepository $licenses ) {
		$this->licenses = $licenses;
		add_action( 'svc_licence_changed', array( $this, 'list_licences' ) );
		$class = 'Svc\\\\Licensing\\\\Core\\\\Licences';
	}

	public function list_licences(): array {
		$licences = array( 'licence' => 'Licence' );
		return $licences;
	}
}
`,
		'plugin/src/Storage/LicenseRepository.php':
			'<?php\nnamespace Svc\\Licensing\\Storage;\nfinal class LicenseRepository {}\n',
		'plugin/src/Wire.php': `<?php
final class Wire {
	/** @var \\Svc\\Licensing\\Core\\Licences */
	private $licences;
	/**
	 * @param array<string, array{server: string, record: Licences}> $licence_list Each one.
	 */
	public function b( array $licence_list ): int {
		return count( $licence_list );
	}
	public function a( \\Svc\\Licensing\\Core\\Licences $licences ): array {
		$this->licences = $licences;
		return array( 'licence_key' => $this->licences->list_licences() );
	}
}
`,
		'plugin/src/Domain/Webhook/Invoice.php':
			'<?php\nnamespace Svc\\Licensing\\Domain\\Webhook;\nfinal class Invoice {}\n',
		'plugin/src/Payments/WebhookInbox.php':
			'<?php\nnamespace Svc\\Licensing\\Payments;\nuse Svc\\Licensing\\Domain\\Webhook\\Invoice;\nfinal class WebhookInbox {}\n',
		'src/licence-utils.ts':
			'export const licenceName = ( data: { licence_key: string } ) => data.licence_key;\n',
		'src/view.ts':
			"import { licenceName } from './licence-utils';\n// licenceName names a licence.\nexport const shown = licenceName( { licence_key: 'k' } );\n",
	} );
	const first = plan( root );
	assert.deepEqual( first.errors, [] );
	apply( root, first );
	assert.deepEqual( namingProblems( root ), [] );

	const core = fs.readFileSync(
		path.join( root, 'plugin/src/Core/Licenses.php' ),
		'utf8'
	);
	assert.match( core, /final class Licenses \{/ );
	assert.match(
		core,
		/\/\*\* Licence use cases \(`Licenses`\); see LicenseAdmin::issue\. \*\//
	);
	assert.match(
		core,
		/add_action\( 'svc_licence_changed', array\( \$this, 'list_licenses' \) \);/
	);
	assert.match( core, /\$class = 'Svc\\\\Licensing\\\\Core\\\\Licenses';/ );
	assert.match( core, /\$licenses = array\( 'licence' => 'Licence' \);/ );
	assert.equal(
		fs.readFileSync(
			path.join( root, 'plugin/src/Domain/PaymentEvent/Invoice.php' ),
			'utf8'
		),
		'<?php\nnamespace Svc\\Licensing\\Domain\\PaymentEvent;\nfinal class Invoice {}\n'
	);
	assert.equal(
		fs.readFileSync(
			path.join( root, 'plugin/src/Payments/PaymentEventInbox.php' ),
			'utf8'
		),
		'<?php\nnamespace Svc\\Licensing\\Payments;\nuse Svc\\Licensing\\Domain\\PaymentEvent\\Invoice;\nfinal class PaymentEventInbox {}\n'
	);
	const wire = fs.readFileSync(
		path.join( root, 'plugin/src/Wire.php' ),
		'utf8'
	);
	assert.match( wire, /@var \\Svc\\Licensing\\Core\\Licenses \*\// );
	assert.match(
		wire,
		/@param array<string, array\{server: string, record: Licenses\}> \$license_list Each one\./
	);
	assert.match(
		wire,
		/'licence_key' => \$this->licenses->list_licenses\(\)/
	);
	assert.equal(
		fs.readFileSync( path.join( root, 'src/view.ts' ), 'utf8' ),
		"import { licenseName } from './license-utils';\n// licenceName names a licence.\nexport const shown = licenseName( { licence_key: 'k' } );\n"
	);
	assert.equal(
		fs.readFileSync( path.join( root, 'src/license-utils.ts' ), 'utf8' ),
		'export const licenseName = ( data: { licence_key: string } ) => data.licence_key;\n'
	);

	const second = plan( root );
	assert.equal( second.edits.size, 0 );
	assert.equal( second.moves.size, 0 );
} );

test( 'a name the rule would make twice is named after its type', () => {
	const root = tree( {
		'plugin/src/Api.php': `<?php
final class Api {
	/**
	 * @var LicenseRepository
	 */
	public $licenses;
	/**
	 * @var Licences
	 */
	public $licences;
}
`,
		'plugin/src/Boot.php': `<?php
$api      = new Api();
$licenses = $api->licenses;
$licences = $api->licences;
`,
	} );
	const result = plan( root );
	assert.deepEqual( result.errors, [] );
	apply( root, result );
	assert.match(
		fs.readFileSync( path.join( root, 'plugin/src/Api.php' ), 'utf8' ),
		/public \$license_repository;[\s\S]*public \$licenses;/
	);
	assert.equal(
		fs.readFileSync( path.join( root, 'plugin/src/Boot.php' ), 'utf8' ),
		'<?php\n$api      = new Api();\n$license_repository = $api->license_repository;\n$licenses = $api->licenses;\n'
	);
} );
