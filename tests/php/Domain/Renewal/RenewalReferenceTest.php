<?php
/**
 * The reference a renewal link and a renewal payment carry: it names a licence, never its key, and a stranger
 * cannot make one for a licence they were not sent.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\RenewalReference;

final class RenewalReferenceTest extends TestCase {

	private const SECRET = 'a-key-secret-of-this-site-0123456789abcdef';

	public function test_a_reference_names_its_license_and_reads_back(): void {
		$references = new RenewalReference( self::SECRET );
		$reference  = $references->make( 42 );
		$this->assertMatchesRegularExpression( '/^lic_42_[0-9a-f]{16}$/D', $reference );
		$this->assertSame( 42, $references->license_id( $reference ) );
		$this->assertSame( $reference, $references->make( 42 ), 'the same licence always gets the same reference' );
	}

	public function test_it_fits_stripes_client_reference_id(): void {
		// Stripe: at most 200 characters, letters, digits, dashes and underscores.
		$reference = ( new RenewalReference( self::SECRET ) )->make( PHP_INT_MAX );
		$this->assertLessThanOrEqual( 200, strlen( $reference ) );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/D', $reference );
	}

	public function test_a_reference_for_another_license_or_from_another_site_is_refused(): void {
		$references = new RenewalReference( self::SECRET );
		$mine       = $references->make( 42 );
		$forged     = str_replace( 'lic_42_', 'lic_43_', $mine );
		$this->assertNull( $references->license_id( $forged ), 'the check is bound to the id' );
		$this->assertNull( $references->license_id( ( new RenewalReference( 'another-site-secret-0123456789abcdef00' ) )->make( 42 ) ) );
	}

	public function test_anything_else_is_not_a_reference(): void {
		$references = new RenewalReference( self::SECRET );
		$good       = $references->make( 7 );
		foreach ( array( '', 'lic_7', 'lic__' . substr( $good, 6 ), 'lic_07_' . substr( $good, 6 ), 'lic_0_' . substr( $good, 6 ), strtoupper( $good ), $good . '0', ' ' . $good, 'cs_test_123', 'lic_-7_' . substr( $good, 6 ) ) as $bad ) {
			$this->assertNull( $references->license_id( $bad ), $bad );
		}
	}

	public function test_a_site_without_a_secret_makes_no_reference(): void {
		$this->expectException( \InvalidArgumentException::class );
		new RenewalReference( '' );
	}
}
