<?php
/**
 * The SDK zip's contents and name.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Sdk;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Sdk\SdkBundle;

/**
 * SdkBundle.
 */
final class SdkBundleTest extends TestCase {

	public function test_the_version_is_the_entry_files_one_literal(): void {
		$this->assertSame( '0.1.0', SdkBundle::version_in( "<?php\n( static function ( string \$version, string \$dir ): void {\n} )( '0.1.0', __DIR__ );\n" ) );
		$this->assertSame( '2.0.0-beta.1+7', SdkBundle::version_in( "} )(  '2.0.0-beta.1+7' ,__DIR__ );" ) );
	}

	public function test_the_repository_sdk_states_a_version(): void {
		$source = (string) file_get_contents( dirname( __DIR__, 4 ) . '/sdk/svc-licensing-client.php' );
		$this->assertMatchesRegularExpression( '/^\d+\.\d+\.\d+/', (string) SdkBundle::version_in( $source ) );
	}

	public function test_no_literal_two_literals_or_a_literal_that_is_no_version_is_no_version(): void {
		$this->assertNull( SdkBundle::version_in( '<?php echo 1;' ) );
		$this->assertNull( SdkBundle::version_in( "} )( '1.0.0', __DIR__ );\n} )( '1.0.1', __DIR__ );" ) );
		$this->assertNull( SdkBundle::version_in( "} )( '../../x', __DIR__ );" ) );
		$this->assertNull( SdkBundle::version_in( "} )( '', __DIR__ );" ) );
	}

	public function test_entries_sit_under_one_top_folder_sorted_without_the_dev_files(): void {
		$this->assertSame(
			array(
				'README.md'                 => 'svc-licensing-client/README.md',
				'src\\WordPress\\Sdk.php'   => 'svc-licensing-client/src/WordPress/Sdk.php',
				'src/autoload.php'          => 'svc-licensing-client/src/autoload.php',
				'svc-licensing-client.php'  => 'svc-licensing-client/svc-licensing-client.php',
			),
			SdkBundle::entries( array( 'svc-licensing-client.php', 'phpcs.xml.dist', 'src/autoload.php', 'README.md', 'phpstan.neon.dist', 'src\\WordPress\\Sdk.php', '../escape.php' ) )
		);
	}

	public function test_a_dev_file_name_deeper_down_is_an_ordinary_file(): void {
		$this->assertSame( array( 'docs/phpcs.xml.dist' => 'svc-licensing-client/docs/phpcs.xml.dist' ), SdkBundle::entries( array( 'docs/phpcs.xml.dist' ) ) );
	}

	public function test_a_trusted_keys_file_in_the_folder_is_left_out_the_download_writes_its_own(): void {
		$this->assertSame(
			array( 'svc-licensing-client.php' => 'svc-licensing-client/svc-licensing-client.php' ),
			SdkBundle::entries( array( 'svc-licensing-client.php', 'trusted-keys.php' ) )
		);
	}

	public function test_the_trusted_keys_file_returns_each_key_by_its_id_and_drops_anything_that_is_not_base64url(): void {
		$source = SdkBundle::trusted_keys_file(
			array(
				'34a2a7a9c0b302c6' => 'K2GhIRsSfwI56JFHBpMqcQTAwLLiMVqZlmqp5gum4Ow',
				'7becca355baa4e9f' => 'h8k_8vMW9wG3f15iGVRc_dPgND5vybZ5ccUTXIKO7m0',
				"x'); echo 1; //"  => 'abc',
				'ffff'             => "abc'",
			)
		);
		$file = tempnam( sys_get_temp_dir(), 'keys' );
		file_put_contents( $file, str_replace( "defined( 'ABSPATH' ) || exit;", '', $source ) );
		$keys = require $file;
		unlink( $file );
		$this->assertSame(
			array(
				'34a2a7a9c0b302c6' => 'K2GhIRsSfwI56JFHBpMqcQTAwLLiMVqZlmqp5gum4Ow',
				'7becca355baa4e9f' => 'h8k_8vMW9wG3f15iGVRc_dPgND5vybZ5ccUTXIKO7m0',
			),
			$keys
		);
		$this->assertStringContainsString( "defined( 'ABSPATH' ) || exit;", $source );
	}

	public function test_the_file_name_carries_the_version(): void {
		$this->assertSame( 'svc-licensing-client-0.1.0.zip', SdkBundle::file_name( '0.1.0' ) );
	}
}
