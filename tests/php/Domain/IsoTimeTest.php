<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\IsoTime;

final class IsoTimeTest extends TestCase {

	public function test_formats_unix_seconds_in_utc(): void {
		$this->assertSame( '1970-01-01T00:00:00Z', IsoTime::format( 0 ) );
		$this->assertSame( '2026-01-02T03:04:05Z', IsoTime::format( 1767323045 ) );
	}

	public function test_round_trips_through_storage_whatever_the_php_timezone(): void {
		$previous = date_default_timezone_get();
		date_default_timezone_set( 'Pacific/Auckland' );
		try {
			$this->assertSame( '2026-01-02 03:04:05', IsoTime::to_storage( 1767323045 ) );
			$this->assertSame( '2026-01-02T03:04:05Z', IsoTime::from_storage( '2026-01-02 03:04:05' ) );
		} finally {
			date_default_timezone_set( $previous );
		}
	}

	public function test_empty_and_zero_dates_are_null(): void {
		$this->assertNull( IsoTime::from_storage( null ) );
		$this->assertNull( IsoTime::from_storage( '' ) );
		$this->assertNull( IsoTime::from_storage( '0000-00-00 00:00:00' ) );
	}
}
