<?php
/**
 * The writable fields of a product, as JSON schema.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\License\MultisiteActivation;
use Svc\Licensing\Domain\Release\Version;

/**
 * One schema for `POST|PUT /admin/products` (WordPress validates the request against it) and `wp svc product
 * update` (the command validates its flags against it with the same WordPress functions), so both refuse a
 * value with the same words.
 */
final class ProductSchema {

	/**
	 * The writable product fields as JSON schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function fields(): array {
		return array(
			'name'                   => array(
				'title'     => __( 'Name', 'svc-licensing' ),
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 200,
			),
			'slug'                   => array(
				'title'     => __( 'Slug', 'svc-licensing' ),
				'invalid'   => __( 'Use lower-case letters, digits and single hyphens, such as my-plugin.', 'svc-licensing' ),
				'type'      => 'string',
				'pattern'   => '^[a-z0-9]+(-[a-z0-9]+)*$',
				'maxLength' => 100,
			),
			'description'            => array(
				'title'     => __( 'Description', 'svc-licensing' ),
				'type'      => 'string',
				'maxLength' => 20000,
			),
			'homepage_url'           => array(
				'title'     => __( 'Homepage URL', 'svc-licensing' ),
				'invalid'   => __( 'Enter a full address starting with https://, such as https://example.com/plugin.', 'svc-licensing' ),
				'type'      => 'string',
				// WordPress only sanitises "uri"; the pattern is what refuses a non-URL.
				'format'    => 'uri',
				'pattern'   => '^(https?://[^\\s/?#]+[^\\s]*)?$',
				'maxLength' => 2048,
			),
			'current_version'        => array(
				'title'     => __( 'Current version', 'svc-licensing' ),
				'invalid'   => __( 'Enter a version number such as 1.2.3.', 'svc-licensing' ),
				'type'      => 'string',
				'pattern'   => Version::PATTERN,
				'maxLength' => 64,
			),
			'requires_wp'            => array(
				'title'     => __( 'Requires WordPress', 'svc-licensing' ),
				'invalid'   => __( 'Enter a WordPress version such as 6.5 or 6.5.2, or leave it empty.', 'svc-licensing' ),
				'type'      => 'string',
				'pattern'   => '^([0-9]+(\.[0-9]+){0,2})?$',
				'maxLength' => 32,
			),
			'requires_php'           => array(
				'title'     => __( 'Requires PHP', 'svc-licensing' ),
				'invalid'   => __( 'Enter a PHP version such as 7.4 or 8.2, or leave it empty.', 'svc-licensing' ),
				'type'      => 'string',
				'pattern'   => '^([0-9]+(\.[0-9]+){0,2})?$',
				'maxLength' => 32,
			),
			'is_active'              => array( 'type' => 'boolean' ),
			'trial_enabled'          => array( 'type' => 'boolean' ),
			'trial_days'             => array(
				'title'   => __( 'Trial days', 'svc-licensing' ),
				'invalid' => __( 'Enter a whole number of days from 0 to 3650.', 'svc-licensing' ),
				'type'    => 'integer',
				'minimum' => 0,
				'maximum' => 3650,
			),
			'trial_activation_limit' => array(
				'title'   => __( 'Trial activation limit', 'svc-licensing' ),
				'invalid' => __( 'Enter a whole number of sites from 1 to 100000.', 'svc-licensing' ),
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 100000,
			),
			'multisite_activation'   => array(
				'title'       => __( 'Multisite networks', 'svc-licensing' ),
				'description' => __( 'How a WordPress multisite network is counted: network, one site for the whole network (the default); site, each site of the network.', 'svc-licensing' ),
				'invalid'     => __( 'Choose network (one site for the whole network) or site (each site of the network).', 'svc-licensing' ),
				'type'        => 'string',
				'enum'        => MultisiteActivation::VALUES,
			),
			'channels'               => array(
				'title'       => __( 'Release channels', 'svc-licensing' ),
				'description' => __( 'The product\'s release channels, safest first, comma-separated: stable first, then beta or named channels.', 'svc-licensing' ),
				'invalid'     => __( 'List stable first, then other channels of lower-case letters, digits and hyphens, separated by commas, such as stable,beta.', 'svc-licensing' ),
				'type'        => 'string',
				'pattern'     => '^stable(,[a-z0-9-]{1,40})*$',
				'maxLength'   => 255,
			),
		);
	}
}
