<?php
/**
 * One update check for every product of a site that uses the same licence server.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * POST /updates/check with the products that have a key (up to LIMIT per request, so a site with more products
 * than that sends one request per LIMIT), through the server's Connection and so its back-off. Each product gets
 * the Reply the single check would have given it: the item's offer or "no update" is an ANSWER, the item's error
 * envelope a REFUSED, and a batch that did not come back (or an item missing from it) UNAVAILABLE or WAITING for
 * every product it carried. A product without a key is REFUSED without a request. Pure.
 */
final class UpdateBatch {

	/** Most items the server takes in one batch. */
	public const LIMIT = 50;

	/**
	 * Asks the server about every product.
	 *
	 * @param Connection                                                         $connection The server.
	 * @param string                                                             $site_url   This site's address.
	 * @param array<string, array{license_key: string, current_version: string}> $products   Product slug => its key ('' when none) and installed version.
	 * @param string                                                             $network_url The network's main address on a multisite ('' sends none).
	 * @param array<string, string>                                              $reported   What the site reports about itself (`wp_version`, `php_version`), sent with every batch so the server can explain its answer.
	 * @return array<string, Reply> Product slug => its reply, for every product given.
	 */
	public static function check( Connection $connection, string $site_url, array $products, string $network_url = '', array $reported = array() ): array {
		$replies = array();
		$asked   = array();
		foreach ( $products as $slug => $product ) {
			if ( '' === $product['license_key'] ) {
				$replies[ $slug ] = new Reply( Reply::REFUSED, 0, array( 'code' => 'no_key' ) );
			} else {
				$asked[ $slug ] = $product;
			}
		}
		foreach ( array_chunk( $asked, self::LIMIT, true ) as $chunk ) {
			$items = array();
			foreach ( $chunk as $slug => $product ) {
				$items[] = array(
					'product_slug'    => (string) $slug,
					'license_key'     => $product['license_key'],
					'current_version' => $product['current_version'],
				);
			}
			$fields = array(
				'site_url' => $site_url,
				'items'    => $items,
			);
			if ( '' !== $network_url ) {
				$fields['network_url'] = $network_url;
			}
			foreach ( array( 'wp_version', 'php_version' ) as $name ) {
				if ( isset( $reported[ $name ] ) && '' !== $reported[ $name ] ) {
					$fields[ $name ] = $reported[ $name ];
				}
			}
			$reply    = $connection->call( 'POST', '/updates/check', $fields );
			$replies += self::split( $reply, array_map( 'strval', array_keys( $chunk ) ) );
		}
		return $replies;
	}

	/**
	 * Each product's reply from the batch's reply.
	 *
	 * @param Reply    $reply The batch's reply.
	 * @param string[] $slugs The products it asked about, in the order sent (a list).
	 * @return array<string, Reply>
	 */
	public static function split( Reply $reply, array $slugs ): array {
		$body    = $reply->body();
		$answers = Reply::ANSWER === $reply->kind() && isset( $body['items'] ) && is_array( $body['items'] ) ? array_values( $body['items'] ) : null;
		$replies = array();
		foreach ( $slugs as $index => $slug ) {
			if ( null === $answers ) {
				// Not a batch answer: a refusal of the whole request, an outage or the back-off, for every product.
				$replies[ $slug ] = Reply::ANSWER === $reply->kind() ? new Reply( Reply::UNAVAILABLE, $reply->status() ) : $reply;
				continue;
			}
			$item = $answers[ $index ] ?? null;
			if ( ! is_array( $item ) || ( $item['product_slug'] ?? null ) !== $slug || ! isset( $item['status'] ) || ! is_int( $item['status'] ) ) {
				$replies[ $slug ] = new Reply( Reply::UNAVAILABLE, $reply->status() );
				continue;
			}
			$lease            = isset( $item['lease'] ) && is_string( $item['lease'] ) ? $item['lease'] : '';
			$replies[ $slug ] = Reply::of( $item['status'], $item['body'] ?? null )->with_lease( $lease );
		}
		return $replies;
	}
}
