<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Access\Permission;

final class PermissionTest extends TestCase {

	public function test_levels_are_cumulative(): void {
		$matrix = array(
			'none'  => array( false, false, false ),
			'read'  => array( true, false, false ),
			'write' => array( true, true, false ),
			'admin' => array( true, true, true ),
		);
		foreach ( $matrix as $granted => $expected ) {
			$this->assertSame(
				$expected,
				array(
					Permission::allows( $granted, 'read' ),
					Permission::allows( $granted, 'write' ),
					Permission::allows( $granted, 'admin' ),
				),
				$granted
			);
		}
		$this->assertFalse( Permission::allows( 'admin', 'superuser' ), 'an unknown requirement is never met' );
		$this->assertFalse( Permission::allows( 'root', 'read' ), 'an unknown grant is nothing' );
	}

	public function test_user_levels_from_capabilities(): void {
		$user = static function ( array $caps ): callable {
			return static function ( string $cap ) use ( $caps ): bool {
				return in_array( $cap, $caps, true );
			};
		};
		$this->assertSame( 'admin', Permission::for_user( $user( array( 'manage_options' ) ) ) );
		$this->assertSame( 'admin', Permission::for_user( $user( array( 'svc_licensing_admin', 'svc_licensing_read' ) ) ) );
		$this->assertSame( 'write', Permission::for_user( $user( array( 'svc_licensing_write', 'svc_licensing_read' ) ) ) );
		$this->assertSame( 'read', Permission::for_user( $user( array( 'svc_licensing_read', 'edit_posts' ) ) ) );
		$this->assertSame( 'none', Permission::for_user( $user( array( 'read' ) ) ) );
	}
}
