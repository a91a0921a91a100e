<?php
/**
 * Flags read against the admin API's field schema.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\View\FieldMessages;

/**
 * A command's flags validated and sanitised with WordPress' own schema functions against the schema a REST route
 * declares (View\ProductSchema), so a value REST refuses is refused here with the same words (View\FieldMessages).
 */
final class SchemaFlags {

	/**
	 * The given flags that the schema names, validated and sanitised; booleans as 0/1, as RequestFields gives them.
	 *
	 * @param array<string, mixed>                $assoc_args Flags.
	 * @param array<string, array<string, mixed>> $schema     Field => JSON schema.
	 * @return array<string, mixed>
	 * @throws ServiceError 400 invalid_params with WordPress' words for the first refused field.
	 */
	public static function given( array $assoc_args, array $schema ): array {
		$fields = array();
		foreach ( $schema as $name => $rules ) {
			if ( ! array_key_exists( $name, $assoc_args ) ) {
				continue;
			}
			$valid = rest_validate_value_from_schema( $assoc_args[ $name ], $rules, $name );
			if ( is_wp_error( $valid ) ) {
				// The words REST answers for this field (its data.params sentence): the schema's own where it has them.
				$said = (string) FieldMessages::humanise( array( $name => $rules ), array( $name => $valid->get_error_message() ), $valid->get_error_message() )[1][ $name ];
				throw ServiceError::invalid_param( $name, $said, $said );
			}
			$value           = rest_sanitize_value_from_schema( $assoc_args[ $name ], $rules, $name );
			$fields[ $name ] = is_bool( $value ) ? (int) $value : $value;
		}
		return $fields;
	}
}
