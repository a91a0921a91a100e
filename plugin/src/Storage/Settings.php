<?php
/**
 * The plugin's settings, read through one class with defaults.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\License\StagingHosts;
use Svc\Licensing\Domain\Portal\ReleaseAllowance;

/**
 * One autoloaded option holds every setting; unknown or missing keys fall back to the defaults.
 */
final class Settings {
	public const OPTION = 'svc_licensing_settings';

	public const DEFAULTS = array(
		'webhook_signing_secret'       => '',
		'fingerprinting'               => false,
		// Seconds a download link from an update check stays valid.
		'download_token_ttl'           => 300,
		// Whether update checks need the site to be activated on the licence (off: any valid licence gets updates).
		'updates_require_activation'   => false,
		// Where a client sends a customer to renew ({product}: the product's slug); '' falls back to the homepage.
		'renewal_page'                 => '',
		// ISO 4217 code of the store's prices; revenue statistics are reported in it.
		'currency'                     => 'USD',
		// Proxies whose X-Forwarded-For is believed: IPs or CIDR ranges.
		'trusted_proxies'              => array(),
		// The IPv6 prefix length per-IP rate limits count a client by (one ordinary subscriber holds a /64).
		'rate_limit_ipv6_prefix'       => 64,
		// Whether ada+2@example.com gets a trial of its own (off: plus-tags are one mailbox for trials).
		'trial_plus_tags_distinct'     => false,
		// Whether trials fold the providers' own aliases: Gmail's dots, googlemail.com (off: only the plus-tag rule).
		'trial_mailbox_provider_rules' => true,
		// Days a signed lease stays valid offline (docs/leases.md): a client's grace when the service is unreachable.
		'lease_lifetime_days'          => 14,
		// Whether the fast lane answers the client routes before the rest of WordPress loads.
		'fast_lane'                    => true,
		// Whether sites whose host matches staging_hosts activate without using a slot.
		'staging_hosts_enabled'        => true,
		// Host patterns of staging, development and local sites (Domain\License\StagingHosts).
		'staging_hosts'                => StagingHosts::DEFAULTS,
		// Whether outbound webhooks may go to private, loopback and reserved addresses (off: public ones only).
		'webhooks_allow_private'       => false,
		// Sites a customer may release from one licence in the portal per calendar month (0: none).
		'portal_releases_per_month'    => 3,
		// Moves of a site to a new address a customer may make on one licence per calendar month (0: none).
		'site_moves_per_month'         => 3,
		// Whether a signed-in WordPress account's email opens that email's portal without a mailed link (off: only
		// an email the account proved by opening a mailed link while signed in).
		'portal_trust_accounts'        => false,
		// Whether the store's front URL answers EDD Software Licensing's client protocol (edd_action=...); turned
		// on by a written import from EDD SL (docs/moving-in.md, "The old clients").
		'edd_sl_protocol'              => false,
		// Whether it answers Software License Manager's protocol (slm_action=...); turned on by an import from SLM.
		'slm_protocol'                 => false,
		// The secret_key SLM's clients send (SLM's lic_verification_secret, brought by an import from SLM).
		'slm_secret_key'               => '',
		// Requests per minute per client IP (webhook: per sender; admin: per API key or user).
		'rate_limits'                  => array(
			'validate'          => 30,
			'activate'          => 10,
			'deactivate'        => 10,
			'updates_check'     => 60,
			'trials'            => 5,
			'webhook'           => 120,
			'admin'             => 120,
			// Portal sign-in links asked for, per client IP and per email address.
			'portal_link'       => 10,
			'portal_link_email' => 3,
		),
	);

	/**
	 * Settings that weaken a guard: only an administrator signed in to wp-admin may change them, never an API key
	 * (as with backups and data removal).
	 */
	public const PERSON_ONLY = array( 'portal_trust_accounts', 'webhooks_allow_private' );

	/**
	 * Settings whose values are never shown or recorded (the event log says only that they changed).
	 */
	public const SECRETS = array( 'webhook_signing_secret', 'slm_secret_key' );

