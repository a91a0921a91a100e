<?php
/**
 * The writable fields of a product, as JSON schema.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

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
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 200,
			),
			'slug'                   => array(
				'type'      => 'string',
				'pattern'   => '^[a-z0-9]+(-[a-z0-9]+)*$',
				'maxLength' => 100,
			),
			'description'            => array(
				'type'      => 'string',
				'maxLength' => 20000,
			),
			'homepage_url'           => array(
				'type'      => 'string',
				// WordPress only sanitises "uri"; the pattern is what refuses a non-URL.
				'format'    => 'uri',
				'pattern'   => '^(https?://[^\\s/?#]+[^\\s]*)?$',
				'maxLength' => 2048,
			),
			'current_version'        => array(
				'type'      => 'string',
				'pattern'   => Version::PATTERN,
				'maxLength' => 64,
			),
			'requires_wp'            => array(
				'type'      => 'string',
				'pattern'   => '^([0-9]+(\.[0-9]+){0,2})?$',
				'maxLength' => 32,
			),
			'requires_php'           => array(
				'type'      => 'string',
				'pattern'   => '^([0-9]+(\.[0-9]+){0,2})?$',
				'maxLength' => 32,
			),
			'is_active'              => array( 'type' => 'boolean' ),
			'trial_enabled'          => array( 'type' => 'boolean' ),
			'trial_days'             => array(
				'type'    => 'integer',
				'minimum' => 0,
				'maximum' => 3650,
			),
			'trial_activation_limit' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 100000,
			),
		);
	}
}
