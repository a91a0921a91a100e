<?php
/**
 * Site Health: where the rate-limit counters live.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Domain\RateLimit\CounterStore;
use Svc\Licensing\Storage\RedisMemory;
use Svc\Licensing\Storage\SharedMemories;

/**
 * Names the store (docs/api-decisions.md, "Where the counters live") and says when wp-config.php asks for one this
 * host does not give: the counters then go to the database, which is exact but writes a row per request. Not one
 * of GET /health's checks, whose names the spec fixes.
 */
final class CounterStoreHealth {

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'site_status_tests', array( $this, 'add_test' ) );
	}

	/**
	 * Adds the direct test.
	 *
	 * @param array<string, mixed> $tests Tests.
	 * @return array<string, mixed>
	 */
	public function add_test( $tests ) {
		$tests                                     = is_array( $tests ) ? $tests : array();
		$tests['direct']['svc_licensing_counters'] = array(
			'label' => __( 'Licence service rate-limit counters', 'svc-licensing' ),
			'test'  => array( $this, 'result' ),
		);
		return $tests;
	}

	/**
	 * The result.
	 *
	 * @return array<string, mixed>
	 */
	public function result(): array {
		$configured = strtolower( trim( SharedMemories::configured() ) );
		$chosen     = SharedMemories::chosen();
		$names      = array(
			CounterStore::DATABASE     => __( 'the database', 'svc-licensing' ),
			CounterStore::APCU         => __( 'APCu (this web server\'s shared memory)', 'svc-licensing' ),
			CounterStore::REDIS        => __( 'Redis', 'svc-licensing' ),
			CounterStore::OBJECT_CACHE => __( 'the persistent object cache', 'svc-licensing' ),
		);
		$problem    = null;
		if ( ! CounterStore::is_known( $configured ) ) {
			/* translators: 1: the constant's value, 2: the values it takes. */
			$problem = sprintf( __( 'SVC_LICENSING_COUNTERS is "%1$s", which is not one of: %2$s.', 'svc-licensing' ), $configured, implode( ', ', CounterStore::names() ) );
		} elseif ( CounterStore::REDIS === $chosen ) {
			$server = SharedMemories::redis_server();
			if ( null !== $server && ! ( new RedisMemory( $server, '' ) )->reachable() ) {
				$problem = __( 'The Redis server that SVC_LICENSING_REDIS names does not answer. Until it does, every request counts in the database.', 'svc-licensing' );
			}
		} elseif ( '' !== $configured && CounterStore::AUTO !== $configured && $configured !== $chosen ) {
			$problem = CounterStore::REDIS === $configured
				? __( 'SVC_LICENSING_COUNTERS asks for Redis, but SVC_LICENSING_REDIS names no server or PHP has neither the redis extension nor Predis.', 'svc-licensing' )
				/* translators: %s: the store asked for. */
				: sprintf( __( 'SVC_LICENSING_COUNTERS asks for %s, which this host does not have.', 'svc-licensing' ), $configured );
		}
		/* translators: %s: where the counters live, e.g. "Redis". */
		$label = sprintf( __( 'Rate-limit counters are kept in %s', 'svc-licensing' ), $names[ $chosen ] );
		$means = __( 'Every validate, activation and update check counts against a per-minute limit. In APCu, Redis or a persistent object cache that count writes nothing to the database; in the database it is one write per request. APCu is shared by one web server only: a site on several web servers sets SVC_LICENSING_REDIS (or SVC_LICENSING_COUNTERS to "database") in wp-config.php, so that one client\'s limit is one limit.', 'svc-licensing' );
		$text  = '<p>' . esc_html( $means ) . '</p>';
		if ( null !== $problem ) {
			$text = '<p><strong>' . esc_html( $problem ) . '</strong></p>' . $text;
		}
		return array(
			'label'       => null === $problem ? $label : __( 'The licence service\'s rate-limit counters are not where wp-config.php asks', 'svc-licensing' ),
			'status'      => null === $problem ? 'good' : 'recommended',
			'badge'       => array(
				'label' => __( 'Licence service', 'svc-licensing' ),
				'color' => null === $problem ? 'blue' : 'orange',
			),
			'description' => $text,
			'actions'     => '',
			'test'        => 'svc_licensing_counters',
		);
	}
}
