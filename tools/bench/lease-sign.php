<?php
/**
 * The cost of one signed lease (docs/leases.md), in PHP alone: `php tools/bench/lease-sign.php [count]` prints
 * JSON with microseconds per lease for the signature and encoding (LeaseCodec::payload + sign, a warm key), and
 * for what each client request pays in all (the key ring read from its stored JSON, its active key derived, then
 * payload + sign), the median of five runs of `count` leases each. Pure Domain code: no WordPress is loaded.
 *
 * @package SvcLicensing
 */

use Svc\Licensing\Domain\Lease\KeyRing;
use Svc\Licensing\Domain\Lease\LeaseCodec;
use Svc\Licensing\Domain\Lease\LeaseKey;

require_once dirname( __DIR__, 2 ) . '/plugin/src/autoload.php';

$count = max( 100, (int) ( $argv[1] ?? 2000 ) );
$ring  = KeyRing::first( LeaseKey::generate(), time() )->prepare( LeaseKey::generate(), time() )->promote( time() );
$json  = (string) json_encode( $ring->to_stored() );
$facts = array(
	'license_id' => 123456,
	'product'    => 'bench-product',
	'site'       => 'sha256:' . hash( 'sha256', 'client.example' ),
	'status'     => 'active',
	'valid'      => true,
	'activated'  => true,
	'expires'    => '2030-01-01T00:00:00Z',
	'tier'       => 'Agency',
);

$median = static function ( callable $one ) use ( $count ): float {
	$runs = array();
	for ( $run = 0; $run < 5; $run++ ) {
		$start = hrtime( true );
		for ( $i = 0; $i < $count; $i++ ) {
			$one( $i );
		}
		$runs[] = ( hrtime( true ) - $start ) / 1000 / $count;
	}
	sort( $runs );
	return $runs[2];
};

$key     = $ring->active();
$sign    = $median(
	static function ( int $i ) use ( $key, $facts ): void {
		LeaseCodec::sign( LeaseCodec::payload( $facts, $key->kid(), 1800000000 + $i, 14 * 86400 ), $key );
	}
);
$request = $median(
	static function ( int $i ) use ( $json, $facts ): void {
		$active = KeyRing::from_stored( json_decode( $json, true ) )->active();
		LeaseCodec::sign( LeaseCodec::payload( $facts, $active->kid(), 1800000000 + $i, 14 * 86400 ), $active );
	}
);
echo json_encode(
	array(
		'count'          => $count,
		'keys_in_ring'   => count( $ring->public_keys() ),
		'sign_us'        => round( $sign, 1 ),
		'per_request_us' => round( $request, 1 ),
		'lease_bytes'    => strlen( LeaseCodec::sign( LeaseCodec::payload( $facts, $key->kid(), 1800000000, 14 * 86400 ), $key ) ),
	)
) . "\n";
