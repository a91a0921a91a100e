<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\RestErrorMap;

final class RestErrorMapTest extends TestCase {

	/**
	 * @return array<string, array{string, int, string, int}>
	 */
	public static function cases(): array {
		return array(
			'missing parameter'          => array( 'rest_missing_callback_param', 400, 'invalid_params', 400 ),
			'invalid parameter'          => array( 'rest_invalid_param', 400, 'invalid_params', 400 ),
			'malformed JSON'             => array( 'rest_invalid_json', 400, 'invalid_params', 400 ),
			'unknown route'              => array( 'rest_no_route', 404, 'not_found', 404 ),
			'core permission refusal'    => array( 'rest_forbidden', 401, 'forbidden', 403 ),
			'bad cookie nonce'           => array( 'rest_cookie_invalid_nonce', 403, 'forbidden', 403 ),
			'spec code kept'             => array( 'activation_limit_reached', 403, 'activation_limit_reached', 403 ),
			'unknown core code by class' => array( 'rest_upload_no_data', 400, 'invalid_params', 400 ),
			'unknown core 5xx'           => array( 'rest_something_broke', 502, 'internal_error', 502 ),
			'error without status'       => array( 'rest_weird', 0, 'internal_error', 500 ),
			'unknown core 409'           => array( 'rest_conflict', 409, 'invalid_params', 409 ),
			'our own code, any status'   => array( 'product_has_licenses', 409, 'product_has_licenses', 409 ),
		);
	}

	#[DataProvider( 'cases' )]
	public function test_translates_to_the_spec_vocabulary( string $code, int $status, string $expected_code, int $expected_status ): void {
		$this->assertSame( array( $expected_code, $expected_status ), RestErrorMap::translate( $code, $status ) );
	}
}
