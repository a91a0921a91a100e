/**
 * Settings: the settings form (settings-form.tsx), the backup and the data removal cards; the Import tab
 * (`tab=import`) holds the import wizard.
 */
import { useState } from '@wordpress/element';
import type { ServiceClient } from '../../api/client';
import type { Settings } from '../../api/types';
import { LoadError, Loading, useLoad } from '../../components/async';
import { ScreenHeader } from '../../components/screen';
import { ImportWizard } from '../import/wizard';
import { BackupCard } from './backup';
import { DataRemovalCard } from './data-removal';
import { SettingsForm } from './settings-form';
import { SettingsTabs, currentTab } from './tabs';

export function SettingsStage( { client }: { client: ServiceClient } ) {
	const [ loaded, reload ] = useLoad( () => client.settings(), [] );
	const [ saved, setSaved ] = useState< Settings | null >( null );
	if ( currentTab() === 'import' ) {
		return (
			<div className="svc-screen">
				<ScreenHeader />
				<SettingsTabs current="import" />
				<ImportWizard client={ client } />
			</div>
		);
	}
	return (
		<div className="svc-screen">
			<ScreenHeader />
			<SettingsTabs current="settings" />
			{ loaded.kind === 'loading' && <Loading /> }
			{ loaded.kind === 'error' && (
				<LoadError message={ loaded.message } onRetry={ reload } />
			) }
			{ loaded.kind === 'ready' && (
				<SettingsForm
					client={ client }
					settings={ saved ?? loaded.value }
					onSaved={ setSaved }
				/>
			) }
			<BackupCard client={ client } />
			<DataRemovalCard client={ client } />
		</div>
	);
}

/** The screen, as src/index.tsx loads it (a screen of Admin/screens.json is the default export of routes/<name>/stage). */
export default SettingsStage;
