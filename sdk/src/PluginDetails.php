<?php
/**
 * What core's "View details" modal shows for one of our plugins, up to date or not.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * With an update pending, the offer's version, requirements and changelog (the update answer, no request). With
 * none (the update check answers {} for a current version), the installed version and the changelog of the
 * product's latest public release, which the licence server publishes at GET /products/{slug}/latest-release
 * (what the seller's "Latest release" block shows); its date and requirements too when that release is the
 * installed version. That route is asked only when the owner opens View details, at most once a minute per
 * product; the last answer is kept, and an outage keeps it. The modal is always ours: marked external, so core
 * links no WordPress.org page, and core never asks WordPress.org for our slug.
 */
final class PluginDetails {

	/** Seconds between two asks of the latest release, however often View details is opened. */
	public const MIN_INTERVAL = 60;

	/**
	 * Whether the latest release may be asked now: never asked, asked a minute or more ago, or the clock went back.
	 *
	 * @param mixed $kept What after_reply() kept, or null.
	 * @param int   $now  Unix time.
	 */
	public static function may_ask( $kept, int $now ): bool {
		if ( ! is_array( $kept ) || ! isset( $kept['at'] ) || ! is_int( $kept['at'] ) ) {
			return true;
		}
		$since = $now - $kept['at'];
		return $since < 0 || $since >= self::MIN_INTERVAL;
	}

	/**
	 * What to keep after asking: the answer's release (null when the product has none, or the server refused,
	 * e.g. 404 for a product not on sale), or, when there was no answer (an outage, the back-off), the release
	 * kept before; with the time of the ask.
	 *
	 * @param mixed $kept  What was kept before, or null.
	 * @param Reply $reply The server's reply.
	 * @param int   $now   Unix time.
	 * @return array{at: int, release: array{version: string, released: string, requires_wp: string, requires_php: string, tested: string, changelog: string}|null}
	 */
	public static function after_reply( $kept, Reply $reply, int $now ): array {
		if ( Reply::ANSWER === $reply->kind() ) {
			$body    = $reply->body();
			$release = self::release( $body['release'] ?? null );
		} elseif ( Reply::REFUSED === $reply->kind() ) {
			$release = null;
		} else {
			$release = is_array( $kept ) ? self::release( $kept['release'] ?? null ) : null;
		}
		return array(
			'at'      => $now,
			'release' => $release,
		);
	}

	/**
	 * The modal's fields (core's plugins_api plugin_information answer).
	 *
	 * @param string           $name      The plugin's name, from its header.
	 * @param string           $basename  The plugin's basename (acme-widgets/acme-widgets.php); its folder is the slug core asks about.
	 * @param string           $installed The installed version.
	 * @param UpdateOffer|null $offer     The pending update, if any.
	 * @param mixed            $kept      What after_reply() kept, or null.
	 * @param string           $no_notes  The changelog section's text when no changelog is known (plain text).
	 * @return array<string, mixed>
	 */
	public static function fields( string $name, string $basename, string $installed, ?UpdateOffer $offer, $kept, string $no_notes ): array {
		$slug = dirname( $basename );
		if ( null !== $offer ) {
			$entry = $offer->for_plugin( $basename, $slug );
			return array(
				'name'          => $name,
				'slug'          => $slug,
				'external'      => true,
				'version'       => $offer->version(),
				'homepage'      => $entry['url'],
				'download_link' => $offer->package(),
				'requires'      => $entry['requires'],
				'requires_php'  => $entry['requires_php'],
				'tested'        => $entry['tested'],
				'sections'      => array( 'changelog' => '' !== $offer->changelog() ? $offer->changelog() : self::paragraph( $no_notes ) ),
			);
		}
		$release = is_array( $kept ) ? self::release( $kept['release'] ?? null ) : null;
		$fields  = array(
			'name'     => $name,
			'slug'     => $slug,
			'external' => true,
			'version'  => $installed,
			'sections' => array( 'changelog' => null !== $release && '' !== $release['changelog'] ? $release['changelog'] : self::paragraph( $no_notes ) ),
		);
		if ( null !== $release && $release['version'] === $installed ) {
			$fields['requires']     = $release['requires_wp'];
			$fields['requires_php'] = $release['requires_php'];
			$fields['tested']       = $release['tested'];
			if ( '' !== $release['released'] ) {
				$fields['last_updated'] = $release['released'];
			}
		}
		return $fields;
	}

	/**
	 * A release from the route's answer (or as kept), its fields as strings; null when it is not one.
	 *
	 * @param mixed $release The answer's `release`.
	 * @return array{version: string, released: string, requires_wp: string, requires_php: string, tested: string, changelog: string}|null
	 */
	private static function release( $release ): ?array {
		if ( ! is_array( $release ) || ! isset( $release['version'] ) || ! is_string( $release['version'] ) || '' === $release['version'] ) {
			return null;
		}
		$field = static function ( string $name ) use ( $release ): string {
			return isset( $release[ $name ] ) && is_string( $release[ $name ] ) ? $release[ $name ] : '';
		};
		return array(
			'version'      => $release['version'],
			'released'     => $field( 'released' ),
			'requires_wp'  => $field( 'requires_wp' ),
			'requires_php' => $field( 'requires_php' ),
			'tested'       => $field( 'tested' ),
			'changelog'    => $field( 'changelog' ),
		);
	}

	/**
	 * Plain text as one HTML paragraph.
	 *
	 * @param string $text The text.
	 */
	private static function paragraph( string $text ): string {
		return '<p>' . htmlspecialchars( $text, ENT_QUOTES ) . '</p>';
	}
}
