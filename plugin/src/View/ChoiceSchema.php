<?php
/**
 * A licence's or site's update choices, as JSON schema.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\Release\Version;

/**
 * `channel` and `pinned_version` of a licence (`PUT /admin/licenses/{id}`, `wp svc license update`) and of a
 * site (`PUT /admin/licenses/{id}/activations/{activation_id}`, `wp svc activation update`). Null or an empty
 * text clears the choice (the site then follows the licence, the licence stable and no pin). Whether the product
 * lists the channel is Core\UpdateChoices' rule.
 */
final class ChoiceSchema {

	/**
	 * The fields.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function fields(): array {
		return array(
			'channel'        => array(
				'description' => 'Release channel (stable, beta or a channel the product lists); null or empty: none of its own.',
				'type'        => array( 'string', 'null' ),
				'pattern'     => '^([a-z0-9-]{1,40})?$',
			),
			'pinned_version' => array(
				'description' => 'Never offer a version above this one; null or empty: no pin.',
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 64,
				'pattern'     => '^$|' . Version::PATTERN,
			),
		);
	}
}
