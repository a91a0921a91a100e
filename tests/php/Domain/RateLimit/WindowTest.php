<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\RateLimit;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\RateLimit\Window;

final class WindowTest extends TestCase {

	public function test_windows_are_whole_minutes(): void {
		$this->assertSame( 1767323040, Window::start( 1767323045 ) );
		$this->assertSame( 1767323040, Window::start( 1767323040 ) );
		$this->assertSame( 55, Window::retry_after( 1767323045 ) );
		$this->assertSame( 60, Window::retry_after( 1767323040 ) );
		$this->assertSame( 1, Window::retry_after( 1767323099 ) );
	}

	public function test_the_limit_th_request_passes_and_the_next_does_not(): void {
		$this->assertFalse( Window::exceeded( 30, 30 ) );
		$this->assertSame( 0, Window::remaining( 30, 30 ) );
		$this->assertTrue( Window::exceeded( 30, 31 ) );
		$this->assertSame( 0, Window::remaining( 30, 31 ) );
		$this->assertSame( 29, Window::remaining( 30, 1 ) );
	}
}