	/**
	 * The JSON schema of every setting: the REST args of PUT /admin/settings and the validation of stored values.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function schema(): array {
		$limit = array(
			'type'    => 'integer',
			'minimum' => 1,
			'maximum' => 1000000,
		);
		return array(
			'webhook_signing_secret'       => array(
				'description' => 'Stripe webhook signing secret (whsec_…); write-only, an empty string removes it.',
				'type'        => 'string',
				'maxLength'   => 255,
				'pattern'     => '^(whsec_[A-Za-z0-9_]+)?$',
			),
			'fingerprinting'               => array(
				'description' => 'Store server fingerprints on activation and refuse validation from another one.',
				'type'        => 'boolean',
			),
			'currency'                     => array(
				'title'       => __( 'Currency', 'svc-licensing' ),
				'invalid'     => __( 'Enter the three letters of an ISO 4217 currency code, such as USD, EUR or GBP.', 'svc-licensing' ),
				'description' => 'ISO 4217 code revenue is reported in; anything else is refused.',
				'type'        => 'string',
				'pattern'     => '^[A-Za-z]{3}$',
			),
			'trusted_proxies'              => array(
				'title'       => __( 'Trusted proxies', 'svc-licensing' ),
				'invalid'     => __( 'Enter at most 50 IP addresses or CIDR ranges, one per line, such as 203.0.113.7 or 10.0.0.0/8.', 'svc-licensing' ),
				'description' => 'Proxies whose X-Forwarded-For is believed: IPs or CIDR ranges, each checked.',
				'type'        => 'array',
				'maxItems'    => 50,
				'items'       => array(
					'type'      => 'string',
					'maxLength' => 64,
				),
			),
			'rate_limit_ipv6_prefix'       => array(
				'description' => 'Per-IP rate limits count an IPv6 client by its network of this prefix length (64: one ordinary subscriber network; 128: each address). IPv4 clients count by their address.',
				'type'        => 'integer',
				'minimum'     => 32,
				'maximum'     => 128,
			),
			'rate_limits'                  => array(
				'description'          => 'Requests per minute per client (admin: per API key or user).',
				'type'                 => 'object',
				'properties'           => array_fill_keys( array_keys( self::DEFAULTS['rate_limits'] ), $limit ),
				'additionalProperties' => false,
			),
			'lease_lifetime_days'          => array(
				'description' => 'Days a signed lease (in validate, activate and update-check answers) stays valid offline.',
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 90,
			),
			'download_token_ttl'           => array(
				'description' => 'Seconds a download link from an update check stays valid.',
				'type'        => 'integer',
				'minimum'     => 30,
				'maximum'     => 86400,
			),
			'updates_require_activation'   => array(
				'description' => 'Update checks need the site to be activated on the licence.',
				'type'        => 'boolean',
			),
			'renewal_page'                 => array(
				'description' => "Where client sites send a customer to renew (validate's renewal_url): an http(s) address, {product} replaced by the product's slug; empty: the product's homepage.",
				'type'        => 'string',
				'maxLength'   => 2048,
			),
			'trial_plus_tags_distinct'     => array(
				'description' => 'Give each plus-tagged address (ada+2@example.com) a trial of its own; off, plus-tags are one mailbox.',
				'type'        => 'boolean',
			),
			'trial_mailbox_provider_rules' => array(
				'description' => 'For one trial per mailbox, fold the providers\' own aliases: Gmail ignores dots (a.da@gmail.com is ada@gmail.com) and googlemail.com is gmail.com.',
				'type'        => 'boolean',
			),
			'fast_lane'                    => array(
				'description' => 'Answer validate, activate, deactivate and the update check before the rest of WordPress loads (a must-use loader the plugin manages).',
				'type'        => 'boolean',
			),
			'staging_hosts_enabled'        => array(
				'description' => 'Sites whose host matches staging_hosts activate without using one of the licence\'s slots.',
				'type'        => 'boolean',
			),
			'staging_hosts'                => array(
				'description' => 'Host patterns of staging, development and local sites; * stands for any part of a host (*.test, staging.*).',
				'type'        => 'array',
				'maxItems'    => StagingHosts::MAX_PATTERNS,
				'items'       => array(
					'type'      => 'string',
					'maxLength' => StagingHosts::MAX_PATTERN_LENGTH,
				),
			),
			'portal_releases_per_month'    => array(
				'title'       => __( 'Self-serve site releases per month', 'svc-licensing' ),
				'invalid'     => __( 'Enter a whole number from 0 (customers cannot release sites themselves) to 1000.', 'svc-licensing' ),
				'description' => 'Sites a customer may release from one licence in the customer portal per calendar month (UTC); 0: none.',
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => ReleaseAllowance::MAX_PER_MONTH,
			),
			'site_moves_per_month'         => array(
				'title'       => __( 'Site moves per month', 'svc-licensing' ),
				'invalid'     => __( 'Enter a whole number from 0 (customers cannot move sites themselves) to 1000.', 'svc-licensing' ),
				'description' => 'Times a customer may move a site of one licence to a new address per calendar month (UTC), from the site itself; 0: none. The seller\'s own moves are not counted.',
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => ReleaseAllowance::MAX_PER_MONTH,
			),
			'webhooks_allow_private'       => array(
				'description' => 'Let outbound webhooks reach private, loopback and reserved addresses (a receiver on this server or the local network); off, only public addresses.',
				'type'        => 'boolean',
			),
			'portal_trust_accounts'        => array(
				'description' => 'Let a signed-in WordPress account open the customer portal of its email without a mailed link. WordPress does not prove that an account owns its email: turn this on only if every way to make an account on this site (WooCommerce, EDD, registration) confirms the address first. Off, an account opens the portal once its email was proven by a mailed link.',
				'type'        => 'boolean',
			),
			'edd_sl_protocol'              => array(
				'description' => 'Answer the licence checks and update checks of plugins still built with EDD Software Licensing, at this site\'s address. The first written import from EDD Software Licensing turns this on; a re-import leaves it as set.',
				'type'        => 'boolean',
			),
			'slm_protocol'                 => array(
				'description' => 'Answer the licence checks of plugins still built for Software License Manager, at this site\'s address. The first written import from Software License Manager turns this on; a re-import leaves it as set.',
				'type'        => 'boolean',
			),
			'slm_secret_key'               => array(
				'description' => 'The secret key plugins built for Software License Manager send with each check; write-only, an import from Software License Manager sets it.',
				'type'        => 'string',
				'maxLength'   => 255,
			),
		);
	}

	/**
	 * Every setting as the admin API shows it: the signing secret only as whether one is set.
	 *
	 * @return array<string, mixed>
	 */
	public function public_view(): array {
		$view = array();
		foreach ( array_keys( self::schema() ) as $key ) {
			$view[ $key ] = $this->get( $key );
		}
		$view['rate_limits'] = array();
		foreach ( array_keys( self::DEFAULTS['rate_limits'] ) as $route ) {
			$view['rate_limits'][ $route ] = $this->rate_limit( $route );
		}
		$view['webhook_signing_secret_set'] = '' !== (string) $view['webhook_signing_secret'];
		unset( $view['webhook_signing_secret'] );
		$view['slm_secret_key_set'] = '' !== (string) $view['slm_secret_key'];
		unset( $view['slm_secret_key'] );
		$view['fingerprinting']               = (bool) $view['fingerprinting'];
		$view['updates_require_activation']   = (bool) $view['updates_require_activation'];
		$view['trial_plus_tags_distinct']     = (bool) $view['trial_plus_tags_distinct'];
		$view['trial_mailbox_provider_rules'] = (bool) $view['trial_mailbox_provider_rules'];
		$view['fast_lane']                    = (bool) $view['fast_lane'];
		$view['staging_hosts_enabled']        = (bool) $view['staging_hosts_enabled'];
		$view['webhooks_allow_private']       = (bool) $view['webhooks_allow_private'];
		$view['portal_trust_accounts']        = (bool) $view['portal_trust_accounts'];
		$view['edd_sl_protocol']              = (bool) $view['edd_sl_protocol'];
		$view['slm_protocol']                 = (bool) $view['slm_protocol'];
		$view['staging_hosts']                = $this->staging_patterns();
		$view['renewal_page']                 = (string) $view['renewal_page'];
		$view['currency']                     = strtoupper( (string) $view['currency'] );
		$view['trusted_proxies']              = array_values( array_map( 'strval', (array) $view['trusted_proxies'] ) );
		$view['download_token_ttl']           = $this->download_token_ttl();
		$view['portal_releases_per_month']    = $this->portal_releases_per_month();
		$view['site_moves_per_month']         = $this->site_moves_per_month();
		$view['rate_limit_ipv6_prefix']       = $this->ipv6_prefix();
		return $view;
	}

