<?php
/**
 * The opaque cursor of a keyset page: where the previous page ended, in its order.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Http;

use Svc\Licensing\Domain\Base64Url;

/**
 * A page after a cursor starts right after the row the cursor names, by the list's sort column and then its id, so
 * page 5,000 costs what page 1 costs (an offset reads and throws away every row before it). The cursor carries its
 * order: one made for another order is refused instead of silently skipping rows. Pure.
 */
final class ListCursor {

	/**
	 * Sort key (a list's orderby).
	 *
	 * @var string
	 */
	public $sort;

	/**
	 * Order: asc or desc.
	 *
	 * @var string
	 */
	public $order;

	/**
	 * The last row's value of the sort column (null when that row has none).
	 *
	 * @var string|int|null
	 */
	public $value;

	/**
	 * The last row's id.
	 *
	 * @var int
	 */
	public $id;

	/**
	 * Constructor.
	 *
	 * @param string          $sort  Sort key.
	 * @param string          $order asc or desc.
	 * @param string|int|null $value Last row's sort value.
	 * @param int             $id    Last row's id.
	 */
	public function __construct( string $sort, string $order, $value, int $id ) {
		$this->sort  = $sort;
		$this->order = $order;
		$this->value = $value;
		$this->id    = $id;
	}

	/**
	 * The cursor as the list hands it out.
	 */
	public function encode(): string {
		return Base64Url::encode( (string) json_encode( array( $this->sort, $this->order, $this->value, $this->id ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress.
	}

	/**
	 * A cursor from a request, or null when it is not one this list made.
	 *
	 * @param string $raw Cursor as sent.
	 */
	public static function decode( string $raw ): ?self {
		$bytes = strlen( $raw ) <= 2048 ? Base64Url::decode( $raw ) : null;
		$parts = null === $bytes ? null : json_decode( $bytes, true );
		if ( ! is_array( $parts ) || 4 !== count( $parts ) || ! is_string( $parts[0] ?? null ) || ! in_array( $parts[1] ?? null, array( 'asc', 'desc' ), true ) || ! is_int( $parts[3] ?? null ) || $parts[3] < 1 ) {
			return null;
		}
		$value = $parts[2];
		if ( null !== $value && ! is_string( $value ) && ! is_int( $value ) ) {
			return null;
		}
		return new self( $parts[0], $parts[1], $value, $parts[3] );
	}
}
