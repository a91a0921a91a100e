<?php
/**
 * Writes the shared lease test vectors (site-identity.json, lease.json) from the plugin's own Domain code:
 * `php tests/vectors/generate.php`. Ed25519 is deterministic, so the files only change when the codec or the
 * inputs below do; tests/php/Domain/Lease/ checks the codec still reproduces every vector, and the SDK's suite
 * (tests/sdk/) verifies the same strings with its own code.
 *
 * @package SvcLicensing
 */

use Svc\Licensing\Domain\Base64Url;
use Svc\Licensing\Domain\Lease\KeyEndorsement;
use Svc\Licensing\Domain\Lease\LeaseCodec;
use Svc\Licensing\Domain\Lease\LeaseKey;
use Svc\Licensing\Domain\Lease\SiteFingerprint;
use Svc\Licensing\Domain\SiteUrl;

require_once dirname( __DIR__, 2 ) . '/plugin/src/autoload.php';

$flags = JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE;

// Site identity: what home_url() may look like → the identity activations store → the lease's "site".
$urls  = array(
	'https://example.com',
	'https://example.com/',
	'http://example.com',
	'https://www.example.com',
	'HTTPS://Example.COM/',
	'https://example.com:443',
	'https://example.com:8443',
	'http://localhost:8891',
	'https://example.com/blog',
	'https://example.com/blog/',
	'https://example.com//blog//',
	'https://shop.example.com/',
	'https://example.com/?p=1#top',
	'https://user:pass@example.com/',
	'https://example.com./',
	'https://[::1]:8080/wp',
	'example.com/sub',
	'ftp://example.com',
	'',
	'https://exa mple.com',
);
$sites = array();
foreach ( $urls as $url ) {
	$identity = SiteUrl::normalise( $url );
	$sites[]  = array(
		'url'         => $url,
		'identity'    => $identity,
		'fingerprint' => null === $identity ? null : SiteFingerprint::of_identity( $identity ),
	);
}
file_put_contents(
	__DIR__ . '/site-identity.json',
	json_encode(
		array(
			'about' => 'Site URL → identity (Domain\\SiteUrl::normalise) → fingerprint ("sha256:" + hex SHA-256 of the identity). A null identity: not a usable site URL. Written by tests/vectors/generate.php.',
			'sites' => $sites,
		),
		$flags
	) . "\n"
);

// Fixed keys: seeds are SHA-256 of a label, never used outside tests.
$key = static function ( string $label ): LeaseKey {
	return LeaseKey::from_seed( hash( 'sha256', 'svc-lease test vector ' . $label, true ) );
};
$active   = $key( 'active' );
$next     = $key( 'next' );
$wrong    = $key( 'wrong' );
$describe = static function ( LeaseKey $k, string $label ): array {
	$secret = (string) Base64Url::decode( $k->to_stored() );
	return array(
		'label'              => $label,
		'kid'                => $k->kid(),
		'seed_b64url'        => Base64Url::encode( substr( $secret, 0, 32 ) ),
		'secret_key_b64url'  => $k->to_stored(),
		'public_key_b64url'  => $k->public_key_b64url(),
	);
};

$now      = 1798761600; // 2027-01-01T00:00:00Z: "now" for every check below.
$issued   = $now - 3600;
$lifetime = 14 * 86400;
$site     = SiteFingerprint::of_url( 'https://example.com' );
$facts    = array(
	'license_id' => 42,
	'product'    => 'acme-widgets',
	'site'       => (string) $site,
	'status'     => 'active',
	'valid'      => true,
	'activated'  => true,
	'expires'    => '2027-12-31T00:00:00Z',
	'tier'       => 'Pro',
);