	/**
	 * Stores the given settings (already validated against the schema); rate limits merge route by route.
	 *
	 * @param array<string, mixed> $values Setting => value.
	 */
	public function update( array $values ): void {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		foreach ( array_intersect_key( $values, self::schema() ) as $key => $value ) {
			if ( 'rate_limits' === $key ) {
				$value = array_merge( is_array( $stored['rate_limits'] ?? null ) ? $stored['rate_limits'] : array(), (array) $value );
			} elseif ( 'currency' === $key ) {
				$value = strtoupper( (string) $value );
			}
			$stored[ $key ] = $value;
		}
		update_option( self::OPTION, $stored, true );
	}

	/**
	 * Whether a setting holds a value someone wrote (the seller, or an earlier import), rather than its default.
	 *
	 * @param string $key Setting name.
	 */
	public function is_set( string $key ): bool {
		$stored = get_option( self::OPTION, array() );
		return is_array( $stored ) && array_key_exists( $key, $stored );
	}

	/**
	 * A setting's value, or its default.
	 *
	 * @param string $key Setting name, one of DEFAULTS' keys.
	 * @return mixed
	 */
	public function get( string $key ) {
		$stored = get_option( self::OPTION, array() );
		if ( is_array( $stored ) && array_key_exists( $key, $stored ) ) {
			return $stored[ $key ];
		}
		return self::DEFAULTS[ $key ] ?? null;
	}

