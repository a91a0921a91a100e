<?php
/**
 * A multisite network takes one slot, unless the seller's product counts each site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\MultisiteActivation;

final class MultisiteActivationTest extends TestCase {

	public function test_a_per_network_product_counts_the_network_s_address_for_every_site_of_it(): void {
		$rule = MultisiteActivation::of( 'network' );
		$this->assertSame( 'net.example', $rule->counted_site( 'net.example/one', 'net.example' ) );
		$this->assertSame( 'net.example', $rule->counted_site( 'net.example', 'net.example' ) );
		$this->assertSame( 'network', $rule->scope() );
	}

	public function test_a_per_site_product_counts_each_site(): void {
		$rule = MultisiteActivation::of( 'site' );
		$this->assertSame( 'net.example/one', $rule->counted_site( 'net.example/one', 'net.example' ) );
		$this->assertSame( 'site', $rule->scope() );
	}

	public function test_a_single_site_sends_no_network_and_is_counted_as_itself(): void {
		$this->assertSame( 'shop.example', MultisiteActivation::of( 'network' )->counted_site( 'shop.example', null ) );
	}

	public function test_an_unknown_stored_value_counts_per_network_the_default(): void {
		$this->assertSame( MultisiteActivation::NETWORK, MultisiteActivation::DEFAULT );
		$this->assertSame( 'network', MultisiteActivation::of( 'bogus' )->scope() );
		$this->assertSame( array( 'network', 'site' ), MultisiteActivation::VALUES );
	}
}
