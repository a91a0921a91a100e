<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Http;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Http\LaneRoute;

final class LaneRouteTest extends TestCase {

	/**
	 * @return array<string, array{string, string, mixed, mixed, string, string, string|null}>
	 */
	public static function requests(): array {
		$pretty = '/%postname%/';
		return array(
			'pretty path'                      => array( 'POST', '/wp-json/svc/v1/licenses/validate', null, null, '', $pretty, '/svc/v1/licenses/validate' ),
			'trailing slashes'                 => array( 'POST', '/wp-json/svc/v1/licenses/validate//', null, null, '', $pretty, '/svc/v1/licenses/validate' ),
			'with a query'                     => array( 'GET', '/wp-json/svc/v1/updates/check?license_key=a', null, null, '', $pretty, '/svc/v1/updates/check' ),
			'batch update check'               => array( 'POST', '/wp-json/svc/v1/updates/check', null, null, '', $pretty, '/svc/v1/updates/check' ),
			'update check, PUT'                => array( 'PUT', '/wp-json/svc/v1/updates/check', null, null, '', $pretty, null ),
			'health report'                    => array( 'POST', '/wp-json/svc/v1/updates/report', null, null, '', $pretty, '/svc/v1/updates/report' ),
			'health report, GET'               => array( 'GET', '/wp-json/svc/v1/updates/report', null, null, '', $pretty, null ),
			'route in any case'                => array( 'POST', '/wp-json/SVC/V1/Licenses/Validate', null, null, '', $pretty, '/SVC/V1/Licenses/Validate' ),
			'prefix is case sensitive'         => array( 'POST', '/WP-JSON/svc/v1/licenses/validate', null, null, '', $pretty, null ),
			'wrong method'                     => array( 'GET', '/wp-json/svc/v1/licenses/validate', null, null, '', $pretty, null ),
			'other route'                      => array( 'POST', '/wp-json/svc/v1/trials/request', null, null, '', $pretty, null ),
			'longer route'                     => array( 'POST', '/wp-json/svc/v1/licenses/validate/x', null, null, '', $pretty, null ),
			'percent-encoded'                  => array( 'POST', '/wp-json/svc/v1/licenses/%76alidate', null, null, '', $pretty, null ),
			'download'                         => array( 'GET', '/wp-json/svc/v1/downloads/acme-widgets?token=t', null, null, '', $pretty, '/svc/v1/downloads/acme-widgets' ),
			'download in any case'             => array( 'GET', '/wp-json/SVC/v1/Downloads/Acme', null, null, '', $pretty, '/SVC/v1/Downloads/Acme' ),
			'download as rest_route'           => array( 'GET', '/?rest_route=/svc/v1/downloads/acme&token=t', '/svc/v1/downloads/acme', null, '', '', '/svc/v1/downloads/acme' ),
			'download, no slug'                => array( 'GET', '/wp-json/svc/v1/downloads/', null, null, '', $pretty, null ),
			'download, deeper path'            => array( 'GET', '/wp-json/svc/v1/downloads/acme/x', null, null, '', $pretty, null ),
			'download, POST'                   => array( 'POST', '/wp-json/svc/v1/downloads/acme', null, null, '', $pretty, null ),
			'dot segment'                      => array( 'POST', '/wp-json/svc/v1/x/../licenses/validate', null, null, '', $pretty, null ),
			'plain permalinks ignore the path' => array( 'POST', '/wp-json/svc/v1/licenses/validate', null, null, '', '', null ),
			'index.php permalinks'             => array( 'POST', '/wp-json/svc/v1/licenses/validate', null, null, '', '/index.php/%postname%/', null ),
			'under a home path'                => array( 'POST', '/blog/wp-json/svc/v1/licenses/validate', null, null, '/blog', $pretty, '/svc/v1/licenses/validate' ),
			'outside the home path'            => array( 'POST', '/other/wp-json/svc/v1/licenses/validate', null, null, '/blog', $pretty, null ),
			'rest_route query'                 => array( 'POST', '/?rest_route=/svc/v1/licenses/validate', '/svc/v1/licenses/validate', null, '', '', '/svc/v1/licenses/validate' ),
			'rest_route query wins over path'  => array( 'POST', '/wp-json/svc/v1/health?rest_route=/svc/v1/licenses/activate', '/svc/v1/licenses/activate', null, '', $pretty, '/svc/v1/licenses/activate' ),
			'rest_route query to elsewhere'    => array( 'POST', '/wp-json/svc/v1/licenses/validate?rest_route=/wp/v2/posts', '/wp/v2/posts', null, '', $pretty, null ),
			'rest_route form field'            => array( 'POST', '/', null, '/svc/v1/licenses/deactivate', '', '', '/svc/v1/licenses/deactivate' ),
			'rest_route in both'               => array( 'POST', '/', '/svc/v1/licenses/validate', '/svc/v1/licenses/validate', '', '', null ),
			'rest_route not a string'          => array( 'POST', '/', array( '/svc/v1/licenses/validate' ), null, '', '', null ),
		);
	}

	/**
	 * @param mixed $get  rest_route query.
	 * @param mixed $post rest_route form field.
	 */
	#[DataProvider( 'requests' )]
	public function test_recognises_routes_as_wordpress_does( string $method, string $uri, $get, $post, string $home, string $permalinks, ?string $expected ): void {
		$this->assertSame( $expected, LaneRoute::of( $method, $uri, $get, $post, $home, $permalinks ) );
	}
}
