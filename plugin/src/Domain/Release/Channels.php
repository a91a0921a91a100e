<?php
/**
 * A product's release channels, safest first.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use InvalidArgumentException;

/**
 * `stable` always comes first; `beta` and named channels (`[a-z0-9-]{1,40}`) follow in the order the seller
 * lists them. A licence or site on channel C sees releases of C and of every channel before it; a channel the
 * product no longer lists counts as `stable`, so a removed channel never hides the stable releases.
 */
final class Channels {
	public const STABLE  = 'stable';
	public const DEFAULT = 'stable,beta';

	/**
	 * The channels, safest first.
	 *
	 * @var list<string>
	 */
	private $names;

	/**
	 * Constructor.
	 *
	 * @param string[] $names Checked names.
	 */
	private function __construct( array $names ) {
		$this->names = array_values( $names );
	}

	/**
	 * A channel list from a comma-separated text or a list of names.
	 *
	 * @param string|array<mixed> $given Names, safest first.
	 * @throws InvalidArgumentException When a name is malformed or repeated, or stable is not first.
	 */
	public static function parse( $given ): self {
		$names = is_array( $given ) ? $given : explode( ',', (string) $given );
		$names = array_values(
			array_map(
				static function ( $name ): string {
					return is_string( $name ) ? strtolower( trim( $name ) ) : '';
				},
				$names
			)
		);
		foreach ( $names as $name ) {
			if ( ! self::is_name( $name ) ) {
				throw new InvalidArgumentException( 'Channel names are 1–40 lowercase letters, digits or hyphens.' );
			}
		}
		if ( count( array_unique( $names ) ) !== count( $names ) ) {
			throw new InvalidArgumentException( 'A channel is listed twice.' );
		}
		if ( array() === $names || self::STABLE !== $names[0] ) {
			throw new InvalidArgumentException( 'The channel list starts with stable, the safest channel.' );
		}
		return new self( $names );
	}

	/**
	 * The stored list, falling back to the default when the stored text is not a list.
	 *
	 * @param string|null $stored Stored column.
	 */
	public static function from_storage( ?string $stored ): self {
		try {
			return self::parse( (string) $stored );
		} catch ( InvalidArgumentException $e ) {
			return self::parse( self::DEFAULT );
		}
	}

	/**
	 * Whether a text is a well-formed channel name.
	 *
	 * @param string $name Name.
	 */
	public static function is_name( string $name ): bool {
		return 1 === preg_match( '/^[a-z0-9-]{1,40}$/', $name );
	}

	/**
	 * The names, safest first.
	 *
	 * @return list<string>
	 */
	public function names(): array {
		return $this->names;
	}

	/**
	 * Whether the product lists a channel.
	 *
	 * @param string $name Name.
	 */
	public function has( string $name ): bool {
		return in_array( $name, $this->names, true );
	}

	/**
	 * The channel a licence or site is on: the site's choice, else the licence's, else stable; a choice the
	 * product does not list is stable.
	 *
	 * @param string|null $site    The activation's channel.
	 * @param string|null $license The licence's channel.
	 */
	public function resolve( ?string $site, ?string $license ): string {
		foreach ( array( $site, $license ) as $choice ) {
			if ( null !== $choice && '' !== $choice ) {
				return $this->has( $choice ) ? $choice : self::STABLE;
			}
		}
		return self::STABLE;
	}

	/**
	 * The channels whose releases one on $channel sees: it and every safer one.
	 *
	 * @param string $channel Channel.
	 * @return list<string>
	 */
	public function visible_from( string $channel ): array {
		$position = array_search( $channel, $this->names, true );
		return array_slice( $this->names, 0, false === $position ? 1 : $position + 1 );
	}

	/**
	 * The stored form.
	 */
	public function to_storage(): string {
		return implode( ',', $this->names );
	}
}
