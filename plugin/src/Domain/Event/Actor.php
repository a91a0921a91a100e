<?php
/**
 * Who caused a recorded event.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Event;

/**
 * A kind and a label, decided by the caller and passed down to the use case: a signed-in user (id and login),
 * an API key (its prefix, never the key), a customer's site (the URL a client call named), a payment event (the
 * processor's event id) or a system job. Pure value: no WordPress, no request.
 */
final class Actor {
	public const USER     = 'user';
	public const API_KEY  = 'api_key';
	public const CUSTOMER = 'customer';
	public const PAYMENT  = 'payment';
	public const SYSTEM   = 'system';

	/**
	 * Every kind, for the list filter.
	 */
	public const KINDS = array( self::USER, self::API_KEY, self::CUSTOMER, self::PAYMENT, self::SYSTEM );

	/**
	 * Longest label stored.
	 */
	public const MAX_LABEL = 200;

	/**
	 * Kind.
	 *
	 * @var string
	 */
	public $kind;

	/**
	 * Label.
	 *
	 * @var string
	 */
	public $label;

	/**
	 * Constructor.
	 *
	 * @param string $kind  One of KINDS.
	 * @param string $label Label, cut to MAX_LABEL characters.
	 */
	private function __construct( string $kind, string $label ) {
		$this->kind  = $kind;
		$this->label = substr( $label, 0, self::MAX_LABEL );
	}

	/**
	 * A signed-in WordPress user.
	 *
	 * @param int    $id    User id.
	 * @param string $login Login.
	 */
	public static function user( int $id, string $login ): self {
		return new self( self::USER, $id . ':' . $login );
	}

	/**
	 * An API key, named by its prefix.
	 *
	 * @param string $prefix Key prefix.
	 */
	public static function api_key( string $prefix ): self {
		return new self( self::API_KEY, $prefix );
	}

	/**
	 * A customer's site calling a client route.
	 *
	 * @param string $site Site URL.
	 */
	public static function customer( string $site ): self {
		return new self( self::CUSTOMER, $site );
	}

	/**
	 * A payment processor's event.
	 *
	 * @param string $event_id Processor event id.
	 */
	public static function payment( string $event_id ): self {
		return new self( self::PAYMENT, $event_id );
	}

	/**
	 * A job of the service itself.
	 *
	 * @param string $job Job name.
	 */
	public static function system( string $job ): self {
		return new self( self::SYSTEM, $job );
	}
}
