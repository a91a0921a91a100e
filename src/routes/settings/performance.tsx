/**
 * Settings: performance: the fast lane for licence checks, and whether it is active on this server.
 * Part of the settings form (settings-form.tsx), saved with it.
 */
import {
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { SettingsFormState } from './form-values';
import type { FastLaneState, Settings } from '../../api/types';

/** What the lane's state means, under its switch. */
const LANE_STATES: Record< FastLaneState, string > = {
	on: __( 'Active on this server.', 'svc-licensing' ),
	off: __(
		'Off: licence checks, update checks and package downloads take the normal REST route.',
		'svc-licensing'
	),
	unwritable: __(
		'Not active on this server: the loader could not be written to the must-use plugins folder, so checks take the normal REST route. Make that folder writable by the web server (Tools > Site Health has the details).',
		'svc-licensing'
	),
	stale: __(
		'Not active on this server yet: the loader is from another version of the plugin and is rewritten the next time an administrator opens an admin page. If this stays, make the must-use plugins folder writable.',
		'svc-licensing'
	),
	multisite: __(
		'Not available on a multisite network: checks take the normal REST route.',
		'svc-licensing'
	),
	file_mods_disallowed: __(
		'Off on this server: the site sets DISALLOW_FILE_MODS, so the plugin does not write its loader to the must-use plugins folder, and checks take the normal REST route.',
		'svc-licensing'
	),
};

export function PerformanceCard( {
	settings,
	form,
}: {
	/** The settings as stored: the lane's state on this server. */
	settings: Settings;
	form: SettingsFormState;
} ) {
	const { values: draft, set } = form;
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Performance', 'svc-licensing' ) }</h2>
			</CardHeader>
			<CardBody>
				<ToggleControl
					label={ __(
						'Fast lane for licence checks',
						'svc-licensing'
					) }
					help={
						<>
							{ __(
								'Answers licence validation, activation, deactivation, update checks and package downloads before other plugins and the theme load, through a small loader the plugin keeps in the must-use plugins folder. The answers are the same; each call costs the server far less.',
								'svc-licensing'
							) }{ ' ' }
							<span data-testid="svc-fast-lane-state">
								{ LANE_STATES[ settings.fast_lane_state ] }
							</span>
						</>
					}
					checked={ draft.fast_lane }
					onChange={ set( 'fast_lane' ) }
				/>
			</CardBody>
		</Card>
	);
}
