/**
 * A release channel's name on the panel: Stable and Beta translated, a named channel as the seller named it.
 */
import { __ } from '@wordpress/i18n';

export function channelLabel( name: string ): string {
	if ( name === 'stable' ) {
		return __( 'Stable', 'svc-licensing' );
	}
	if ( name === 'beta' ) {
		return __( 'Beta', 'svc-licensing' );
	}
	return name;
}
