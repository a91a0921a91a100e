<?php
/**
 * A licence's or site's update choices, as JSON schema.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

/**
 * `channel` and `pinned_version` of a licence (`PUT /admin/licenses/{id}`, `wp svc license update`) and of a
 * site (`PUT /admin/licenses/{id}/activations/{activation_id}`, `wp svc activation update`). Null or an empty
 * text clears the choice (the site then follows the licence, the licence stable and no pin). Whether the product
 * lists the channel and whether the pin is a version are Core\UpdateChoices' rules, in plain words.
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
				'maxLength'   => 40,
			),
			'pinned_version' => array(
				'description' => 'Never offer a version above this one; null or empty: no pin.',
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 64,
			),
		);
	}
}
