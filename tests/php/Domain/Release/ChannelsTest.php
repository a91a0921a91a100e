<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\Channels;

final class ChannelsTest extends TestCase {

	public function test_a_channel_sees_itself_and_every_safer_one(): void {
		$channels = Channels::parse( 'stable, beta,nightly' );
		$this->assertSame( array( 'stable', 'beta', 'nightly' ), $channels->names() );
		$this->assertSame( array( 'stable' ), $channels->visible_from( 'stable' ) );
		$this->assertSame( array( 'stable', 'beta' ), $channels->visible_from( 'beta' ) );
		$this->assertSame( array( 'stable', 'beta', 'nightly' ), $channels->visible_from( 'nightly' ) );
		$this->assertSame( array( 'stable' ), $channels->visible_from( 'gone' ) );
		$this->assertSame( 'stable,beta,nightly', $channels->to_storage() );
	}

	public function test_the_site_choice_beats_the_license_and_an_unlisted_one_is_stable(): void {
		$channels = Channels::parse( array( 'stable', 'beta', 'nightly' ) );
		$this->assertSame( 'stable', $channels->resolve( null, null ) );
		$this->assertSame( 'beta', $channels->resolve( null, 'beta' ) );
		$this->assertSame( 'nightly', $channels->resolve( 'nightly', 'beta' ) );
		$this->assertSame( 'stable', $channels->resolve( 'stable', 'nightly' ) );
		$this->assertSame( 'beta', $channels->resolve( '', 'beta' ) );
		$this->assertSame( 'stable', $channels->resolve( 'removed', 'beta' ) );
	}

	public function test_a_broken_stored_list_falls_back_to_the_default(): void {
		$this->assertSame( array( 'stable', 'beta' ), Channels::from_storage( 'beta,stable' )->names() );
		$this->assertSame( array( 'stable', 'rc' ), Channels::from_storage( 'stable,rc' )->names() );
	}

	/**
	 * @return array<string, array{0: string|string[], 1: string}>
	 */
	public static function broken_lists(): array {
		return array(
			'stable not first' => array( 'beta,stable', 'starts with stable' ),
			'empty'            => array( '', 'lowercase letters' ),
			'repeated'         => array( 'stable,beta,beta', 'twice' ),
			'bad name'         => array( array( 'stable', 'Beta Two' ), 'lowercase letters' ),
			'too long'         => array( 'stable,' . str_repeat( 'x', 41 ), 'lowercase letters' ),
		);
	}

	/**
	 * @param string|string[] $given   Given.
	 * @param string          $message Part of the refusal.
	 */
	#[DataProvider( 'broken_lists' )]
	public function test_a_broken_list_is_refused( $given, string $message ): void {
		$this->expectException( InvalidArgumentException::class );
		$this->expectExceptionMessage( $message );
		Channels::parse( $given );
	}
}