$leases = array();
$add    = static function ( string $name, array $payload, LeaseKey $signer, string $about ) use ( &$leases ): string {
	$lease    = LeaseCodec::sign( $payload, $signer );
	$leases[] = array(
		'name'         => $name,
		'about'        => $about,
		'payload'      => $payload,
		'payload_json' => (string) Base64Url::decode( explode( '.', $lease )[0] ),
		'lease'        => $lease,
	);
	return $lease;
};
$good = $add( 'active-licence', LeaseCodec::payload( $facts, $active->kid(), $issued, $lifetime ), $active, 'An active, activated licence for https://example.com; valid at now.' );
$add(
	'suspended-licence',
	LeaseCodec::payload( array_merge( $facts, array( 'status' => 'suspended', 'valid' => false ) ), $active->kid(), $issued, $lifetime ),
	$active,
	'Verifies, but the server judged the licence not valid: valid false.'
);
$add(
	'no-expiry-no-tier-not-activated',
	LeaseCodec::payload( array_merge( $facts, array( 'expires' => null, 'tier' => null, 'activated' => false, 'product' => 'acme-theme', 'license_id' => 7 ) ), $active->kid(), $issued, $lifetime ),
	$active,
	'Lifetime licence without a tier, for a site that is not activated, of another product.'
);
$add(
	'other-site',
	LeaseCodec::payload( array_merge( $facts, array( 'site' => (string) SiteFingerprint::of_url( 'https://shop.example.com/' ) ) ), $active->kid(), $issued, $lifetime ),
	$active,
	'Verifies, but for shop.example.com: a client at example.com must refuse it.'
);
$add( 'signed-by-next-key', LeaseCodec::payload( $facts, $next->kid(), $issued, $lifetime ), $next, 'Signed by the next key (after a promotion); verifies once the next key is trusted through its endorsement.' );
$expired = LeaseCodec::sign( LeaseCodec::payload( $facts, $active->kid(), $now - $lifetime - 60, $lifetime ), $active );

