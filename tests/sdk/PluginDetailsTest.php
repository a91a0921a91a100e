<?php
/**
 * "View details" for our plugins: the offer when an update is pending; otherwise the installed version with the
 * changelog of the latest public release, asked at most once a minute, an outage keeping the last answer.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\PluginDetails;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\UpdateOffer;

final class PluginDetailsTest extends TestCase {

	private const BASENAME = 'acme-widgets/acme-widgets.php';

	private const NO_NOTES = 'No changelog <yet> & none kept.';

	/**
	 * A latest-release answer of the server.
	 *
	 * @param string $version   Release version.
	 * @param string $changelog Its changelog.
	 * @return array<string, mixed>
	 */
	private static function answer( string $version, string $changelog ): array {
		return array(
			'product' => array(
				'name' => 'Acme Widgets',
				'slug' => 'acme-widgets',
			),
			'release' => array(
				'version'      => $version,
				'released'     => '2026-11-01T10:00:00Z',
				'requires_wp'  => '6.5',
				'requires_php' => '7.4',
				'tested'       => '6.7',
				'changelog'    => $changelog,
			),
		);
	}

	public function test_a_pending_update_shows_the_offer_and_its_changelog(): void {
		$offer  = UpdateOffer::from_answer(
			array(
				'new_version'  => '1.1.0',
				'package'      => 'https://seller.example/wp-json/svc/v1/downloads/acme-widgets?token=t',
				'package_hash' => 'sha256:' . str_repeat( 'a', 64 ),
				'url'          => 'https://seller.example/widgets/',
				'tested'       => '6.7',
				'requires'     => '6.5',
				'requires_php' => '7.4',
				'sections'     => array( 'changelog' => '<h4>1.1.0</h4>' ),
			),
			'1.0.0'
		);
		$fields = PluginDetails::fields( 'Acme Widgets', self::BASENAME, '1.0.0', $offer, null, self::NO_NOTES );
		$this->assertSame( 'Acme Widgets', $fields['name'] );
		$this->assertSame( 'acme-widgets', $fields['slug'] );
		$this->assertTrue( $fields['external'] );
		$this->assertSame( '1.1.0', $fields['version'] );
		$this->assertSame( 'https://seller.example/widgets/', $fields['homepage'] );
		$this->assertSame( array( 'changelog' => '<h4>1.1.0</h4>' ), $fields['sections'] );
	}

	public function test_up_to_date_shows_the_installed_version_with_the_latest_releases_changelog_and_requirements(): void {
		$kept   = PluginDetails::after_reply( null, new Reply( Reply::ANSWER, 200, self::answer( '1.0.0', '<h4>1.0.0</h4><p>First</p>' ) ), 1000 );
		$fields = PluginDetails::fields( 'Acme Widgets', self::BASENAME, '1.0.0', null, $kept, self::NO_NOTES );
		$this->assertSame( 'Acme Widgets', $fields['name'] );
		$this->assertSame( 'acme-widgets', $fields['slug'] );
		$this->assertTrue( $fields['external'] );
		$this->assertSame( '1.0.0', $fields['version'] );
		$this->assertSame( array( 'changelog' => '<h4>1.0.0</h4><p>First</p>' ), $fields['sections'] );
		$this->assertSame( '6.5', $fields['requires'] );
		$this->assertSame( '7.4', $fields['requires_php'] );
		$this->assertSame( '6.7', $fields['tested'] );
		$this->assertSame( '2026-11-01T10:00:00Z', $fields['last_updated'] );
		$this->assertArrayNotHasKey( 'download_link', $fields );
	}

	public function test_a_newer_release_not_offered_here_gives_its_changelog_but_not_its_version_or_requirements(): void {
		$kept   = PluginDetails::after_reply( null, new Reply( Reply::ANSWER, 200, self::answer( '2.0.0', '<h4>2.0.0</h4>' ) ), 1000 );
		$fields = PluginDetails::fields( 'Acme Widgets', self::BASENAME, '1.0.0', null, $kept, self::NO_NOTES );
		$this->assertSame( '1.0.0', $fields['version'] );
		$this->assertSame( array( 'changelog' => '<h4>2.0.0</h4>' ), $fields['sections'] );
		$this->assertArrayNotHasKey( 'requires', $fields );
		$this->assertArrayNotHasKey( 'last_updated', $fields );
	}

	public function test_without_a_known_changelog_it_says_so_in_plain_words_still_ours(): void {
		foreach ( array(
			'never asked'      => null,
			'no release yet'   => PluginDetails::after_reply( null, new Reply( Reply::ANSWER, 200, array( 'release' => null ) ), 1000 ),
			'not on sale'      => PluginDetails::after_reply( null, new Reply( Reply::REFUSED, 404, array( 'code' => 'product_not_found' ) ), 1000 ),
			'empty changelog'  => PluginDetails::after_reply( null, new Reply( Reply::ANSWER, 200, self::answer( '1.0.0', '' ) ), 1000 ),
			'not a release'    => PluginDetails::after_reply( null, new Reply( Reply::ANSWER, 200, array( 'release' => array( 'version' => 7 ) ) ), 1000 ),
		) as $case => $kept ) {
			$fields = PluginDetails::fields( 'Acme Widgets', self::BASENAME, '1.0.0', null, $kept, self::NO_NOTES );
			$this->assertSame( 'Acme Widgets', $fields['name'], $case );
			$this->assertSame( '1.0.0', $fields['version'], $case );
			$this->assertTrue( $fields['external'], $case );
			$this->assertSame( array( 'changelog' => '<p>No changelog &lt;yet&gt; &amp; none kept.</p>' ), $fields['sections'], $case );
		}
	}

	public function test_an_outage_keeps_the_last_release_and_any_answer_replaces_it(): void {
		$kept = PluginDetails::after_reply( null, new Reply( Reply::ANSWER, 200, self::answer( '1.0.0', '<p>Kept</p>' ) ), 1000 );
		foreach ( array( Reply::UNAVAILABLE, Reply::WAITING ) as $kind ) {
			$after = PluginDetails::after_reply( $kept, new Reply( $kind ), 1100 );
			$this->assertSame( 1100, $after['at'], $kind );
			$this->assertSame( $kept['release'], $after['release'], $kind );
		}
		$this->assertNull( PluginDetails::after_reply( $kept, new Reply( Reply::REFUSED, 404, array( 'code' => 'product_not_found' ) ), 1100 )['release'] );
		$this->assertSame( '1.1.0', PluginDetails::after_reply( $kept, new Reply( Reply::ANSWER, 200, self::answer( '1.1.0', '<p>New</p>' ) ), 1100 )['release']['version'] ?? null );
	}

	public function test_the_server_is_asked_at_most_once_a_minute(): void {
		$kept = PluginDetails::after_reply( null, new Reply( Reply::UNAVAILABLE ), 1000 );
		$this->assertTrue( PluginDetails::may_ask( null, 1000 ) );
		$this->assertTrue( PluginDetails::may_ask( array( 'at' => '1000' ), 1000 ) );
		$this->assertFalse( PluginDetails::may_ask( $kept, 1000 ) );
		$this->assertFalse( PluginDetails::may_ask( $kept, 1059 ) );
		$this->assertTrue( PluginDetails::may_ask( $kept, 1060 ) );
		$this->assertTrue( PluginDetails::may_ask( $kept, 999 ), 'a clock that went back' );
	}
}
