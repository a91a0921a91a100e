<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Lane;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Lane\LoaderPolicy;

final class LoaderPolicyTest extends TestCase {

	/**
	 * Switched on, multisite, DISALLOW_FILE_MODS, the loader on disk (null: none, true: this version's, false:
	 * another), then the state and whether the plugin keeps a loader on disk.
	 *
	 * @return array<string, array{bool, bool, bool, bool|null, string, bool}>
	 */
	public static function sites(): array {
		return array(
			'on, current loader'                      => array( true, false, false, true, 'on', true ),
			'on, another version\'s loader'           => array( true, false, false, false, 'stale', true ),
			'on, no loader'                           => array( true, false, false, null, 'unwritable', true ),
			'switched off, loader left'               => array( false, false, false, true, 'off', false ),
			'switched off and file mods disallowed'   => array( false, false, true, null, 'off', false ),
			'multisite'                               => array( true, true, false, null, 'multisite', false ),
			'multisite and file mods disallowed'      => array( true, true, true, null, 'multisite', false ),
			'file mods disallowed, no loader'         => array( true, false, true, null, 'file_mods_disallowed', false ),
			'file mods disallowed, current loader'    => array( true, false, true, true, 'file_mods_disallowed', false ),
			'file mods disallowed, another\'s loader' => array( true, false, true, false, 'file_mods_disallowed', false ),
		);
	}

	#[DataProvider( 'sites' )]
	public function test_the_state_and_whether_a_loader_belongs_on_disk( bool $switched_on, bool $multisite, bool $file_mods_disallowed, ?bool $loader_current, string $state, bool $wanted ): void {
		$this->assertSame( $state, LoaderPolicy::state( $switched_on, $multisite, $file_mods_disallowed, $loader_current ) );
		$this->assertSame( $wanted, LoaderPolicy::wanted( $switched_on, $multisite, $file_mods_disallowed ) );
	}

	public function test_every_state_is_listed(): void {
		$seen = array_unique( array_column( self::sites(), 4 ) );
		sort( $seen );
		$all = LoaderPolicy::STATES;
		sort( $all );
		$this->assertSame( $all, $seen );
	}

	public function test_only_an_administrators_admin_page_rewrites_the_loader(): void {
		$this->assertTrue( LoaderPolicy::admin_request_syncs( true, false ) );
		// admin-ajax.php: also for a logged-out visitor (admin_init fires there), and for the admin's own AJAX.
		$this->assertFalse( LoaderPolicy::admin_request_syncs( false, true ) );
		$this->assertFalse( LoaderPolicy::admin_request_syncs( true, true ) );
		// admin-post.php without a login, or any admin page of a user who cannot manage options.
		$this->assertFalse( LoaderPolicy::admin_request_syncs( false, false ) );
	}
}