list( $body, $signature ) = explode( '.', $good );
$payload_tampered         = $leases[0]['payload'];
$payload_tampered['license_id'] = 43;
$tampered_body            = Base64Url::encode( (string) json_encode( $payload_tampered, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
$raw_signature            = (string) Base64Url::decode( $signature );
$raw_signature[0]         = chr( ord( $raw_signature[0] ) ^ 1 );
$wrong_payload            = LeaseCodec::payload( $facts, $active->kid(), $issued, $lifetime );
$unknown                  = LeaseCodec::sign( LeaseCodec::payload( $facts, $wrong->kid(), $issued, $lifetime ), $wrong );
$forged_body              = explode( '.', $unknown )[0];
$forged_with_active_kid   = Base64Url::encode( (string) json_encode( $wrong_payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
$forged_signature         = Base64Url::encode( $wrong->sign( LeaseCodec::PREFIX . $forged_with_active_kid ) );
$extra_key                = $leases[0]['payload'] + array( 'extra' => 1 );
$extra_body               = Base64Url::encode( (string) json_encode( $extra_key ) );
$extra_signed             = $extra_body . '.' . Base64Url::encode( $active->sign( LeaseCodec::PREFIX . $extra_body ) );
$string_id                = array_merge( $leases[0]['payload'], array( 'license_id' => '42' ) );
$string_id_body           = Base64Url::encode( (string) json_encode( $string_id ) );
$string_id_signed         = $string_id_body . '.' . Base64Url::encode( $active->sign( LeaseCodec::PREFIX . $string_id_body ) );
$no_prefix_signed         = $body . '.' . Base64Url::encode( $active->sign( $body ) );

$invalid = array(
	array( 'name' => 'tampered-payload', 'lease' => $tampered_body . '.' . $signature, 'reason' => 'bad_signature', 'about' => 'license_id changed to 43, original signature.' ),
	array( 'name' => 'tampered-signature', 'lease' => $body . '.' . Base64Url::encode( $raw_signature ), 'reason' => 'bad_signature', 'about' => 'One bit of the signature flipped.' ),
	array( 'name' => 'wrong-key-claims-active-kid', 'lease' => $forged_with_active_kid . '.' . $forged_signature, 'reason' => 'bad_signature', 'about' => 'Signed by an untrusted key but naming the active kid.' ),
	array( 'name' => 'unknown-kid', 'lease' => $unknown, 'reason' => 'unknown_kid', 'about' => 'Signed by a key nobody trusts, under its own kid.' ),
	array( 'name' => 'signed-without-domain-prefix', 'lease' => $no_prefix_signed, 'reason' => 'bad_signature', 'about' => 'Signature over the payload_b64url alone, without "svc-lease.v1.".' ),
	array( 'name' => 'expired', 'lease' => $expired, 'reason' => 'expired', 'about' => 'Signature good, lease_expires 60 s before the file\'s "now".' ),
	array( 'name' => 'extra-payload-key', 'lease' => $extra_signed, 'reason' => 'malformed', 'about' => 'Properly signed, but the payload has a key the format does not have.' ),
	array( 'name' => 'license-id-as-string', 'lease' => $string_id_signed, 'reason' => 'malformed', 'about' => 'Properly signed, but license_id is a string.' ),
	array( 'name' => 'empty', 'lease' => '', 'reason' => 'malformed', 'about' => '' ),
	array( 'name' => 'one-part', 'lease' => $body, 'reason' => 'malformed', 'about' => 'No signature.' ),
	array( 'name' => 'three-parts', 'lease' => $good . '.x', 'reason' => 'malformed', 'about' => '' ),
	array( 'name' => 'padded-base64', 'lease' => $body . '.' . $signature . '==', 'reason' => 'malformed', 'about' => 'Base64url with padding is not the format.' ),
	array( 'name' => 'standard-base64-alphabet', 'lease' => strtr( $body, '-_', '+/' ) . '+/.' . $signature, 'reason' => 'malformed', 'about' => '' ),
	array( 'name' => 'short-signature', 'lease' => $body . '.' . substr( $signature, 0, 40 ), 'reason' => 'malformed', 'about' => '' ),
	array( 'name' => 'payload-not-json', 'lease' => Base64Url::encode( 'not json' ) . '.' . $signature, 'reason' => 'malformed', 'about' => '' ),
);

$next_endorsement = KeyEndorsement::sign( $active, $next->kid(), $next->public_key_b64url() );
$endorsements     = array(
	array(
		'name'        => 'next-endorsed-by-active',
		'kid'         => $next->kid(),
		'public_key'  => $next->public_key_b64url(),
		'endorsed_by' => $active->kid(),
		'endorsement' => $next_endorsement,
		'valid'       => true,
	),
	array(
		'name'        => 'wrong-endorsed-by-wrong',
		'kid'         => $wrong->kid(),
		'public_key'  => $wrong->public_key_b64url(),
		'endorsed_by' => $wrong->kid(),
		'endorsement' => KeyEndorsement::sign( $wrong, $wrong->kid(), $wrong->public_key_b64url() ),
		'valid'       => false,
		'about'       => 'Self-endorsed by a key that is not trusted: not trusted.',
	),
	array(
		'name'        => 'endorsement-of-another-key',
		'kid'         => $wrong->kid(),
		'public_key'  => $wrong->public_key_b64url(),
		'endorsed_by' => $active->kid(),
		'endorsement' => $next_endorsement,
		'valid'       => false,
		'about'       => 'The next key\'s real endorsement pasted onto another key.',
	),
);

file_put_contents(
	__DIR__ . '/lease.json',
	json_encode(
		array(
			'about'        => 'Lease vectors (docs/leases.md): lease = payload_b64url "." signature_b64url; signature = Ed25519 over "svc-lease.v1." + payload_b64url; endorsement = Ed25519 over "svc-key.v1." + kid + "." + public_key_b64url. Trusted keys for the checks: "active" only (and "next" once its endorsement verifies); "wrong" is never trusted. Verify with "now". Written by tests/vectors/generate.php.',
			'now'          => $now,
			'lease_prefix' => LeaseCodec::PREFIX,
			'key_prefix'   => KeyEndorsement::PREFIX,
			'keys'         => array(
				'active' => $describe( $active, 'active' ),
				'next'   => $describe( $next, 'next' ),
				'wrong'  => $describe( $wrong, 'wrong' ),
			),
			'site_url'     => 'https://example.com',
			'site'         => $site,
			'valid'        => $leases,
			'invalid'      => $invalid,
			'endorsements' => $endorsements,
		),
		$flags
	) . "\n"
);
echo "Wrote site-identity.json and lease.json\n";
