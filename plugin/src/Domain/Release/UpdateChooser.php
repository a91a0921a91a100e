<?php
/**
 * Which release the update check offers a site: channels, pins and rollback.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * Pure: given a product's published releases and the licence's and site's facts, picks the release to offer.
 * - The site's channel beats the licence's (Channels::resolve); it sees its channel and every safer one.
 * - Stable releases count up to the product's current version (publishing an earlier one is a rollback);
 *   another channel's releases count while published and not withdrawn.
 * - A pin (the site's beats the licence's) drops every release above it.
 * - The newest of what is left is offered when newer than the installed version, or, when the installed version
 *   was withdrawn, even when older: a rollback.
 * The rollout (bucket and percentage) is decided after, on the release chosen.
 */
final class UpdateChooser {

	/**
	 * The choice.
	 *
	 * @param list<array<string, mixed>>                                                                      $published       The product's published releases (withdrawn ones too).
	 * @param string                                                                                          $current_version The product's current (stable) version, '' before any.
	 * @param Channels                                                                                        $channels        The product's channels.
	 * @param array{site_channel: ?string, license_channel: ?string, site_pin: ?string, license_pin: ?string} $facts The site's and licence's choices.
	 * @param Version                                                                                         $installed       The version the site runs.
	 */
	public static function choose( array $published, string $current_version, Channels $channels, array $facts, Version $installed ): UpdateChoice {
		$channel = $channels->resolve( $facts['site_channel'], $facts['license_channel'] );
		$source  = self::filled( $facts['site_channel'] ) ? 'site' : ( self::filled( $facts['license_channel'] ) ? 'licence' : 'default' );
		$visible = $channels->visible_from( $channel );
		$steps   = array( sprintf( 'channel: %s (%s), sees %s', $channel, $source, implode( ', ', $visible ) ) );
		$current = Version::is_valid( $current_version ) ? Version::parse( $current_version ) : null;

		$pin = null;
		foreach ( array(
			'site'    => $facts['site_pin'],
			'licence' => $facts['license_pin'],
		) as $whose => $given ) {
			if ( self::filled( $given ) && Version::is_valid( (string) $given ) ) {
				$pin     = Version::parse( (string) $given );
				$steps[] = sprintf( 'pin: %s (%s)', $given, $whose );
				break;
			}
		}

		$withdrawn = false;
		$best      = null;
		foreach ( $published as $release ) {
			$version = Version::parse( (string) $release['version'] );
			if ( null !== $release['withdrawn_at'] ) {
				$withdrawn = $withdrawn || 0 === $version->compare( $installed );
				continue;
			}
			$release_channel = (string) $release['channel'];
			if ( ! in_array( $release_channel, $visible, true )
				|| ( Channels::STABLE === $release_channel && ( null === $current || $version->is_newer_than( $current ) ) )
				|| ( null !== $pin && $version->is_newer_than( $pin ) ) ) {
				continue;
			}
			if ( null === $best || $version->is_newer_than( Version::parse( (string) $best['version'] ) ) ) {
				$best = $release;
			}
		}
		if ( null === $best ) {
			$steps[] = 'no release to offer';
			return new UpdateChoice( null, false, $channel, $steps );
		}
		$steps[] = sprintf( 'newest: %s (%s)', $best['version'], $best['channel'] );
		$offered = Version::parse( (string) $best['version'] );
		if ( $offered->is_newer_than( $installed ) ) {
			return new UpdateChoice( $best, false, $channel, $steps );
		}
		if ( $withdrawn && $installed->is_newer_than( $offered ) ) {
			$steps[] = sprintf( 'the installed version was withdrawn: rollback to %s', $best['version'] );
			return new UpdateChoice( $best, true, $channel, $steps );
		}
		$steps[] = 'the site runs it or newer';
		return new UpdateChoice( null, false, $channel, $steps );
	}

	/**
	 * Whether an optional choice is set.
	 *
	 * @param string|null $value Value.
	 */
	private static function filled( ?string $value ): bool {
		return null !== $value && '' !== $value;
	}
}
