<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\SiteChange;

final class SiteChangeTest extends TestCase {

	public function test_a_copy_of_another_site_without_an_answer_is_refused_until_the_owner_answers(): void {
		$this->assertSame( ErrorCode::SITE_CHANGE_UNANSWERED, SiteChange::refusal( null, 'shop.example.com', false ) );
		// A staging host alone is not an answer: the owner says whether it is a copy.
		$this->assertSame( ErrorCode::SITE_CHANGE_UNANSWERED, SiteChange::refusal( null, 'shop.example.com', true ) );
	}

	public function test_a_site_no_other_site_of_the_license_shares_an_install_with_goes_on(): void {
		$this->assertNull( SiteChange::refusal( null, null, false ) );
		$this->assertNull( SiteChange::refusal( null, null, true ) );
	}

	public function test_a_temporary_copy_is_allowed_on_a_staging_host_only(): void {
		$this->assertNull( SiteChange::refusal( SiteChange::COPY, 'shop.example.com', true ) );
		$this->assertNull( SiteChange::refusal( SiteChange::COPY, null, true ) );
		$this->assertSame( ErrorCode::NOT_A_STAGING_SITE, SiteChange::refusal( SiteChange::COPY, 'shop.example.com', false ) );
		$this->assertSame( ErrorCode::NOT_A_STAGING_SITE, SiteChange::refusal( SiteChange::COPY, null, false ) );
	}

	public function test_a_new_site_goes_on_to_the_ordinary_limit(): void {
		$this->assertNull( SiteChange::refusal( SiteChange::NEW_SITE, 'shop.example.com', false ) );
		$this->assertNull( SiteChange::refusal( SiteChange::NEW_SITE, null, true ) );
	}

	public function test_the_route_accepts_exactly_the_two_answers(): void {
		$this->assertSame( array( 'copy', 'new' ), SiteChange::VALUES );
	}
}
