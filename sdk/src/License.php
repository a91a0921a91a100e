<?php
/**
 * One product's licence on this site: the key, and what the server last said about it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Activate, deactivate and check, through the server's Connection (so through its back-off). The key is kept
 * once the server accepted it, and shown only masked after that. Pure: WordPress comes in through the store,
 * the connection's transport and the values the constructor takes.
 */
final class License {

	/**
	 * The longest key the service reads (its schema's maxLength); anything longer is refused here without a
	 * request, as the service's own invalid_params for it decides nothing (Reply::LICENSE_CODES).
	 */
	public const MAX_KEY_LENGTH = 64;

	/**
	 * The product.
	 *
	 * @var ProductConfig
	 */
	private $config;

	/**
	 * Its server.
	 *
	 * @var Connection
	 */
	private $connection;

	/**
	 * Where the key and the record are kept.
	 *
	 * @var StateStore
	 */
	private $store;

	/**
	 * This site's address as the server should see it.
	 *
	 * @var string
	 */
	private $site_url;

	/**
	 * This install's fingerprint (InstallId).
	 *
	 * @var string
	 */
	private $fingerprint;

	/**
	 * Returns the Unix time.
	 *
	 * @var callable(): int
	 */
	private $clock;

	/**
	 * The network's main address on a multisite ('' on a single site), sent as network_url (Multisite).
	 *
	 * @var string
	 */
	private $network_url;

	/**
	 * Its lease (the one source of is_valid()).
	 *
	 * @var LeaseHolder
	 */
	private $leases;

	/**
	 * Constructor.
	 *
	 * @param ProductConfig $config      The product.
	 * @param Connection    $connection  Its server.
	 * @param StateStore    $store       Where the key and record are kept.
	 * @param string        $site_url    This site's address.
	 * @param string        $fingerprint This install's fingerprint.
	 * @param callable      $clock       Returns the Unix time.
	 * @param string        $network_url The network's main address on a multisite, '' on a single site.
	 */
	public function __construct( ProductConfig $config, Connection $connection, StateStore $store, string $site_url, string $fingerprint, callable $clock, string $network_url = '' ) {
		$this->config      = $config;
		$this->connection  = $connection;
		$this->store       = $store;
		$this->site_url    = $site_url;
		$this->fingerprint = $fingerprint;
		$this->clock       = $clock;
		$this->network_url = $network_url;
		$this->leases      = new LeaseHolder( $config->slug(), SiteIdentity::fingerprint( $site_url ), $config->public_keys(), $store, $connection, $clock );
	}

	/**
	 * The stored key, '' when none.
	 */
	public function key(): string {
		$key = $this->store->get( $this->name( 'key' ) );
		return is_string( $key ) ? $key : '';
	}

	/**
	 * The key for display: its first group and the last four characters, the rest hidden.
	 */
	public function masked_key(): string {
		return self::mask( $this->key() );
	}

	/**
	 * A key, masked: ABCD-••••-••••-WXYZ for the usual four groups.
	 *
	 * @param string $key The key.
	 */
	public static function mask( string $key ): string {
		$length = strlen( $key );
		if ( $length < 9 ) {
			return str_repeat( '•', $length );
		}
		$masked = '';
		for ( $i = 0; $i < $length; $i++ ) {
			$keep    = $i < 4 || $i >= $length - 4 || '-' === $key[ $i ];
			$masked .= $keep ? $key[ $i ] : '•';
		}
		return $masked;
	}

	/**
	 * What the server last said.
	 */
	public function record(): LicenseRecord {
		return LicenseRecord::from_array( $this->store->get( $this->name( 'record' ) ) );
	}

	/**
	 * Whether the product may run as licensed: by a verified lease only (LeaseHolder), never by the stored record.
	 * Asks no server.
	 */
	public function is_valid(): bool {
		return $this->leases->is_valid();
	}

	/**
	 * Its lease.
	 */
	public function leases(): LeaseHolder {
		return $this->leases;
	}

