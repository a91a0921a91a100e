/**
 * "Why no update?": what the search box's text asks about, and an update check's steps in plain words. Pure, so
 * it is unit-tested; the server's own summary line (Domain\Release\UpdateDecision) comes first on screen.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { DecisionStep } from '../../api/types';

export type ExplainQuery = { site: string } | { license_key: string };

/** A whole licence key, in any letter case (XXXX-XXXX-XXXX-XXXX). */
const KEY = /^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/;
/** A site address: a scheme, or a host name with a dot (and no @, which an email has), maybe a port and a path. */
const SITE =
	/^(https?:\/\/\S+|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?(\/\S*)?)$/;

/** What the search box asks about when it holds a site URL or a whole licence key; null for anything else. */
export function explainQueryOf( text: string ): ExplainQuery | null {
	const value = text.trim();
	if ( KEY.test( value ) ) {
		return { license_key: value.toUpperCase() };
	}
	if ( ! value.includes( '@' ) && SITE.test( value ) ) {
		return { site: value };
	}
	return null;
}

/** A step's name on screen. */
export function stepName( step: DecisionStep ): string {
	const names: Record< string, string > = {
		license: __( 'Licence status', 'svc-licensing' ),
		activation: __( 'Activation', 'svc-licensing' ),
		channel: __( 'Channel', 'svc-licensing' ),
		choice: __( 'Channels, pins and rollbacks', 'svc-licensing' ),
		release: __( 'Newest release', 'svc-licensing' ),
		rollout: __( 'Rollout', 'svc-licensing' ),
		requires: __( 'WordPress needed', 'svc-licensing' ),
		requires_php: __( 'PHP needed', 'svc-licensing' ),
		package: __( 'Package', 'svc-licensing' ),
	};
	return names[ step.step ] ?? step.step;
}

/** What a step did to the update. */
export function outcomeLabel( step: DecisionStep ): string {
	if ( step.outcome === 'pass' ) {
		return __( 'Passed', 'svc-licensing' );
	}
	if ( step.outcome === 'fail' ) {
		return __( 'Stopped the update', 'svc-licensing' );
	}
	return __( 'Noted', 'svc-licensing' );
}

const text = ( value: unknown ) =>
	value === null || value === undefined ? '' : String( value );

/** A step's facts in plain words. */
export function stepDetail( step: DecisionStep ): string {
	switch ( step.step ) {
		case 'license':
			return text( step.status );
		case 'activation':
			if ( step.activated ) {
				return step.staging
					? __( 'Activated (a staging site)', 'svc-licensing' )
					: __( 'Activated', 'svc-licensing' );
			}
			return step.required
				? __(
						'Not activated, and updates require an activation',
						'svc-licensing'
					)
				: __(
						'Not activated (updates do not require it)',
						'svc-licensing'
					);
		case 'channel':
			return text( step.channel );
		case 'choice':
			return text( step.notes );
		case 'release':
			return step.version === null
				? __( 'No published release', 'svc-licensing' )
				: text( step.version );
		case 'rollout':
			return sprintf(
				/* translators: 1: bucket 0–99, 2: rollout percentage. */
				__( 'Bucket %1$d; the rollout is at %2$d %%', 'svc-licensing' ),
				Math.floor( Number( step.bucket ) / 100 ),
				Number( step.percentage )
			);
		case 'requires':
		case 'requires_php':
			return sprintf(
				/* translators: 1: version the release needs, 2: version the site reported. */
				__( 'Needs %1$s; the site reported %2$s', 'svc-licensing' ),
				step.required === null
					? __( 'nothing', 'svc-licensing' )
					: text( step.required ),
				step.reported === null
					? __( 'nothing', 'svc-licensing' )
					: text( step.reported )
			);
		case 'package':
			return text( step.hash );
		default:
			return Object.entries( step )
				.filter( ( [ name ] ) => name !== 'step' && name !== 'outcome' )
				.map( ( [ name, value ] ) => `${ name }: ${ text( value ) }` )
				.join( ', ' );
	}
}
