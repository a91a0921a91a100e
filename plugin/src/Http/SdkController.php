<?php
/**
 * GET /admin/sdk: the client SDK as a zip.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\SdkDownload;
use Svc\Licensing\Domain\Access\Permission;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Maps the request to SdkDownload::archive() and the zip to a download. The read level is enough: the zip is
 * the same code the plugin ships, and holds nothing of the service's data.
 */
final class SdkController implements Controller {

	/**
	 * The use case.
	 *
	 * @var SdkDownload
	 */
	private $sdk;

	/**
	 * Authentication.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param SdkDownload $sdk   The use case.
	 * @param AdminGuard  $guard Authentication.
	 */
	public function __construct( SdkDownload $sdk, AdminGuard $guard ) {
		$this->sdk   = $sdk;
		$this->guard = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/sdk' => array( $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'download' ), Permission::READ ) ),
		);
	}

	/**
	 * GET /admin/sdk.
	 */
	public function download(): WP_REST_Response {
		$zip = $this->sdk->archive();
		return PackageSender::temporary_file( $zip['path'], $zip['name'] );
	}
}
