<?php
/**
 * What a site owner does to the plugin's settings, and to whether deleting the plugin erases its data.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Currency;
use Svc\Licensing\Domain\DataRemoval;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\Changes;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\License\StagingHosts;
use Svc\Licensing\Domain\License\RenewalLink;
use Svc\Licensing\Domain\RateLimit\ClientIp;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;
use Svc\Licensing\Storage\UninstallPolicy;

/**
 * The schema in Settings says what each setting accepts; callers pass the values they were given. Turning data
 * removal on needs the site's name typed; turning it off needs nothing.
 */
final class SiteSettings {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Whether deleting the plugin erases the data.
	 *
	 * @var UninstallPolicy
	 */
	private $policy;

	/**
	 * What would be erased.
	 *
	 * @var DataInventory
	 */
	private $inventory;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param Settings        $settings    Settings.
	 * @param UninstallPolicy $policy      Whether deleting the plugin erases the data.
	 * @param DataInventory   $inventory   What would be erased.
	 * @param Transaction     $transaction Transactions.
	 * @param EventRepository $events      The event log.
	 */
	public function __construct( Settings $settings, UninstallPolicy $policy, DataInventory $inventory, Transaction $transaction, EventRepository $events ) {
		$this->settings    = $settings;
		$this->policy      = $policy;
		$this->inventory   = $inventory;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * Changes only the given settings; settings.updated records those whose values moved (none: no event).
	 *
	 * @param array<string, mixed> $values Given values, names and types from Settings::schema().
	 * @param Actor                $actor  Who changes them.
	 * @throws ServiceError 400 when a value is refused by checked() (nothing is changed).
	 */
	public function update( array $values, Actor $actor ): void {
		$values = self::checked( $values );
		if ( array() === $values ) {
			return;
		}
		$before = array();
		foreach ( array_keys( $values ) as $name ) {
			$before[ $name ] = $this->settings->get( $name );
		}
		$after = $values;
		if ( isset( $after['rate_limits'] ) ) {
			// Rate limits merge route by route, so compare what they become.
			$after['rate_limits'] = array_merge( (array) $before['rate_limits'], (array) $after['rate_limits'] );
		}
		$changes = Changes::between( $before, $after, Settings::SECRETS );
		$this->transaction->run(
			function () use ( $values, $changes, $actor ): void {
				$this->settings->update( $values );
				if ( array() !== $changes ) {
					$this->record( array( 'changes' => $changes ), $actor );
				}
			}
		);
	}

	/**
	 * The rule every stored setting passes, whoever gives it (PATCH /admin/settings, a restored export): each value
	 * checked and sanitised against Settings::schema() as WordPress checks the route's arguments, then the rules
	 * the schema cannot say (staging host patterns, the currency code, proxy addresses, an http(s) renewal page).
	 * Names the schema does not know are dropped, as the route drops unknown fields.
	 *
	 * @param array<string, mixed> $values Setting => value as given.
	 * @return array<string, mixed> The known settings, as they are stored.
	 * @throws ServiceError 400 invalid_params naming the first setting that is refused.
	 */
	public static function checked( array $values ): array {
		$schema = Settings::schema();
		$values = array_intersect_key( $values, $schema );
		foreach ( $values as $name => $value ) {
			$valid = rest_validate_value_from_schema( $value, $schema[ $name ], $name );
			if ( is_wp_error( $valid ) ) {
				$reason = $valid->get_error_message();
				throw ServiceError::invalid_param( $name, $reason, $reason );
			}
			$values[ $name ] = rest_sanitize_value_from_schema( $value, $schema[ $name ], $name );
		}
		if ( array_key_exists( 'staging_hosts', $values ) ) {
			$values['staging_hosts'] = self::staging_hosts( (array) $values['staging_hosts'] );
		}
		if ( array_key_exists( 'currency', $values ) ) {
			$values['currency'] = self::currency( (string) $values['currency'] );
		}
		if ( array_key_exists( 'trusted_proxies', $values ) ) {
			$values['trusted_proxies'] = self::trusted_proxies( (array) $values['trusted_proxies'] );
		}
		if ( array_key_exists( 'renewal_page', $values ) ) {
			$values['renewal_page'] = trim( (string) $values['renewal_page'] );
			if ( ! RenewalLink::is_page( $values['renewal_page'] ) ) {
				throw ServiceError::invalid_param(
					'renewal_page',
					/* translators: %s: the placeholder for the product's slug. */
					sprintf( __( 'The renewal page must be an address starting with https:// or http://, such as https://shop.example/renew/%s/, or empty to use the product\'s homepage.', 'svc-licensing' ), RenewalLink::PLACEHOLDER ),
					__( 'Not an http(s) address.', 'svc-licensing' )
				);
			}
		}
		return $values;
	}

	/**
	 * Records settings.updated; the settings have no id, so the subject is 0.
	 *
	 * @param array<string, mixed> $payload What changed.
	 * @param Actor                $actor   Who changed it.
	 */
	private function record( array $payload, Actor $actor ): void {
		$this->events->record( EventType::SETTINGS_UPDATED, 0, $actor, null, $payload );
	}

	/**
	 * The store's currency as stored, when it is an ISO 4217 code.
	 *
	 * @param string $typed Code as given.
	 * @throws ServiceError 400 on `currency` for anything else ("dollars", "DOL").
	 */
	private static function currency( string $typed ): string {
		$code = Currency::normalise( $typed );
		if ( null === $code ) {
			$reason = sprintf(
				/* translators: %s: the code as typed. */
				__( '"%s" is not an ISO 4217 currency code. Enter the three letters of a currency, such as USD, EUR or GBP.', 'svc-licensing' ),
				$typed
			);
			throw ServiceError::invalid_param( 'currency', __( 'Currency:', 'svc-licensing' ) . ' ' . $reason, $reason );
		}
		return $code;
	}

	/**
	 * Trusted proxies as typed, trimmed, without empty entries; refused whole when one is not an address or range.
	 *
	 * @param array<mixed> $typed Entries as given.
	 * @return string[]
	 * @throws ServiceError 400 on `trusted_proxies` naming the first entry that is not one.
	 */
	private static function trusted_proxies( array $typed ): array {
		$entries = array_values(
			array_filter(
				array_map( 'trim', array_map( 'strval', $typed ) ),
				static function ( string $entry ): bool {
					return '' !== $entry;
				}
			)
		);
		foreach ( $entries as $entry ) {
			if ( ! ClientIp::is_range( $entry ) ) {
				$reason = sprintf(
					/* translators: %s: the entry as typed. */
					__( '"%s" is not an IP address or a CIDR range. Enter one per line, such as 203.0.113.7 or 10.0.0.0/8.', 'svc-licensing' ),
					$entry
				);
				throw ServiceError::invalid_param( 'trusted_proxies', __( 'Trusted proxies:', 'svc-licensing' ) . ' ' . $reason, $reason );
			}
		}
		return $entries;
	}

	/**
	 * Staging host patterns as typed, tidied; refused whole when one is not a pattern.
	 *
	 * @param array<mixed> $typed Patterns as given.
	 * @return string[]
	 * @throws ServiceError 400 naming the first pattern that is not one.
	 */
	private static function staging_hosts( array $typed ): array {
		$patterns = StagingHosts::tidy( array_map( 'strval', $typed ) );
		foreach ( $patterns as $pattern ) {
			if ( ! StagingHosts::is_valid_pattern( $pattern ) ) {
				throw ServiceError::invalid_param(
					'staging_hosts',
					sprintf(
						/* translators: %s: the pattern as typed. */
						__( '"%s" is not a staging host pattern. Write a host name, with * for any part of it, such as localhost, *.test or staging.*; no scheme, path or spaces, and not * alone, which would match every site.', 'svc-licensing' ),
						$pattern
					),
					/* translators: %s: the pattern as typed. */
					sprintf( __( '"%s" is not a host name pattern.', 'svc-licensing' ), $pattern )
				);
			}
		}
		return $patterns;
	}

	/**
	 * The data removal choice, what deleting the plugin would erase, and what to type to opt in.
	 *
	 * @return array<string, mixed>
	 */
	public function data_removal(): array {
		return array(
			'remove_on_uninstall' => $this->policy->removes_data(),
			'opted_in'            => $this->policy->opted_in(),
			'forced_by_constant'  => $this->policy->forced_by_constant(),
			'constant'            => UninstallPolicy::CONSTANT,
			'confirm_phrase'      => self::confirm_phrase(),
			'would_erase'         => $this->inventory->counts(),
		);
	}

	/**
	 * Sets whether deleting the plugin erases the data.
	 *
	 * @param bool   $remove  Erase on delete.
	 * @param string $confirm The site's name, as typed; needed to turn removal on.
	 * @param Actor  $actor   Who sets it.
	 * @return array<string, mixed> The data removal choice afterwards (as data_removal()).
	 * @throws ServiceError 400 when the typed name does not match.
	 */
	public function set_data_removal( bool $remove, string $confirm, Actor $actor ): array {
		if ( $remove && ! DataRemoval::confirms( self::confirm_phrase(), $confirm ) ) {
			throw ServiceError::invalid_param(
				'confirm',
				/* translators: %s: the site's name. */
				sprintf( __( 'Type the site name, %s, exactly to confirm that deleting the plugin erases all its data.', 'svc-licensing' ), self::confirm_phrase() ),
				__( 'Does not match the site name.', 'svc-licensing' )
			);
		}
		$this->transaction->run(
			function () use ( $remove, $actor ): void {
				$changed = $this->policy->opted_in() !== $remove;
				$this->policy->set( $remove );
				if ( $changed ) {
					$this->record( array( 'changes' => array( 'remove_on_uninstall' => $remove ) ), $actor );
				}
			}
		);
		return $this->data_removal();
	}

	/**
	 * The site's name as the admin must type it.
	 */
	private static function confirm_phrase(): string {
		return DataRemoval::confirm_phrase( wp_specialchars_decode( (string) get_option( 'blogname' ), ENT_QUOTES ), (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
	}
}