	/**
	 * Activates this site with a key. On success the key is kept and the licence is checked at once, so the
	 * screen shows status, expiry, tier and sites used.
	 *
	 * @param string $key The key as the customer pasted it.
	 */
	public function activate( string $key ): Reply {
		$key = strtoupper( trim( $key ) );
		if ( strlen( $key ) > self::MAX_KEY_LENGTH ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'invalid_license_key' ) );
		}
		$reply = $this->connection->call( 'POST', '/licenses/activate', $this->fields( $key ) + array( 'server_fingerprint' => $this->fingerprint ) );
		if ( 'site_change_unanswered' === $reply->error_code() ) {
			$this->ask_site_change( $key, $reply );
		}
		return $this->after_activation( $key, $reply );
	}

	/**
	 * Whether this site's address is not the one the key was activated with (SiteChange): a move or a copy, which
	 * only the owner can tell apart. Null when it is the same site (http → https and www. included) or no key is
	 * kept. Until it is answered nothing is sent by itself: no check, no release (the stored address is another
	 * site's), and the product is not licensed here (its lease names the other site).
	 */
	public function site_change(): ?SiteChange {
		$server = $this->store->get( $this->name( 'server' ) );
		if ( '' === $this->key() || ! is_array( $server ) || ! isset( $server['site_url'] ) || ! is_string( $server['site_url'] ) ) {
			return null;
		}
		return SiteChange::between( $server['site_url'], $this->site_url );
	}

	/**
	 * The owner's answer to site_change(): SiteChange::MOVED sends POST /licenses/move from the stored address to
	 * this one; COPY activates this site with site_change "copy" (a staging host only: no slot); NEW_SITE makes this
	 * copy an install of its own (a new install id, unless the install's fingerprint already differs from the one the
	 * key was activated with: a second product of the same copy, or a second try), then activates it with
	 * site_change "new" (a slot, within the limit). On success the licence is this site's (the stored address becomes this one) and is checked at
	 * once; on a refusal nothing changes here and the question stays.
	 *
	 * @param string $answer One of SiteChange::ANSWERS.
	 */
	public function answer_site_change( string $answer ): Reply {
		$change = $this->site_change();
		if ( null === $change ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'no_site_change' ) );
		}
		if ( ! SiteChange::is_answer( $answer ) ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'invalid_params' ) );
		}
		$key = $this->key();
		if ( SiteChange::MOVED === $answer ) {
			$fields = array(
				'license_key'        => $key,
				'product_slug'       => $this->config->slug(),
				'site_url'           => $this->site_url,
				'from_site_url'      => $change->from_url(),
				'server_fingerprint' => $this->fingerprint,
			);
			return $this->after_activation( $key, $this->connection->call( 'POST', '/licenses/move', $fields ) );
		}
		if ( SiteChange::NEW_SITE === $answer && $this->fingerprint_is_the_activated_ones() ) {
			$this->fingerprint = InstallId::fingerprint( InstallId::renew( $this->store ) );
		}
		$fields = $this->fields( $key ) + array(
			'server_fingerprint' => $this->fingerprint,
			'site_change'        => $answer,
		);
		return $this->after_activation( $key, $this->connection->call( 'POST', '/licenses/activate', $fields ) );
	}

	/**
	 * Whether this install's fingerprint is the one the key was activated with (kept beside the address; a record
	 * kept before it was, which has none, counts as the same).
	 */
	private function fingerprint_is_the_activated_ones(): bool {
		$server = $this->store->get( $this->name( 'server' ) );
		$stored = is_array( $server ) ? ( $server['fingerprint'] ?? null ) : null;
		return ! is_string( $stored ) || hash_equals( $stored, $this->fingerprint );
	}

	/**
	 * After an activation or a move: on success the key, the lease and this site's address are kept and the licence
	 * is checked at once; otherwise nothing changes.
	 *
	 * @param string $key   The key.
	 * @param Reply  $reply The server's reply.
	 */
	private function after_activation( string $key, Reply $reply ): Reply {
		if ( Reply::ANSWER !== $reply->kind() ) {
			return $reply;
		}
		$this->store->set( $this->name( 'key' ), $key );
		$this->leases->receive( $reply );
		$this->remember_server();
		$check = $this->check();
		return $check->is_answer() ? $check : $reply;
	}

	/**
	 * The service found this install's fingerprint on another site of the licence (a copy whose kept key was
	 * forgotten, then entered again): the key is kept with that site's address, so the licence screen asks the
	 * owner's question about it.
	 *
	 * @param string $key   The key.
	 * @param Reply  $reply The service's 409 site_change_unanswered.
	 */
	private function ask_site_change( string $key, Reply $reply ): void {
		$data  = $reply->body()['data'] ?? null;
		$other = is_array( $data ) && isset( $data['activated_site'] ) && is_string( $data['activated_site'] ) ? $data['activated_site'] : '';
		if ( null === SiteChange::between( $other, $this->site_url ) ) {
			return;
		}
		$this->store->set( $this->name( 'key' ), $key );
		$this->store->set(
			$this->name( 'server' ),
			array(
				'root'        => $this->connection->root(),
				'site_url'    => $other,
				'fingerprint' => $this->fingerprint,
			)
		);
	}

	/**
	 * Frees this site's slot. The key and record are forgotten when the server answered (a refusal such as
	 * "not activated" included); when it cannot be reached they stay, and the reply says so.
	 */
	public function deactivate(): Reply {
		$key = $this->key();
		if ( '' === $key ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'no_key' ) );
		}
		// With the fingerprint it activated with, the site frees itself: it never counts against the customer's
		// monthly allowance of releases, as the key alone naming a site does.
		$reply = $this->connection->call( 'POST', '/licenses/deactivate', $this->fields( $key ) + array( 'server_fingerprint' => $this->fingerprint ) );
		if ( $reply->is_answer() ) {
			$this->forget();
		}
		return $reply;
	}

	/**
	 * Puts this site on a release channel of the product (`stable`, `beta` or one the seller names): the server
	 * then offers this site that channel's releases and those of every safer one. The answer's channel and the
	 * product's channel list are kept for the licence screen.
	 *
	 * @param string $channel The channel.
	 */
	public function choose_channel( string $channel ): Reply {
		$key = $this->key();
		if ( '' === $key ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'no_key' ) );
		}
		if ( 1 !== preg_match( '/^[a-z0-9-]{1,40}$/', $channel ) ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'invalid_params' ) );
		}
		$reply = $this->connection->call( 'POST', '/licenses/channel', $this->fields( $key ) + array( 'channel' => $channel ) );
		$body  = $reply->body();
		if ( $reply->is_answer() && isset( $body['channel'], $body['channels'] ) && is_string( $body['channel'] ) && is_array( $body['channels'] ) ) {
			$this->store->set(
				$this->name( 'channel' ),
				array(
					'channel'  => $body['channel'],
					'channels' => array_values( array_filter( $body['channels'], 'is_string' ) ),
				)
			);
		}
		return $reply;
	}

	/**
	 * The channel this site follows as the server last said, and the channels it may choose: until it chose one,
	 * `stable` and the product's configured list (`channels`, default stable and beta).
	 *
	 * @return array{channel: string, channels: list<string>}
	 */
	public function channel(): array {
		$stored = $this->store->get( $this->name( 'channel' ) );
		if ( is_array( $stored ) && isset( $stored['channel'], $stored['channels'] ) && is_string( $stored['channel'] ) && is_array( $stored['channels'] ) ) {
			return array(
				'channel'  => $stored['channel'],
				'channels' => array_values( array_filter( $stored['channels'], 'is_string' ) ),
			);
		}
		return array(
			'channel'  => 'stable',
			'channels' => $this->config->channels(),
		);
	}

	/**
	 * The product is being deleted: frees this site's slot without waiting for the answer (best effort: a
	 * server that is down or slow never holds up the delete), and forgets the key and the record. Nothing is sent
	 * while the site's address changed unanswered (site_change()).
	 *
	 * @param callable $send_and_forget Sends (method, route, fields) without waiting for an answer.
	 */
	public function release_on_delete( callable $send_and_forget ): void {
		// A copy whose question is unanswered has no slot of its own, and the original's is not its to free.
		if ( null === $this->site_change() ) {
			self::release( $this->connection, $this->key(), $this->config->slug(), $this->site_url, $this->fingerprint, $send_and_forget, ( $this->clock )() );
		}
		$this->forget();
	}

	/**
	 * A product being deleted by its own uninstall.php, where its integration call did not run (WordPress does not
	 * load the plugin for it): frees the slot from what this site stored when the key was activated (the key, the
	 * server's REST root and the site address it was activated for), in the same way as release_on_delete(). Nothing
	 * is sent without a stored key and server, nor when the stored address is another site than this one (a copy of
	 * the site with its database: the stored address and fingerprint are the original's, whose slot they would free);
	 * the caller removes the product's state.
	 *
	 * @param string     $slug            The product's slug.
	 * @param StateStore $store           The SDK's state.
	 * @param string     $site_url        This site's address now (home_url()).
	 * @param string     $fingerprint     This install's fingerprint.
	 * @param callable   $send_and_forget Sends (method, url, fields) without waiting for an answer.
	 * @param callable   $clock           Returns the Unix time.
	 */
	public static function release_stored( string $slug, StateStore $store, string $site_url, string $fingerprint, callable $send_and_forget, callable $clock ): void {
		$key    = $store->get( ProductState::key( $slug, 'key' ) );
		$server = $store->get( ProductState::key( $slug, 'server' ) );
		if ( ! is_string( $key ) || ! is_array( $server ) || ! isset( $server['root'], $server['site_url'] ) || ! is_string( $server['root'] ) || ! is_string( $server['site_url'] ) ) {
			return;
		}
		if ( null !== SiteChange::between( $server['site_url'], $site_url ) ) {
			return;
		}
		// A connection only for the server's root and back-off: nothing is sent through its transport.
		$nothing = static function () {
			return null;
		};
		self::release( new Connection( $server['root'], $nothing, $store, $clock ), $key, $slug, $server['site_url'], $fingerprint, $send_and_forget, $clock() );
	}

	/**
	 * Frees a site's slot without waiting for the answer, unless there is no key or the server's back-off says wait.
	 *
	 * @param Connection $connection      The server.
	 * @param string     $key             The key ('' when none).
	 * @param string     $slug            The product's slug.
	 * @param string     $site_url        The site's address.
	 * @param string     $fingerprint     This install's fingerprint.
	 * @param callable   $send_and_forget Sends (method, url, fields) without waiting for an answer.
	 * @param int        $now             Unix time.
	 */
	private static function release( Connection $connection, string $key, string $slug, string $site_url, string $fingerprint, callable $send_and_forget, int $now ): void {
		if ( '' === $key || ! $connection->backoff()->allows( $now ) ) {
			return;
		}
		$send_and_forget( 'POST', $connection->root() . '/licenses/deactivate', self::fields_of( $key, $slug, $site_url ) + array( 'server_fingerprint' => $fingerprint ) );
	}

	/**
	 * Asks the server about the stored key and keeps its answer; a failure keeps the last answer. Nothing is asked
	 * while the site's address changed unanswered (site_change()).
	 */
	public function check(): Reply {
		$key = $this->key();
		if ( '' === $key ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'no_key' ) );
		}
		// The daily check of a site whose address changed asks nothing until the owner answered: an answer would
		// make this address the stored one, and the question would be lost.
		if ( null !== $this->site_change() ) {
			return new Reply( Reply::REFUSED, 0, array( 'code' => 'site_changed' ) );
		}
		$reply  = $this->connection->call( 'POST', '/licenses/validate', $this->fields( $key ) + array( 'server_fingerprint' => $this->fingerprint ) );
		$now    = ( $this->clock )();
		$record = $this->record();
		if ( $reply->is_answer() ) {
			$this->remember_server();
			$this->leases->receive( $reply );
			$answer = $reply->body();
			if ( Reply::REFUSED === $reply->kind() ) {
				$answer = array(
					'valid'  => false,
					'status' => $reply->error_code(),
				);
			}
			$record = $record->after_answer( $answer, $now );
		} elseif ( Reply::UNAVAILABLE === $reply->kind() ) {
			$record = $record->after_failure( $now );
		}
		$this->store->set( $this->name( 'record' ), $record->to_array() );
		return $reply;
	}

	/**
	 * The product's server (update checks go to it in one batch per server, UpdateBatch).
	 */
	public function connection(): Connection {
		return $this->connection;
	}

	/**
	 * This site's address as the server sees it.
	 */
	public function site_url(): string {
		return $this->site_url;
	}

	/**
	 * The network's main address on a multisite, '' on a single site.
	 */
	public function network_url(): string {
		return $this->network_url;
	}

	/**
	 * Forgets the key and the record (after a deactivation, or when the product is deleted).
	 */
	public function forget(): void {
		$this->store->set( $this->name( 'key' ), null );
		$this->store->set( $this->name( 'record' ), null );
		$this->store->set( $this->name( 'server' ), null );
		$this->leases->forget();
		$this->store->set( $this->name( 'channel' ), null );
	}

	/**
	 * Keeps the server, the site address and the install's fingerprint the key is activated with, so the product's own uninstall.php can free
	 * the slot without the integration call (release_stored()). Stored on activation and on every answer to a
	 * check, so a key activated before this was kept gets it at the next daily check; written only when it changed.
	 */
	private function remember_server(): void {
		$server = array(
			'root'        => $this->connection->root(),
			'site_url'    => $this->site_url,
			'fingerprint' => $this->fingerprint,
		);
		if ( $this->store->get( $this->name( 'server' ) ) !== $server ) {
			$this->store->set( $this->name( 'server' ), $server );
		}
	}

	/**
	 * The fields every licence route takes.
	 *
	 * @param string $key The key.
	 * @return array<string, string>
	 */
	private function fields( string $key ): array {
		return self::fields_of( $key, $this->config->slug(), $this->site_url, $this->network_url );
	}

	/**
	 * The fields every licence route takes.
	 *
	 * @param string $key         The key.
	 * @param string $slug        The product's slug.
	 * @param string $site_url    The site's address.
	 * @param string $network_url The network's main address on a multisite, '' on a single site.
	 * @return array<string, string>
	 */
	private static function fields_of( string $key, string $slug, string $site_url, string $network_url = '' ): array {
		$fields = array(
			'license_key'  => $key,
			'product_slug' => $slug,
			'site_url'     => $site_url,
		);
		if ( '' !== $network_url ) {
			$fields['network_url'] = $network_url;
		}
		return $fields;
	}

	/**
	 * A store key of this product's.
	 *
	 * @param string $what Key or record.
	 */
	private function name( string $what ): string {
		return ProductState::key( $this->config->slug(), $what );
	}
}