	/**
	 * The IPv6 prefix length per-IP limits count by (32 to 128; 64 by default).
	 */
	public function ipv6_prefix(): int {
		return max( 32, min( 128, (int) $this->get( 'rate_limit_ipv6_prefix' ) ) );
	}

	/**
	 * Requests per minute for a limited route; a stored value overrides the spec's default one route at a time.
	 *
	 * @param string $route A key of DEFAULTS['rate_limits'].
	 */
	public function rate_limit( string $route ): int {
		$stored = $this->get( 'rate_limits' );
		if ( is_array( $stored ) && isset( $stored[ $route ] ) && (int) $stored[ $route ] > 0 ) {
			return (int) $stored[ $route ];
		}
		return (int) ( self::DEFAULTS['rate_limits'][ $route ] ?? 60 );
	}

	/**
	 * The staging host rule activations apply, or null when it is switched off.
	 */
	public function staging_hosts(): ?StagingHosts {
		return $this->get( 'staging_hosts_enabled' ) ? new StagingHosts( $this->staging_patterns() ) : null;
	}

	/**
	 * The stored staging host patterns (SiteSettings checked them; a pattern that is not valid is left out).
	 *
	 * @return string[]
	 */
	private function staging_patterns(): array {
		return array_values( array_filter( array_map( 'strval', (array) $this->get( 'staging_hosts' ) ), array( StagingHosts::class, 'is_valid_pattern' ) ) );
	}

	/**
	 * Self-serve site releases per licence and month in the customer portal.
	 */
	public function portal_releases_per_month(): int {
		return max( 0, min( ReleaseAllowance::MAX_PER_MONTH, (int) $this->get( 'portal_releases_per_month' ) ) );
	}

	/**
	 * A customer's moves of a site to a new address per licence and month (the client's POST /licenses/move).
	 */
	public function site_moves_per_month(): int {
		return max( 0, min( ReleaseAllowance::MAX_PER_MONTH, (int) $this->get( 'site_moves_per_month' ) ) );
	}

	/**
	 * Whether a signed-in account's email is trusted without a mailed link (off by default).
	 */
	public function portal_trust_accounts(): bool {
		return (bool) $this->get( 'portal_trust_accounts' );
	}

	/**
	 * Lifetime of download tokens in seconds, kept between 30 s and one day.
	 */
	public function download_token_ttl(): int {
		return max( 30, min( DAY_IN_SECONDS, (int) $this->get( 'download_token_ttl' ) ) );
	}
}
